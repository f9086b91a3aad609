"""The odds API's whole-number fields: what the OpenAPI schema declares (rules/api/serializers.py: bounds, nullable)
is what rules/api/odds.py accepts, and an explicit null where the schema has none is a 400 naming the field."""

import pytest
from rest_framework import serializers
from rest_framework.test import APIClient

from rules.api.serializers import DeckSimulateIn, DestinyIn, OpeningHandIn, SampleHandsIn, TargetIn

from .test_odds_api import ebo, saved_ebo  # noqa: F401 (ebo: a fixture)

pytestmark = pytest.mark.usefixtures("catalogue")

OPENING, SAMPLES, DESTINY = (
    "/api/simulate/opening-hand",
    "/api/simulate/sample-hands",
    "/api/simulate/destiny",
)


@pytest.fixture
def pile():
    """200 SWCCG card ids, one copy each: every declared hand size can be drawn."""
    from cardsdb.models import Card

    ids = Card.objects.filter(game_id="swccg", edition=Card.Edition.CURRENT).order_by("code")
    return list(ids.values_list("code", flat=True)[:200])


def post(url, body):
    return APIClient().post(url, body, format="json")


def base_body(url: str, pile: list[str]) -> dict:
    """A valid body of the endpoint; a field under test is set on top of it (its companions already there)."""
    body = {"game": "swccg", "cards": pile}
    if url == OPENING:
        body.update(targets=[{"cards": pile[:100], "at_least": 0}], turns=1)  # at_most 0 is within it
    if url == DESTINY:
        body.update(draws=1, threshold=3)
    return body


def int_fields(serializer) -> list[tuple[str, serializers.IntegerField]]:
    return [(n, f) for n, f in serializer().fields.items() if isinstance(f, serializers.IntegerField)]


CASES = [
    (url, name, field)
    for url, shape in ((OPENING, OpeningHandIn), (SAMPLES, SampleHandsIn), (DESTINY, DestinyIn))
    for name, field in int_fields(shape)
] + [(OPENING, f"targets.{name}", field) for name, field in int_fields(TargetIn)]


def with_value(body: dict, name: str, value) -> dict:
    if name.startswith("targets."):
        return {**body, "targets": [{**body["targets"][0], name.removeprefix("targets."): value}]}
    return {**body, name: value}


@pytest.mark.parametrize(
    ("url", "name", "field"), CASES, ids=[f"{u.rsplit('/')[-1]}:{n}" for u, n, _ in CASES]
)
def test_declared_bounds_are_the_accepted_ones(pile, url, name, field):
    body = base_body(url, pile)
    low, high = field.min_value, field.max_value
    assert low is not None and high is not None, f"{name} declares no bounds"
    for value in (low, high):
        answer = post(url, with_value(body, name, value))
        # A simulation's cost may refuse many trials on a large pile: that refusal names its own bound.
        cost_refusal = answer.status_code == 400 and "max_trials" in answer.json()
        assert answer.status_code == 200 or cost_refusal, (name, value, answer.json())
    field_name = name.removeprefix("targets.")
    for value in (low - 1, high + 1):
        answer = post(url, with_value(body, name, value))
        assert answer.status_code == 400 and field_name in answer.json()["message"], (name, value)
    answer = post(url, with_value(body, name, None))
    if field.allow_null:
        assert answer.status_code == 200, (name, answer.json())
    else:
        assert answer.status_code == 400 and answer.json()["code"] == "invalid-request"
        assert f"`{'targets[0].' if name != field_name else ''}{field_name}`" in answer.json()["message"]


def test_per_turn_is_checked_without_turns_too(pile):
    # was accepted: per_turn was read with turns only
    answer = post(OPENING, {"game": "swccg", "cards": pile, "per_turn": 0})
    assert answer.status_code == 400 and "`per_turn` must be a whole number" in answer.json()["message"]
    assert post(OPENING, {"game": "swccg", "cards": pile, "per_turn": 2}).status_code == 200


def test_null_on_the_deck_endpoints_names_the_field(ebo):  # noqa: F811
    deck, _ = saved_ebo(ebo)
    url = f"/api/decks/{deck.pk}/simulate/"
    for kind, body, field in [
        ("opening-hand", {"targets": [{"cards": [ebo[0]], "at_least": None}]}, "targets[0].at_least"),
        ("opening-hand", {"turns": 2, "per_turn": None}, "per_turn"),
        ("sample-hands", {"count": None}, "count"),
    ]:
        answer = post(f"{url}{kind}/", body)
        assert answer.status_code == 400, (kind, body, answer.content)
        assert answer.json()["code"] == "invalid-request" and f"`{field}`" in answer.json()["message"]


def test_the_deck_endpoints_schema_declares_the_same_fields():
    opening = dict(int_fields(OpeningHandIn)) | dict(int_fields(SampleHandsIn)) | dict(int_fields(DestinyIn))
    for name, field in int_fields(DeckSimulateIn):
        same = opening[name]
        assert (field.min_value, field.max_value, field.allow_null) == (
            same.min_value,
            same.max_value,
            same.allow_null,
        ), name
