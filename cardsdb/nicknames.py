"""The other names players give cards: the data's nicknames, acronyms computed from the titles and well-known
short names, the first words of a title.

- Acronym: the initials of a title's words, punctuation and uniqueness marks ignored ("•Hunt Down And Destroy The
  Jedi / Their Fire Has Gone Out Of The Universe" → HDADTJTFHGOOTU), of each face of a two-part title (HDADTJ,
  TFHGOOTU), and with a hyphenated word read as one word too ("Obi-Wan Kenobi" → OWK and OK). A virtual "(V)"
  card's acronyms end in V (HDADTJV), so the plain acronym names the original card.
- Short name: two or more first words of a title or face ("Hunt Down") that begin exactly one card name; the
  original card rather than its (V). Several names beginning with them: no short name (the caller suggests).
- Nickname: the card's own `nicknames` (swccg-card-json's `abbr`), compared without case, spaces or punctuation
  ("ADLR (V)" = "ADLR(V)").

One index per game, built from names.name_index and kept with it, so it is computed once per catalogue version.
Used by search (a bare-word query), the `named?fuzzy=` API and deck-list reading (both through naming.find_card).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field

from core.text import fold, fold_words, strip_marks

from .names import NameEntry, NameIndex, name_index

MIN_SHORT_WORDS = 2  # "Hunt" alone begins too many titles to mean one card
MIN_LOWER_ACRONYM = 4  # "adlr" is an acronym typed in lower case; "at" or "the" are words
MAX_LOOKUP_CHARS = 120  # longer text is a title or a sentence, never a short name
_VIRTUAL = re.compile(r"\s*\(V\)$")
_NON_ALNUM = re.compile(r"[^0-9a-z]")


def compact(text: str) -> str:
    """Folded, without spaces or punctuation: how nicknames and acronyms are compared."""
    return _NON_ALNUM.sub("", fold(text))


@dataclass(frozen=True)
class NicknameHit:
    entries: tuple[NameEntry, ...]
    how: str  # "nickname", "acronym" or "short-name"


@dataclass
class NicknameIndex:
    nicknames: dict[str, list[NameEntry]] = field(default_factory=lambda: defaultdict(list))
    acronyms: dict[str, list[NameEntry]] = field(default_factory=lambda: defaultdict(list))
    # word prefix (folded words) -> the base names (title without "(V)") it begins
    prefixes: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    # base name -> its cards, originals before (V)s
    bases: dict[str, list[NameEntry]] = field(default_factory=lambda: defaultdict(list))

    def add(self, entry: NameEntry) -> None:
        raw, virtual = _raw_name(entry)
        base = fold_words(raw)
        self.bases[base].append(entry)
        for nickname in entry.nicknames:
            if key := compact(nickname):
                self.nicknames[key].append(entry)
        faces = [raw, *raw.split(" / ")] if " / " in raw else [raw]
        for face in faces:
            words = fold_words(face).split()
            for initials in {_initials(words), _initials(fold_words(face.replace("-", "")).split())}:
                if len(initials) >= 2:
                    self.acronyms[initials + ("V" if virtual else "")].append(entry)
            if not virtual:
                for n in range(MIN_SHORT_WORDS, len(words) + 1):
                    self.prefixes[" ".join(words[:n])].add(base)

    def finish(self) -> NicknameIndex:
        for entries in self.bases.values():
            entries.sort(key=lambda e: _raw_name(e)[1])  # originals first (False < True)
        return self

    def lookup(self, text: str, side: str | None = None) -> NicknameHit | None:
        """The cards `text` names as a nickname, an acronym or a short name (on `side`); None if none."""
        text = text.strip()
        if not text or len(text) > MAX_LOOKUP_CHARS:
            return None
        key = compact(text)
        if hits := _on_side(self.nicknames.get(key, ()), side):
            return NicknameHit(hits, "nickname")
        if " " not in text and _acronym_like(text, key):
            if hits := _on_side(self.acronyms.get(key.upper(), ()), side):
                return NicknameHit(hits, "acronym")
        bases = self.prefixes.get(fold_words(text), ())
        if len(bases) == 1:
            entries = self.bases[next(iter(bases))]
            originals = [e for e in entries if not _raw_name(e)[1]] or entries
            if hits := _on_side(originals, side):
                return NicknameHit(hits, "short-name")
        return None


def _acronym_like(text: str, key: str) -> bool:
    return len(key) >= 2 and (text.isupper() or len(key) >= MIN_LOWER_ACRONYM)


def _initials(words: list[str]) -> str:
    return "".join(w[0] for w in words if w).upper()


def _raw_name(entry: NameEntry) -> tuple[str, bool]:
    """The name as written (marks removed) and whether it is a virtual "(V)" version. SWTCG titles add a
    version letter the name lacks: the folded name stands in for them."""
    raw = strip_marks(entry.title)
    if fold_words(raw) != entry.key:
        raw = entry.key
    virtual = bool(_VIRTUAL.search(raw))
    return (_VIRTUAL.sub("", raw) if virtual else raw), virtual


def _on_side(entries, side: str | None) -> tuple[NameEntry, ...]:
    return tuple(e for e in entries if side is None or e.side.lower() == side.lower())


def for_index(index: NameIndex) -> NicknameIndex:
    """The nickname index of a name index, built on first use and kept with it (one per catalogue version)."""
    built = index.nickname_index
    if built is None:
        built = NicknameIndex()
        for entry in index.entries:
            built.add(entry)
        index.nickname_index = built.finish()
    return built


def lookup(game: str, text: str, side: str | None = None) -> NicknameHit | None:
    return for_index(name_index(game)).lookup(text, side)


def warm(game: str | None) -> None:
    """Build the indexes a search of `game` (None: every game) consults, before its time budget starts: they
    are built once per catalogue version (SWTCG's 10,000 cards take a second), not charged to one search."""
    from .games.registry import GAMES

    for code in [game] if game else GAMES:
        for_index(name_index(code))
