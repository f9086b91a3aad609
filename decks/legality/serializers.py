"""Input and output shapes of the legality API."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema_serializer,
)
from rest_framework import serializers

from cardsdb.api.schema import StrictSerializer
from decks.formats_io.detect import READERS
from decks.formats_io.limits import MAX_CHARS
from decks.games import PROFILES, all_sides

MAX_DECK_CARDS = 1000
MAX_DECKLIST_CHARS = MAX_CHARS


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


VADER_DECK = ["1_168", "1_168", "9_151"]


@extend_schema_serializer(
    examples=[OpenApiExample("cards", {"game": "swccg", "format": "classic", "cards": VADER_DECK})]
)
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


class FormatBase(serializers.Serializer):
    game = serializers.CharField()
    code = serializers.CharField()
    name = serializers.CharField()
    version = serializers.CharField(help_text="The version of the rules, named in every legality report.")


class SwccgFormatOut(FormatBase):
    """A SWCCG format, as GEMP defines it."""

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


class SwtcgFormatOut(FormatBase):
    """A SWTCG format: the community's construction rules."""

    deck_size = serializers.IntegerField()
    min_deck_size = serializers.IntegerField()
    min_deck_size_with_outside_resource = serializers.IntegerField()
    min_units = serializers.IntegerField()
    min_units_per_arena = serializers.IntegerField()
    max_arena_ratio = serializers.FloatField()
    copy_limit = serializers.IntegerField()
    restricted_limit = serializers.IntegerField()
    legal_sets = serializers.ListField(child=serializers.CharField(), help_text="Empty: every set.")
    ban_scopes = serializers.ListField(child=serializers.CharField())
    banned = serializers.ListField(child=serializers.CharField())
    restricted = serializers.ListField(child=serializers.CharField())
    info = serializers.DictField()


class SwdbgFormatOut(FormatBase):
    """A SW:DBG game setup's rules (beginner, Full Galaxy, cross-edition)."""

    base_deck_size = serializers.IntegerField()
    bases_to_win = serializers.DictField()
    starter = serializers.DictField()
    galaxy = serializers.DictField()
    cross_edition = serializers.BooleanField()
    opposite_sides = serializers.BooleanField()
    factions = serializers.DictField(child=serializers.DictField())
    beginner_bases = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))


def format_out(*, many: bool = False) -> PolymorphicProxySerializer:
    """A format's rules: their fields depend on the game (`game` says which)."""
    return PolymorphicProxySerializer(
        component_name="Format",
        serializers={"swccg": SwccgFormatOut, "swtcg": SwtcgFormatOut, "swdbg": SwdbgFormatOut},
        resource_type_field_name="game",
        many=many,
    )


# --- decks (schema only: decks/deck/api.py checks the bodies itself, refusing unknown keys) ---

ZONES = ["deck", "starting", "outside"]


class DeckCardIn(StrictSerializer):
    id = serializers.CharField(help_text="The card's id (GEMP's for SWCCG).")
    count = serializers.IntegerField(required=False, min_value=1, max_value=99, help_text="Default 1.")
    zone = serializers.ChoiceField(
        choices=ZONES, required=False, help_text="Default deck; starting is SWCCG's only."
    )


class DeckChangeIn(StrictSerializer):
    """The fields a change sends; the others keep their value. A change of the cards (`cards`, `decklist`,
    `setup`) needs If-Match."""

    name = serializers.CharField(required=False, min_length=1, max_length=100)
    game = serializers.CharField(required=False, help_text="Cannot change; if sent, the deck's own.")
    side = serializers.CharField(required=False, allow_blank=True)
    format = serializers.CharField(
        required=False, allow_null=True, allow_blank=True, help_text="A format code."
    )
    notes = serializers.CharField(required=False, allow_blank=True)
    is_public = serializers.BooleanField(required=False)
    is_active = serializers.BooleanField(
        required=False,
        help_text="Built from my collection: its cards count as used for my other decks' missing lists.",
    )
    cards = DeckCardIn(many=True, required=False, help_text="SWCCG and SWTCG: the cards (or `decklist`).")
    decklist = serializers.CharField(required=False, help_text="A deck list in any supported format.")
    decklist_format = serializers.CharField(required=False, help_text="The list's format, if not detected.")
    setup = serializers.DictField(required=False, help_text="SW:DBG only: the game setup (docs/legality.md).")


@extend_schema_serializer(
    examples=[
        OpenApiExample(
            "cards",
            {
                "name": "Vader",
                "game": "swccg",
                "format": "classic",
                "side": "dark",
                "cards": [{"id": "1_168"}],
            },
        )
    ]
)
class DeckCreateIn(DeckChangeIn):
    name = serializers.CharField(min_length=1, max_length=100)
    game = serializers.ChoiceField(choices=["swccg", "swtcg", "swdbg"])


class DeckCardOut(serializers.Serializer):
    id = serializers.CharField(help_text="The id the deck holds (an alias stays as written).")
    card = serializers.CharField(help_text="The card's own id.")
    title = serializers.CharField()
    type = serializers.CharField()
    side = serializers.CharField()
    count = serializers.IntegerField()
    zone = serializers.ChoiceField(choices=ZONES)


class DeckSummaryOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    side = serializers.CharField(allow_blank=True)
    owner = serializers.CharField()
    format = serializers.CharField(allow_null=True)
    is_public = serializers.BooleanField()
    updated_at = serializers.DateTimeField()
    url = serializers.CharField()


class DeckOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    side = serializers.CharField(allow_blank=True)
    format = serializers.CharField(allow_null=True)
    notes = serializers.CharField(allow_blank=True)
    is_public = serializers.BooleanField()
    is_active = serializers.BooleanField(help_text="Built from the owner's collection (missing lists).")
    share_url = serializers.CharField(
        help_text="The deck's stable public address; it answers while the deck is public."
    )
    version = serializers.IntegerField(help_text="Rises with every change; also the answer's ETag.")
    owner = serializers.CharField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    url = serializers.CharField()
    setup = serializers.DictField(required=False, help_text="SW:DBG decks only.")
    cards = DeckCardOut(many=True)
    legality = LegalityResponse(
        allow_null=True, help_text="In the deck's format (or ?format=); null without."
    )
    stats = serializers.DictField()


@extend_schema_serializer(
    examples=[OpenApiExample("text", {"game": "swccg", "decklist": "2x Darth Vader\n1 Bring Him Before Me"})]
)
class DeckImportIn(serializers.Serializer):
    game = serializers.ChoiceField(choices=["swccg", "swtcg", "swdbg"])
    decklist = serializers.CharField(
        allow_blank=True,
        trim_whitespace=False,  # the list as sent: its limits count its lines
        help_text="An empty list is read too: its problem says so.",
    )
    side = serializers.CharField(required=False, allow_blank=True)
    format = serializers.ChoiceField(
        choices=sorted(READERS), required=False, help_text="The list's format; detected when left out."
    )


class DeckImportOut(serializers.Serializer):
    format = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    side = serializers.CharField(allow_null=True)
    cards = serializers.ListField(child=serializers.DictField())
    problems = serializers.ListField(child=serializers.DictField())


# Any value is read (RFC 9110 allows weak tags and lists): only one strong ETag of the deck or * can match; a
# value that cannot match is 412 precondition-failed, like a stale one.
IF_MATCH = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    description='The deck\'s ETag as you read it (e.g. "3"), or *: a deck changed since is refused (412). '
    "Needed to change the cards (428 without it).",
)
IF_MATCH_REQUIRED = OpenApiParameter(
    "If-Match",
    str,
    OpenApiParameter.HEADER,
    required=True,
    description='The deck\'s ETag as you read it (e.g. "3"), or * to replace whatever the deck holds: a deck '
    "changed since is refused (412), a request without it 428.",
)
# Each export's media type (decks/deck/exports.py): the file, not a JSON answer.
EXPORT_RESPONSES = {
    (200, "text/plain"): OpenApiResponse(OpenApiTypes.STR, description="gemp, text, lackey-txt"),
    (200, "application/xml"): OpenApiResponse(OpenApiTypes.STR, description="xml, lackey-dek"),
    (200, "application/json"): OpenApiResponse(OpenApiTypes.OBJECT, description="json"),
    (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="pdf: the proxy sheet"),
}


def _json_type(value: object) -> str:
    """What a JSON value is, in JSON's words: null, a number, text…"""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    return "an object" if isinstance(value, dict) else "a list"


def parse_legality_body(data: object) -> tuple[dict | None, dict | None]:
    """Validate a legality request quickly (batches hold up to 500 of them): (values, None) or (None, errors).

    Same rules as LegalityRequest, which documents the shape in the OpenAPI schema.
    """
    if not isinstance(data, dict):
        return None, {"non_field_errors": ["Expected a JSON object."]}
    errors: dict[str, list[str]] = {}
    for key, longest in (("game", 16), ("format", 60)):
        if not isinstance(data.get(key), str) or not data[key]:
            errors[key] = ["This field is required and must be a string."]
        elif len(data[key]) > longest:
            errors[key] = [f"Ensure this field has no more than {longest} characters."]
    # An optional field is left out or given its type: an explicit null is refused (the schema allows none).
    for key in ("cards", "outside_deck"):
        if key not in data:
            continue
        value = data[key]
        if not isinstance(value, list):
            errors[key] = [f"Expected a list of card ids, not {_json_type(value)}."]
        elif len(value) > MAX_DECK_CARDS:
            errors[key] = [f"Ensure this field has no more than {MAX_DECK_CARDS} elements."]
        else:
            bad = {
                str(i): ["Not a valid card id (a string of 1 to 40 characters)."]
                for i, v in enumerate(value)
                if not isinstance(v, str) or not 0 < len(v) <= 40
            }
            if bad:
                errors[key] = bad
    decklist = data.get("decklist")
    # its size is read_decklist's to check: 413 decklist-too-large on every endpoint (formats_io.limits)
    if "decklist" in data and not isinstance(decklist, str):
        errors["decklist"] = [f"Must be text of at most {MAX_DECKLIST_CHARS} characters."]
    side = data.get("side")
    if "side" in data:
        game = data.get("game")
        sides = PROFILES[game].sides if isinstance(game, str) and game in PROFILES else all_sides()
        if not isinstance(side, str) or side.lower() not in {s.lower() for s in sides}:
            errors["side"] = [f"One of {', '.join(sides)} for this game."]
    setup = data.get("setup")
    if "setup" in data and not isinstance(setup, dict):
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
