"""Find a card by the name a player typed: exact, nickname ("ADLR"), acronym, then fuzzy (rapidfuzz)."""

from collections import defaultdict
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from rules.text import acronym, fold, fold_words, strip_marks

from .models import Card
from .selectors import catalogue_version

FUZZY_THRESHOLD = 80
CLEAR_LEAD = 3  # a fuzzy winner must beat the next distinct name by this many points


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

    def __post_init__(self):
        for e in self.entries:
            self.by_key[e.key].append(e)
            if e.title_key and e.title_key != e.key:
                self.by_title[e.title_key].append(e)
            for nickname in e.nicknames:
                self.by_nickname[nickname].append(e)
            self.by_initials[e.initials].append(e)


@dataclass
class NameMatch:
    cards: list[int]  # one id when the match is unambiguous
    how: str  # exact, nickname, acronym, fuzzy
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
    game: str, text: str, *, exact: bool = False, side: str | None = None, fuzzy: bool = True
) -> NameMatch:
    index = name_index(game)
    wanted = fold_words(text)

    hits = _on_side(index.by_key.get(wanted, []) or index.by_title.get(wanted, []), side)
    if hits or exact or not wanted:
        return _match(hits, "exact", [] if hits else _closest(index, wanted, side))
    hits = _on_side(index.by_nickname.get(fold(text), []), side)
    if hits:
        return _match(hits, "nickname", [])
    compact = text.strip()
    if compact.isupper() and " " not in compact and len(compact) >= 2:
        hits = _on_side(index.by_initials.get(compact, []), side)
        if hits:
            return _match(hits, "acronym", [])
    entries = _on_side(index.entries, side)
    ranked = process.extract(
        wanted, {i: e.key for i, e in enumerate(entries)}, scorer=fuzz.token_sort_ratio, limit=10
    )
    closest = [entries[r[2]] for r in ranked]
    if not fuzzy or not ranked or ranked[0][1] < FUZZY_THRESHOLD:
        return _match([], "fuzzy", closest)
    best_key, best_score = ranked[0][0], ranked[0][1]
    runner_up = next((score for key, score, _ in ranked if key != best_key), 0)
    if best_score - runner_up < CLEAR_LEAD:
        return _match([], "fuzzy", closest)
    return _match([e for e in closest if e.key == best_key], "fuzzy", [])


def _closest(index: NameIndex, wanted: str, side: str | None) -> list[NameEntry]:
    entries = _on_side(index.entries, side)
    ranked = process.extract(
        wanted, {i: e.key for i, e in enumerate(entries)}, scorer=fuzz.token_sort_ratio, limit=10
    )
    return [entries[r[2]] for r in ranked]


def _match(hits: list[NameEntry], how: str, closest: list[NameEntry]) -> NameMatch:
    if hits:
        return NameMatch([e.card_id for e in hits], how, [], hits)
    # Suggestions: distinct names as printed (without marks), best first.
    names = list(dict.fromkeys(strip_marks(e.title) for e in closest))[:5]
    return NameMatch([], how, names, closest[:5])
