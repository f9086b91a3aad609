"""Find a card by the name a player typed: exact, nickname ("ADLR"), acronym, short name ("Hunt Down"), then fuzzy
(rapidfuzz). Nicknames, acronyms and short names: cardsdb/nicknames.py."""

from collections import defaultdict
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from rules.text import acronym, fold, fold_words, strip_marks

from .models import Card
from .selectors import catalogue_version

FUZZY_THRESHOLD = 80
CLEAR_LEAD = 3  # a fuzzy winner must beat the next distinct name by this many points
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
            for e in _on_side(self.entries, side):
                groups.setdefault(e.key, []).append(e)
            self._choices[key] = ([_sorted_words(k) for k in groups], list(groups.values()))
        keys, entries = self._choices[key]
        # fuzz.ratio over words sorted once is token_sort_ratio without re-sorting every name at every call
        found = process.extract(_sorted_words(wanted), keys, scorer=fuzz.ratio, limit=CLOSEST)
        ranked = [(e, score) for _key, score, i in found for e in entries[i]]
        return ranked[:CLOSEST]


def _sorted_words(text: str) -> str:
    return " ".join(sorted(text.split()))


@dataclass
class NameMatch:
    cards: list[int]  # one id when the match is unambiguous
    how: str  # exact, nickname, acronym, short-name, fuzzy
    suggestions: list[str]
    entries: list[NameEntry] = field(default_factory=list)  # the matched cards, or the closest ones when none


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


def _on_side(entries, side: str | None) -> list[NameEntry]:
    return [e for e in entries if side is None or e.side.lower() == side.lower()]


def find_card(
    game: str,
    text: str,
    *,
    exact: bool = False,
    side: str | None = None,
    fuzzy: bool = True,
    suggest: bool = True,
    index: NameIndex | None = None,
) -> NameMatch:
    """suggest=False: no closest cards when nothing matches (the fuzzy search is the costly part).
    index: the game's name_index, when the caller holds it for many look-ups."""
    index = index or name_index(game)
    wanted = fold_words(text)

    hits = _on_side(index.by_key.get(wanted, []) or index.by_title.get(wanted, []), side)
    if hits or exact or not wanted:
        closest = [] if hits or not suggest else [e for e, _score in index.ranked(wanted, side)]
        return _match(hits, "exact", closest)
    hits = _on_side(index.by_nickname.get(fold(text), []), side)
    if hits:
        return _match(hits, "nickname", [])
    compact = text.strip()
    if compact.isupper() and " " not in compact and len(compact) >= 2:
        hits = _on_side(index.by_initials.get(compact, []), side)
        if hits:
            return _match(hits, "acronym", [])
    from .nicknames import for_index  # it imports this module

    # Acronyms of each face and of (V)s, short names ("Hunt Down"), nicknames written another way.
    nickname = for_index(index).lookup(text, side)
    if nickname is not None:
        return _match(list(nickname.entries), nickname.how, [])
    if not fuzzy and not suggest:
        return _match([], "fuzzy", [])
    ranked = index.ranked(wanted, side)
    closest = [e for e, _score in ranked]
    if not fuzzy or not ranked or ranked[0][1] < FUZZY_THRESHOLD:
        return _match([], "fuzzy", closest if suggest else [])
    best, best_score = ranked[0]
    runner_up = next((score for e, score in ranked if e.key != best.key), 0)
    if best_score - runner_up < CLEAR_LEAD:
        return _match([], "fuzzy", closest if suggest else [])
    return _match([e for e in closest if e.key == best.key], "fuzzy", [])


def _match(hits: list[NameEntry], how: str, closest: list[NameEntry]) -> NameMatch:
    if hits:
        return NameMatch([e.card_id for e in hits], how, [], hits)
    # Suggestions: distinct names as printed (without marks), best first.
    names = list(dict.fromkeys(strip_marks(e.title) for e in closest))[:5]
    return NameMatch([], how, names, closest[:5])
