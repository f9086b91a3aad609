"""Find a card by the name a player typed: exact, nickname ("ADLR"), acronym, then fuzzy (rapidfuzz)."""

from dataclasses import dataclass

from rapidfuzz import fuzz, process

from rules.text import acronym, fold, fold_words

from .models import Card, ImportRun

FUZZY_THRESHOLD = 80
CLEAR_LEAD = 3  # a fuzzy winner must beat the next distinct name by this many points


@dataclass(frozen=True)
class NameEntry:
    card_id: int
    side: str
    key: str  # fold_words(name)
    nicknames: tuple[str, ...]
    initials: str


@dataclass
class NameMatch:
    cards: list[int]  # one id when the match is unambiguous
    how: str  # exact, nickname, acronym, fuzzy
    suggestions: list[str]


_index_cache: dict[tuple, list[NameEntry]] = {}


def _index(game: str) -> list[NameEntry]:
    """Current cards of a game, cached per catalogue version (the last import)."""
    version = ImportRun.objects.filter(game_id=game).values_list("id", "finished_at").first()
    key = (game, version)
    if key not in _index_cache:
        _index_cache.clear()
        rows = Card.objects.filter(game_id=game, edition=Card.Edition.CURRENT).values_list(
            "id", "side", "name", "nicknames"
        )
        _index_cache[key] = [
            NameEntry(pk, side, fold_words(name), tuple(fold(n) for n in nicks or []), acronym(name))
            for pk, side, name, nicks in rows
        ]
    return _index_cache[key]


def find_card(game: str, text: str, *, exact: bool = False, side: str | None = None) -> NameMatch:
    entries = [e for e in _index(game) if side is None or e.side.lower() == side.lower()]
    wanted = fold_words(text)
    names = {e.card_id: e.key for e in entries}

    hits = [e.card_id for e in entries if e.key == wanted]
    if hits or exact:
        return NameMatch(hits, "exact", _suggest(entries, wanted) if not hits else [])
    folded = fold(text)
    hits = [e.card_id for e in entries if folded in e.nicknames]
    if hits:
        return NameMatch(hits, "nickname", [])
    compact = text.strip()
    if compact.isupper() and " " not in compact and len(compact) >= 2:
        hits = [e.card_id for e in entries if e.initials == compact]
        if hits:
            return NameMatch(hits, "acronym", [])
    ranked = process.extract(wanted, names, scorer=fuzz.token_sort_ratio, limit=10)
    if not ranked or ranked[0][1] < FUZZY_THRESHOLD:
        return NameMatch([], "fuzzy", _names(ranked))
    best_name, best_score, _ = ranked[0]
    same = [cid for name, score, cid in ranked if name == best_name]
    runner_up = next((score for name, score, _ in ranked if name != best_name), 0)
    if best_score - runner_up < CLEAR_LEAD:
        return NameMatch([], "fuzzy", _names(ranked))
    return NameMatch(same, "fuzzy", [])


def _suggest(entries: list[NameEntry], wanted: str) -> list[str]:
    return _names(
        process.extract(wanted, {e.card_id: e.key for e in entries}, scorer=fuzz.token_sort_ratio, limit=10)
    )


def _names(ranked: list[tuple]) -> list[str]:
    """Up to five distinct card names, best first, as printed (without marks), for "did you mean"."""
    names = dict(Card.objects.filter(pk__in=[r[2] for r in ranked]).values_list("id", "name"))
    return list(dict.fromkeys(names[r[2]] for r in ranked))[:5]
