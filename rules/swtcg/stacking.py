"""Stacking unique SWTCG units: versions of one unique card laid on each other during the build phase.

The stacked unit has the top card's name, type, speed, power, health, build cost and text, and gains +10 speed,
+1 power and +1 health per card underneath; its total build cost is the top card's plus 1 per card underneath.
A stack may not hold non-unique cards, more than 4 cards, cards of different names (the persona pairs, such as
Anakin Skywalker / Darth Vader, count as one name) or the same version twice.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from core.swtcg.cards import UnitCard, name_key, persona_key

MAX_STACK = 4
SPEED_PER_CARD = 10
POWER_PER_CARD = 1
HEALTH_PER_CARD = 1
BUILD_COST_PER_CARD = 1

# Every violation code, with what it means.
CODES = {
    "empty-stack": "A stack with no cards.",
    "not-unique": "A card without a version letter: only unique cards stack.",
    "stack-too-large": "More than 4 cards in one stack.",
    "different-names": "A card whose name differs from the top card's (persona pairs excepted).",
    "same-version-twice": "The same version of a card twice in one stack.",
}


@dataclass(frozen=True, slots=True)
class RuleViolation:
    code: str
    message: str
    cards: tuple[str, ...] = ()

    def __post_init__(self):
        if self.code not in CODES:
            raise ValueError(f"unregistered violation code {self.code!r}")


@dataclass(frozen=True)
class StackedUnit:
    name: str
    type: str
    speed: int | None
    power: int | None
    health: int | None
    build_cost: int | None  # the stack's total build cost
    text: str
    cards: tuple[str, ...]  # card ids, top first
    underneath: int


def _plus(value: int | None, bonus: int) -> int | None:
    return None if value is None else value + bonus


def violations(cards: Sequence[UnitCard]) -> list[RuleViolation]:
    """Every rule the stack breaks (top card first); empty when the stack is legal."""
    if not cards:
        return [RuleViolation("empty-stack", "A stack needs at least one card: add the unit's card.")]
    found: list[RuleViolation] = []
    stacked = len(cards) > 1
    if stacked:
        for card in cards:
            if card.version is None:
                found.append(
                    RuleViolation(
                        "not-unique",
                        f"{card.name} is not unique (it has no version letter) and cannot be stacked: "
                        "take it out of the stack.",
                        (card.card_id,),
                    )
                )
    if len(cards) > MAX_STACK:
        extra = len(cards) - MAX_STACK
        found.append(
            RuleViolation(
                "stack-too-large",
                f"A stack holds at most {MAX_STACK} cards; this one has {len(cards)}: "
                f"take out {extra} card{'s' if extra > 1 else ''}.",
                tuple(card.card_id for card in cards),
            )
        )
    top = cards[0]
    for card in cards[1:]:
        if persona_key(card.name) != persona_key(top.name):
            found.append(
                RuleViolation(
                    "different-names",
                    f"{card.title} is not a version of {top.name} and cannot be stacked with it: "
                    "take it out of the stack.",
                    (top.card_id, card.card_id),
                )
            )
    versions: dict[tuple[str, str], list[UnitCard]] = {}
    for card in cards:
        if card.version is not None:
            versions.setdefault((name_key(card.name), card.version.upper()), []).append(card)
    for same in versions.values():
        if len(same) > 1:
            found.append(
                RuleViolation(
                    "same-version-twice",
                    f"{same[0].title} is in the stack {len(same)} times; a stack may hold each version "
                    f"once: take out {len(same) - 1}.",
                    tuple(card.card_id for card in same),
                )
            )
    return found


def stack(cards: Sequence[UnitCard]) -> StackedUnit | list[RuleViolation]:
    """The unit formed by the cards (top card first), or every rule the stack breaks.

    A single card is a unit with nothing underneath, unique or not: only stacking needs unique cards.
    """
    found = violations(cards)
    if found:
        return found
    top, underneath = cards[0], len(cards) - 1
    return StackedUnit(
        name=top.name,
        type=top.type,
        speed=_plus(top.speed, SPEED_PER_CARD * underneath),
        power=_plus(top.power, POWER_PER_CARD * underneath),
        health=_plus(top.health, HEALTH_PER_CARD * underneath),
        build_cost=_plus(top.build_cost, BUILD_COST_PER_CARD * underneath),
        text=top.text,
        cards=tuple(card.card_id for card in cards),
        underneath=underneath,
    )
