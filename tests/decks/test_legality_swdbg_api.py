"""SW:DBG through the shared APIs: /api/legality/ with a setup, /api/formats/ and opening-hand odds on a starter
deck, against the real catalogue."""

import pytest

from decks.legality.pool import setup_pool

pytestmark = pytest.mark.usefixtures("swdbg_catalogue")


def player(faction: str, bases: int = 5) -> dict:
    pool = setup_pool()
    starter = [{"card": c.code, "count": c.copies} for c in pool.select(deck="starter", faction=faction)]
    all_bases = pool.select(deck="base", faction=faction)
    start = next(c for c in all_bases if c.starting_base)
    others = [c.code for c in all_bases if c is not start][: bases - 1]
    return {"faction": faction, "starter": starter, "bases": [start.code, *others]}


def post(client, url, body, status=200):
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == status, response.content
    return response.json()


def test_a_standard_full_galaxy_setup_is_legal(client):
    body = {"players": [player("Empire", 10), player("Rebel", 10)], "bases_to_win": 4}
    result = post(client, "/api/legality/", {"game": "swdbg", "format": "full-galaxy", "setup": body})
    assert result["legal"], result["violations"]
    summary = result["summary"]
    assert set(summary["purchasable"]) == {"Empire", "Rebel"}
    assert "sw23_tie-fighter" in summary["purchasable"]["Empire"]
    assert "sw23_tie-fighter" not in summary["purchasable"]["Rebel"]


def test_setup_violations_come_back_all_at_once(client):
    body = {"players": [player("Empire", 4), player("Empire", 10)], "bases_to_win": 7}
    result = post(client, "/api/legality/", {"game": "swdbg", "format": "full-galaxy", "setup": body})
    codes = {v["code"] for v in result["violations"]}
    assert {"base-deck-size", "same-faction", "bases-to-win"} <= codes


@pytest.mark.parametrize(
    "body",
    [
        {"game": "swdbg", "format": "beginner", "cards": ["sw23_tie-fighter"]},
        {"game": "swccg", "format": "open", "setup": {"players": []}},
        {"game": "swdbg", "format": "beginner", "setup": ["not", "an", "object"]},
        {"game": "swdbg", "format": "beginner", "setup": {}, "cards": []},
    ],
)
def test_setup_and_cards_go_with_their_game(client, body):
    assert post(client, "/api/legality/", body, 400)["code"] == "invalid-request"


def test_unknown_swdbg_format(client):
    body = {"game": "swdbg", "format": "sealed", "setup": {"players": []}}
    assert post(client, "/api/legality/", body, 400)["code"] == "unknown-format"


def test_formats_api_lists_the_setup_formats(client):
    formats = {f["code"]: f for f in client.get("/api/formats/", {"game": "swdbg"}).json()}
    assert set(formats) == {"beginner", "full-galaxy", "cross-edition", "cross-edition-full-galaxy"}
    assert formats["full-galaxy"]["base_deck_size"] == 10
    assert formats["full-galaxy"]["bases_to_win"]["recommended"] == 4
    assert formats["beginner"]["starter"]["roles"] == {"shuttle": 7, "trooper": 2, "agent": 1}


def test_opening_hand_of_five_from_a_starter_deck(client):
    starter = [c["card"] for c in player("Rebel")["starter"] for _ in range(c["count"])]
    assert len(starter) == 10
    trooper = next(code for code in starter if "trooper" in code)
    body = post(
        client,
        "/api/simulate/opening-hand",
        {
            "game": "swdbg",
            "cards": starter,
            "targets": [{"label": "trooper", "cards": [trooper], "at_least": 1}],
        },
    )
    assert body["hand_size"] == 5
    # Two troopers among ten cards, five drawn: 1 - C(8,5)/C(10,5) = 1 - 56/252.
    assert body["targets"][0]["probability"] == pytest.approx(1 - 56 / 252)
