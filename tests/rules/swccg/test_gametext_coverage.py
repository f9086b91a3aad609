"""How much of the SWCCG text the reader understands, its speed, the printed-numbers check and the command."""

import time
from dataclasses import replace
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from rules.swccg.gametext import CardText, protected_titles, read_card
from rules.swccg.gametext.coverage import TYPES, Coverage
from rules.swccg.gametext.printed import PRINTED, applied, printed_mismatches

from .gametext_cards import read_cards_fixture  # noqa: F401 (the read_cards fixture)

# The share of the game text sentences of the sample decks' characters, starships, vehicles and weapons read into
# effects, as measured (docs/swccg-gametext.md: 1,203 / 1,302). The aim is 0.90; this floor only rises.
SAMPLE_DECKS_FLOOR = 0.923
READ_SECONDS = 2.0


@pytest.fixture
def sample_codes(catalogue):
    from rules.swccg_gametext import current_codes, sample_deck_ids

    return current_codes(sample_deck_ids(catalogue / "gemp" / "sample_decks.json"))


def test_the_sample_decks_unit_cards_are_read_to_the_measured_share(read_cards, sample_codes):
    effects, texts = read_cards
    coverage = Coverage()
    for code in sample_codes:
        coverage.add(texts[code], effects[code])
    counted = {kind: coverage.by_type[kind].sentences for kind in TYPES}
    assert all(counted[kind] > 0 for kind in TYPES), counted
    assert coverage.total().share >= SAMPLE_DECKS_FLOOR, {
        k: round(coverage.by_type[k].share, 3) for k in TYPES
    }


def test_reading_the_whole_catalogue_takes_at_most_two_seconds(read_cards):
    # The process's CPU time: the other work of a shared machine (CI's other worker) does not inflate it.
    _, texts = read_cards
    records = list(texts.values())
    started = time.process_time()
    protected = protected_titles(t.title for t in records)
    memo: dict = {}
    for record in records:
        read_card(record, protected, memo)
    assert time.process_time() - started <= READ_SECONDS


def test_the_catalogue_is_read_once_per_version(read_cards, db):
    from rules.swccg_gametext import read_catalogue

    assert read_catalogue() is read_catalogue()


def test_no_card_s_own_text_changes_its_printed_numbers(read_cards):
    effects, texts = read_cards
    mismatches = {code: m for code, text in texts.items() if (m := printed_mismatches(text, effects[code]))}
    assert mismatches == {}


def test_applying_a_card_s_own_text_twice_gives_what_once_gives(read_cards):
    effects, texts = read_cards
    for code, text in texts.items():
        once = applied(text, effects[code])
        twice = applied(replace(text, **once), effects[code])
        assert twice == once, code


def test_the_printed_check_reports_a_text_that_would_change_a_printed_number():
    card = CardText(
        "x",
        "X",
        "Character",
        gametext="Power +2. Ability = 3. Forfeit +1 while with Tarkin.",
        power=4,
        ability=3,
    )
    assert printed_mismatches(card, read_card(card)) == ["power: printed 4, read 6.0"]
    assert set(PRINTED.values()) <= {f for f in CardText.__dataclass_fields__}


def test_the_command_prints_coverage_by_type_and_the_commonest_unread_sentences(
    read_cards, db, swccg_dir, settings
):
    settings.CARDSDB_DATA_DIR = swccg_dir.parent
    out = StringIO()
    call_command("swccg_gametext", "--unread", "3", stdout=out, stderr=StringIO())
    text = out.getvalue()
    for heading in ("sample decks", "catalogue", "legacy and pre-errata", "the four unit types"):
        assert heading in text
    assert "Character" in text and "%" in text
    listed = text.split("the 3 commonest unread sentences")[1].splitlines()[1:]
    assert len(listed) == 3 and all(line.split()[0].isdigit() for line in listed)


def test_the_command_refuses_a_bad_count(db):
    with pytest.raises(CommandError, match="--unread"):
        call_command("swccg_gametext", "--unread", "-1", stdout=StringIO())
