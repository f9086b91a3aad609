"""Deck lists in any supported format, read against the database's cards (adapts it to formats_io's resolver)."""

from dataclasses import dataclass

from cardsdb.models import CardSet
from cardsdb.naming import find_card

from .formats_io.base import Match, ReadResult
from .formats_io.detect import read_any
from .pool import card_pool


class DatabaseResolver:
    """Names as players write them: exact (marks, case, accents, "(V)" spelling ignored) or a nickname; never a
    fuzzy guess — a name that does not match is reported with its closest candidates instead."""

    def __init__(self, game: str):
        self.game = game
        self.pool = card_pool(game)
        self._sets: dict[str, set[str]] | None = None

    def by_id(self, card_id: str) -> str | None:
        card = self.pool.get(card_id)
        return card.id if card else None

    def side_of(self, card_id: str) -> str | None:
        card = self.pool.get(card_id)
        return card.side if card else None

    def _set_codes(self, hint: str) -> set[str]:
        """Set codes a bracketed hint may mean: "1", "P", "Premiere", "V21"."""
        if self._sets is None:
            self._sets = {}
            for code, abbr, name in CardSet.objects.filter(game_id=self.game).values_list(
                "code", "abbr", "name"
            ):
                for key in (code, abbr, name):
                    self._sets.setdefault(key.lower(), set()).add(code.rstrip("d"))
        return self._sets.get(hint.strip().lower(), set())

    def by_name(self, name: str, *, side: str | None = None, set_hint: str | None = None) -> Match:
        found = find_card(self.game, name, side=side, fuzzy=False)
        entries = found.entries
        if found.cards and len(entries) > 1 and set_hint:
            sets = self._set_codes(set_hint)
            entries = [e for e in entries if e.code.split("_", 1)[0] in sets] or entries
        candidates = tuple((e.code, e.title, e.side) for e in entries[:5])
        if not found.cards:
            return Match(None, candidates)
        if len(entries) == 1:
            return Match(entries[0].code, candidates)
        return Match(None, candidates, ambiguous=True)


@dataclass
class Decklist:
    read: ReadResult

    @property
    def format(self) -> str:
        return self.read.format

    @property
    def name(self) -> str | None:
        return self.read.name

    @property
    def side(self) -> str | None:
        return self.read.side

    @property
    def problems(self):
        return self.read.problems

    def deck_ids(self) -> list[str]:
        """One id per copy; starting cards are deck cards too."""
        return [e.card_id for e in self.read.entries if e.zone != "outside" for _ in range(e.count)]

    def outside_ids(self) -> list[str]:
        return [e.card_id for e in self.read.entries if e.zone == "outside" for _ in range(e.count)]


def read_decklist(text: str, *, game: str, side: str | None = None, format: str | None = None) -> Decklist:
    return Decklist(read_any(text, DatabaseResolver(game), side=side, format=format))
