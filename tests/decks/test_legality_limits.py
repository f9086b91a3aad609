"""The legality rules at their exact limits, with real cards: one legal and one illegal deck on each side of
every boundary, so a limit off by one in either direction fails a test.

- SWTCG: no arena with more than twice the units of another (24:12 legal, 25:12 not);
- SWCCG: at most 50 cards outside the deck (50 legal, 51 not); an outside-deck card of the other side mixes
  the sides of a deck that declares none;
- SW:DBG: a base deck of exactly 5 (beginner) or 10 (Full Galaxy), the starting base included.
"""

import json
from collections import Counter
from itertools import cycle, islice
from pathlib import Path

import pytest
from django.core.management import call_command

from decks.legality.formats_import import import_swdbg_formats, import_swtcg_formats
from decks.legality.pool import tcg_pool
from decks.legality.services import legality_check
from tests.decks.test_swdbg_setup import EMPIRE_ALL_BASES, EMPIRE_STARTER, REBEL_ALL_BASES, REBEL_STARTER

FIXTURES = Path(__file__).parent / "fixtures"

# ---- SWTCG: arena balance ------------------------------------------------------------------------------------


@pytest.fixture
def swtcg_units(swtcg_catalogue) -> tuple[list[str], list[str]]:
    """The fixture deck (12 Space, 12 Ground, 12 Character units; legal) and real Light Side A New Hope
    Character units to add, as many copies each as the copy limit leaves (4 of a name and version)."""
    import_swtcg_formats()
    fixture = json.loads((FIXTURES / "swtcg_decks.json").read_text())["legal_anh_light"]["deck"]
    deck = [code for code, count in fixture.items() for _ in range(count)]
    pool = tcg_pool()
    used = Counter((pool[c].name, pool[c].version) for c in deck)
    extra = []
    for code, card in sorted(pool.items()):
        if (card.set, card.side, card.arenas) != ("ANH", "Light", ("Character",)):
            continue
        if card.banned_in or card.restricted_in:
            continue
        room = 4 - used[(card.name, card.version)]
        extra += [code] * max(room, 0)
        used[(card.name, card.version)] += max(room, 0)
    assert len(extra) >= 13, "the catalogue has fewer Light ANH Character units than the test needs"
    return deck, extra


def swtcg_check(cards: list[str]) -> dict:
    return legality_check(game="swtcg", format="full", cards=cards)


def test_swtcg_24_character_units_to_12_is_legal(swtcg_units):
    deck, extra = swtcg_units
    result = swtcg_check(deck + extra[:12])
    assert result["summary"]["arenas"] == {"Space": 12, "Ground": 12, "Character": 24}
    assert result["legal"], result["violations"]


def test_swtcg_25_character_units_to_12_is_not(swtcg_units):
    deck, extra = swtcg_units
    result = swtcg_check(deck + extra[:13])
    assert result["summary"]["arenas"] == {"Space": 12, "Ground": 12, "Character": 25}
    balance = [v for v in result["violations"] if v["code"] == "arena-balance"]
    assert [v["code"] for v in result["violations"]] == ["arena-balance", "arena-balance"]
    assert all(v["message"].startswith("25 Character units is more than 2 times the 12 ") for v in balance)


# ---- SWCCG: outside the deck -----------------------------------------------------------------------------------


@pytest.fixture
def ebo(catalogue, swccg_dir) -> list[str]:
    """Classic EBO, a real Light Side deck legal in Classic with nothing outside the deck. The formats are
    imported again (inside the test's transaction), so the limits come from the data files as they are now."""
    call_command("import_formats", "swccg", "--source", str(swccg_dir), verbosity=0)
    decks = json.loads((swccg_dir / "gemp" / "sample_decks.json").read_text())["decks"]
    deck = next(d for d in decks if d["name"] == "Classic EBO")
    assert deck["outside_deck"] == []
    return deck["cards"]


def swccg_check(cards: list[str], outside: list[str]) -> dict:
    return legality_check(game="swccg", format="classic", cards=cards, outside_deck=outside)


def outside_cards(deck: list[str], n: int) -> list[str]:
    """n real Light Side cards legal in Classic: the deck's own, round and round."""
    return list(islice(cycle(deck), n))


def test_swccg_50_cards_outside_the_deck_is_legal(ebo):
    result = swccg_check(ebo, outside_cards(ebo, 50))
    assert result["summary"]["outside_deck"] == 50
    assert result["legal"], result["violations"]


def test_swccg_51_cards_outside_the_deck_is_not(ebo):
    result = swccg_check(ebo, outside_cards(ebo, 51))
    assert [v["code"] for v in result["violations"]] == ["too-many-outside-deck"]
    assert result["violations"][0]["message"] == (
        "51 cards are outside the deck; at most 50 allowed. Remove 1."
    )


def test_swccg_an_outside_card_of_the_same_side_keeps_an_undeclared_deck_legal(ebo):
    result = swccg_check(ebo, [ebo[0]])
    assert result["summary"]["side"] == "Light"
    assert result["legal"], result["violations"]


def test_swccg_an_outside_card_of_the_other_side_alone_mixes_the_sides(ebo):
    vader = "1_168"  # •Darth Vader, Dark Side, Premiere: legal in Classic
    assert swccg_check(ebo, [])["legal"]  # the deck alone is one side
    result = swccg_check(ebo, [vader])
    assert [v["code"] for v in result["violations"]] == ["mixed-sides"]
    assert result["violations"][0]["cards"] == [vader]
    assert "60 Light Side and 1 Dark Side cards" in result["violations"][0]["message"]


# ---- SW:DBG: base deck size ------------------------------------------------------------------------------------

# The original edition's ten bases per faction, the starting base first; all are in the catalogue.
EMPIRE_BASES, REBEL_BASES = EMPIRE_ALL_BASES, REBEL_ALL_BASES


def swdbg_check(format: str, empire_bases: list, rebel_bases: list) -> dict:
    setup = {
        "players": [
            {"faction": "Empire", "starter": EMPIRE_STARTER, "bases": empire_bases},
            {"faction": "Rebel", "starter": REBEL_STARTER, "bases": rebel_bases},
        ],
        "bases_to_win": 4 if format == "full-galaxy" else 3,
    }
    return legality_check(game="swdbg", format=format, setup=setup)


@pytest.fixture
def swdbg_formats(swdbg_catalogue):
    import_swdbg_formats()  # the sizes as decks/data/swdbg_formats.json says now


def base_deck_sizes(result: dict) -> list[str]:
    return [v["message"] for v in result["violations"] if v["code"] == "base-deck-size"]


@pytest.mark.parametrize(
    ("format", "size"),
    [("beginner", 5), ("full-galaxy", 10)],
)
def test_swdbg_a_base_deck_of_exactly_the_size_is_legal(swdbg_formats, format, size):
    result = swdbg_check(format, EMPIRE_BASES[:size], REBEL_BASES[:size])
    assert [p["base_cards"] for p in result["summary"]["players"]] == [size, size]
    assert result["legal"], result["violations"]


@pytest.mark.parametrize(
    ("format", "size", "needed"),
    [("beginner", 6, 5), ("beginner", 4, 5), ("full-galaxy", 9, 10)],
)
def test_swdbg_a_base_deck_one_off_the_size_is_not(swdbg_formats, format, size, needed):
    result = swdbg_check(format, EMPIRE_BASES[:size], REBEL_BASES[:needed])
    assert [v["code"] for v in result["violations"]] == ["base-deck-size"]
    assert base_deck_sizes(result)[0].startswith(f"Empire (players[0]): the base deck has {size} bases; ")


def test_swdbg_a_full_galaxy_base_deck_of_11_is_not(swdbg_formats):
    """The Empire has ten bases: an eleventh is a copy too many as well as one base too many."""
    result = swdbg_check("full-galaxy", [*EMPIRE_BASES, "Kessel"], REBEL_BASES)
    assert sorted(v["code"] for v in result["violations"]) == ["base-deck-size", "card-copies"]
    assert base_deck_sizes(result) == [
        "Empire (players[0]): the base deck has 11 bases; Full Galaxy needs exactly 10, the starting base included."
    ]
