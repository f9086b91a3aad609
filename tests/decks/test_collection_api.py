"""The collection API: login required, your own collection only, changes all or nothing, imports previewed and
then applied (refused while a line cannot be read), exports, history per card."""

import json

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from cardsdb.models import Card
from decks.collection import services as collection
from decks.collection.io.limits import MAX_BYTES
from decks.models import CollectionChange
from tests.decks.helpers import owned

pytestmark = pytest.mark.usefixtures("catalogue")


@pytest.fixture
def leia(db):
    return User.objects.create(username="leia")


@pytest.fixture
def api(luke):
    client = APIClient()
    client.force_login(luke)
    return client


def card(code: str, game: str = "swccg") -> Card:
    return Card.objects.get(game_id=game, code=code)


def post(api, url, body, status=200):
    response = api.post(url, body, format="json")
    assert response.status_code == status, response.content[:500]
    return response.json()


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("get", "/api/collection/?game=swccg"),
        ("post", "/api/collection/changes/"),
        ("post", "/api/collection/import/"),
        ("get", "/api/collection/export/?game=swccg"),
        ("get", "/api/collection/history/?game=swccg&card=1_168"),
    ],
)
def test_login_is_required(method, url):
    response = getattr(APIClient(), method)(url, {} if method == "post" else None, format="json")
    assert response.status_code == 401 and response.json()["code"] == "not-authenticated"
    assert response.has_header("WWW-Authenticate")


def test_changes_are_listed_by_game_and_paginated(api, luke):
    body = {
        "changes": [
            {"card": "1_168", "delta": 2},
            {"card": "1_168", "set": "1", "finish": "foil", "condition": "NM", "delta": 1},
            {"card": "1_19", "delta": 1},
            {"card": "ANH_7", "delta": 3},
        ]
    }
    answer = post(api, "/api/collection/changes/", body)
    assert len(answer["lines"]) == 4 and answer["batch"]
    listed = api.get("/api/collection/?game=swccg&page_size=2").json()
    assert listed["count"] == 3 and len(listed["results"]) == 2 and listed["next"]
    assert {r["card"] for r in api.get("/api/collection/?game=swtcg").json()["results"]} == {"ANH_7"}
    assert {r["card"] for r in api.get("/api/collection/?game=swccg&name=vader").json()["results"]} == {
        "1_168"
    }
    assert collection.owned_counts(luke, "swccg") == {card("1_168").pk: 3, card("1_19").pk: 1}
    assert set(CollectionChange.objects.filter(owner=luke).values_list("batch", flat=True)) == {
        answer["batch"]
    }


def test_changes_are_all_or_nothing(api, luke):
    post(api, "/api/collection/changes/", {"changes": [{"card": "1_168", "delta": 1}]})
    before = owned(luke)
    history = CollectionChange.objects.count()
    refused = post(
        api,
        "/api/collection/changes/",
        {"changes": [{"card": "1_19", "delta": 4}, {"card": "1_168", "delta": -2}]},
        400,
    )
    assert refused["code"] == "collection-below-zero" and refused["problems"][0]["card"] == "1_168"
    for bad, code in [
        ({"changes": [{"card": "1_19", "delta": 1}, {"card": "no_such", "delta": 1}]}, "unknown-card"),
        (
            {"changes": [{"card": "1_19", "delta": 1}, {"card": "1_168", "set": "7", "delta": 1}]},
            "invalid-request",
        ),
        ({"changes": [{"card": "1_168", "variant": "Gold", "delta": 1}]}, "invalid-request"),
        ({"changes": [{"card": "1_168", "finish": "shiny", "delta": 1}]}, "invalid-request"),
        ({"changes": [{"card": "1_168", "delta": 10**30}]}, "invalid-request"),
        ({"changes": [{"card": "1_168", "delta": True}]}, "invalid-request"),
        ({"changes": [{"card": "1_168", "delta": 1, "owner": "leia"}]}, "invalid-request"),
        ({"changes": []}, "invalid-request"),
        ({"changes": [{"card": "1_168", "delta": 1}], "game": "swtcg"}, "unknown-card"),
        ({"game": "pazaak", "changes": [{"card": "1_168", "delta": 1}]}, "unknown-game"),
        ([1, 2], "invalid-request"),
    ]:
        assert post(api, "/api/collection/changes/", bad, 400)["code"] == code, bad
    assert owned(luke) == before and CollectionChange.objects.count() == history


def test_another_users_collection_is_never_visible(api, luke, leia):
    collection.apply_changes(leia, [collection.Delta(card("1_168").pk, 5)], source="edit")
    assert api.get("/api/collection/?game=swccg").json()["count"] == 0
    assert api.get("/api/collection/export/?game=swccg").content.decode().count("\n") == 1  # the header only
    history = api.get("/api/collection/history/?game=swccg&card=1_168").json()
    assert history["lines"] == [] and history["changes"] == []
    # a change by Luke touches Luke's line only
    post(api, "/api/collection/changes/", {"changes": [{"card": "1_168", "delta": 1}]})
    assert owned(leia) == {("1_168", "", "", "", ""): 5} and owned(luke) == {("1_168", "", "", "", ""): 1}


CSV = "Count,Name,Edition,Foil\n2,Darth Vader,Premiere,\n1,Luke Skywalker,,foil\n"


def test_import_preview_changes_nothing_then_apply(api, luke):
    preview = post(api, "/api/collection/import/", {"game": "swccg", "text": CSV})
    assert not preview["applied"] and not owned(luke) and not preview["problems"]
    assert [(c["card"], c["set"], c["finish"], c["after"], c["lines"]) for c in preview["changes"]] == [
        ("1_168", "1", "", 2, [2]),
        ("1_19", "", "foil", 1, [3]),
    ]
    applied = post(api, "/api/collection/import/", {"game": "swccg", "text": CSV, "preview": False})
    assert applied["applied"] and applied["batch"] and applied["changes"] == preview["changes"]
    assert owned(luke) == {("1_168", "1", "", "", ""): 2, ("1_19", "", "", "foil", ""): 1}
    assert set(CollectionChange.objects.filter(owner=luke).values_list("batch", "source")) == {
        (applied["batch"], "import")
    }


def test_an_import_with_an_unreadable_line_is_refused_whole(api, luke):
    text = CSV + "1,Darth Vadr,,\nx,Han Solo,,\n"
    preview = post(api, "/api/collection/import/", {"game": "swccg", "text": text})
    assert [(p["line"], p["code"]) for p in preview["problems"]] == [(4, "unknown-card"), (5, "bad-quantity")]
    assert preview["problems"][0]["candidates"][0]["card"] == "1_168"
    assert len(preview["changes"]) == 2  # what the readable lines would do
    refused = post(api, "/api/collection/import/", {"game": "swccg", "text": text, "preview": False}, 400)
    assert refused["code"] == "collection-problems" and len(refused["problems"]) == 2
    assert not owned(luke) and not CollectionChange.objects.exists()


def test_replace_removes_what_the_file_leaves_out_and_says_so(api, luke):
    collection.apply_changes(
        luke,
        [
            collection.Delta(card("1_168").pk, 3),
            collection.Delta(card("1_19").pk, 1),
            collection.Delta(card("ANH_7", "swtcg").pk, 1),
        ],  # fmt: skip
        source="edit",
    )
    text = "Count,Card\n1,1_168\n"
    preview = post(api, "/api/collection/import/", {"game": "swccg", "text": text, "mode": "replace"})
    assert [(c["card"], c["before"], c["after"]) for c in preview["changes"]] == [("1_168", 3, 1)]
    assert [(c["card"], c["before"], c["after"]) for c in preview["removed"]] == [("1_19", 1, 0)]
    post(api, "/api/collection/import/", {"game": "swccg", "text": text, "mode": "replace", "preview": False})
    assert owned(luke) == {("1_168", "", "", "", ""): 1, ("ANH_7", "", "", "", ""): 1}  # SWTCG untouched


def test_import_and_export_of_every_game_round_trip(api, luke, swtcg_catalogue):
    for game, code in [("swccg", "1_168"), ("swtcg", "ANH_7"), ("swdbg", "sw23_at-at")]:
        post(api, "/api/collection/changes/", {"changes": [{"card": code, "delta": 2, "condition": "LP"}]})
        for kind in ("csv", "json"):
            exported = api.get(f"/api/collection/export/?game={game}&as={kind}")
            assert (
                exported.status_code == 200 and f"collection-{game}.{kind}" in exported["Content-Disposition"]
            )
            text = exported.content.decode()
            again = post(api, "/api/collection/import/", {"game": game, "text": text, "mode": "replace"})
            assert again["changes"] == again["removed"] == again["problems"] == []
    document = json.loads(api.get("/api/collection/export/?game=swdbg&as=json").content)
    assert document["format"] == "cardsdb-collection" and document["cards"][0]["card"] == "sw23_at-at"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "swccg", "text": "Name,Side\nVader,Dark\n"}, 400, "collection-columns"),
        ({"game": "swccg", "text": "Count,Name\n" + "1,Vader\n" * 50_001}, 413, "collection-too-large"),
        ({"game": "swccg", "text": "Count,Name\n1,Va\u0000der\n"}, 400, "bad-unicode"),
        (
            {"game": "swccg", "text": '{"format": "cardsdb-collection", "game": "swtcg", "cards": []}'},
            400,
            "collection-columns",
        ),  # fmt: skip
        ({"game": "swccg", "text": "[" * 50 + "]" * 50}, 400, "too-deep"),
        ({"game": "swccg", "text": CSV, "mode": "merge"}, 400, "invalid-request"),
        ({"game": "swccg", "text": CSV, "preview": "no"}, 400, "invalid-request"),
        ({"game": "swccg"}, 400, "invalid-request"),
        ({"text": CSV}, 400, "bad-parameter"),
    ],
    ids=["no-header", "lines", "nul", "other-game", "deep", "mode", "preview", "no-text", "no-game"],
)
def test_bad_imports_are_coded(api, luke, body, status, code):
    assert post(api, "/api/collection/import/", body, status)["code"] == code
    assert not owned(luke)


def test_an_oversized_body_is_refused_before_reading(api):
    response = api.post(
        "/api/collection/import/", b"x", content_type="application/json", CONTENT_LENGTH=str(3 * MAX_BYTES)
    )
    assert response.status_code == 413 and response.json()["code"] == "request-too-large"


def test_history_per_card(api, luke):
    post(api, "/api/collection/changes/", {"changes": [{"card": "1_168", "delta": 2}]})
    post(api, "/api/collection/import/", {"game": "swccg", "text": "Count,Card\n1,1_168\n", "preview": False})
    post(api, "/api/collection/changes/", {"changes": [{"card": "1_168", "delta": -3}]})
    history = api.get("/api/collection/history/?game=swccg&card=1_168").json()
    assert [(c["delta"], c["quantity"], c["source"]) for c in history["changes"]] == [
        (-3, 0, "api"),
        (1, 3, "import"),
        (2, 2, "api"),
    ]
    assert history["lines"] == []
    missing = api.get("/api/collection/history/?game=swccg&card=nope")
    assert missing.status_code == 404 and missing.json()["code"] == "card-not-found"
    assert api.get("/api/collection/export/?game=swccg&as=xml").json()["code"] == "bad-parameter"


@pytest.mark.parametrize(("kind", "accept"), [("csv", "text/csv"), ("json", "application/json")])
def test_an_export_answers_the_type_a_client_asks_for(api, kind, accept):
    """Issue #25: GET /api/collection/export/?as=csv with Accept: text/csv answered 406."""
    response = api.get(f"/api/collection/export/?game=swccg&as={kind}", HTTP_ACCEPT=accept)
    assert response.status_code == 200 and response["Content-Type"].startswith(accept)
    refused = api.get("/api/collection/export/?game=swccg&as=xml", HTTP_ACCEPT=accept)
    assert refused.status_code == 400 and refused.json()["code"] == "bad-parameter"
