"""Deck lists in any supported format, read against the database's cards (adapts it to formats_io's resolver)."""

import re
from collections.abc import Callable
from dataclasses import dataclass

from rest_framework import status

from cardsdb.api.errors import ApiError
from cardsdb.models import Card, CardSet
from cardsdb.naming import NameEntry, find_card, name_index
from cardsdb.selectors import catalogue_version
from rules.text import fold, fold_words

from .formats_io.base import Match, ReadResult
from .formats_io.detect import read_any
from .formats_io.limits import SuggestionBudget, TooLarge, check_size
from .models import Deck
from .pool import card_pool

# SWTCG: a deck is one side plus Neutral cards, and cards with the same title, side and type in several sets
# (or twice in one set: a numbered card and its promo) are printings of one card, told apart by the set only.
NEUTRAL_SIDE = {"swtcg": "Neutral"}
PRINTINGS_BY_TITLE = frozenset({"swtcg"})


@dataclass(frozen=True)
class _Printing:
    same_card: tuple[str, ...]  # folded title, side, type: equal for printings of one card
    order: tuple  # set position, then numbered before unnumbered (promos), then code
    image_file: str


_catalogues: dict[tuple, dict[str, _Printing]] = {}


def _printings(game: str) -> dict[str, _Printing]:
    """code → printing facts for the game's current cards, cached per game and catalogue version."""
    key = (game, catalogue_version(game))
    if key not in _catalogues:
        for stale in [k for k in _catalogues if k[0] == game]:
            del _catalogues[stale]
        rows = Card.objects.filter(game_id=game, edition=Card.Edition.CURRENT).values_list(
            "code", "title", "side", "type", "card_set__position", "extra__image_file"
        )
        _catalogues[key] = {
            code: _Printing((fold(title), side, fold(card_type)), _order(code, position), image or "")
            for code, title, side, card_type, position, image in rows
        }
    return _catalogues[key]


def _order(code: str, set_position: int | None) -> tuple:
    number = re.match(r"\d+", code.partition("_")[2])
    return (set_position or 0, 0 if number else 1, int(number.group()) if number else 0, code)


class DatabaseResolver:
    """Names as players write them: exact (marks, case, accents, "(V)" spelling ignored), a nickname, or
    (SWTCG) the full title with its version letter and printing notes; never a fuzzy guess — a name that does
    not match is reported with its closest candidates instead."""

    def __init__(self, game: str):
        self.game = game
        self.pool = card_pool(game)
        self.names = name_index(game)  # one catalogue version for the whole list
        self._sets: dict[str, set[str]] | None = None
        self._images: dict[str, list[str]] | None = None
        self._printing_facts: dict[str, _Printing] | None = None

    @property
    def printings(self) -> dict[str, _Printing]:
        if self._printing_facts is None:
            self._printing_facts = _printings(self.game)
        return self._printing_facts

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

    def by_name(
        self, name: str, *, side: str | None = None, set_hint: str | None = None, suggest: bool = True
    ) -> Match:
        neutral = NEUTRAL_SIDE.get(self.game)
        found = find_card(
            self.game, name, side=None if neutral else side, fuzzy=False, suggest=suggest, index=self.names
        )
        entries = found.entries
        if neutral and side:  # a Light deck may hold Neutral cards: side narrows to the side and Neutral
            allowed = {side.lower(), neutral.lower()}
            on_side = [e for e in entries if e.side.lower() in allowed]
            if found.cards and not on_side:  # it exists, but only on another side: say so instead of guessing
                return Match(None, self._describe(entries[:5]))
            entries = on_side or entries
        if found.cards and len(entries) > 1 and set_hint:
            sets = self._set_codes(set_hint)
            entries = [e for e in entries if e.code.split("_", 1)[0] in sets] or entries
        if not found.cards:
            return Match(None, self._describe(entries[:5]))
        if self.game in PRINTINGS_BY_TITLE:
            return self._one_card(name, entries)
        candidates = self._describe(entries[:5])
        if len(entries) == 1:
            return Match(entries[0].code, candidates)
        return Match(None, candidates, ambiguous=True)

    def by_image_file(self, image_file: str) -> str | None:
        """The card LackeyCCG's image name (a .dek's <name id>) stands for: the earliest printing when several
        printings of one card share it, None when no card or different cards have it."""
        printings = self.printings
        if self._images is None:
            self._images = {}
            for code, printing in printings.items():
                if printing.image_file:
                    self._images.setdefault(printing.image_file.lower(), []).append(code)
        codes = sorted(self._images.get(image_file.strip().lower(), ()), key=lambda c: printings[c].order)
        if codes and all(printings[c].same_card == printings[codes[0]].same_card for c in codes):
            return codes[0]
        return None

    def _one_card(self, name: str, entries: list[NameEntry]) -> Match:
        """The exact title's card among name matches ("Ewok Militia", not "Ewok Militia (Starter)"), the
        earliest printing when all are printings of one card (all of them as candidates, the chosen first);
        else ambiguous."""
        printings = self.printings
        wanted = fold_words(name)
        titled = [e for e in entries if (e.title_key or e.key) == wanted] or entries
        facts = printings.get  # a code missing here (an import between two look-ups) counts as its own card
        ordered = sorted(titled, key=lambda e: (facts(e.code).order if facts(e.code) else (), e.code))
        if len({facts(e.code).same_card if facts(e.code) else e.code for e in ordered}) == 1:
            return Match(ordered[0].code, self._describe(ordered))
        return Match(None, self._describe(ordered[:5]), ambiguous=True)

    @staticmethod
    def _describe(entries: list[NameEntry]) -> tuple[tuple[str, str, str], ...]:
        return tuple((e.code, e.title, e.side) for e in entries)


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
        """The side read, when it is one a deck can have (not SWTCG's "Neutral", which goes with any side)."""
        side = self.read.side
        return side if side is None or side.title() in Deck.Side.values else None

    @property
    def problems(self):
        return self.read.problems

    def deck_ids(self) -> list[str]:
        """One id per copy; starting cards are deck cards too."""
        return [e.card_id for e in self.read.entries if e.zone != "outside" for _ in range(e.count)]

    def outside_ids(self) -> list[str]:
        return [e.card_id for e in self.read.entries if e.zone == "outside" for _ in range(e.count)]


class DecklistTooLarge(ApiError):
    """A deck list over formats_io.limits: refused before any parsing (413, code decklist-too-large)."""

    def __init__(self, exc: TooLarge):
        super().__init__(
            "decklist-too-large",
            str(exc),
            status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
            limit=exc.limit,
            size=exc.size,
            unit=exc.unit,
        )


def read_decklist(
    text: str,
    *,
    game: str,
    side: str | None = None,
    format: str | None = None,
    suggestions: SuggestionBudget | None = None,
    resolver: Callable[[], DatabaseResolver] | None = None,
) -> Decklist:
    """Read a deck list against the game's cards. Raises DecklistTooLarge (an ApiError) for a text over the
    limits and ValueError for an unknown format; `suggestions` bounds the closest-card look-ups (one list's
    default budget, or a batch's shared one); `resolver` gives a resolver kept for many lists of the game (a
    batch's), made only once the size is checked."""
    try:
        check_size(text)  # before the resolver loads anything
        found = resolver() if resolver else DatabaseResolver(game)
        read = read_any(text, found, side=side, format=format, game=game, suggestions=suggestions)
    except TooLarge as exc:
        raise DecklistTooLarge(exc) from None
    return Decklist(read)
