"""Every field of a legality request, alone and inside a batch, is type-checked: a hostile value is a coded 400
(or that batch item's own error) and never a 500 that fails the other decks of the batch."""

import json

import pytest

pytestmark = pytest.mark.usefixtures("catalogue")

HOSTILE = {
    "object": {},
    "nested-object": {"a": {"b": []}},
    "list": [],
    "nested-list": [[[]]],
    "huge-int": 10**300,
    "negative": -1,
    "float": 1.5,
    "bool": True,
    "long-string": "x" * 200_000,
    "empty-string": "",
}
CARDS = {"game": "swccg", "format": "open", "cards": ["1_168"], "outside_deck": [], "side": "dark"}
DECKLIST = {"game": "swccg", "format": "open", "decklist": "1x Darth Vader", "side": "dark"}
SETUP = {"game": "swdbg", "format": "full-galaxy", "setup": {"players": []}}
FIELDS = ["game", "format", "cards", "outside_deck", "decklist", "side", "setup"]


@pytest.fixture
def client(client):
    client.raise_request_exception = False  # a 500 must show as a response, not stop at the first
    return client


def post(client, url, body):
    return client.post(url, json.dumps(body), content_type="application/json")


def bodies():
    for base in (CARDS, DECKLIST, SETUP):
        for field in FIELDS:
            for name, value in HOSTILE.items():
                well_typed = (field in ("cards", "outside_deck") and value == []) or (
                    field in ("setup", "decklist") and isinstance(value, dict if field == "setup" else str)
                )  # its contents, not its type, are for the checker to judge (a setup's violations…)
                if not well_typed:
                    yield f"{base['game']}-{field}-{name}", {**base, field: value}


def test_the_issues_request_is_a_400(client):
    response = post(client, "/api/legality/", {"game": {}, "format": "open", "cards": [], "side": "light"})
    assert response.status_code == 400 and response.json()["code"] == "invalid-request"  # was a 500
    assert "game" in response.json()["errors"]


def test_every_hostile_field_is_a_coded_400(client):
    wrong = []
    for label, body in bodies():
        response = post(client, "/api/legality/", body)
        if response.status_code != 400 or response.json()["code"] not in (
            "invalid-request",
            "unknown-format",
        ):
            wrong.append((label, response.status_code, response.content[:120]))
    assert [w[:2] for w in wrong] == []


def test_in_a_batch_every_hostile_item_gets_its_own_error_and_the_rest_is_checked(client):
    labelled = list(bodies())
    items = [body for _label, body in labelled]
    items += [1, "deck", None, [CARDS], True]  # not even objects
    items.append(CARDS)
    response = post(client, "/api/legality/batch/", {"decks": items})
    assert response.status_code == 200, response.content[:300]  # was a 500 for the whole batch
    results = response.json()["results"]
    assert [r["index"] for r in results] == list(range(len(items)))
    errors = [(label, r) for (label, _b), r in zip(labelled, results, strict=False) if "error" not in r]
    assert errors == []
    assert all(r["error"]["code"] == "invalid-request" for r in results[len(labelled) : -1])
    assert results[-1]["legal"] is False and results[-1]["format"] == "open"  # the good deck, still checked


def test_long_ids_and_codes_are_refused_with_their_limit(client):
    body = {**CARDS, "cards": ["1_168", "9" * 41], "format": "o" * 61}
    errors = post(client, "/api/legality/", body).json()["errors"]
    assert set(errors) == {"cards", "format"} and set(errors["cards"]) == {"1"}


@pytest.mark.parametrize("format", [{}, [], 3, "x" * 1000])
def test_the_import_endpoints_format_of_any_type_is_a_400(client, format):
    response = post(client, "/api/decks/import/", {"game": "swccg", "decklist": "1x Vader", "format": format})
    assert response.status_code == 400 and response.json()["code"] == "invalid-request"  # {} was a 500


@pytest.mark.parametrize("decks", [{}, "x", 3, None, [], [CARDS] * 501])
def test_a_batch_that_is_not_a_list_of_1_to_500_is_a_400(client, decks):
    response = post(client, "/api/legality/batch/", {"decks": decks})
    assert response.status_code == 400 and response.json()["code"] == "invalid-request"
