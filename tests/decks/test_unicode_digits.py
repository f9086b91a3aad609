"""Numbers in input are ASCII digits (core/numbers.py): '²' and '①' pass str.isdigit() but int() refuses them,
and '٣' or '３' are digits to int() and to the regex \\d. Written as a count, none of them is one: the line is
reported with the readers' own problem codes, never a 500, a raw Python message or a count read from it."""

import pytest
from django.test import Client

from core.numbers import ascii_int
from decks.formats_io.base import DictResolver, id_order
from decks.formats_io.detect import read_any
from decks.legality.batch import run_legality_job
from decks.legality.formats import expand_ids
from tests.decks.helpers import client_for

OTHER_DIGITS = ["²", "①", "٣", "３"]  # superscript, circled, Arabic-Indic, fullwidth
VADER = "/starwars/Premiere-Dark/t_darthvader"


@pytest.mark.parametrize(
    ("text", "value"),
    [("0", 0), ("12", 12), ("007", 7), ("9" * 18, 10**18 - 1)]
    + [(t, None) for t in ["", " 1", "1 ", "-1", "+1", "1.0", "1_000", "9" * 19, *OTHER_DIGITS, "1²"]],
)
def test_ascii_int(text, value):
    assert ascii_int(text) == value


def test_ascii_int_takes_text_only():
    assert ascii_int(12) is None and ascii_int(None) is None  # type: ignore[arg-type]
    assert ascii_int("12345", max_digits=4) is None and ascii_int("1234", max_digits=4) == 1234


@pytest.fixture(scope="module")
def resolver():
    return DictResolver([("1_168", "•Darth Vader", "Dark", ()), ("1_194", "Stormtrooper", "Dark", ())])


def written(digit: str) -> dict[str, str]:
    """A count written with `digit` in every line format (and an id in a GEMP list)."""
    return {
        "text": f"{digit}x Stormtrooper",
        "swccgdb": f"Side: Dark\n{digit} Stormtrooper",
        "lackey-txt": f"{digit}\tStormtrooper",
        "holotable": f'card "{VADER}" {digit}',
        "gemp-list": f"1_{digit}",
    }


@pytest.mark.parametrize("digit", OTHER_DIGITS)
def test_no_reader_reads_another_scripts_digits(resolver, digit):
    for format, text in written(digit).items():
        result = read_any(text, resolver, format=format)
        # never a count: the line is reported, or (this lenient test resolver drops what is not a-z 0-9 from a
        # name) "٣ Stormtrooper" read as a name, one copy
        assert all(e.count == 1 for e in result.entries), (format, result.entries)
        codes = {p.code for p in result.problems}
        problem = codes & {"bad-count", "bad-line", "unknown-card-name", "unknown-card-id"}
        assert problem or result.entries, (format, codes)


@pytest.mark.parametrize("digit", OTHER_DIGITS)
def test_holotable_starting_count_is_ascii(resolver, digit):
    result = read_any(f'card "{VADER}" 2 {digit}\ncard "{VADER}" 2 1', resolver, format="holotable")
    assert [p.code for p in result.problems] == ["bad-count"] and result.problems[0].line == 1
    assert [(e.card_id, e.count, e.zone, e.line) for e in result.entries] == [
        ("1_168", 1, "starting", 2),
        ("1_168", 1, "deck", 2),
    ]


def test_card_ids_and_format_ranges_with_other_digits():
    assert id_order("1_²") == (1, "1", 0, "1_²")
    with pytest.raises(ValueError, match="bad card range '1_1-²'"):
        expand_ids(["1_1-²"])
    with pytest.raises(ValueError, match="bad card range"):
        expand_ids(["1_1-99999"])  # card numbers have at most 4 digits: no range of a million ids
    assert expand_ids(["7_1-3"]) == {"7_1", "7_2", "7_3"}


# -- over HTTP and in a job: each endpoint the issue named --------------------------------------------------------

TROOPER = "/starwars/Premiere-Dark/t_stormtrooper"  # the database's resolver reads the image's name
HOLOTABLE = f'card "{TROOPER}" 2 ²\ncard "{TROOPER}" 1'


def legality_body(decklist=HOLOTABLE) -> dict:
    return {"game": "swccg", "format": "open", "decklist": decklist, "side": "dark"}


def bad_count(problems: list[dict]) -> bool:
    return [p["code"] for p in problems] == ["bad-count"] and "²" in problems[0]["text"]


@pytest.mark.usefixtures("catalogue")
def test_legality_batch_panel_and_job_report_the_line():
    api = client_for()
    answer = api.post("/api/legality/", legality_body(), format="json")
    assert answer.status_code == 200 and bad_count(answer.json()["decklist"]["problems"])
    decks = [legality_body(), legality_body("1x Darth Vader")]
    answer = api.post("/api/legality/batch/", {"decks": decks}, format="json")
    assert answer.status_code == 200
    first, second = answer.json()["results"]
    assert bad_count(first["decklist"]["problems"]) and second["decklist"]["problems"] == []
    # the job: the deck gets its report in its place, the job goes on
    result = run_legality_job({"decks": decks}, lambda *_: None)
    assert result["count"] == 2 and bad_count(result["results"][0]["decklist"]["problems"])
    page = Client()
    assert page.get("/decks/new/").status_code == 200
    token = page.cookies["csrftoken"].value
    panel = page.post(
        "/decks/legality-panel/", legality_body(), content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    # the unread line stays in the deck as an unknown card, so the deck is never legal with a line missing
    assert panel.status_code == 200 and 'data-code="unknown-card"' in panel.content.decode()


@pytest.mark.usefixtures("catalogue")
def test_deck_create_and_import_name_the_line(owner):
    answer = client_for(owner).post("/api/decks/", {"name": "Vader", **legality_body()}, format="json")
    assert answer.status_code == 400 and answer.json()["code"] == "decklist-problems"
    assert bad_count(answer.json()["problems"]) and "invalid literal" not in answer.content.decode()
    answer = client_for().post("/api/decks/import/", {"game": "swccg", "decklist": HOLOTABLE}, format="json")
    assert answer.status_code == 200 and bad_count(answer.json()["problems"])
    assert [(c["title"], c["count"], c["line"]) for c in answer.json()["cards"]] == [("Stormtrooper", 1, 2)]


def test_a_content_length_of_other_digits_is_no_length(db):
    answer = client_for().post("/api/legality/", b"", content_type="application/json", CONTENT_LENGTH="²")
    assert answer.status_code == 400 and answer.json()["code"] != "server-error"
