"""The reader checked against a card's printed numbers. A card's own unconditional statements about its numbers
(no target, no condition, nothing qualifying them in `detail`) may only restate them ("Ability = ¼" on a Ronto
printed ¼): printed numbers already hold whatever the text says unconditionally, so reading the text must never
change them, however often it is applied. The permanent pilot's "adds 2 to power", "Power +1 for each Jedi
here" and "Power +2 while with Tarkin" are qualified, and left to the rules that know when they apply."""

from .records import CardText
from .vocabulary import STAT_KINDS, Effect

# The kinds of effect that name one of a card's printed numbers → the record's field.
PRINTED = {
    "power": "power",
    "ability": "ability",
    "forfeit": "forfeit",
    "deploy-cost": "deploy",
    "destiny": "destiny",
    "landspeed": "landspeed",
    "hyperspeed": "hyperspeed",
    "maneuver": "maneuver",
    "armor": "armor",
}
assert set(PRINTED) <= set(STAT_KINDS.values())


def own_statements(effects: tuple[Effect, ...]) -> list[Effect]:
    """The effects that state one of the card's own printed numbers outright."""
    return [
        e
        for e in effects
        if e.kind in PRINTED and not e.target and e.condition is None and e.detail in ((), ("may",))
    ]


def applied(card: CardText, effects: tuple[Effect, ...]) -> dict[str, float | None]:
    """The card's printed numbers with its own unconditional statements applied once."""
    numbers = {field: getattr(card, field) for field in PRINTED.values()}
    for e in own_statements(effects):
        field = PRINTED[e.kind]
        if e.value is not None:
            numbers[field] = e.value
        elif e.amount is not None and numbers[field] is not None:
            numbers[field] += e.amount
    return numbers


def printed_mismatches(card: CardText, effects: tuple[Effect, ...]) -> list[str]:
    """Where applying the card's own unconditional statements changes a printed number (the number a weapon's
    or a device's text gives where nothing is printed, "Use 2 Force to deploy", is the text's to give)."""
    once = applied(card, effects)
    return [
        f"{field}: printed {getattr(card, field)}, read {once[field]}"
        for field in PRINTED.values()
        if getattr(card, field) is not None and once[field] != getattr(card, field)
    ]
