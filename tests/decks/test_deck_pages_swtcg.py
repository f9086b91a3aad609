"""SWTCG decks in the web app: the builder for the game, checking in its formats, saving, the deck page's
figures and charts; and the plain-Python SWTCG statistics."""

import json
from pathlib import Path

import pytest
from django.contrib.auth.models import User

from decks.deck.stats_swtcg import TcgStatCard, tcg_statistics
from decks.legality.formats_import import import_swtcg_formats
from decks.models import Deck

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "swtcg_decks.json").read_text())["legal_anh_light"]


@pytest.fixture
def formats(swtcg_catalogue):
    import_swtcg_formats()


def table(counts: dict[str, int], zone: str = "deck") -> list[dict]:
    return [{"id": code, "count": n, "zone": zone} for code, n in counts.items()]


def test_the_builder_speaks_swtcg(client, formats):
    html = client.get("/decks/new/", {"game": "swtcg"}).content.decode()
    assert 'data-game="swtcg"' in html
    assert ">Yuuzhan Vong</option>" in html
    assert 'value="full" selected' in html and 'value="wotc"' in html
    assert "LackeyCCG" in html
    assert '"outside", "Outside the game / sideboard"' in html


def test_an_unknown_game_falls_back_to_swccg(client, formats):
    html = client.get("/decks/new/", {"game": "pazaak"}).content.decode()
    assert 'data-game="swccg"' in html


def test_check_the_fixture_deck_in_both_formats(client, formats):
    cards = json.dumps(table(FIXTURE["deck"]))
    for fmt, name in (("full", "Full card pool"), ("wotc", "WotC sets only")):
        html = client.post(
            "/decks/new/", {"game": "swtcg", "format": fmt, "cards_json": cards, "action": "check"}
        ).content.decode()
        assert f"Legal in {name}" in html


def test_check_shows_swtcg_codes(client, formats):
    deck = dict(FIXTURE["deck"])
    deck["ANH_149"] = 5
    del deck["ANH_172"]  # 8 Space units left
    html = client.post(
        "/decks/new/",
        {"game": "swtcg", "format": "full", "cards_json": json.dumps(table(deck)), "action": "check"},
    ).content.decode()
    assert 'data-code="copy-limit"' in html and 'data-code="arena-minimum"' in html


def test_save_and_view_a_swtcg_deck(client, formats):
    user = User.objects.create_user("rex", password="clone-trooper-7567")
    client.force_login(user)
    cards = table(FIXTURE["deck"]) + table({"ANH_37": 1}, zone="outside")
    response = client.post(
        "/decks/new/",
        {
            "game": "swtcg",
            "name": "ANH Rebels",
            "format": "wotc",
            "side": "Light",
            "cards_json": json.dumps(cards),
            "action": "save",
        },
    )
    deck = Deck.objects.get(owner=user)
    assert response.status_code == 302
    assert (deck.game_id, deck.format.code, deck.side) == ("swtcg", "wotc", "Light")
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Legal in WotC sets only" in page
    assert "36 (12 Space, 12 Ground, 12 Character" in page
    assert "Units per arena" in page and "Cost curve" in page and "Unit speed" in page
    assert "destiny" not in page.lower()
    assert "Opening hand of 7" in page
    assert "Outside the game / sideboard" in page
    edit = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert 'data-game="swtcg"' in edit


def test_tcg_statistics_counts_arenas_and_curves():
    cards = [
        TcgStatCard("a", "A", "Space/Ground", "Light", 2, "deck", cost=3, speed=40, power=4),
        TcgStatCard("b", "B (A)", "Character", "Light", 1, "deck", cost=5, speed=50, power=5, unique=True),
        TcgStatCard("c", "C", "Battle", "Neutral", 4, "deck", cost=1),
        TcgStatCard("d", "D", "Subordinate", "Light", 1, "deck", cost=2, speed=30),
        TcgStatCard("e", "E", "Resource", "Neutral", 1, "outside"),
        TcgStatCard("f", "F", "Space", "Light", 0, "deck", cost=9),
    ]
    stats = tcg_statistics(cards)
    assert stats["total"] == 8 and stats["outside_total"] == 1
    assert stats["units"] == 3
    assert stats["arenas"] == {"Space": 2, "Ground": 2, "Character": 1}
    assert stats["cost_curve"] == {"1": 4, "2": 1, "3": 2, "5": 1}
    assert stats["average_cost"] == round((4 + 2 + 6 + 5) / 8, 2)
    assert stats["unit_speed"] == {"40": 2, "50": 1}
    assert (stats["unique"], stats["non_unique"]) == (1, 7)
    assert stats["sides"] == {"Light": 4, "Neutral": 4}


def test_the_deck_list_speaks_of_every_game(client, formats):
    user = User.objects.create_user("hera", password="ghost-crew-1138")
    Deck.objects.create(owner=user, game_id="swtcg", name="Ghost", side="Light", is_public=True)
    Deck.objects.create(owner=user, game_id="swdbg", name="Phoenix", side="Rebel", is_public=True)
    client.force_login(user)
    html = client.get("/decks/").content.decode()
    assert '<a class="button" href="/decks/new/?game=swtcg">' in html
    assert '<a class="button" href="/decks/setup/new/">' in html
    assert "LackeyCCG" in html and "setup" in html
    assert html.count("<th>Game</th>") == 2  # my decks and the public ones
    assert "<td>Ghost</td>" not in html
    for name, game in (("Ghost", "SWTCG"), ("Phoenix", "SW:DBG")):
        assert html.count(f">{name}</a></td><td>{game}</td>") == 2


def test_an_unread_line_keeps_the_builders_report_from_saying_legal(client, formats):
    from decks.legality.pool import tcg_pool

    pool = tcg_pool()
    text = "\n".join(f"{n}\t{pool[code].title}" for code, n in FIXTURE["deck"].items())
    check = {"game": "swtcg", "format": "full", "action": "check"}
    assert (
        "Legal in Full card pool" in client.post("/decks/new/", {**check, "decklist": text}).content.decode()
    )
    html = client.post(
        "/decks/new/", {**check, "decklist": text + "\n4\tNo Such Card At All"}
    ).content.decode()
    assert 'data-code="unknown-card-name"' in html and 'data-code="unknown-card"' in html
    assert "Legal in Full card pool" not in html
