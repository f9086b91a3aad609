"""Deck lists in any supported format, read against the database's cards (adapts it to formats_io's resolver)."""

import re
from collections.abc import Callable
from dataclasses import dataclass

from rest_framework import status

from cardsdb.api.errors import ApiError
from cardsdb.catalogue_versions import catalogue_version
from cardsdb.models import Card, CardSet
from cardsdb.names import NameEntry, name_index
from cardsdb.naming import find_card
from core.text import fold, fold_words
from decks.formats_io.base import (
    OTHER_SIDE,
    SET_MISMATCH,
    UNKNOWN_SET,
    UNKNOWN_VERSION,
    Match,
    ReadResult,
    compact,
    normalise_side,
    set_of,
)
from decks.formats_io.base import fold as fold_name
from decks.formats_io.detect import read_any
from decks.formats_io.limits import SuggestionBudget, TooLarge, check_size
from decks.legality.pool import card_pool
from decks.models import Deck

# SWTCG: a deck is one side plus Neutral cards, and cards with the same title, side and type in several sets
# (or twice in one set: a numbered card and its promo) are printings of one card, told apart by the set only.
NEUTRAL_SIDE = {"swtcg": "Neutral"}
PRINTINGS_BY_TITLE = frozenset({"swtcg"})
# SWCCG: a "(V)" card is a virtual version of the card it names, in a Virtual Set (GEMP's set 200+N):
# "Darth Vader [V0]" means Darth Vader (V).
VIRTUAL_VERSIONS = frozenset({"swccg"})
# SWTCG: titles carry a version letter ("Anakin Skywalker (A)") where a card has several versions.
VERSION_LETTERS = frozenset({"swtcg"})
_VERSION_LETTER = re.compile(r"(.+?)\s*\(([A-Za-z])\)")


@dataclass(frozen=True)
class _Printing:
    same_card: tuple[str, ...]  # folded title, side, type: equal for printings of one card
    order: tuple  # set position, then numbered before unnumbered (promos), then code
    image_file: str
    # SWTCG rows merged into this card (a PROMO row repeating a set's card): their sets and image files still
    # name it, in a `[PROMO]` hint and in a LackeyCCG .dek (cardsdb/importers/swtcg.py `_absorb`)
    merged_sets: tuple[str, ...] = ()
    merged_images: tuple[str, ...] = ()


_catalogues: dict[tuple, dict[str, _Printing]] = {}
_ROMAN = re.compile(r"(?<=[a-z])(i{2,3})$")  # "reflectionsii" → "reflections2"


def _printings(game: str) -> dict[str, _Printing]:
    """code → printing facts for the game's current cards, cached per game and catalogue version."""
    key = (game, catalogue_version(game))
    if key not in _catalogues:
        for stale in [k for k in _catalogues if k[0] == game]:
            del _catalogues[stale]
        rows = Card.objects.filter(game_id=game, edition=Card.Edition.CURRENT).values_list(
            "code", "title", "side", "type", "card_set__position", "extra__image_file", "extra__merged_rows"
        )
        _catalogues[key] = {
            code: _Printing(
                (fold(title), side, fold(card_type)),
                _order(code, position),
                image or "",
                tuple(str(row.get("set", "")) for row in merged or ()),
                tuple(str(row.get("image_file") or "") for row in merged or ()),
            )
            for code, title, side, card_type, position, image, merged in rows
        }
    return _catalogues[key]


def _order(code: str, set_position: int | None) -> tuple:
    number = re.match(r"[0-9]+", code.partition("_")[2])
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
        self._set_names: dict[str, str] = {}
        self._images: dict[str, list[str]] | None = None
        self._printing_facts: dict[str, _Printing] | None = None
        # by_name's answers: a batch's decks name the same cards again and again (one resolver serves them all)
        self._matches: dict[tuple, Match] = {}

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

    def _load_sets(self) -> dict[str, set[str]]:
        if self._sets is None:
            self._sets, self._set_names = {}, {}
            for code, abbr, name in CardSet.objects.filter(game_id=self.game).values_list(
                "code", "abbr", "name"
            ):
                self._set_names.setdefault(code.rstrip("d"), name)
                for key in (code, abbr, name):
                    self._sets.setdefault(compact(key), set()).add(code.rstrip("d"))
        return self._sets

    def _set_codes(self, hint: str) -> set[str]:
        """Set codes a bracketed hint may mean: "1", "P", "Premiere", "V21", "Virtual Set 21", "Reflections II"
        (compared on letters and digits only; Roman numerals II–III as digits)."""
        sets = self._load_sets()
        key = compact(hint)
        found = sets.get(key) or sets.get(_ROMAN.sub(lambda m: str(len(m.group(1))), key), set())
        virtual = re.fullmatch(r"v(?:irtual)?(?:set)?([0-9]+)", key)
        if not found and virtual and self.game in VIRTUAL_VERSIONS:  # GEMP numbers Virtual Set N as set 200+N
            found = sets.get(str(200 + int(virtual.group(1))), set())
        return found

    def set_name_of(self, card_id: str) -> str:
        """The name of a card's set as a bracketed hint reads it ("Cloud City"), else the id's set part."""
        self._load_sets()
        return self._set_names.get(set_of(card_id), set_of(card_id))

    def by_name(
        self, name: str, *, side: str | None = None, set_hint: str | None = None, suggest: bool = True
    ) -> Match:
        key = (name, side, set_hint, suggest)
        match = self._matches.get(key)
        if match is None:
            match = self._matches[key] = self._lettered(name, side=side, set_hint=set_hint, suggest=suggest)
        return match

    def _lettered(self, name: str, *, side: str | None, set_hint: str | None, suggest: bool) -> Match:
        match = self._by_name(name, side=side, set_hint=set_hint, suggest=suggest)
        lettered = _VERSION_LETTER.fullmatch(name.strip()) if self.game in VERSION_LETTERS else None
        if match.card_id or match.ambiguous or match.problem or not lettered:
            return match
        # "Stormtrooper Squad (A)": LackeyCCG letters every card, the catalogue only cards with several
        # versions; a card with one version is its version A, and any other letter is not silently dropped
        bare = self._by_name(lettered.group(1), side=side, set_hint=set_hint, suggest=False)
        if bare.problem or not (bare.card_id or bare.ambiguous):
            return bare if bare.problem else match
        if bare.card_id and lettered.group(2).upper() == "A":
            return bare
        return Match(None, bare.candidates, problem=UNKNOWN_VERSION)

    def _by_name(
        self, name: str, *, side: str | None = None, set_hint: str | None = None, suggest: bool = True
    ) -> Match:
        neutral = NEUTRAL_SIDE.get(self.game)
        found = find_card(
            self.game, name, side=None if neutral else side, fuzzy=False, suggest=suggest, index=self.names
        )
        if side and not neutral and not found.cards:  # a card of the other side only: say so, not "unknown"
            elsewhere = find_card(self.game, name, fuzzy=False, suggest=False, index=self.names)
            if elsewhere.cards:
                return Match(None, self._describe(elsewhere.entries[:5]), problem=OTHER_SIDE)
        entries = found.entries
        if neutral and side:  # a Light deck may hold Neutral cards: side narrows to the side and Neutral
            allowed = {side.lower(), neutral.lower()}
            on_side = [e for e in entries if e.side.lower() in allowed]
            if found.cards and not on_side:  # it exists, but only on another side: say so instead of guessing
                return Match(None, self._describe(entries[:5]), problem=OTHER_SIDE)
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

    def by_name_in_set(self, name: str, *, side: str | None, set_hint: str, suggest: bool = True) -> Match:
        """A name with a bracketed set: the printing in that set ("Alter [Coruscant]"), else the name's "(V)"
        version when that set has it ("Darth Vader [V0]" is Darth Vader (V)); a hint naming no set, or a set
        without the card, is reported (Match.problem) rather than ignored."""
        match = self.by_name(name, side=side, set_hint=set_hint, suggest=suggest)
        if match.problem or not (match.card_id or match.ambiguous):  # unknown, or on the other side
            return match
        sets = self._set_codes(set_hint)
        if not sets:
            return Match(None, match.candidates, problem=UNKNOWN_SET)
        if match.ambiguous:  # the set did not settle it (by_name filters by it): did it match any of them?
            in_set = any(self._printed_in(code, sets) for code, _title, _side in match.candidates)
            return match if in_set else Match(None, match.candidates, problem=SET_MISMATCH)
        if self._printed_in(match.card_id, sets):
            return match
        if self.game in VIRTUAL_VERSIONS and not fold_name(name).endswith("(v)"):
            virtual = self.by_name(f"{name} (V)", side=side, set_hint=set_hint, suggest=False)
            if virtual.card_id and set_of(virtual.card_id) in sets:
                return virtual
        return Match(None, match.candidates, problem=SET_MISMATCH)

    def _printed_in(self, code: str, sets: set[str]) -> bool:
        """The card has a printing in one of `sets`: its own set, or a row merged into it (SWTCG PROMO)."""
        facts = self.printings.get(code)
        return set_of(code) in sets or bool(facts and sets.intersection(facts.merged_sets))

    def by_image_file(self, image_file: str) -> str | None:
        """The card LackeyCCG's image name (a .dek's <name id>) stands for: the earliest printing when several
        printings of one card share it, None when no card or different cards have it."""
        printings = self.printings
        if self._images is None:
            self._images = {}
            for code, printing in printings.items():
                for image in (printing.image_file, *printing.merged_images):
                    if image:
                        self._images.setdefault(image.lower(), []).append(code)
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


_SIDE_LINE = re.compile(r"^[ \t]*side[ \t]*:[ \t]*(?P<value>[^\n]*)$", re.I | re.M)


def stated_side(text: str) -> str | None:
    """The side a "Side: Dark" line of a pasted list states (the last one), else None."""
    found = None
    for line in _SIDE_LINE.finditer(text or ""):
        found = normalise_side(line.group("value")) or found
    return found


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
        self.words = exc.words  # the message for the pages to say in their language


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
