"""Find a card by the name a player typed: exact, nickname ("ADLR"), acronym, short name ("Hunt Down"), then fuzzy
(rapidfuzz). Nicknames, acronyms and short names: cardsdb/nicknames.py."""

from dataclasses import dataclass, field

from core.text import fold, fold_words, strip_marks

from .names import NameEntry, NameIndex, name_index, on_side
from .nicknames import for_index

FUZZY_THRESHOLD = 80
CLEAR_LEAD = 3  # a fuzzy winner must beat the next distinct name by this many points


@dataclass
class NameMatch:
    cards: list[int]  # one id when the match is unambiguous
    how: str  # exact, nickname, acronym, short-name, fuzzy
    suggestions: list[str]
    entries: list[NameEntry] = field(default_factory=list)  # the matched cards, or the closest ones when none


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

    hits = on_side(index.by_key.get(wanted, []) or index.by_title.get(wanted, []), side)
    if hits or exact or not wanted:
        closest = [] if hits or not suggest else [e for e, _score in index.ranked(wanted, side)]
        return _match(hits, "exact", closest)
    hits = on_side(index.by_nickname.get(fold(text), []), side)
    if hits:
        return _match(hits, "nickname", [])
    compact = text.strip()
    if compact.isupper() and " " not in compact and len(compact) >= 2:
        hits = on_side(index.by_initials.get(compact, []), side)
        if hits:
            return _match(hits, "acronym", [])
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
