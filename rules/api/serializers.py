"""Input shapes of the draw odds API, for the OpenAPI schema only: rules/api/odds.py checks the bodies itself, with
the same bounds and the same nullable fields (tests/decks/test_odds_api_fields.py holds the two together)."""

from drf_spectacular.utils import OpenApiExample, extend_schema_serializer
from rest_framework import serializers

from decks.legality.serializers import VADER_DECK
from rules.deck_odds import MAX_SAMPLE_HANDS, MAX_TRIALS

PER_TURN_HELP = "Cards drawn each turn (default: the game's draw); used with `turns`."


class TargetIn(serializers.Serializer):
    label = serializers.CharField(required=False, max_length=100)
    cards = serializers.ListField(child=serializers.CharField(), max_length=1000)
    at_least = serializers.IntegerField(required=False, min_value=0, max_value=60, help_text="Default 1.")
    at_most = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=60)


class PileIn(serializers.Serializer):
    game = serializers.ChoiceField(choices=["swccg", "swtcg", "swdbg"])
    cards = serializers.ListField(
        child=serializers.CharField(), max_length=1000, help_text="One id per copy."
    )
    outside_deck = serializers.ListField(child=serializers.CharField(), max_length=1000, required=False)
    starting = serializers.ListField(child=serializers.CharField(), max_length=1000, required=False)
    derive_pulls = serializers.BooleanField(required=False)
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=10**9)


@extend_schema_serializer(
    examples=[
        OpenApiExample(
            "Vader",
            {"game": "swccg", "cards": VADER_DECK * 10, "targets": [{"cards": ["1_168"]}], "trials": 1000},
        )
    ]
)
class OpeningHandIn(PileIn):
    hand_size = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=200)
    targets = TargetIn(many=True, required=False)
    joint = serializers.BooleanField(required=False)
    trials = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=MAX_TRIALS)
    turns = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=30)
    per_turn = serializers.IntegerField(required=False, min_value=1, max_value=60, help_text=PER_TURN_HELP)


@extend_schema_serializer(
    examples=[
        OpenApiExample("total", {"game": "swccg", "cards": VADER_DECK * 10, "draws": 2, "threshold": 8})
    ]
)
class DestinyIn(PileIn):
    draws = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=60)
    threshold = serializers.FloatField(
        required=False, min_value=-1e6, max_value=1e6, help_text="Goes with `draws`."
    )
    trials = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=MAX_TRIALS)


@extend_schema_serializer(
    examples=[OpenApiExample("two hands", {"game": "swccg", "cards": VADER_DECK * 10, "count": 2, "seed": 1})]
)
class SampleHandsIn(PileIn):
    hand_size = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=200)
    count = serializers.IntegerField(required=False, min_value=1, max_value=MAX_SAMPLE_HANDS)


class DeckSimulateIn(serializers.Serializer):
    """The fields of the analysis named in the path; the deck gives the game and the cards."""

    starting = serializers.ListField(child=serializers.CharField(), max_length=1000, required=False)
    derive_pulls = serializers.BooleanField(required=False)
    hand_size = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=200)
    targets = TargetIn(many=True, required=False)
    joint = serializers.BooleanField(required=False)
    trials = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=MAX_TRIALS)
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=10**9)
    turns = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=30)
    per_turn = serializers.IntegerField(required=False, min_value=1, max_value=60, help_text=PER_TURN_HELP)
    draws = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=60)
    threshold = serializers.FloatField(required=False, min_value=-1e6, max_value=1e6)
    count = serializers.IntegerField(required=False, min_value=1, max_value=MAX_SAMPLE_HANDS)
