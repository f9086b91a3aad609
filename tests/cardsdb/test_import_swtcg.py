"""The SWTCG importer against the real shared data: counts, the data's traps, idempotency and atomicity."""

import hashlib
import json

import pytest
from django.core.management import CommandError, call_command

from cardsdb.importers import swtcg
from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.sources import LocalSource, open_source
from cardsdb.importers.sync import apply_snapshot
from cardsdb.models import Card, CardSet, ImportRun, Persona, Printing
from core.swtcg.usage import usage_marks
from tests.conftest import SESSION_IMPORTS, writable_copy

WOTC = {"AOTC", "SR", "ANH", "BOY", "JG", "ESB", "RAS", "PM", "ROTJ", "ROTS"}


@pytest.fixture
def imported(swtcg_catalogue):
    """The SWTCG catalogue the test session imported (its first import's summary); each test runs in a
    transaction on top of it."""
    return SESSION_IMPORTS["swtcg"]


@pytest.fixture
def source_copy(swtcg_dir, tmp_path):
    """A writable copy of the SWTCG data, for breaking it."""
    return writable_copy(swtcg_dir, tmp_path / "swtcg")


def card_rows(swtcg_dir) -> dict[str, int]:
    """Card rows per set file, counted straight from the files (header and HELP left out)."""
    counts = {}
    for path in sorted((swtcg_dir / "sets").glob("*.txt")):
        if path.stem == "HELP":
            continue
        lines = path.read_bytes().decode("utf-8").split("\n")
        counts[path.stem] = sum(1 for line in lines[1:] if line.strip())
    return counts


def fingerprint() -> str:
    parts = [
        list(Card.objects.filter(game="swtcg").order_by("code").values_list("code", "source_hash")),
        list(CardSet.objects.filter(game="swtcg").order_by("code").values_list("code", "name", "kind")),
        list(Persona.objects.filter(game="swtcg").order_by("code").values_list("code", "name")),
        sorted(
            Printing.objects.filter(card__game="swtcg").values_list("card__code", "card_set__code", "rarity")
        ),
        sorted(
            Card.personas.through.objects.filter(card__game="swtcg").values_list(
                "card__code", "persona__code"
            )
        ),
    ]
    return hashlib.sha256(json.dumps(parts, default=str).encode()).hexdigest()


# --- counts ---------------------------------------------------------------------------------------------


def test_counts_match_the_source(imported, swtcg_dir):
    rows = card_rows(swtcg_dir)
    assert len(list((swtcg_dir / "sets").glob("*.txt"))) == 75
    # VVI.txt repeats VV1.txt and 98 PROMO rows repeat cards of their own set: no cards, no set of their own
    # (tests/cardsdb/test_catalogue_fidelity.py); every other row is a card.
    assert rows.pop("VVI") == 45
    assert len(rows) == CardSet.objects.filter(game="swtcg").count() == 73
    assert imported.cards.added == Card.objects.filter(game="swtcg").count() == sum(rows.values()) - 98
    assert Printing.objects.filter(card__game="swtcg").count() == sum(rows.values())
    per_set = {s.code: s.printings.count() for s in CardSet.objects.filter(game="swtcg")}
    assert per_set == rows
    assert "HELP" not in per_set
    assert any("VP.txt" in w for w in imported.warnings)


def test_wizards_and_community_sets(imported):
    kinds = dict(CardSet.objects.filter(game="swtcg").values_list("code", "kind"))
    assert {code for code, kind in kinds.items() if kind == "wotc"} == WOTC
    assert {kind for code, kind in kinds.items() if code not in WOTC} == {"community"}


# --- card facts -----------------------------------------------------------------------------------------


def test_anakin_skywalker_a_has_every_fact(imported):
    card = Card.objects.get(game="swtcg", code="AOTC_1")
    assert (card.title, card.name, card.side, card.type, card.subtype) == (
        "Anakin Skywalker (A)",
        "Anakin Skywalker",
        "Light",
        "Character",
        "Jedi Padawan",
    )
    assert (card.cost, card.speed, card.power, card.health) == (7, 60, 6, 5)
    assert card.stats_text == {"cost": "7", "speed": "60", "power": "6", "health": "5"}
    assert (card.uniqueness_kind, card.uniqueness_limit, card.rarity) == ("unique", 1, "R")
    assert card.gametext == "Pay 3 Force -> Evade 3"
    assert card.card_set.code == "AOTC"
    assert card.extra["image_file"] == "Anakin_Skywalker_A"
    assert card.extra["classification"] == "WOTC, REP"
    assert (card.extra["version"], card.extra["banned"], card.extra["restricted"]) == ("A", False, False)
    assert card.search_title == "anakin skywalker"
    assert card.search_text == "pay 3 force -> evade 3"
    assert list(card.printings.values_list("card_set__code", "rarity")) == [("AOTC", "R")]


def test_version_letter_makes_a_card_unique(imported):
    assert Card.objects.get(game="swtcg", code="ANH_7").uniqueness_kind == "unique"  # Darth Vader (A)
    promo = Card.objects.get(game="swtcg", title="Anakin Skywalker (C) (Promo)")
    assert (promo.name, promo.uniqueness_kind, promo.extra["version"]) == ("Anakin Skywalker", "unique", "C")
    assert promo.extra["printing_notes"] == ["Promo"]
    plain = Card.objects.get(game="swtcg", code="AGD_214")  # Escaping Mustafar, a mission
    assert (plain.uniqueness_kind, plain.uniqueness_limit, plain.personas.count()) == ("none", None, 0)
    assert not Card.objects.filter(game="swtcg", uniqueness_kind="unique", personas=None).exists()


def test_darth_vader_and_anakin_share_one_persona(imported):
    vader = Card.objects.get(game="swtcg", code="ANH_7")
    anakin = Card.objects.get(game="swtcg", code="AOTC_1")
    assert list(vader.personas.values_list("code", flat=True)) == ["anakin_skywalker"]
    assert list(anakin.personas.all()) == list(vader.personas.all())
    persona = Persona.objects.get(game="swtcg", code="anakin_skywalker")
    assert persona.name == "Anakin Skywalker"
    names = set(persona.cards.values_list("name", flat=True))
    assert {"Anakin Skywalker", "Darth Vader"} <= names


def test_x_star_and_blank_stats_have_no_number(imported):
    mission = Card.objects.get(game="swtcg", code="AGD_214")  # Cost X
    assert (mission.cost, mission.stats_text.get("cost")) == (None, "X")
    assert mission.speed is None and "speed" not in mission.stats_text
    fleet = Card.objects.get(game="swtcg", code="AGD_87")  # Power *
    assert (fleet.power, fleet.stats_text.get("power")) == (None, "*")


def test_usage_notes_and_flags(imported):
    banned = Card.objects.get(game="swtcg", code="ALTA_1")
    assert banned.extra["usage"] == "*BANNED:Standard"
    assert (banned.extra["banned"], banned.extra["restricted"]) == (True, False)
    restricted = Card.objects.filter(game="swtcg", extra__usage__icontains="RESTRICTED")
    assert restricted.exists() and all(c.extra["restricted"] for c in restricted)


def test_repeated_or_empty_numbers_get_distinct_stable_codes(imported, swtcg_dir):
    start = card_rows(swtcg_dir)["START"]
    assert Card.objects.filter(game="swtcg", card_set__code="START").count() == start
    assert Card.objects.filter(game="swtcg", code="START_85-ajunta-pall-a-starter").exists()
    # Same number, same title twice in LEG: the second gets -2 (file order).
    assert set(
        Card.objects.filter(game="swtcg", code__startswith="LEG_192-").values_list("code", flat=True)
    ) >= {"LEG_192-treis-sinde-b"}
    assert Card.objects.filter(game="swtcg", code="AOTC_anakin-skywalker-c-promo").exists()


def test_codes_are_deterministic(swtcg_dir):
    first = [c.code for c in swtcg.load(LocalSource(swtcg_dir)).cards]
    second = [c.code for c in swtcg.load(LocalSource(swtcg_dir)).cards]
    assert first == second and len(set(first)) == len(first)


def test_duplicate_codes_are_disambiguated_in_file_order():
    rows = [
        ("sets/X.txt", 2, {"Set": "X", "Number": "5", "Name": "Same"}),
        ("sets/X.txt", 3, {"Set": "X", "Number": "5.0", "Name": "Same"}),
        ("sets/X.txt", 4, {"Set": "X", "Number": "6", "Name": "Other"}),
        ("sets/X.txt", 5, {"Set": "X", "Number": "", "Name": "Blank (A)"}),
    ]
    assert swtcg._codes(rows) == ["X_5-same", "X_5-same-2", "X_6", "X_blank-a"]


@pytest.mark.parametrize(
    "title, expected",
    [
        ("Anakin Skywalker (A)", ("Anakin Skywalker", "A", [])),
        ("Jango Fett (D) (Promo 2)", ("Jango Fett", "D", ["Promo 2"])),
        ("Luke's Illusion (A) (Starter)", ("Luke's Illusion", "A", ["Starter"])),
        ("Han Solo (A2)", ("Han Solo", "A2", [])),
        ("Clone Warrior 4/163 (Promo)", ("Clone Warrior 4/163", None, ["Promo"])),
        ("Escaping Mustafar", ("Escaping Mustafar", None, [])),
    ],
)
def test_split_title(title, expected):
    assert swtcg.split_title(title) == expected


# --- idempotency and failures ---------------------------------------------------------------------------


def test_second_import_changes_nothing(imported, swtcg_dir):
    before = fingerprint()
    runs = ImportRun.objects.count()
    summary = apply_snapshot(swtcg.load(LocalSource(swtcg_dir)))
    assert not summary.changed_anything
    assert summary.cards.unchanged == imported.cards.added
    assert fingerprint() == before
    assert ImportRun.objects.count() == runs


def _edit_line(path, number, change):
    lines = path.read_bytes().decode("utf-8").split("\n")
    line = lines[number - 1]
    ending = "\r" if line.endswith("\r") else ""  # keep the file's CRLF
    lines[number - 1] = change(line.removesuffix("\r")) + ending
    path.write_bytes("\n".join(lines).encode("utf-8"))


def _fails_and_writes_nothing(source, match):
    before, runs = fingerprint(), ImportRun.objects.count()
    with pytest.raises(CommandError, match=match):
        call_command("import_cards", "swtcg", "--source", str(source), verbosity=0)
    assert (fingerprint(), ImportRun.objects.count()) == (before, runs)


def _set_column(line, index, value):
    values = line.split("\t")
    values[index] = value
    return "\t".join(values)


@pytest.mark.parametrize(
    "file, line, change, match",
    [
        (
            "ROTS",
            40,
            lambda line: line + "\textra",
            r"sets/ROTS\.txt, line 40: 17 columns where the header has 16",
        ),
        ("AOTC", 5, lambda line: _set_column(line, 0, " "), r"sets/AOTC\.txt, line 5: Name is missing"),
        (
            "YV",
            90,
            lambda line: _set_column(line, 8, "7ish"),
            r"sets/YV\.txt, line 90 \('.*'\): Power '7ish'",
        ),
    ],
)
def test_malformed_row_names_file_and_line(db, source_copy, file, line, change, match):
    _edit_line(source_copy / "sets" / f"{file}.txt", line, change)
    _fails_and_writes_nothing(source_copy, match)


def test_missing_listed_file_names_the_list_line(db, source_copy):
    (source_copy / "sets" / "AOTC.txt").unlink()
    lines = (source_copy / "ListOfCardDataFiles.txt").read_text().split("\n")
    number = next(i for i, line in enumerate(lines, start=1) if "AOTC.txt" in line)
    _fails_and_writes_nothing(
        source_copy, rf"ListOfCardDataFiles\.txt, line {number}: sets/AOTC\.txt is listed here but missing"
    )


def test_bad_row_late_in_the_run_leaves_an_imported_catalogue_untouched(imported, source_copy):
    before = fingerprint()
    _edit_line(source_copy / "sets" / "YV.txt", 3, lambda line: _set_column(line, 6, "??"))
    with pytest.raises(ImportProblem, match=r"sets/YV\.txt, line 3"):
        apply_snapshot(swtcg.load(LocalSource(source_copy)))
    assert fingerprint() == before


def test_without_data_the_command_asks_for_a_source(tmp_path):
    with pytest.raises(ImportProblem, match="pass --source"):
        open_source(None, game="swtcg", data_dir=tmp_path, pinned=None)


def test_if_available_skips_a_game_without_data_or_download(db, settings, tmp_path, capsys):
    settings.CARDSDB_DATA_DIR = tmp_path  # no swtcg/ folder here
    before = Card.objects.filter(game="swtcg").count()
    call_command("import_cards", "swtcg", "--if-available")
    assert "swtcg: skipped: no local data" in capsys.readouterr().out
    assert Card.objects.filter(game="swtcg").count() == before
    with pytest.raises(CommandError, match="no public download is known"):
        call_command("import_cards", "swtcg")


def test_spreadsheet_quoting_is_undone(imported):
    """A field holding '"' is quoted with its quotes doubled in the set files; the card keeps its real title."""
    zeb = Card.objects.get(game="swtcg", code="SOR_17")
    assert zeb.title == 'Garazeb "Zeb" Orrelios (A)' and zeb.name == 'Garazeb "Zeb" Orrelios'
    assert zeb.extra["version"] == "A" and zeb.uniqueness_kind == "unique"
    assert not zeb.gametext.startswith('"') and '""' not in zeb.gametext
    assert not Card.objects.filter(game="swtcg", title__contains='""').exists()


# --- Usage notes as data and set sizes --------------------------------------------------------------------


def test_usage_notes_become_rulings_errata_and_marks(imported):
    unity = Card.objects.get(game="swtcg", code="ROTS_107")  # Unity of the Jedi
    assert unity.errata == {"notes": "Text erratum."}
    assert unity.rulings == [
        "The units you choose must be clearly identified. This does not count versions in a stack.",
        "Three Jedi are required only to play the card. Once you choose to play the card, that requirement no "
        "longer matters.",
    ]
    assert unity.extra["marks"] == [] and unity.extra["usage"].startswith("Text erratum. | ")
    banned = Card.objects.get(game="swtcg", code="ALTA_1")  # "*BANNED:Standard"
    assert banned.extra["marks"] == [{"kind": "banned", "scope": "Standard"}]
    assert (banned.rulings, banned.errata) == ([], {})
    blockade = Card.objects.get(
        game="swtcg", code="PM_63"
    )  # "BANNED in Vintage. | **RESTRICTED**: … | With …"
    assert blockade.extra["marks"] == [
        {"kind": "banned", "scope": "Vintage"},
        {"kind": "restricted", "scope": "all"},
    ]
    assert blockade.errata == {} and len(blockade.rulings) == 1
    assert blockade.rulings[0].startswith("With Blockade, Units can't be moved")


def test_every_usage_note_lands_somewhere_and_flags_follow_the_marks(imported):
    cards = Card.objects.filter(game="swtcg").exclude(extra__usage="")
    assert cards.count() > 400
    for card in cards:
        kinds = {m["kind"] for m in card.extra["marks"]}
        assert (card.extra["banned"], card.extra["restricted"]) == ("banned" in kinds, "restricted" in kinds)
        assert {m["scope"] for m in card.extra["marks"]} <= {"all", "Standard", "Vintage"}
        errata = card.errata["notes"].split(" | ") if card.errata else []
        for note in (n.strip() for n in card.extra["usage"].split("|") if n.strip()):
            homes = [note in card.rulings, note in errata, any(usage_marks(note))]
            assert homes.count(True) == 1, (card.code, note)
    assert not Card.objects.filter(game="swtcg", extra__usage="").exclude(rulings=[]).exists()
    assert not Card.objects.filter(game="swtcg", extra__usage="").exclude(errata={}).exists()
    assert Card.objects.filter(game="swtcg").exclude(errata={}).count() >= 90


def test_set_sizes_are_the_cards_imported_per_set(imported, swtcg_dir):
    sizes = dict(CardSet.objects.filter(game="swtcg").values_list("code", "size"))
    assert sizes == {code: n for code, n in card_rows(swtcg_dir).items() if code != "VVI"}
    assert sizes["ROTS"] == 111 and sizes["PM"] == 90


def test_swdbg_set_size_is_known_only_for_a_complete_edition(imported):
    """SW:DBG (here beside SWTCG's sizes): the original edition's file lists every title; the Clone Wars
    Edition's holds only what its rulebook names, so its size stays unknown rather than a partial count."""
    sets = {s.code: s for s in CardSet.objects.filter(game="swdbg")}
    assert sets["original_2023"].size == sets["original_2023"].cards.count() == 82
    assert sets["clone_wars_2024"].size is None and sets["clone_wars_2024"].cards.count() == 29
