"""Data safety of the importers (issue #9): a file cut at a record boundary (still valid JSON) removes nothing
without --allow-removals, NUL characters and lone surrogates in the sources are named errors, and every
failure of a command is a CommandError with a message. (Concurrent imports: test_import_lock.py.)"""

import json
import re
from importlib import import_module

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command

from cardsdb.importers import swccg, swdbg, swtcg
from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.removals import Removal, TooManyRemovals, guard
from cardsdb.importers.sources import LocalSource, check_text, parse_json
from cardsdb.models import Card, CardFact, CardSet, ImportRun, Persona, Printing
from decks.legality.formats_import import SWTCG_FORMATS, import_swtcg_formats
from decks.models import Deck, DeckCard, Format
from tests.cardsdb.test_import_swccg import catalogue_fingerprint
from tests.conftest import require_data, writable_copy


def counts(game: str) -> dict[str, int]:
    return {
        "cards": Card.objects.filter(game=game).count(),
        "personas": Persona.objects.filter(game=game).count(),
        "sets": CardSet.objects.filter(game=game).count(),
        "printings": Printing.objects.filter(card__game=game).count(),
    }


def cut(path, keep) -> list[dict]:
    """Rewrite a {"cards": [...]} file as if cut after `keep` records (still valid JSON); the records cut."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    gone = doc["cards"][keep:]
    doc["cards"] = doc["cards"][:keep]
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return gone


def edit(path, index, change) -> dict:
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc["cards"][index])
    path.write_text(json.dumps(doc), encoding="utf-8")  # ensure_ascii: a lone surrogate is written \ud800
    return doc["cards"][index]


@pytest.fixture
def swccg_copy(catalogue, tmp_path):
    return writable_copy(catalogue, tmp_path / "swccg")


@pytest.fixture
def swdbg_copy(db, tmp_path):
    return writable_copy(require_data() / "swdbg", tmp_path / "swdbg")


# --- the removal guard --------------------------------------------------------------------------------------


def test_a_file_cut_at_a_record_boundary_removes_nothing(swccg_copy):
    """The issue's case: half of Dark.json, still valid JSON, used to delete 888 cards and 23 personas."""
    path = swccg_copy / "Dark.json"
    cut(path, len(json.loads(path.read_text(encoding="utf-8"))["cards"]) // 2)
    before, fingerprint, runs = counts("swccg"), catalogue_fingerprint(), ImportRun.objects.count()
    with pytest.raises(CommandError) as failure:
        call_command("import_cards", "swccg", "--source", str(swccg_copy), verbosity=0)
    message = str(failure.value)
    assert message.startswith(
        "Import failed, nothing was changed. This swccg import would remove 888 of 5,022 cards (18%; e.g. "
    )
    assert "23 of 209 personas" in message and "printings" in message and "--allow-removals" in message
    assert (counts("swccg"), catalogue_fingerprint(), ImportRun.objects.count()) == (
        before,
        fingerprint,
        runs,
    )


def test_allow_removals_removes_what_a_cut_file_no_longer_lists(swdbg_copy, capsys):
    path = swdbg_copy / "original_2023.json"
    gone = cut(path, len(json.loads(path.read_text(encoding="utf-8"))["cards"]) // 2)
    before = counts("swdbg")
    with pytest.raises(CommandError, match=rf"would remove {len(gone)} of 111 cards"):
        call_command("import_cards", "swdbg", "--source", str(swdbg_copy), verbosity=0)
    assert counts("swdbg") == before
    call_command("import_cards", "swdbg", "--source", str(swdbg_copy), "--allow-removals")
    assert f"removed {len(gone)} of 111 cards" in capsys.readouterr().out
    assert counts("swdbg")["cards"] == 111 - len(gone)
    assert ImportRun.objects.first().removed == len(gone)


def test_a_small_removal_goes_ahead_and_is_reported(swdbg_copy, capsys):
    """Two of SW:DBG's 111 cards (2% rounds down to 2): an ordinary update, no option needed."""
    path = swdbg_copy / "original_2023.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    titles = [doc["cards"][-1]["title"], doc["cards"][-2]["title"]]
    cut(path, len(doc["cards"]) - 2)
    call_command("import_cards", "swdbg", "--source", str(swdbg_copy))
    out = capsys.readouterr().out
    assert "2 removed" in out and "removed 2 of 111 cards" in out and all(t in out for t in titles)
    assert Card.objects.filter(game="swdbg").count() == 109


def test_one_card_more_than_the_share_is_refused(swdbg_copy):
    path = swdbg_copy / "original_2023.json"
    cut(path, len(json.loads(path.read_text(encoding="utf-8"))["cards"]) - 3)
    before = counts("swdbg")
    with pytest.raises(CommandError, match=r"would remove 3 of 111 cards \(3%; e\.g\. "):
        call_command("import_cards", "swdbg", "--source", str(swdbg_copy), verbosity=0)
    assert counts("swdbg") == before


@pytest.mark.parametrize(
    ("existing", "removed", "refused"),
    [(5022, 100, False), (5022, 101, True), (111, 2, False), (111, 3, True), (10, 1, False), (10, 2, True)],
)
def test_the_limit_is_two_percent_and_always_one(existing, removed, refused):
    removal = Removal("cards", existing, [f"card {i}" for i in range(removed)])
    assert removal.too_many is refused
    if refused:
        with pytest.raises(TooManyRemovals):
            guard("swccg", [removal], allow=False)
    guard("swccg", [removal], allow=True)


def test_a_removed_card_that_a_deck_holds_is_refused_by_name(swdbg_copy):
    path = swdbg_copy / "original_2023.json"
    cut(path, len(json.loads(path.read_text(encoding="utf-8"))["cards"]) - 1)
    kept = {c.code for c in swdbg.load(LocalSource(swdbg_copy)).cards}
    card = Card.objects.filter(game="swdbg").exclude(code__in=kept).get()
    deck = Deck.objects.create(owner=User.objects.create_user("han"), name="Held", game_id="swdbg")
    DeckCard.objects.create(deck=deck, card=card, code=card.code, count=1)
    with pytest.raises(CommandError, match=rf"saved decks hold \(e\.g\. {card.title} \({card.code}\)\)"):
        call_command("import_cards", "swdbg", "--source", str(swdbg_copy), "--allow-removals", verbosity=0)
    assert Card.objects.filter(pk=card.pk).exists()


def test_a_cut_formats_file_removes_no_formats_unless_allowed(catalogue, tmp_path):
    copy = tmp_path / "swccg"
    (copy / "gemp").mkdir(parents=True)
    definitions = json.loads((catalogue / "gemp" / "swccgFormats.json").read_text())
    (copy / "gemp" / "swccgFormats.json").write_text(json.dumps(definitions[:10]))
    before = list(Format.objects.filter(game="swccg").values_list("code", "version"))
    assert len(before) == len(definitions) == 37
    with pytest.raises(CommandError, match=r"would remove 27 of 37 formats .*--allow-removals"):
        call_command("import_formats", "swccg", "--source", str(copy), verbosity=0)
    assert list(Format.objects.filter(game="swccg").values_list("code", "version")) == before
    call_command("import_formats", "swccg", "--source", str(copy), "--allow-removals", verbosity=0)
    assert Format.objects.filter(game="swccg").count() == 10


# --- NUL characters and lone surrogates ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "index", "change", "match"),
    [
        (
            "Dark.json",
            5,
            lambda r: r["front"].update(title=r["front"]["title"] + "\x00"),
            r"Dark\.json, record 5 \(id \d+, ['\"].*\\x00['\"]\): a string at \['front'\]\['title'\] holds a NUL",
        ),
        (
            "Light.json",
            7,
            lambda r: r["front"].update(gametext="\ud800"),
            r"Light\.json, record 7 \(id \d+, .*\): a string at \['front'\]\['gametext'\] holds a lone "
            r"surrogate \(\\ud800",
        ),
        (
            "DarkLegacy.json",
            0,
            lambda r: r.update({"abbr\x00": []}),
            r"DarkLegacy\.json, record 0 .*holds a NUL",
        ),
    ],
)
def test_a_nul_or_lone_surrogate_in_a_card_names_file_and_record(swccg_copy, file, index, change, match):
    edit(swccg_copy / file, index, change)
    fingerprint = catalogue_fingerprint()
    with pytest.raises(CommandError, match=r"Import failed, nothing was changed\. " + match):
        call_command("import_cards", "swccg", "--source", str(swccg_copy), verbosity=0)
    assert catalogue_fingerprint() == fingerprint


def test_a_nul_in_a_gemp_blueprint_or_a_set_is_named(swccg_copy):
    path = swccg_copy / "gemp" / "card_blueprint_database_dark.json"
    blueprints = json.loads(path.read_text())
    blueprints[3]["title"] += "\x00"
    path.write_text(json.dumps(blueprints))
    with pytest.raises(ImportProblem, match=r"card_blueprint_database_dark\.json, record 3 .*NUL"):
        swccg.load(LocalSource(swccg_copy))
    sets = json.loads((swccg_copy / "sets.json").read_text())
    sets[2]["name"] = "\udfff"
    (swccg_copy / "sets.json").write_text(json.dumps(sets))
    with pytest.raises(
        ImportProblem,
        match=r"sets\.json, record 2 \(id '\w+', '\\udfff'\): a string at \['name'\] holds a lone",
    ):
        swccg.load(LocalSource(swccg_copy))


def test_a_nul_in_a_swdbg_record_names_file_and_record(swdbg_copy):
    edit(swdbg_copy / "original_2023.json", 5, lambda r: r.update(ability="Deal 1\x00 damage"))
    before = counts("swdbg")
    with pytest.raises(
        CommandError, match=r"original_2023\.json, record 5 \('TIE Interceptor'\): a string at \['ability'\]"
    ):
        call_command("import_cards", "swdbg", "--source", str(swdbg_copy), verbosity=0)
    assert counts("swdbg") == before


def test_a_nul_in_a_swtcg_set_file_names_file_line_and_column(db, tmp_path):
    copy = writable_copy(require_data() / "swtcg", tmp_path / "swtcg")
    path = copy / "sets" / "AOTC.txt"
    lines = path.read_text(encoding="utf-8").split("\n")
    columns = lines[2].split("\t")
    columns[13] = "\x00" + columns[13]  # Text
    lines[2] = "\t".join(columns)
    path.write_text("\n".join(lines), encoding="utf-8")
    where = re.escape(f"sets/AOTC.txt, line 3 ({columns[0].strip()!r}): ")
    with pytest.raises(ImportProblem, match=where + r"holds a NUL character \(\\u0000\) in column Text"):
        swtcg.load(LocalSource(copy))


def test_a_nul_or_surrogate_in_a_formats_file_is_named(db, tmp_path):
    data = json.loads(SWTCG_FORMATS.read_text(encoding="utf-8"))
    data["formats"][1]["name"] += "\x00"
    path = tmp_path / "swtcg_formats.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ImportProblem, match=r"swtcg_formats\.json, record 1 .*\['name'\] holds a NUL"):
        import_swtcg_formats(path)
    with pytest.raises(
        CommandError, match=r"Import failed, nothing was changed\. swtcg_formats\.json, record 1"
    ):
        call_command("import_formats", "swtcg", "--source", str(path), verbosity=0)


@pytest.mark.parametrize(
    ("record", "match"),
    [
        (
            {"title": "Rishi", "hit_points": 8, "note": "rulebook\x00"},
            r"record 1 \('Rishi'\): a string at \['note'\] holds a NUL",
        ),
        (
            {"title": "Ris\ud800hi", "hit_points": 8},
            r"record 1 \('Ris\\ud800hi'\): a string at \['title'\] holds a lone",
        ),
        (
            {"code": "cw24_rishi", "traits": ["Fi\x00ghter"]},
            r"record 1: a string at \['traits'\]\[0\] holds a NUL",
        ),
    ],
)
def test_a_nul_or_lone_surrogate_in_card_facts_is_named(db, tmp_path, record, match):
    path = tmp_path / "facts.json"
    path.write_text(
        json.dumps({"cards": [{"code": "cw24_xorrn", "hit_points": 8}, record]}), encoding="utf-8"
    )
    with pytest.raises(CommandError, match=r"facts\.json, " + match):
        call_command("import_card_facts", "swdbg", str(path))
    assert not CardFact.objects.exists()


@pytest.mark.parametrize(
    ("doc", "record"),
    [
        ([{"id": 1}, {"id": 2, "title": "a\x00"}], r"x\.json, record 1 \(id 2, 'a\\x00'\)"),
        ({"cards": [{"id": "7\x00"}]}, r"x\.json, record 0 \(id '7\\x00'\)"),
        ({"C": "Common", "U\x00": "Uncommon"}, r"x\.json, key 'U\\x00'"),
        ({"$defs": {"card": {"title": "\ud800"}}}, r"x\.json, key '\$defs'"),
        ("\x00", r"x\.json: a string holds a NUL"),
    ],
)
def test_check_text_names_the_record(doc, record):
    with pytest.raises(ImportProblem, match=record):
        check_text(doc, "x.json")


@pytest.mark.parametrize(
    ("data", "match"),
    [
        (b'{"cards": [1, 2', r"x\.json: invalid or truncated JSON at line 1, column 16"),
        (b"\xff[]", r"x\.json: not UTF-8 text at byte 0"),
        (b'{"power": NaN}', r"x\.json: invalid JSON: NaN is not valid JSON"),
        (b"[" + b"9" * 5000 + b"]", r"x\.json: invalid JSON: Exceeds the limit"),
        (b"[" * 100_000 + b"]" * 100_000, r"x\.json: JSON nested too deeply"),
    ],
)
def test_unreadable_json_is_a_named_problem(data, match):
    with pytest.raises(ImportProblem, match=match):
        parse_json(data, "x.json")


# --- every failure is a message, not a traceback ------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (["import_cards", "swdbg", "--source", "{missing}"], r"source folder .* does not exist"),
        (["import_formats", "swtcg", "--source", "{missing}"], r"cannot read the formats file"),
        (
            ["import_cards", "swdbg", "--source", "{truncated}"],
            r"original_2023\.json: invalid or truncated JSON",
        ),
    ],
)
def test_command_failures_are_command_errors(swdbg_copy, tmp_path, args, match):
    path = swdbg_copy / "original_2023.json"
    path.write_bytes(path.read_bytes()[:3000])
    paths = {"{missing}": str(tmp_path / "nowhere"), "{truncated}": str(swdbg_copy)}
    with pytest.raises(CommandError, match=match):
        call_command(*[paths.get(a, a) for a in args], verbosity=0)


@pytest.mark.parametrize("command", ["import_cards", "import_formats", "import_card_facts"])
def test_help_names_the_safety_options(command):
    module = import_module(
        f"{'decks' if command == 'import_formats' else 'cardsdb'}.management.commands.{command}"
    )
    text = module.Command().create_parser("manage.py", command).format_help()
    assert "--no-wait" in text
    assert ("--allow-removals" in text and "more than 2% of a kind" in text) is (
        command != "import_card_facts"
    )
