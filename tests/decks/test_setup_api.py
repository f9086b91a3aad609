"""The deck API for SW:DBG: a deck is a game setup, sent as `setup`; its cards and side follow from it."""

import pytest
from django.contrib.auth.models import User

from tests.decks.helpers import client_for

pytestmark = pytest.mark.django_db

EMPIRE_BASES = ["Lothal", "Corellia", "Kessel", "Kafrene", "Mustafar"]
REBEL_BASES = ["sw23_dantooine", "sw23_mon-cala", "sw23_dagobah", "sw23_bespin", "sw23_alderaan"]


@pytest.fixture(autouse=True)
def _catalogue(swdbg_catalogue):
    """The SW:DBG cards and formats the test session imported."""


@pytest.fixture
def han(db):
    return User.objects.create_user("han", password="falcon-pass-123")


def empire() -> dict:
    starter = [{"card": "Imperial Shuttle", "count": 7}, "Stormtrooper", "stormtrooper", "Inquisitor"]
    return {"faction": "Empire", "starter": starter, "bases": EMPIRE_BASES}


def rebel() -> dict:
    starter = [
        {"card": "sw23_alliance-shuttle", "count": 7},
        {"card": "Rebel Trooper", "count": 2},
        "Temple Guardian",
    ]
    return {"faction": "Rebel", "starter": starter, "bases": REBEL_BASES, "starting_base": "Dantooine"}


def setup(*players, **rest) -> dict:
    return {"players": list(players) or [empire(), rebel()], **rest}


def create(client, **body):
    return client.post(
        "/api/decks/", {"name": "Hoth", "game": "swdbg", "format": "beginner", **body}, format="json"
    )


def test_create_read_check_in_another_format(han):
    response = create(client_for(han), setup=setup(bases_to_win=4), notes="first game")
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["game"] == "swdbg" and body["side"] == "Empire" and body["format"] == "beginner"
    assert body["setup"] == setup(bases_to_win=4)
    cards = {(c["zone"], c["id"]): c["count"] for c in body["cards"]}
    assert cards == {
        ("deck", "sw23_imperial-shuttle"): 7,
        ("deck", "sw23_stormtrooper"): 2,
        ("deck", "sw23_inquisitor"): 1,
        **{("outside", f"sw23_{title.lower()}"): 1 for title in EMPIRE_BASES},
    }
    assert body["legality"]["legal"] is True and body["legality"]["format"] == "beginner"
    assert body["legality"]["summary"]["bases_to_win"] == 4
    full = client_for(han).get(body["url"], {"format": "full-galaxy"}).json()
    assert full["legality"]["format"] == "full-galaxy" and full["legality"]["legal"] is False
    assert {v["code"] for v in full["legality"]["violations"]} == {"base-deck-size"}
    listed = client_for(han).get("/api/decks/", {"game": "swdbg", "mine": "1"}).json()
    assert [d["id"] for d in listed] == [body["id"]] and "setup" not in listed[0]


def test_an_illegal_setup_is_saved_with_its_violations(han):
    body = create(client_for(han), setup=setup(empire(), {**empire(), "bases": EMPIRE_BASES[:4]})).json()
    assert body["side"] == "Empire" and body["legality"]["legal"] is False
    assert {"same-faction", "base-deck-size"} <= {v["code"] for v in body["legality"]["violations"]}


@pytest.mark.parametrize(
    "body, words",
    [
        ({}, "needs a `setup`"),
        ({"setup": ["Empire", "Rebel"]}, "must be an object"),
        ({"setup": setup(), "cards": []}, "not `cards`"),
        ({"setup": setup(), "decklist": "7 Imperial Shuttle"}, "not `decklist`"),
        ({"setup": setup(), "side": "Rebel"}, "first player's faction (Empire)"),
        ({"setup": setup(colour="red")}, "unknown key 'colour'"),
        ({"setup": setup({**empire(), "bogus": 1}, rebel())}, "players[0].bogus: unknown key 'bogus'"),
        (
            {"setup": setup({**empire(), "starter": [{"card": "Inquisitor", "copies": 2}]}, rebel())},
            "players[0].starter[0].copies: unknown key 'copies'",
        ),
        ({"setup": setup(galaxy={"cards": [], "colour": "red"})}, "galaxy.colour: unknown key 'colour'"),
        (
            {"setup": setup(rebel(), {**empire(), "bases": ["Lothal", "Naboo"]})},
            "'Naboo' (players[1].bases[1])",
        ),
        ({"setup": setup(bases_to_win=[[[[[[[[[[[[[[[[[[[[[3]]]]]]]]]]]]]]]]]]]]])}, "nested more than 20"),
        (
            {"setup": setup({**empire(), "starter": [{"card": "Inquisitor", "count": 100}]}, rebel())},
            "more than 99",
        ),
    ],
)
def test_refusals(han, body, words):
    response = create(client_for(han), **body)
    assert response.status_code == 400, response.content
    assert response.json()["code"] == "invalid-request" and words in response.json()["message"]
    assert not han.decks.exists()


def test_unreadable_setups_list_their_violations(han):
    response = create(client_for(han), setup=setup({**empire(), "faction": "Jawa"}, rebel()))
    violations = response.json()["violations"]
    assert response.status_code == 400 and [v["code"] for v in violations] == ["bad-setup"]
    assert "'Jawa' is not a faction" in violations[0]["message"]


def test_setup_is_for_swdbg_only(han):
    response = client_for(han).post(
        "/api/decks/", {"name": "EBO", "game": "swccg", "cards": [], "setup": setup()}, format="json"
    )
    assert response.status_code == 400 and response.json()["code"] == "invalid-request"
    assert "`setup` is for SW:DBG" in response.json()["message"]
    swccg = (
        client_for(han)
        .post("/api/decks/", {"name": "EBO", "game": "swccg", "cards": []}, format="json")
        .json()
    )
    assert "setup" not in swccg
    patched = client_for(han).patch(swccg["url"], {"setup": setup()}, format="json")
    assert patched.status_code == 400 and "`setup` is for SW:DBG" in patched.json()["message"]


def test_create_needs_login():
    response = create(client_for(None), setup=setup())
    assert response.status_code == 401 and response.json()["code"] == "not-authenticated"


def test_patch_replaces_the_setup_and_keeps_it_otherwise(han):
    client = client_for(han)
    deck = create(client, setup=setup()).json()
    flipped = setup(rebel(), empire())
    body = client.patch(
        deck["url"],
        {"setup": flipped, "format": "cross-edition"},
        format="json",
        HTTP_IF_MATCH=f'"{deck["version"]}"',  # a new setup replaces the cards: tests/decks/test_deck_versions.py
    ).json()
    assert body["setup"] == flipped and body["side"] == "Rebel" and body["format"] == "cross-edition"
    assert {c["id"] for c in body["cards"] if c["zone"] == "deck"} == {
        "sw23_alliance-shuttle",
        "sw23_rebel-trooper",
        "sw23_temple-guardian",
    }
    assert sorted(c["id"] for c in body["cards"] if c["zone"] == "outside") == sorted(REBEL_BASES)
    renamed = client.patch(
        deck["url"], {"name": "Yavin", "side": "Rebel", "is_public": True}, format="json"
    ).json()
    assert renamed["name"] == "Yavin" and renamed["setup"] == flipped and renamed["is_public"] is True
    assert len(renamed["cards"]) == len(body["cards"])
    wrong_side = client.patch(deck["url"], {"side": "Empire"}, format="json")
    assert wrong_side.status_code == 400 and "first player's faction (Rebel)" in wrong_side.json()["message"]
    bad = client.patch(deck["url"], {"setup": setup(rebel())}, format="json")
    assert bad.status_code == 400 and "a game has exactly two" in bad.json()["message"]
    unchanged = client.get(deck["url"]).json()
    assert unchanged["setup"] == flipped and unchanged["name"] == "Yavin"
    other = User.objects.create_user("greedo", password="shot-first-456")
    assert client_for(other).patch(deck["url"], {"setup": setup()}, format="json").status_code == 403
