"""What a player is missing to build a deck from their collection, and how much of a deck they own.

Plain Python: the caller (decks/missing_queries.py) reads the database into the records below.

The rules, in words:
- A card is one catalogue card (cardsdb Card row). Its printings (Printing rows, reprint ids in CardAlias), its
  alternate images and foils (Variant rows; CollectionItem.variant/finish) are the same card: owning any of them
  covers a copy. A deck line's `code` is only the printing chosen; `card` is what counts.
- Needed: the copies the deck holds in every zone — the deck, SWCCG's starting cards (part of the deck) and the
  cards outside the deck (SWCCG's outside cards, SWTCG's sideboard, SW:DBG's base deck): each is a physical card
  the player must bring (COUNTED_ZONES).
- Used elsewhere: the copies held by the player's OTHER decks marked active (built from the collection), summed
  over them all: two active decks with a copy each use two.
- Available = owned − used elsewhere (never below 0); missing = max(0, needed − available).
"""

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from decks.formats_io.base import CardInfo, DeckEntry
from decks.formats_io.writers import write_text

COUNTED_ZONES = ("starting", "deck", "outside")  # also the order in which owned copies are given out (export)


@dataclass(frozen=True, slots=True)
class DeckLine:
    """Copies of one card in one zone of a deck (a DeckCard row)."""

    card: int  # catalogue card id
    code: str  # the printing's id as chosen in the deck
    count: int
    zone: str = "deck"


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What the exports print about a card."""

    code: str  # the card's catalogue code (what a collection import reads back)
    title: str
    type: str = ""
    subtype: str = ""
    side: str = ""
    set_code: str = ""
    shared_title: bool = False  # another card of the game and side has this title: lists add "[set]"
    image_url: str = ""  # for the pages' hover previews


@dataclass(frozen=True, slots=True)
class MissingRow:
    card: int
    codes: tuple[tuple[str, str, int], ...]  # (zone, code, count) as the deck holds the card
    needed: int
    owned: int
    used_elsewhere: int
    available: int  # owned − used elsewhere, never below 0
    missing: int  # needed − available, never below 0

    @property
    def covered(self) -> int:
        """Copies of this card the collection provides for this deck."""
        return self.needed - self.missing


@dataclass(frozen=True, slots=True)
class MissingReport:
    rows: tuple[MissingRow, ...]  # one per card, in the deck's order (first line of the card)
    needed: int
    missing: int
    missing_cards: int  # distinct cards with at least one copy missing

    @property
    def covered(self) -> int:
        return self.needed - self.missing

    @property
    def share_owned(self) -> float:
        """Covered copies / needed copies (1.0 for a deck of no cards: nothing is missing)."""
        return self.covered / self.needed if self.needed else 1.0

    @property
    def complete(self) -> bool:
        return self.missing == 0


def card_counts(lines: Iterable[DeckLine]) -> dict[int, int]:
    """Copies per card over the counted zones (printings and zones of one card summed)."""
    counts: dict[int, int] = {}
    for line in lines:
        if line.zone in COUNTED_ZONES:
            counts[line.card] = counts.get(line.card, 0) + line.count
    return counts


def used_by(decks: Iterable[Iterable[DeckLine]]) -> dict[int, int]:
    """Copies per card held by these decks together (the player's other active decks)."""
    used: dict[int, int] = {}
    for lines in decks:
        for card, n in card_counts(lines).items():
            used[card] = used.get(card, 0) + n
    return used


def missing_report(
    lines: Sequence[DeckLine], owned: Mapping[int, int], used_elsewhere: Mapping[int, int]
) -> MissingReport:
    """Per card of the deck: needed, owned, used by the other active decks, missing."""
    zones: dict[int, list[tuple[str, str, int]]] = {}
    needed: dict[int, int] = {}
    for line in lines:
        if line.zone in COUNTED_ZONES and line.count > 0:
            zones.setdefault(line.card, []).append((line.zone, line.code, line.count))
            needed[line.card] = needed.get(line.card, 0) + line.count
    rows = []
    for card, held in zones.items():
        have = max(0, owned.get(card, 0))
        used = max(0, used_elsewhere.get(card, 0))
        available = max(0, have - used)
        rows.append(
            MissingRow(
                card, tuple(held), needed[card], have, used, available, max(0, needed[card] - available)
            )
        )
    return MissingReport(
        tuple(rows),
        sum(r.needed for r in rows),
        sum(r.missing for r in rows),
        sum(1 for r in rows if r.missing),
    )


def missing_entries(report: MissingReport) -> list[DeckEntry]:
    """The missing copies as deck entries, one per card and zone under the card's first printing in the deck
    (a list to get cards by, where any printing does). The available copies go to the starting cards first,
    then the deck, then outside (COUNTED_ZONES), so missing copies fall in the last."""
    rank = {zone: i for i, zone in enumerate(COUNTED_ZONES)}
    entries = []
    for row in report.rows:
        left, code = row.available, row.codes[0][1]
        per_zone: dict[str, int] = {}
        for zone, _code, n in sorted(row.codes, key=lambda held: rank[held[0]]):
            given = min(left, n)
            left -= given
            if n - given:
                per_zone[zone] = per_zone.get(zone, 0) + n - given
        entries.extend(DeckEntry(code, n, zone) for zone, n in per_zone.items())
    return entries


def missing_text(
    report: MissingReport,
    facts: Mapping[int, CardFacts],
    *,
    deck_name: str,
    side: str | None,
    game: str,
    zone_labels: Mapping[str, str],
) -> str:
    """The missing cards as the game's text deck list ("2x •Darth Vader" lines grouped by type), named
    "Missing from <deck>": it reads back with the deck-list reader, e.g. into a builder or a wish list. A title
    that several cards share gets the card's set ("2x •Boba Fett [7]") so that it reads back as this card."""
    entries = missing_entries(report)
    info = {}
    for row in report.rows:
        fact, code = facts[row.card], row.codes[0][1]
        title = fact.title + (f" [{fact.set_code}]" if fact.shared_title and fact.set_code else "")
        info[code] = CardInfo(code, title, fact.type, fact.side, set_code=fact.set_code or None)
    if not entries:
        return f"Deck: Missing from {' '.join(deck_name.split())}\n\nNothing is missing.\n"
    return write_text(
        entries, info, name=f"Missing from {deck_name}", side=side, zone_labels=zone_labels, game=game
    )


CSV_COLUMNS = ("code", "name", "side", "set", "type", "subtype", "qty", "needed", "owned", "used_elsewhere")


def missing_csv(report: MissingReport, facts: Mapping[int, CardFacts]) -> str:
    """One row per card with copies missing. The first seven columns are swccgdb's inventory columns with
    qty = copies missing, so the file imports as a collection or a shopping list; the last three explain it."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in report.rows:
        if not row.missing:
            continue
        fact = facts[row.card]
        writer.writerow(
            [
                fact.code,
                _cell(fact.title),
                fact.side,
                fact.set_code,
                fact.type,
                _cell(fact.subtype),
                row.missing,
                row.needed,
                row.owned,
                row.used_elsewhere,
            ]
        )
    return out.getvalue()


def _cell(text: str) -> str:
    """A spreadsheet runs a cell that starts with = + - @ as a formula: such text is quoted with a '."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
