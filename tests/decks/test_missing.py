"""The missing list and the buildable ranking as plain Python: exact numbers on hand-built decks."""

import csv
import io

from decks.formats_io.base import Match
from decks.formats_io.text import read as read_text
from decks.missing.buildable import DeckSummary, rank
from decks.missing.needs import (
    CSV_COLUMNS,
    CardFacts,
    DeckLine,
    card_counts,
    missing_csv,
    missing_entries,
    missing_report,
    missing_text,
    used_by,
)

VADER, LUKE, HOTH, EBO = 1, 2, 3, 4
FACTS = {
    VADER: CardFacts("1_168", "•Darth Vader", "Character", "Dark Lord", "Dark", "1"),
    LUKE: CardFacts("1_19", "•Luke Skywalker", "Character", "Rebel", "Light", "1"),
    HOTH: CardFacts("3_1", "Hoth", "Location", "System", "Light", "3"),
    EBO: CardFacts("7_1", "=Echo Base Operations", "Objective", "", "Light", "7"),
}

DECK = [
    DeckLine(HOTH, "3_1", 1, "starting"),
    DeckLine(LUKE, "1_19", 2, "deck"),
    DeckLine(LUKE, "200_19", 1, "deck"),  # another printing of the same card
    DeckLine(VADER, "1_168", 1, "outside"),
    DeckLine(EBO, "7_1", 1, "starting"),
]


def test_every_zone_and_printing_counts_toward_one_card():
    assert card_counts(DECK) == {HOTH: 1, LUKE: 3, VADER: 1, EBO: 1}


def test_needed_owned_used_elsewhere_and_missing_per_card():
    owned = {LUKE: 4, HOTH: 1, VADER: 2}
    used = used_by(
        [
            [DeckLine(LUKE, "1_19", 1), DeckLine(VADER, "1_168", 1, "starting")],
            [DeckLine(LUKE, "1_19", 1, "outside"), DeckLine(HOTH, "3_1", 1)],
        ]
    )
    assert used == {LUKE: 2, VADER: 1, HOTH: 1}  # two active decks with a copy each use two
    report = missing_report(DECK, owned, used)
    rows = {r.card: (r.needed, r.owned, r.used_elsewhere, r.available, r.missing) for r in report.rows}
    assert rows == {
        HOTH: (1, 1, 1, 0, 1),
        LUKE: (3, 4, 2, 2, 1),
        VADER: (1, 2, 1, 1, 0),
        EBO: (1, 0, 0, 0, 1),
    }
    assert (report.needed, report.covered, report.missing, report.missing_cards) == (6, 3, 3, 3)
    assert report.share_owned == 0.5 and not report.complete
    assert [r.card for r in report.rows] == [HOTH, LUKE, VADER, EBO]  # the deck's order


def test_more_used_elsewhere_than_owned_leaves_nothing_available_not_less():
    report = missing_report([DeckLine(LUKE, "1_19", 2)], {LUKE: 1}, {LUKE: 3})
    (row,) = report.rows
    assert (row.available, row.missing, row.covered) == (0, 2, 0)


def test_a_complete_deck_and_an_empty_deck():
    full = missing_report(DECK, {HOTH: 1, LUKE: 3, VADER: 1, EBO: 5}, {})
    assert full.complete and full.missing == 0 and full.share_owned == 1.0
    empty = missing_report([], {LUKE: 1}, {})
    assert empty.complete and empty.needed == 0 and empty.share_owned == 1.0


def test_missing_copies_fall_in_the_last_zones_and_the_deck_printing():
    lines = [
        DeckLine(LUKE, "1_19", 2, "deck"),
        DeckLine(LUKE, "200_19", 1, "starting"),
        DeckLine(LUKE, "1_19", 1, "outside"),
    ]
    report = missing_report(lines, {LUKE: 2}, {})
    # the 2 owned go to the starting copy and one deck copy; the card's first printing in the deck names it
    assert [(e.card_id, e.count, e.zone) for e in missing_entries(report)] == [
        ("1_19", 1, "deck"),
        ("1_19", 1, "outside"),
    ]
    lines.insert(0, DeckLine(LUKE, "200_19", 1, "deck"))
    report = missing_report(lines, {LUKE: 1}, {})
    assert [(e.card_id, e.count, e.zone) for e in missing_entries(report)] == [
        ("200_19", 3, "deck"),
        ("200_19", 1, "outside"),
    ]


def test_missing_text_is_a_deck_list_that_reads_back():
    report = missing_report(DECK, {LUKE: 1, VADER: 1}, {})
    text = missing_text(
        report,
        FACTS,
        deck_name="Hoth  EBO",
        side="Light",
        game="swccg",
        zone_labels={"deck": "Deck", "starting": "Starting", "outside": "Outside deck"},
    )
    assert text.startswith("Deck: Missing from Hoth EBO\nSide: Light\n")
    assert "1x Hoth" in text and "1x =Echo Base Operations" in text
    assert "2x •Luke Skywalker" in text and "Vader" not in text
    lines = text.splitlines()
    assert lines[lines.index("Starting (2)") + 1 :][:2] == ["1x =Echo Base Operations", "1x Hoth"]

    class Titles:  # a resolver over the four cards (decks/formats_io/base.py CardResolver)
        def by_id(self, card_id):
            return card_id if card_id in {f.code for f in FACTS.values()} else None

        def by_name(self, name, *, side=None, set_hint=None, suggest=True):
            hits = tuple(
                (f.code, f.title, f.side) for f in FACTS.values() if f.title.lstrip("•=") == name.lstrip("•=")
            )
            return Match(hits[0][0] if hits else None, hits)

    read = read_text(text, Titles())
    assert read.problems == []
    assert sorted((e.card_id, e.count, e.zone) for e in read.entries) == [
        ("1_19", 2, "deck"),
        ("3_1", 1, "starting"),
        ("7_1", 1, "starting"),
    ]


def test_nothing_missing_says_so_in_the_text():
    report = missing_report(DECK, {HOTH: 1, LUKE: 3, VADER: 1, EBO: 1}, {})
    text = missing_text(report, FACTS, deck_name="EBO", side=None, game="swccg", zone_labels={})
    assert text == "Deck: Missing from EBO\n\nNothing is missing.\n"


def test_missing_csv_has_swccgdb_columns_with_qty_missing():
    report = missing_report(DECK, {LUKE: 1, VADER: 1}, {LUKE: 1})
    rows = list(csv.reader(io.StringIO(missing_csv(report, FACTS))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert rows[1:] == [
        ["3_1", "Hoth", "Light", "3", "Location", "System", "1", "1", "0", "0"],
        ["1_19", "•Luke Skywalker", "Light", "1", "Character", "Rebel", "3", "3", "1", "1"],
        ["7_1", "'=Echo Base Operations", "Light", "7", "Objective", "", "1", "1", "0", "0"],  # no formula
    ]


def _summary(deck_id, name, *, mine=True, active=False):
    return DeckSummary(deck_id, name, "han", "Light", "", not mine, active, mine)


def test_rank_by_share_owned_then_missing_then_mine():
    owned = {LUKE: 3, HOTH: 1}
    decks = [
        (_summary(1, "half"), [DeckLine(LUKE, "", 2), DeckLine(VADER, "", 2)]),  # 2/4
        (_summary(2, "all"), [DeckLine(HOTH, "", 1)]),  # 1/1
        (_summary(3, "theirs half", mine=False), [DeckLine(LUKE, "", 1), DeckLine(VADER, "", 1)]),  # 1/2
        (_summary(4, "mine half small"), [DeckLine(LUKE, "", 1), DeckLine(EBO, "", 1)]),  # 1/2
    ]
    ranked = rank(decks, owned, {})
    assert [b.deck.id for b in ranked] == [2, 4, 3, 1]
    assert [(b.report.needed, b.report.covered, b.report.missing) for b in ranked] == [
        (1, 1, 0),
        (2, 1, 1),
        (2, 1, 1),
        (4, 2, 2),
    ]


def test_an_active_deck_does_not_use_its_own_copies():
    owned = {LUKE: 3}
    active_use = {10: {LUKE: 2}, 11: {LUKE: 1}}
    decks = [
        (_summary(10, "active", active=True), [DeckLine(LUKE, "", 2)]),
        (_summary(12, "new"), [DeckLine(LUKE, "", 2)]),
    ]
    by_id = {b.deck.id: b.report for b in rank(decks, owned, active_use)}
    # deck 10: 3 owned − 1 used by deck 11 = 2 available; deck 12: 3 − (2 + 1) = 0 available
    assert (by_id[10].covered, by_id[10].missing) == (2, 0)
    assert (by_id[12].covered, by_id[12].missing) == (0, 2)
    assert by_id[12].rows[0].used_elsewhere == 3
