"""A faction's default base deck for a format: the one answer the setup builder and a new game both use."""

from core.text import fold

from .cards import SetupPool
from .formats import SetupRules


def default_bases(rules: SetupRules, pool: SetupPool, faction: str) -> list[str]:
    """The card codes of `faction`'s default base deck in `rules`' format.

    Full Galaxy: all the faction's bases. A beginner format: the rulebook's five when the data names them (Clone
    Wars); otherwise (the original edition's lists are not in our sources) the starting base and the bases of
    fewest hit points up to five, a choice of this project, not the rulebook's list."""
    bases = pool.select(deck="base", faction=faction)
    if not rules.beginner_bases:
        return [c.code for c in bases]
    named = {fold(t) for t in rules.beginner_bases.get(faction, ())}
    if named:
        return [c.code for c in bases if fold(c.title) in named]
    start = [c for c in bases if c.starting_base]
    rest = sorted(
        (c for c in bases if not c.starting_base),
        key=lambda c: (c.hit_points is None, c.hit_points or 0, c.title),
    )
    return [c.code for c in start + rest[: rules.base_deck_size - len(start)]]
