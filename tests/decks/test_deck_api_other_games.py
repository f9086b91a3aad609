"""The deck API for SWTCG and SW:DBG decks: their own statistics, exports and zones, not SWCCG's."""

import json
import xml.etree.ElementTree as ET

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

pytestmark = pytest.mark.usefixtures("swtcg_catalogue", "swdbg_catalogue")

# Real SWTCG cards: Darth Vader (A) (cost 8, speed 50, power 6, unique), Jedi Master (3, 60, 2),
# Corrupt Supply Lines (a Resource, cost 3).
TCG_CARDS = [
    {"id": "ANH_7", "count": 2},
    {"id": "LEG_237", "count": 3},
    {"id": "AGD_26", "count": 1, "zone": "outside"},
]
REPUBLIC = {
    "faction": "Republic",
    "starter": [
        {"card": "Republic Shuttle", "count": 7},
        {"card": "Clone Trooper", "count": 2},
        "Jedi Knight",
    ],
    "bases": ["Rishi", "Anaxes", "Coruscant", "Kamino", "Ryloth"],
}
SEPARATIST = {
    "faction": "Separatist",
    "starter": [
        {"card": "Separatist Shuttle", "count": 7},
        {"card": "B1 Battle Droid", "count": 2},
        "Dark Side Agent",
    ],
    "bases": ["Xorrn", "Dac", "Felucia", "Geonosis", "Mygeeto"],
}
EMPIRE = {
    "faction": "Empire",
    "starter": [{"card": "Imperial Shuttle", "count": 7}, {"card": "Stormtrooper", "count": 2}, "Inquisitor"],
    "bases": ["Lothal", "Corellia", "Kessel", "Kafrene", "Mustafar"],
}
REBEL = {
    "faction": "Rebel",
    "starter": [
        {"card": "Alliance Shuttle", "count": 7},
        {"card": "Rebel Trooper", "count": 2},
        "Temple Guardian",
    ],
    "bases": ["Dantooine", "Mon Cala", "Dagobah", "Bespin", "Hoth"],
}


@pytest.fixture
def owner(db):
    return User.objects.create_user("lando", password="cloud-city-789")


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def create_tcg(client, **body):
    return client.post("/api/decks/", {"name": "Sith", "game": "swtcg", **body}, format="json")


def create_setup(client, *players):
    body = {"name": "Clone Wars", "game": "swdbg", "format": "beginner", "setup": {"players": list(players)}}
    return client.post("/api/decks/", body, format="json")


def export(client, deck: dict, kind: str):
    return client.get(f"/api/decks/{deck['id']}/export/", {"as": kind})


# ---- B1: statistics of the deck's own game ----


def test_a_swtcg_deck_has_swtcg_statistics(owner):
    response = create_tcg(client_for(owner), cards=TCG_CARDS)
    assert response.status_code == 201, response.content
    stats = client_for(owner).get(response.json()["url"]).json()["stats"]
    assert "destiny" not in stats and "force_icons" not in stats
    assert (stats["total"], stats["outside_total"], stats["units"]) == (5, 1, 5)
    assert stats["by_type"] == {"Character": 5} and stats["sides"] == {"Light": 3, "Dark": 2}
    assert stats["cost_curve"] == {"3": 3, "8": 2} and stats["average_cost"] == round((9 + 16) / 5, 2)
    assert stats["unit_speed"] == {"50": 2, "60": 3} and stats["unit_power"] == {"2": 3, "6": 2}
    assert (stats["unique"], stats["non_unique"]) == (2, 3)
    assert stats["arenas"]["Character"] == 5


def test_a_swdbg_deck_has_the_tcg_statistics_of_its_starter_deck(owner):
    response = create_setup(client_for(owner), EMPIRE, REBEL)
    assert response.status_code == 201, response.content
    stats = response.json()["stats"]
    assert "destiny" not in stats
    assert (stats["total"], stats["outside_total"]) == (10, 5)  # the starter deck; the bases outside
    assert stats["by_type"] == {"Unit": 10} and stats["sides"] == {"Empire": 10}
    assert stats["cost_curve"] == {"0": 10}


def test_deck_tcg_stats_reads_a_swdbg_cards_attack_as_its_power(owner):
    from decks.deck import services as deck_services
    from decks.models import Deck

    deck = Deck.objects.get(pk=create_setup(client_for(owner), EMPIRE, REBEL).json()["id"])
    cards = {c.card_id: c for c in deck_services.deck_tcg_stat_cards(deck)}
    assert (cards["sw23_stormtrooper"].power, cards["sw23_stormtrooper"].count) == (2.0, 2)
    assert cards["sw23_lothal"].zone == "outside"


# ---- B2: exports offered per game, text labelled as the game labels its zones ----


def test_gemp_exports_are_for_swccg_decks_only(owner):
    from decks.deck.exports import exports_for

    assert exports_for("swccg") == ["gemp", "json", "pdf", "text", "xml"]
    assert exports_for("swtcg") == ["json", "lackey-dek", "lackey-txt", "pdf", "text"]
    assert exports_for("swdbg") == ["json", "pdf", "text"]
    client = client_for(owner)
    tcg = create_tcg(client, cards=TCG_CARDS).json()
    setup = create_setup(client, REPUBLIC, SEPARATIST).json()
    for deck in (tcg, setup):
        for kind in ("gemp", "xml"):
            response = export(client, deck, kind)
            assert response.status_code == 400 and response.json()["code"] == "bad-export"
            assert f"No '{kind}' export for {deck['game']} decks" in response.json()["message"]
        assert export(client, deck, "json").status_code == 200
        assert export(client, deck, "pdf").content.startswith(b"%PDF")


def test_swdbg_text_export_names_its_decks_and_unknown_types(owner):
    client = client_for(owner)
    deck = create_setup(client, REPUBLIC, SEPARATIST).json()
    text = export(client, deck, "text").content.decode()
    assert text.splitlines() == [
        "Deck: Clone Wars",
        "Side: Republic",
        "",
        "Starter deck (10)",
        "Unknown type (10)",  # the Clone Wars starter cards have no type in the catalogue
        "2x Clone Trooper",
        "1x Jedi Knight",
        "7x Republic Shuttle",
        "",
        "Base deck (5)",
        "1x Anaxes",
        "1x Coruscant",
        "1x Kamino",
        "1x Rishi",
        "1x Ryloth",
    ]
    assert "s (10)" not in text and "Outside deck" not in text


def test_swtcg_text_export_names_the_outside_zone_and_reads_back(owner):
    client = client_for(owner)
    deck = create_tcg(client, cards=TCG_CARDS).json()
    text = export(client, deck, "text").content.decode()
    assert "Outside the game / sideboard (1)\n1x Corrupt Supply Lines" in text and "Outside deck" not in text
    read = client.post("/api/decks/import/", {"game": "swtcg", "decklist": text}, format="json").json()
    assert read["problems"] == []
    assert {(c["card_id"], c["zone"], c["count"]) for c in read["cards"]} == {
        ("ANH_7", "deck", 2),
        ("LEG_237", "deck", 3),
        ("AGD_26", "outside", 1),
    }
    assert json.loads(export(client, deck, "json").content)["cards"][-1]["zone"] == "outside"


def test_swtcg_exports_list_the_cards_outside_the_game_exactly(owner):
    """Corrupt Supply Lines and a third Darth Vader (A) outside the game: each export writes exactly them there,
    the Vader kept apart from the deck's two."""
    client = client_for(owner)
    cards = [*TCG_CARDS, {"id": "ANH_7", "count": 1, "zone": "outside"}]
    deck = create_tcg(client, cards=cards).json()
    dek = export(client, deck, "lackey-dek").content.decode()
    zones = {
        zone.get("name"): sorted(card.find("name").get("id") for card in zone.findall("card"))
        for zone in ET.fromstring(dek).findall("superzone")
    }
    assert zones == {
        "Deck": ["ANH007_Darth_Vader_A"] * 2 + ["LEG237_Jedi_Master"] * 3,
        "Supply": [],
        "Sideboard": [],
        "Outside the game": ["AGD026_Corrupt_Supply_Lines", "ANH007_Darth_Vader_A"],
    }
    txt = export(client, deck, "lackey-txt").content.decode()
    assert txt.endswith("\n\nOutside the game:\n1\tCorrupt Supply Lines\n1\tDarth Vader (A)\n")
    assert txt.startswith("2\tDarth Vader (A)\n3\tJedi Master\n")
    text = export(client, deck, "text").content.decode()
    assert text.endswith(
        "\n\nOutside the game / sideboard (2)\n1x Darth Vader (A)\n1x Corrupt Supply Lines\n"
    )
    exported = json.loads(export(client, deck, "json").content)["cards"]
    assert [(c["card_id"], c["count"], c["zone"]) for c in exported][-2:] == [
        ("AGD_26", 1, "outside"),
        ("ANH_7", 1, "outside"),
    ]
    for kind in ("lackey-dek", "lackey-txt", "text"):  # each reads back to the same cards and zones
        body = export(client, deck, kind).content.decode()
        read = client.post("/api/decks/import/", {"game": "swtcg", "decklist": body}, format="json").json()
        assert read["problems"] == [], kind
        assert sorted((c["card_id"], c["zone"], c["count"]) for c in read["cards"]) == [
            ("AGD_26", "outside", 1),
            ("ANH_7", "deck", 2),
            ("ANH_7", "outside", 1),
            ("LEG_237", "deck", 3),
        ], kind


# ---- B3: only the game's zones ----


def test_a_swtcg_deck_refuses_the_starting_zone(owner):
    client = client_for(owner)
    response = create_tcg(client, cards=[*TCG_CARDS, {"id": "ANH_26", "count": 1, "zone": "starting"}])
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid-request"
    assert body["message"] == (
        "cards[3] (ANH_26): zone 'starting' is not a swtcg deck's; use deck (Deck), outside (Outside the game "
        "/ sideboard)"
    )
    deck = create_tcg(client, cards=TCG_CARDS).json()
    response = client.patch(deck["url"], {"cards": [{"id": "ANH_7", "zone": "starting"}]}, format="json")
    assert (
        response.status_code == 400 and "zone 'starting' is not a swtcg deck's" in response.json()["message"]
    )
    assert {c["zone"] for c in client.get(deck["url"]).json()["cards"]} == {"deck", "outside"}  # unchanged
    # A text list's "Starting:" section is refused the same way.
    response = create_tcg(client, decklist="2 Darth Vader (A)\n\nStarting:\n1 Luke Skywalker (A)\n")
    assert response.status_code == 400 and response.json()["code"] == "invalid-request"
    assert "no zone starting (ANH_26 in 'starting')" in response.json()["message"]


def test_swccg_decks_keep_their_starting_zone(owner, catalogue):
    response = client_for(owner).post(
        "/api/decks/",
        {"name": "EBO", "game": "swccg", "cards": [{"id": "7_296", "count": 1, "zone": "starting"}]},
        format="json",
    )
    assert response.status_code == 201 and response.json()["cards"][0]["zone"] == "starting"
    assert "destiny" in response.json()["stats"]  # SWCCG statistics for SWCCG decks


@pytest.mark.parametrize(
    ("game", "side"), [("swccg", "Yuuzhan Vong"), ("swtcg", "Empire"), ("swccg", "Rebel")]
)
def test_a_side_of_another_game_is_refused(game, side):
    user = User.objects.create_user("wedge", password="rogue-two-2222")
    client = APIClient()
    client.force_authenticate(user)
    body = {"name": "Sides", "game": game, "side": side, "cards": []}
    response = client.post("/api/decks/", body, format="json")
    assert response.status_code == 400 and "for this game" in response.json()["message"]


# ---- text exports grouped by each game's own card types ----


def test_swtcg_text_export_groups_by_its_own_types_and_reads_back(owner):
    # Luke's X-Wing (A) (Space), Luke's Speeder (A) (Ground), Beru Lars (A) (Character), Hold 'Em Off
    # (Battle), Obi-Wan's Task (Mission); Corrupt Supply Lines outside.
    cards = [
        {"id": "ANH_28", "count": 2},
        {"id": "ANH_27", "count": 3},
        {"id": "ANH_2", "count": 1},
        {"id": "ANH_17", "count": 4},
        {"id": "ANH_34", "count": 2},
        {"id": "AGD_26", "count": 1, "zone": "outside"},
    ]
    client = client_for(owner)
    deck = create_tcg(client, name="Rebels", side="Light", cards=cards).json()
    text = export(client, deck, "text").content.decode()
    assert text.splitlines() == [
        "Deck: Rebels",
        "Side: Light",
        "",
        "Space (2):",
        "2x Luke's X-Wing (A)",
        "",
        "Ground (3):",
        "3x Luke's Speeder (A)",
        "",
        "Character (1):",
        "1x Beru Lars (A)",
        "",
        "Mission (2):",
        "2x Obi-Wan's Task",
        "",
        "Battle (4):",
        "4x Hold 'Em Off",
        "",
        "Outside the game / sideboard (1)",
        "1x Corrupt Supply Lines",
    ]
    assert "Other" not in text
    read = client.post("/api/decks/import/", {"game": "swtcg", "decklist": text}, format="json").json()
    assert read["problems"] == []
    assert sorted((c["card_id"], c["zone"], c["count"]) for c in read["cards"]) == sorted(
        (c["id"], c.get("zone", "deck"), c["count"]) for c in cards
    )


def test_swdbg_text_export_groups_by_its_own_types(owner):
    client = client_for(owner)
    deck = create_setup(client, EMPIRE, REBEL).json()
    lines = export(client, deck, "text").content.decode().splitlines()
    assert lines[:8] == [
        "Deck: Clone Wars",
        "Side: Empire",
        "",
        "Starter deck (10)",
        "Unit (10)",
        "7x Imperial Shuttle",
        "1x Inquisitor",
        "2x Stormtrooper",
    ]
    assert "Other (10)" not in lines


def test_write_text_orders_swtcg_types_and_spells_them_once():
    from decks.formats_io.base import CardInfo, DeckEntry
    from decks.formats_io.writers import write_text

    info = {
        "A_1": CardInfo("A_1", "Trap One", "Mission - Trap", "Dark"),
        "A_2": CardInfo("A_2", "Trap Two", "Mission – Trap", "Dark"),
        "A_3": CardInfo("A_3", "Trap Three", "Mission -Trap", "Dark"),
        "A_4": CardInfo("A_4", "Walker", "Ground/Character", "Dark"),
        "A_5": CardInfo("A_5", "Cruiser", "Space", "Dark"),
        "A_6": CardInfo("A_6", "Mystery", "", "Dark"),
    }
    entries = [DeckEntry(cid, 1) for cid in info]
    headers = [line for line in write_text(entries, info, game="swtcg").splitlines() if line.endswith("):")]
    assert headers == ["Space (1):", "Ground/Character (1):", "Mission - Trap (3):", "Unknown type (1):"]
    # The default reading of SWCCG types and names is unchanged.
    swccg = write_text(entries, info).splitlines()
    assert "Other (5)" in swccg and "Unknown type (1)" in swccg


# ---- the deck page in each game's words ----


def test_a_swdbg_deck_page_counts_in_its_zones_and_shows_a_zero_average_cost(client, owner):
    client.force_login(owner)
    deck = create_setup(client_for(owner), EMPIRE, REBEL).json()
    page = client.get(f"/decks/{deck['id']}/").content.decode()
    assert "<h2>10 cards in the starter deck, 5 in the base deck</h2>" in page
    assert "outside</h2>" not in page
    assert "<dt>Average cost</dt><dd>0.0</dd>" in page  # every starter card costs 0: not "—"


def test_a_deck_saved_without_a_side_shows_the_side_of_its_cards(client, owner):
    client.force_login(owner)
    deck = create_tcg(client_for(owner), cards=[{"id": "ANH_7", "count": 2}]).json()  # Darth Vader (A)
    assert deck["side"] == ""
    page = client.get(f"/decks/{deck['id']}/").content.decode()
    assert "SWTCG · Dark, from the cards · by lando" in page and "no side" not in page
    assert "<h2>2 cards</h2>" in page


def test_a_swccg_deck_page_shows_a_zero_average_destiny(client, owner, catalogue):
    client.force_login(owner)
    body = {"name": "Ozzel", "game": "swccg", "side": "Dark", "cards": [{"id": "3_82", "count": 2}]}
    deck = client_for(owner).post("/api/decks/", body, format="json").json()  # Admiral Ozzel, destiny 0
    page = client.get(f"/decks/{deck['id']}/").content.decode()
    assert "<dt>Average destiny</dt><dd>0.0" in page
    assert "SWCCG · Dark · by lando" in page and "<h2>2 cards</h2>" in page
