"""The catalogue's names, one table per game and catalogue version: every card's name folded, its nicknames,
initials and title, and the closest names to a typed one (rapidfuzz). What finding a card by name reads
(cardsdb/naming.py, cardsdb/nicknames.py); below both, so neither imports the other's reader."""

from collections import defaultdict
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from core.text import acronym, fold, fold_words

from .catalogue_versions import catalogue_version
from .models import Card

CLOSEST = 10  # entries ranked for a fuzzy match or suggestions


@dataclass(frozen=True)
class NameEntry:
    card_id: int
    code: str
    title: str
    side: str
    key: str  # fold_words(name)
    nicknames: tuple[str, ...]
    initials: str
    title_key: str = ""  # fold_words(title): SWTCG titles add the version, "Anakin Skywalker (A)"


@dataclass
class NameIndex:
    entries: list[NameEntry]
    by_key: dict[str, list[NameEntry]] = field(default_factory=lambda: defaultdict(list))
    by_nickname: dict[str, list[NameEntry]] = field(default_factory=lambda: defaultdict(list))
    by_initials: dict[str, list[NameEntry]] = field(default_factory=lambda: defaultdict(list))
    by_title: dict[str, list[NameEntry]] = field(default_factory=lambda: defaultdict(list))
    # side (lower case, None: every side) -> (each distinct name's words sorted, its entries): the fuzzy
    # search's choices, built on first use and kept with the index, i.e. once per catalogue version
    _choices: dict[str | None, tuple[list[str], list[list[NameEntry]]]] = field(
        default_factory=dict, repr=False
    )
    nickname_index: object = field(default=None, repr=False)  # nicknames.for_index builds and keeps it here

    def __post_init__(self):
        for e in self.entries:
            self.by_key[e.key].append(e)
            if e.title_key and e.title_key != e.key:
                self.by_title[e.title_key].append(e)
            for nickname in e.nicknames:
                self.by_nickname[nickname].append(e)
            self.by_initials[e.initials].append(e)

    def ranked(self, wanted: str, side: str | None) -> list[tuple[NameEntry, float]]:
        """The CLOSEST entries (of a side) to a folded name, best first, with their token-sort ratio."""
        key = side.lower() if side else None
        if key not in self._choices:
            groups: dict[str, list[NameEntry]] = {}
            for e in on_side(self.entries, side):
                groups.setdefault(e.key, []).append(e)
            self._choices[key] = ([_sorted_words(k) for k in groups], list(groups.values()))
        keys, entries = self._choices[key]
        # fuzz.ratio over words sorted once is token_sort_ratio without re-sorting every name at every call
        found = process.extract(_sorted_words(wanted), keys, scorer=fuzz.ratio, limit=CLOSEST)
        ranked = [(e, score) for _key, score, i in found for e in entries[i]]
        return ranked[:CLOSEST]


def _sorted_words(text: str) -> str:
    return " ".join(sorted(text.split()))


_index_cache: dict[tuple, NameIndex] = {}


def name_index(game: str) -> NameIndex:
    """Current cards of a game, cached per game and catalogue version (the last import)."""
    key = (game, catalogue_version(game))
    if key not in _index_cache:
        for stale in [k for k in _index_cache if k[0] == game]:
            del _index_cache[stale]
        rows = Card.objects.filter(game_id=game, edition=Card.Edition.CURRENT).values_list(
            "id", "code", "title", "side", "name", "nicknames"
        )
        _index_cache[key] = NameIndex(
            [
                NameEntry(
                    pk,
                    code,
                    title,
                    side,
                    fold_words(name),
                    tuple(fold(n) for n in nicks or []),
                    acronym(name),
                    fold_words(title),
                )
                for pk, code, title, side, name, nicks in rows
            ]
        )
    return _index_cache[key]


def on_side(entries, side: str | None) -> list[NameEntry]:
    return [e for e in entries if side is None or e.side.lower() == side.lower()]
