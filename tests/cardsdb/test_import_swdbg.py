"""The SW:DBG importer against the real data: original_2023.json (shared data) and the project's own Clone Wars
Edition file — counts, mapping, disputed values, idempotency and atomicity."""

import hashlib
import json
import re

import pytest
from django.core.management import CommandError, call_command

from cardsdb.importers import swdbg
from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.sources import LocalSource
from cardsdb.importers.sync import apply_snapshot
from cardsdb.models import Card, CardSet, ImportRun, Printing
from cardsdb.selectors import card_search
from tests.conftest import SESSION_IMPORTS, require_data, writable_copy

BUNDLED = swdbg.PACKAGE_PARENT / "cardsdb" / "data" / "swdbg_clone_wars_2024.json"


@pytest.fixture
def swdbg_dir(db):
    return require_data() / "swdbg"


@pytest.fixture
def imported(swdbg_dir):
    """The SW:DBG catalogue the test session imported (its first import's summary); each test runs in a
    transaction on top of it."""
    return SESSION_IMPORTS["swdbg"]


@pytest.fixture
def source_copy(swdbg_dir, tmp_path):
    return writable_copy(swdbg_dir, tmp_path / "swdbg")


def records(path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cards"]


def cards(**filters):
    return Card.objects.filter(game="swdbg", **filters)


def fingerprint() -> str:
    parts = [
        list(cards().order_by("code").values_list("code", "source_hash")),
        list(CardSet.objects.filter(game="swdbg").order_by("code").values_list("code", "name", "kind")),
        sorted(Printing.objects.filter(card__game="swdbg").values_list("card__code", "card_set__code")),
    ]
    return hashlib.sha256(json.dumps(parts, default=str).encode()).hexdigest()


# --- counts -------------------------------------------------------------------------------------------------


def test_every_record_of_both_files_is_a_card(imported, swdbg_dir):
    original, clone_wars = records(swdbg_dir / "original_2023.json"), records(BUNDLED)
    assert len(original) == 82
    assert imported.cards.added == cards().count() == len(original) + len(clone_wars)
    assert cards(card_set__code="original_2023").count() == 82
    assert cards(card_set__code="clone_wars_2024").count() == len(clone_wars)
    assert Printing.objects.filter(card__game="swdbg").count() == cards().count()
    sets = CardSet.objects.filter(game="swdbg").order_by("position")
    assert [(s.code, s.name, s.abbr, s.kind) for s in sets] == [
        ("original_2023", "Original edition (2023)", "SW23", "ffg"),
        ("clone_wars_2024", "Clone Wars Edition (2024)", "CW24", "ffg"),
    ]
    assert imported.warnings == []


def test_original_edition_matches_the_notes(imported):
    """NOTES.md: 55 galaxy titles (90 cards, 30 per faction), 10-card starters, 10 Outer Rim Pilots, 20 bases."""
    original = cards(card_set__code="original_2023")
    galaxy = original.filter(extra__deck="galaxy")
    assert galaxy.count() == 55
    assert sum(c.extra["copies"] for c in galaxy) == 90
    per_side = {}
    for card in galaxy:
        titles, copies = per_side.get(card.side, (0, 0))
        per_side[card.side] = (titles + 1, copies + card.extra["copies"])
    assert per_side == {"Empire": (18, 30), "Rebel": (19, 30), "Neutral": (18, 30)}
    starters = {c.title: (c.side, c.extra["copies"]) for c in original.filter(extra__deck="starter")}
    assert starters == {
        "Imperial Shuttle": ("Empire", 7),
        "Stormtrooper": ("Empire", 2),
        "Inquisitor": ("Empire", 1),
        "Alliance Shuttle": ("Rebel", 7),
        "Rebel Trooper": ("Rebel", 2),
        "Temple Guardian": ("Rebel", 1),
    }
    pilot = original.get(extra__deck="outer_rim")
    assert (pilot.code, pilot.cost, pilot.resources, pilot.extra["copies"]) == (
        "sw23_outer-rim-pilot",
        2,
        2,
        10,
    )
    bases = original.filter(type="Base")
    assert bases.count() == 20 and set(bases.values_list("extra__deck", flat=True)) == {"base"}
    assert {s: bases.filter(side=s).count() for s in ("Empire", "Rebel")} == {"Empire": 10, "Rebel": 10}
    assert set(bases.filter(extra__starting_base=True).values_list("title", flat=True)) == {
        "Lothal",
        "Dantooine",
    }
    assert set(original.values_list("type", flat=True)) == {"Unit", "Capital Ship", "Base"}


# --- mapping ------------------------------------------------------------------------------------------------


def test_tie_fighter_has_every_fact(imported):
    card = cards().get(code="sw23_tie-fighter")
    assert (card.title, card.name, card.side, card.type, card.subtype, card.rarity) == (
        "TIE Fighter",
        "TIE Fighter",
        "Empire",
        "Unit",
        "",
        "",
    )
    assert (card.cost, card.attack, card.resources, card.force, card.hit_points) == (1, 2, 0, 0, None)
    assert card.stats_text == {
        "cost": "1",
        "attack": "2",
        "resources": "0",
        "force": "0",
        "target_value": "1",
    }
    assert (card.uniqueness_kind, card.uniqueness_limit) == ("none", None)
    assert card.characteristics == ["Fighter"] and card.search_chars == "|fighter|"
    assert card.gametext == "If you have a capital ship in play, draw 1 card."
    assert card.search_title == "tie fighter" and card.search_text == card.gametext.lower()
    extra = card.extra
    assert (extra["edition"], extra["deck"], extra["copies"]) == ("original_2023", "galaxy", 3)
    assert (extra["target_value"], extra["reward"], extra["verified"]) == (1, "1 resource", True)
    assert len(extra["sources"]) == 3 and extra["notes"] is None
    assert (extra["disputed"], extra["unknown"]) == ({}, [])  # a unit prints no hit points: not unknown
    assert list(card.printings.values_list("card_set__code", "rarity")) == [("original_2023", "")]


def test_unique_cards_and_unknown_uniqueness(imported):
    vader = cards().get(code="sw23_darth-vader")
    assert (vader.uniqueness_kind, vader.uniqueness_limit, vader.characteristics) == ("unique", 1, ["Sith"])
    # A base prints no cost or traits; its uniqueness the source leaves empty, so it is unknown (issue #12).
    lothal = cards().get(code="sw23_lothal")
    assert (lothal.uniqueness_kind, lothal.hit_points, lothal.stats_text) == ("none", 8, {"hit_points": "8"})
    assert lothal.extra["unknown"] == ["unique", "ability"]
    assert lothal.extra["starting_base"] is True


def test_tatooine_hit_points_dispute_is_visible(imported):
    tatooine = cards().get(code="sw23_tatooine")
    assert tatooine.hit_points is None
    assert tatooine.stats_text["hit_points"] == "14 or 16"
    assert tatooine.extra["disputed"] == {"hit_points": [14, 16]}
    assert "hit_points" not in tatooine.extra["unknown"]
    assert set(card_search(query='hp:"14 or 16"', game="swdbg").values_list("code", flat=True)) == {
        "sw23_tatooine"
    }
    assert not card_search(query="hp>=14 name:tatooine", game="swdbg").exists()


def test_trait_disputes_leave_traits_empty(imported):
    disputed = {c.code: c for c in cards().exclude(extra__disputed__traits=None)}
    assert set(disputed) == {"sw23_jyn-erso", "sw23_duros-spy", "sw23_u-wing"}
    jyn = disputed["sw23_jyn-erso"]
    assert (jyn.characteristics, jyn.search_chars) == ([], "||")
    assert jyn.extra["disputed"] == {"traits": [["Trooper"], ["Scoundrel"]]}
    fighters = set(card_search(query="char:fighter", game="swdbg").values_list("code", flat=True))
    assert {"sw23_tie-fighter", "sw23_x-wing"} <= fighters and "sw23_u-wing" not in fighters


def test_codes_are_stable_slugs():
    assert swdbg.slug("Twi'lek Smuggler") == "twilek-smuggler"
    assert swdbg.slug("Venator-Class Destroyer") == "venator-class-destroyer"
    assert swdbg.slug("Yavin 4") == "yavin-4"


def test_a_repeated_title_adds_the_faction_then_the_deck():
    edition = swdbg.EDITIONS[0]
    rows = [
        {"title": "Coruscant", "faction": "Empire", "deck": "base"},
        {"title": "Coruscant", "faction": "Rebel", "deck": "base"},
        {"title": "Shuttle", "faction": "Rebel", "deck": "starter"},
        {"title": "Shuttle", "faction": "Rebel", "deck": "galaxy"},
        {"title": "TIE Fighter", "faction": "Empire", "deck": "galaxy"},
    ]
    codes = swdbg._codes([(edition, f"record {i}", r) for i, r in enumerate(rows)])
    assert codes == [
        "sw23_coruscant-empire",
        "sw23_coruscant-rebel",
        "sw23_shuttle-rebel-starter",
        "sw23_shuttle-rebel-galaxy",
        "sw23_tie-fighter",
    ]
    with pytest.raises(
        ImportProblem, match=r"original_2023\.json, record 1: an earlier record gives the same card"
    ):
        swdbg._codes([(edition, f"record {i}", rows[0]) for i in range(2)])


# --- the Clone Wars Edition ---------------------------------------------------------------------------------


def test_clone_wars_bases_and_starters_from_the_rulebook(imported):
    clone_wars = cards(card_set__code="clone_wars_2024")
    bases = {c.title: (c.side, c.extra["starting_base"]) for c in clone_wars.filter(type="Base")}
    assert bases == {
        **{t: ("Republic", t == "Rishi") for t in ("Rishi", "Anaxes", "Coruscant", "Kamino", "Ryloth")},
        **{t: ("Separatist", t == "Xorrn") for t in ("Xorrn", "Dac", "Felucia", "Geonosis", "Mygeeto")},
    }
    assert all(c.extra["beginner_base_deck"] for c in clone_wars.filter(type="Base"))
    assert cards().get(code="cw24_coruscant").side == "Republic"  # not the original's Empire Coruscant
    starters = {c.title: (c.side, c.extra["copies"]) for c in clone_wars.filter(extra__deck="starter")}
    assert starters == {
        "Republic Shuttle": ("Republic", 7),
        "Clone Trooper": ("Republic", 2),
        "Jedi Knight": ("Republic", 1),
        "Separatist Shuttle": ("Separatist", 7),
        "B1 Battle Droid": ("Separatist", 2),
        "Dark Side Agent": ("Separatist", 1),
    }
    b1 = cards().get(code="cw24_b1-battle-droid")
    assert (b1.cost, b1.characteristics, b1.type) == (0, ["Droid"], "")
    assert cards().get(code="cw24_outer-rim-pilot").extra["copies"] == 10


def test_clone_wars_cards_list_what_is_unknown(imported):
    clone_wars = cards(card_set__code="clone_wars_2024")
    assert all(c.extra["unknown"] and c.extra["verified"] is False for c in clone_wars)
    assert all(
        c.extra["sources"] and all(s.startswith("rulebook: ") for s in c.extra["sources"]) for c in clone_wars
    )
    asajj = cards().get(code="cw24_asajj-ventress")
    assert (asajj.side, asajj.type, asajj.force, asajj.stats_text) == ("", "Unit", 2, {"force": "2"})
    # A galaxy unit of unknown faction: no hit points, but it may be a faction card with a target value.
    assert asajj.extra["unknown"] == [
        "faction",
        "cost",
        "attack",
        "resources",
        "unique",
        "traits",
        "target_value",
        "reward",
        "ability",
        "copies",
    ]
    assert "Separatist or neutral" in asajj.extra["notes"]
    trench = cards().get(code="cw24_admiral-trench")
    assert (trench.side, trench.extra["target_value"], trench.extra["reward"]) == (
        "Separatist",
        5,
        "3 resources + 2 Force",
    )
    assert trench.stats_text == {"target_value": "5"} and "card_type" in trench.extra["unknown"]
    assert "hit_points" in trench.extra["unknown"]  # of unknown type: it may be a capital ship
    b1 = cards().get(code="cw24_b1-battle-droid")  # a starter card is never attacked
    assert "hit_points" in b1.extra["unknown"] and "target_value" not in b1.extra["unknown"]
    assert {c.side for c in cards(code__in=["cw24_aurore-class-freighter", "cw24_assassin-droid"])} == {
        "Neutral"
    }


def test_clone_wars_sources_cite_lines_that_name_the_card():
    """Each card's source lines (of the plain-text rulebook) mention the card, so the citations can be checked."""
    rulebook = require_data().parent / "docs" / "rules" / "swdbg-clone-wars-edition-rulebook.txt"
    if not rulebook.is_file():
        pytest.fail(f"the rulebook text is not beside CARDSDB_DATA_DIR: {rulebook}")
    lines = rulebook.read_text(encoding="utf-8").split("\n")
    for record in records(BUNDLED):
        cited = set()
        for source in record["source"]:
            for first, last in re.findall(r"(\d+)(?:-(\d+))?", source.rpartition("(")[2]):
                cited |= set(range(int(first), int(last or first) + 1))
        assert any(record["title"] in lines[n - 1] for n in cited), record["title"]


# --- idempotency and failures -------------------------------------------------------------------------------


def test_second_import_changes_nothing(imported, swdbg_dir):
    before, runs = fingerprint(), ImportRun.objects.count()
    summary = apply_snapshot(swdbg.load(LocalSource(swdbg_dir)))
    assert not summary.changed_anything
    assert summary.cards.unchanged == imported.cards.added
    assert (fingerprint(), ImportRun.objects.count()) == (before, runs)


def test_the_command_imports_and_reports(db, swdbg_dir, capsys):
    Card.objects.filter(game="swdbg").delete()  # rolled back after the test
    call_command("import_cards", "swdbg", "--source", str(swdbg_dir))
    assert "111 added" in capsys.readouterr().out
    call_command("import_cards", "swdbg", "--source", str(swdbg_dir))
    assert "nothing changed" in capsys.readouterr().out


def _edit(path, index, change):
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc["cards"][index])
    path.write_text(json.dumps(doc), encoding="utf-8")


@pytest.mark.parametrize(
    "change, match",
    [
        (
            lambda r: r.update(cost="three"),
            r"original_2023\.json, record 5 \('TIE Interceptor'\): cost should be",
        ),
        (lambda r: r.pop("faction"), r"record 5 \('TIE Interceptor'\): missing faction"),
        (lambda r: r.update(faction="Sith"), r"record 5 \('TIE Interceptor'\): unknown faction 'Sith'"),
        (
            lambda r: r.update(copies=True),
            r"record 5 \('TIE Interceptor'\): copies should be int or null, not true",
        ),
        (
            lambda r: r.update(traits_candidates=["Fighter (a)", "Vehicle (b)"]),
            r"record 5 \('TIE Interceptor'\): traits is both given \(\[\"Fighter\"\]\) and disputed",
        ),
    ],
)
def test_a_bad_record_is_named_and_nothing_is_written(imported, source_copy, change, match):
    _edit(source_copy / "original_2023.json", 5, change)
    before, runs = fingerprint(), ImportRun.objects.count()
    with pytest.raises(CommandError, match=match):
        call_command("import_cards", "swdbg", "--source", str(source_copy), verbosity=0)
    assert (fingerprint(), ImportRun.objects.count()) == (before, runs)


def test_a_truncated_file_writes_nothing(imported, source_copy):
    path = source_copy / "original_2023.json"
    path.write_bytes(path.read_bytes()[:5000])
    before, runs = fingerprint(), ImportRun.objects.count()
    with pytest.raises(CommandError, match=r"original_2023\.json: invalid or truncated JSON"):
        call_command("import_cards", "swdbg", "--source", str(source_copy), verbosity=0)
    assert (fingerprint(), ImportRun.objects.count()) == (before, runs)


def test_a_bad_bundled_record_is_named(db, swdbg_dir, tmp_path):
    broken = tmp_path / "cardsdb" / "data"
    broken.mkdir(parents=True)
    doc = json.loads(BUNDLED.read_text(encoding="utf-8"))
    doc["cards"][0]["edition"] = "original_2023"
    (broken / BUNDLED.name).write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(
        ImportProblem, match=r"cardsdb/data/swdbg_clone_wars_2024\.json, record 0 \('Rishi'\)"
    ):
        swdbg.load(LocalSource(swdbg_dir), bundled=LocalSource(tmp_path))
