"""What the search page's sort and filter controls offer for a game: sortable columns, sides, types and sets.

Types and sets come from the catalogue, read once per game and catalogue version.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..catalogue_versions import catalogue_version
from ..models import Card, CardSet
from .fields import Kind, resolve

# Column → order: key, for the columns every game's table has (the stat columns sort by their own stat).
SORT_KEYS = {"title": "name", "side": "side", "type": "type", "set": "set", "rarity": "rarity"}


@dataclass(frozen=True)
class Choice:
    value: str  # what the query gets (side:dark, type="Character", set=7)
    label: str


@dataclass(frozen=True)
class GameControls:
    side_keyword: str  # "side", or SW:DBG's "faction"
    sides: tuple[Choice, ...]
    types: tuple[Choice, ...]
    sets: tuple[Choice, ...]


_kept: dict[tuple, GameControls] = {}


def controls(game: str) -> GameControls:
    key = (game, catalogue_version(game))
    if key not in _kept:
        for stale in [k for k in _kept if k[0] == game]:
            del _kept[stale]
        _kept[key] = _build(game)
    return _kept[key]


def _build(game: str) -> GameControls:
    side = resolve("side", game)
    stored = dict.fromkeys(stored for _typed, stored in side.values) if side is not None else {}
    types = (
        Card.objects.filter(game_id=game, edition=Card.Edition.CURRENT)
        .exclude(type="")
        .values_list("type", flat=True)
        .distinct()
    )
    sets = CardSet.objects.filter(game_id=game).order_by("position", "code").values_list("code", "name")
    return GameControls(
        side_keyword=side.name if side is not None else "side",
        sides=tuple(Choice(s.lower(), s) for s in stored),
        types=tuple(Choice(t, t) for t in sorted(set(types), key=str.lower)),
        sets=tuple(Choice(code, f"{name} ({code})" if name != code else code) for code, name in sets),
    )


def sortable(game: str, fact_key: str) -> str | None:
    """The order: key of a stat column (None when the stat is not a number, as SWTCG's arenas)."""
    spec = resolve(fact_key, game)
    return spec.name if spec is not None and spec.kind is Kind.NUMBER else None
