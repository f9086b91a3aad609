"""The contract shared by every reader and writer: entries, problems, results and the card resolver.

Plain Python on purpose: the caller adapts the database to `CardResolver`/`CardInfo`, so the formats can be
tested without Django and reused by scripts.
"""

import difflib
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from core.numbers import ascii_int
from core.text import fold as fold_text
from decks.formats_io.limits import MAX_LINE_CHARS, MAX_XML_DEPTH
from decks.formats_io.words import Said, gettext_noop, said
from decks.formats_io.words import describe as describe  # the readers and writers import it from here

# starting = starting location, objective, starting interrupt/effect and what they pull (also part of the deck)
ZONES = ("deck", "outside", "starting")
SIDES = ("Light", "Dark")
# Match.problem values, also the ReadProblem codes readers report them with
OTHER_SIDE = "card-on-other-side"
SET_MISMATCH = "set-hint-mismatch"
UNKNOWN_SET = "unknown-set"
UNKNOWN_VERSION = "unknown-version"
MAX_COUNT = 99  # more copies of one card than this is a typo (a deck has 60 cards)


@dataclass(frozen=True, slots=True)
class DeckEntry:
    card_id: str  # canonical GEMP id, e.g. "1_168"
    count: int
    zone: str = "deck"
    line: int | None = None  # 1-based line number in the input (None for formats without lines)
    # the input's own section name when it has several outside the deck (LackeyCCG's "Sideboard", "Supply",
    # "Outside the game"), so that writers can put the card back where it was; None otherwise
    section: str | None = None


@dataclass(frozen=True, slots=True)
class ReadProblem:
    # stable codes: "unknown-card-name", "ambiguous-card-name", "unknown-card-id", "bad-line", "bad-count",
    # "bad-xml", "too-deep" (XML nested deeper than a deck file), "empty-deck", "unknown-side", "unknown-section",
    # "card-on-other-side" (the name is a card of the other side only), "set-hint-mismatch" (the card has no
    # printing in the bracketed set), "unknown-set" (the bracketed hint names no set), "unknown-version" (an SWTCG
    # version letter the card does not have)
    code: str
    message: str  # plain text saying what to fix, quoting the input
    line: int | None
    text: str  # the offending line or fragment
    candidates: tuple[str, ...] = ()  # closest matches as "Title (id, Side)" for the user to choose
    # copies the unread line stands for ("4 No Such Card": 4), so a legality check counts all of them
    count: int = 1
    # the message's sentences with their values, for the pages to say in their language (not in the API's
    # answer, which gives `message`); empty for a message that has none
    words: tuple[Said, ...] = ()

    @classmethod
    def of(
        cls,
        code: str,
        words: "Said | tuple[Said, ...]",
        line: int | None,
        text: str,
        candidates: tuple[str, ...] = (),
        count: int = 1,
    ) -> "ReadProblem":
        """A problem whose message is its sentences in English, joined by spaces."""
        words = (words,) if isinstance(words, Said) else tuple(words)
        message = " ".join(w.english() for w in words)
        return cls(code, message, line, text, candidates, count, words)

    def as_dict(self) -> dict:
        """As dataclasses.asdict gives it, without its deep copy (thousands of problems in a batch)."""
        return {
            "code": self.code,
            "message": self.message,
            "line": self.line,
            "text": self.text,
            "candidates": self.candidates,
            "count": self.count,
        }


@dataclass
class ReadResult:
    format: str  # "gemp-list", "gemp-xml", "text", "swccgdb", "holotable", "lackey-dek", "lackey-txt"
    entries: list[DeckEntry]
    problems: list[ReadProblem]
    # "Light"/"Dark" if the input states it or all matched cards agree (SWTCG: also "Yuuzhan Vong", the one
    # side other than Neutral that the cards share)
    side: str | None = None
    name: str | None = None  # deck name if the input carries one


@dataclass(frozen=True)
class Match:
    """What a resolver found for a name.

    When a card is chosen, resolvers should also give it as the first candidate: readers take its side from
    there to infer the deck's side (or from the resolver's optional `side_of`).
    """

    card_id: str | None  # the chosen card, or None
    candidates: tuple[tuple[str, str, str], ...] = ()  # (card_id, title, side) best first
    ambiguous: bool = False
    # why no card was chosen when the name is known: a ReadProblem code ("card-on-other-side",
    # "set-hint-mismatch", "unknown-set"); None when the name is unknown or ambiguous
    problem: str | None = None


class CardResolver(Protocol):
    def by_id(self, card_id: str) -> str | None:
        """Canonical id for a GEMP id as written (GEMP's "*"/"^" markers stripped), or None."""
        ...

    def by_name(
        self, name: str, *, side: str | None = None, set_hint: str | None = None, suggest: bool = True
    ) -> Match:
        """Name as the player wrote it; the resolver handles marks/case/nicknames/"(V)" and fuzzy candidates.

        side narrows Light/Dark versions; set_hint is the text in brackets, e.g. "Premiere", "1" or "V21".
        suggest=False leaves out the closest cards of a name that matches nothing (the costly part): readers
        ask for them only for the first unread lines (limits.SuggestionBudget).
        """
        ...


# Optional extras a resolver may offer; readers use them through getattr when present.
@runtime_checkable
class SideLookup(Protocol):
    def side_of(self, card_id: str) -> str | None: ...


@runtime_checkable
class SetHintLookup(Protocol):
    def by_name_in_set(self, name: str, *, side: str | None, set_hint: str, suggest: bool = True) -> Match:
        """A name with a bracketed set ("Darth Vader [V0]"): the card's printing in that set, or its "(V)"
        version there; a hint that names no set, or a set without the card, is a Match with `problem` set."""
        ...


@runtime_checkable
class ImageLookup(Protocol):
    def by_image_path(self, path: str) -> str | None:
        """Card for a Holotable image path such as "/starwars/Premiere-Dark/t_darthvader"."""
        ...


@runtime_checkable
class ImageFileLookup(Protocol):
    def by_image_file(self, image_file: str) -> str | None:
        """Card for a LackeyCCG image name (the set file's ImageFile, the .dek's <name id>), or None when no
        card or several different cards have it."""
        ...


@dataclass(frozen=True)
class CardInfo:  # what writers need about a card
    card_id: str
    title: str  # as printed, with uniqueness marks
    type: str  # "Character", "Effect", …
    side: str
    set_code: str | None = None  # the card's set as LackeyCCG writes it ("AOTC"); None: the id's set part
    image_file: str | None = None  # LackeyCCG's image name for the card (SWTCG's extra["image_file"])


# -- helpers shared by the readers -------------------------------------------------------------------------

# Beyond core.text.fold: Holotable's cp1252 bullet read as Latin-1 (\x95) or lost (\ufffd), and backticks.
_EXTRA = str.maketrans({"\x95": "", "\ufffd": "", "`": "'"})
_TRAILING_V = re.compile(r"\s*(?:\(v\)|\bv)$")  # "Vader (V)", "Vader(v)", "Vader v" all mean the (V) card


def fold(name: str) -> str:
    """Matching key: lower-case, no uniqueness marks or accents, straight quotes, "(V)" in one spelling."""
    text = fold_text(name.translate(_EXTRA))
    return _TRAILING_V.sub(" (v)", text) if text != "v" else text


def compact(name: str) -> str:
    """Letters and digits only: "It's Worse" and "Its Worse" (and Holotable's "itsworse") meet here."""
    return re.sub(r"[^0-9a-z]", "", fold(name))


def normalise_side(text: str | None) -> str | None:
    """ "Dark", "dark side", "DS" → "Dark"; SWTCG's "Yuuzhan Vong" / "YV" too; None for anything else."""
    if text is None:
        return None
    key = compact(text)
    if key in ("dark", "darkside", "ds"):
        return "Dark"
    if key in ("light", "lightside", "ls"):
        return "Light"
    if key in ("yuuzhanvong", "yv"):
        return "Yuuzhan Vong"
    return None


def unknown_name(first: Said, cards: tuple, unsuggested: Said | None = None) -> tuple[Said, ...]:
    """A name that matches no card: the closest cards ("Did you mean: …?"), or a word to check the spelling,
    and the note of a line past the suggestions' limit."""
    if cards:
        hint = said(gettext_noop("Did you mean: %(cards)s?"), cards=cards)
    else:
        hint = said(gettext_noop("Check the spelling."))
    return (first, hint, *((unsuggested,) if unsuggested else ()))


def side_from(resolver: object, card_id: str, match: Match | None = None) -> str | None:
    """The side of a resolved card, from the match's first candidate or the resolver's `side_of`."""
    if match is not None:
        for cid, _title, side in match.candidates[:1]:
            if cid == card_id:
                return side
    side_of = getattr(resolver, "side_of", None)
    return side_of(card_id) if side_of is not None else None


def agreed_side(sides: Iterable[str | None]) -> str | None:
    """The one side all matched cards share, or None when they disagree or none is known."""
    found = {s for s in sides if s}
    return found.pop() if len(found) == 1 else None


def totals(entries: Iterable[DeckEntry]) -> dict[tuple[str, str], int]:
    """Copies per (card, zone): entries of the same card on several lines add up."""
    result: dict[tuple[str, str], int] = {}
    for entry in entries:
        key = (entry.card_id, entry.zone)
        result[key] = result.get(key, 0) + entry.count
    return result


def empty_deck_problem(blank_input: bool) -> ReadProblem:
    message = (
        gettext_noop("The deck list is empty: paste or upload a deck list.")
        if blank_input
        else gettext_noop("No cards could be read from this deck list: fix the problems listed above.")
    )
    return ReadProblem.of("empty-deck", said(message), None, "")


def long_line(number: int | None, line: str) -> ReadProblem:
    """A line longer than any deck line: reported before any pattern looks at it."""
    return ReadProblem.of(
        "bad-line",
        said(
            gettext_noop(
                "Line %(line)s has %(size)s characters; a deck list line has at most %(limit)s "
                '(one card: "2x Card Name [Set]"). Put one card on each line.'
            ),
            line=number,
            size=len(line),
            limit=MAX_LINE_CHARS,
        ),
        number,
        line[:MAX_LINE_CHARS] + "…",
    )


# -- XML deck files (GEMP, LackeyCCG) ---------------------------------------------------------------------

UNSAFE_XML = re.compile(r"<!DOCTYPE|<!ENTITY", re.I)  # entity expansion ("billion laughs") needs these


def unsafe_xml(text: str) -> tuple[int, str] | None:
    """(line, what) of a DOCTYPE or entity declaration, which deck files never hold; None when there is none."""
    found = UNSAFE_XML.search(text)
    return (text.count("\n", 0, found.start()) + 1, found.group()) if found else None


def parse_error_at(text: str, error) -> tuple[int, int, str]:
    """(line, 1-based column, the offending line stripped) of an xml.etree ParseError."""
    line, column = error.position
    lines = text.splitlines()
    return line, column + 1, lines[line - 1].strip() if 0 < line <= len(lines) else ""


def xml_failure(format: str, message: Said, line: int | None, text: str, code: str = "bad-xml") -> ReadResult:
    """A deck file that could not be read at all: its problem, and no cards."""
    return ReadResult(format, [], [ReadProblem.of(code, message, line, text), empty_deck_problem(False)])


def too_deep_message(line: int, tag: str, kind: str) -> Said:
    return said(
        gettext_noop(
            "Line %(line)s: <%(tag)s> is nested %(depth)s elements deep; a %(kind)s deck file nests at most "
            "%(limit)s. Upload the deck file as %(kind)s saved it."
        ),
        line=line,
        tag=tag,
        depth=MAX_XML_DEPTH + 1,
        kind=kind,
        limit=MAX_XML_DEPTH,
    )


def not_valid_xml(line: int, column: int, reason: str) -> Said:
    """The XML parser's own reason stays as it wrote it (English): it quotes the parser."""
    return said(
        gettext_noop("Line %(line)s, column %(column)s: the deck file is not valid XML (%(reason)s)."),
        line=line,
        column=column,
        reason=reason,
    )


def unsafe_xml_message(line: int, kind: str) -> Said:
    return said(
        gettext_noop(
            "Line %(line)s: the deck file declares a DOCTYPE or entities, which %(kind)s deck files never do; "
            "remove them (they are refused for safety)."
        ),
        line=line,
        kind=kind,
    )


def wrong_root(tag: str, kind: str) -> Said:
    return said(
        gettext_noop("The file's root element is <%(tag)s>; a %(kind)s deck file starts with <deck>."),
        tag=tag,
        kind=kind,
    )


def bad_count(line: int | None, count: str, text: str) -> ReadProblem:
    """A count that is not a whole number from 1 to MAX_COUNT ("0x Vader", "-1 Vader", "999999x Vader")."""
    return ReadProblem.of(
        "bad-count",
        said(
            gettext_noop(
                'Line %(line)s: the count "%(count)s" in "%(text)s" must be a whole number from 1 to %(max)s.'
            ),
            line=line,
            count=count,
            text=text,
            max=MAX_COUNT,
        ),
        line,
        text,
    )


def _trigrams(text: str) -> set[str]:
    padded = f"  {text} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def set_of(card_id: str) -> str:
    return card_id.split("_", 1)[0]


def id_order(card_id: str) -> tuple:
    """Premiere before reprints: numeric set, then number (ids like "200d_3" sort after "200_…")."""
    set_code, _, number = card_id.partition("_")
    digits = re.match(r"[0-9]*", set_code).group()
    return (int(digits or 0), set_code, ascii_int(number) or 0, card_id)


# -- in-memory resolver ------------------------------------------------------------------------------------


class DictResolver(CardResolver):
    """A `CardResolver` over a list of (card_id, title, side, nicknames): for tests and as a fallback.

    Lookup order: exact folded title, nickname (or either half of a two-sided "Front / Back" title), then
    letters-and-digits only. Several cards with the same title on the same side are printings of one card
    (e.g. Premiere and Reflections III): the set hint picks one, else the earliest. Anything else is either
    ambiguous (with the candidates) or unmatched (with difflib's closest titles as candidates).
    """

    CUTOFF = 0.6  # difflib similarity below which a title is not worth suggesting
    LIMIT = 5
    POOL = 60  # titles sharing the most trigrams with the name, compared by difflib

    def __init__(
        self,
        cards: Iterable[tuple[str, str, str, Iterable[str]]],
        *,
        sets: Mapping[str, str] | None = None,
        images: Mapping[str, str] | None = None,
    ):
        self._cards: dict[str, tuple[str, str]] = {}  # id -> (title, side)
        self._exact: dict[str, list[str]] = {}
        self._alias: dict[str, list[str]] = {}
        self._compact: dict[str, list[str]] = {}
        for card_id, title, side, nicknames in cards:
            self._cards[card_id] = (title, side)
            self._exact.setdefault(fold(title), []).append(card_id)
            self._compact.setdefault(compact(title), []).append(card_id)
            aliases = list(nicknames or ())
            if " / " in title:  # objectives: "Front / Back" may be written by either half
                aliases += title.split(" / ")
            for alias in aliases:
                self._alias.setdefault(fold(alias), []).append(card_id)
        # set hint -> set code: given names/abbreviations, compared without spaces or punctuation
        self._sets = {compact(k): v for k, v in (sets or {}).items()}
        self._images = {path.lower(): card_id for path, card_id in (images or {}).items()}
        self._titles = list(self._exact) + [a for a in self._alias if a not in self._exact]
        self._grams: dict[str, list[int]] = {}  # trigram -> titles: difflib then ranks only a short list
        for index, title in enumerate(self._titles):
            for gram in _trigrams(title):
                self._grams.setdefault(gram, []).append(index)

    # -- CardResolver

    def by_id(self, card_id: str) -> str | None:
        cleaned = card_id.replace("*", "").replace("^", "").strip()
        return cleaned if cleaned in self._cards else None

    def by_name(
        self, name: str, *, side: str | None = None, set_hint: str | None = None, suggest: bool = True
    ) -> Match:
        key = fold(name)
        hits = self._exact.get(key) or self._alias.get(key) or self._compact.get(compact(name)) or []
        if hits and side:
            on_side = [h for h in hits if self._cards[h][1].lower() == side.lower()]
            if not on_side:  # it exists, but only on the other side: say so instead of guessing
                return Match(None, self._describe(hits), problem=OTHER_SIDE)
            hits = on_side
        if len(hits) > 1 and set_hint:
            wanted = self._set_code(set_hint)
            in_set = [h for h in hits if set_of(h) == wanted]
            hits = in_set or hits  # an unknown or wrong set does not hide the card
        hits = sorted(dict.fromkeys(hits), key=id_order)
        if len({(fold(self._cards[h][0]), self._cards[h][1]) for h in hits}) == 1:
            return Match(hits[0], self._describe(hits[:1]))
        if hits:
            return Match(None, self._describe(hits), ambiguous=True)
        return Match(None, self._suggest(key, side) if suggest else ())

    # -- optional extras

    def side_of(self, card_id: str) -> str | None:
        card = self._cards.get(card_id)
        return card[1] if card else None

    def by_image_path(self, path: str) -> str | None:
        return self._images.get(path.strip().lower())

    # -- internals

    def _set_code(self, hint: str) -> str:
        key = compact(hint)
        if key in self._sets:
            return self._sets[key]
        virtual = re.fullmatch(r"v(?:irtual)?(?:set)?([0-9]+)", key)
        if virtual:  # GEMP numbers Virtual Set N as set 200+N
            return str(200 + int(virtual.group(1)))
        return hint.strip()

    def _describe(self, ids: Iterable[str]) -> tuple[tuple[str, str, str], ...]:
        return tuple((cid, *self._cards[cid]) for cid in ids)

    def _suggest(self, key: str, side: str | None) -> tuple[tuple[str, str, str], ...]:
        shared = Counter(i for gram in _trigrams(key) for i in self._grams.get(gram, ()))
        pool = [self._titles[i] for i, _n in shared.most_common(self.POOL)]
        close = difflib.get_close_matches(key, pool, n=self.LIMIT * 2, cutoff=self.CUTOFF)
        ids = [cid for title in close for cid in self._exact.get(title) or self._alias.get(title, [])]
        if side and any(self._cards[c][1].lower() == side.lower() for c in ids):
            ids = [c for c in ids if self._cards[c][1].lower() == side.lower()]
        return self._describe(list(dict.fromkeys(ids))[: self.LIMIT])
