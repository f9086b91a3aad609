"""Input and output shapes of the legality API."""

from rest_framework import serializers

from ..games import PROFILES, all_sides

MAX_DECK_CARDS = 1000
MAX_DECKLIST_CHARS = 100_000


class CardId(serializers.CharField):
    """A card id must be written as a string: 1_168 as a number would be a client bug, not an id."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class CardIdList(serializers.ListField):
    child = CardId(max_length=40, allow_blank=False, trim_whitespace=True)

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", MAX_DECK_CARDS)
        super().__init__(**kwargs)


class LegalityRequest(serializers.Serializer):
    game = serializers.CharField(max_length=16)
    format = serializers.CharField(max_length=60)
    cards = CardIdList(required=False, help_text="Card ids in the deck, one per copy (GEMP ids for SWCCG).")
    outside_deck = CardIdList(required=False, default=list, help_text="Cards kept outside the deck.")
    decklist = serializers.CharField(
        required=False,
        max_length=MAX_DECKLIST_CHARS,
        trim_whitespace=False,
        help_text="A deck list in any supported import format, instead of `cards`.",
    )
    side = serializers.CharField(
        required=False,
        help_text="The deck's side: SWCCG light or dark (else taken from the cards); SWTCG also yuuzhan vong "
        "(narrows the names a deck list is read against).",
    )

    setup = serializers.DictField(
        required=False,
        help_text="SW:DBG only, instead of cards: a game setup (players with faction, starter, bases and "
        "starting_base; bases_to_win; galaxy). See docs/legality.md.",
    )

    def validate(self, attrs):
        if sum(key in attrs for key in ("cards", "decklist", "setup")) != 1:
            raise serializers.ValidationError(
                "Give one of `cards` (a list of ids), `decklist` (text) or, for SW:DBG, `setup` (an object)."
            )
        return attrs


class ViolationOut(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    cards = serializers.ListField(child=serializers.CharField())
    hint = serializers.CharField(allow_null=True)


class LegalityResponse(serializers.Serializer):
    legal = serializers.BooleanField()
    format = serializers.CharField()
    format_version = serializers.CharField()
    violations = ViolationOut(many=True)
    summary = serializers.DictField()
    decklist = serializers.DictField(
        required=False, help_text="What was read from `decklist`, and its problems."
    )


class BatchRequest(serializers.Serializer):
    decks = serializers.ListField(child=serializers.DictField(), min_length=1, max_length=500)


class FormatOut(serializers.Serializer):
    game = serializers.CharField()
    code = serializers.CharField()
    name = serializers.CharField()
    version = serializers.CharField()
    deck_size = serializers.IntegerField()
    legal_sets = serializers.ListField(child=serializers.CharField())
    banned = serializers.ListField(child=serializers.CharField())
    restricted = serializers.ListField(child=serializers.CharField())
    valid = serializers.ListField(child=serializers.CharField())
    banned_icons = serializers.ListField(child=serializers.CharField())
    banned_rarities = serializers.ListField(child=serializers.CharField())
    max_outside_deck = serializers.IntegerField()
    card_limits = serializers.ListField(child=serializers.DictField())
    requirements = serializers.ListField(child=serializers.DictField())
    shield_caps = serializers.ListField(child=serializers.DictField())
    info = serializers.DictField()


def parse_legality_body(data: object) -> tuple[dict | None, dict | None]:
    """Validate a legality request quickly (batches hold up to 500 of them): (values, None) or (None, errors).

    Same rules as LegalityRequest, which documents the shape in the OpenAPI schema.
    """
    if not isinstance(data, dict):
        return None, {"non_field_errors": ["Expected a JSON object."]}
    errors: dict[str, list[str]] = {}
    for key in ("game", "format"):
        if not isinstance(data.get(key), str) or not data[key]:
            errors[key] = ["This field is required and must be a string."]
    for key in ("cards", "outside_deck"):
        value = data.get(key)
        if value is None:
            continue
        if not isinstance(value, list):
            errors[key] = ['Expected a list of items but got type "' + type(value).__name__ + '".']
        elif len(value) > MAX_DECK_CARDS:
            errors[key] = [f"Ensure this field has no more than {MAX_DECK_CARDS} elements."]
        else:
            bad = {
                str(i): ["Not a valid string."]
                for i, v in enumerate(value)
                if not isinstance(v, str) or not v
            }
            if bad:
                errors[key] = bad
    decklist = data.get("decklist")
    if decklist is not None and (not isinstance(decklist, str) or len(decklist) > MAX_DECKLIST_CHARS):
        errors["decklist"] = [f"Must be text of at most {MAX_DECKLIST_CHARS} characters."]
    side = data.get("side")
    if side is not None:
        sides = PROFILES[data["game"]].sides if data.get("game") in PROFILES else all_sides()
        if not isinstance(side, str) or side.lower() not in {s.lower() for s in sides}:
            errors["side"] = [f"One of {', '.join(sides)} for this game."]
    setup = data.get("setup")
    if setup is not None and not isinstance(setup, dict):
        errors["setup"] = ["Expected a JSON object: a SW:DBG game setup."]
    if sum(key in data for key in ("cards", "decklist", "setup")) != 1 and not errors:
        errors["non_field_errors"] = [
            "Give one of `cards` (a list of ids), `decklist` (text) or, for SW:DBG, `setup` (an object)."
        ]
    if errors:
        return None, errors
    values = {
        k: data[k]
        for k in ("game", "format", "cards", "decklist", "side", "setup")
        if data.get(k) is not None
    }
    values["outside_deck"] = data.get("outside_deck") or []
    return values, None
