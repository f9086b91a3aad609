"""The battle API's card text (rules/swccg/battle_text.py): the request's cards placed as the rules read them, their
effects read (rules/swccg_gametext.py), the answers to earlier questions checked, and the effects applied or asked
shaped for the answer. swccg_rules.py builds the battle from what this returns."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cardsdb.api.errors import ApiError
from cardsdb.api.jobs import TrueOrFalse
from rules.swccg.battle_conditions import Placed, Table
from rules.swccg.battle_text import TextApplied, TextChange, apply_text
from rules.swccg.cards import CcgCard
from rules.swccg_gametext import current_effects

MAX_ANSWERS = 200  # far more than a battle's cards have conditional effects


@extend_schema_field(
    {"type": "object", "additionalProperties": {"type": "boolean"}, "maxProperties": MAX_ANSWERS}
)
class ConditionsField(serializers.DictField):
    """{"<card id>:<effect index>": true/false}: the answers to the questions an earlier answer asked. A key that
    names no effect of the battle's cards changes nothing and is listed in the answer's `unused_conditions`."""

    def __init__(self, **kwargs):
        super().__init__(child=TrueOrFalse(), **kwargs)

    def to_internal_value(self, data):
        if isinstance(data, dict) and len(data) > MAX_ANSWERS:
            raise serializers.ValidationError(f"At most {MAX_ANSWERS} answers.")
        return super().to_internal_value(data)


def place(data: dict, cards: dict[str, CcgCard], location: CcgCard | None) -> Table:
    """The request's cards in order (each side's carriers, each followed by the cards aboard it)."""
    placed: list[Placed] = []
    for side in ("dark", "light"):
        for entry in data[side]["cards"]:
            aboard = tuple(cards[e["card"]] for e in entry.get("aboard", ()))
            carrier = cards[entry["card"]]
            placed.append(Placed(carrier, side, aboard=aboard))
            at = len(placed) - 1
            placed += [Placed(c, side, carrier=carrier, carrier_index=at) for c in aboard]
    return Table(tuple(placed), location)


def read_text(data: dict, cards: dict[str, CcgCard]) -> tuple[Table, TextApplied]:
    location = None
    if data.get("location"):
        location = cards[data["location"]]
        if not location.is_location:
            raise ApiError(
                "invalid-request",
                f"{location.title} is not a location.",
                errors={"location": ["not a location"]},
            )
    table = place(data, cards, location)
    effects = current_effects(p.card.card_id for p in table.placed) if data["apply_text"] else {}
    return table, apply_text(table, effects, data.get("conditions", {}))


def change_data(change: TextChange) -> dict:
    condition = change.condition
    return {
        "key": change.key,
        "card": change.card_id,
        "title": change.title,
        "side": change.side,
        "sentence": change.sentence,
        "kind": change.kind,
        "amount": change.amount,
        "value": change.value,
        "to": list(change.to),
        "to_side": change.to_side,
        "condition": None if condition is None else _condition(condition),
    }


def _condition(condition) -> dict:
    found = {"kind": condition.kind, "subject": condition.subject, "negated": condition.negated}
    if condition.parts:
        found["parts"] = [_condition(p) for p in condition.parts]
    return found
