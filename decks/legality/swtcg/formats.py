"""SWTCG formats: a format definition (decks/data/swtcg_formats.json) read into `TcgFormat`."""

import hashlib
import json
from dataclasses import dataclass, field

from core.swtcg.usage import ALL_PLAY

from .cards import TcgCard


@dataclass(frozen=True)
class TcgFormat:
    code: str
    name: str
    version: str
    min_deck_size: int = 60
    min_deck_size_with_outside_resource: int = 59
    min_units: int = 36
    min_units_per_arena: int = 12
    max_arena_ratio: int = 2  # no arena with more than this times the units of another
    copy_limit: int = 4
    restricted_limit: int = 1
    legal_sets: frozenset[str] = frozenset()  # empty: every set
    ban_scopes: frozenset[str] = frozenset({ALL_PLAY})  # which Usage marks this format applies
    banned: frozenset[str] = frozenset()  # card names banned by the format itself (folded), besides Usage
    restricted: frozenset[str] = frozenset()
    info: dict = field(default_factory=dict, compare=False, hash=False)

    def bans(self, card: TcgCard) -> bool:
        return bool(card.banned_in and card.banned_in & self.ban_scopes) or card.folded_name in self.banned

    def restricts(self, card: TcgCard) -> bool:
        return (
            bool(card.restricted_in and card.restricted_in & self.ban_scopes)
            or card.folded_name in self.restricted
        )


# The construction numbers a format definition may set (TcgFormat's defaults are the community validator's).
NUMBER_KEYS = (
    "min_deck_size",
    "min_deck_size_with_outside_resource",
    "min_units",
    "min_units_per_arena",
    "max_arena_ratio",
    "copy_limit",
    "restricted_limit",
)


def format_version(definition: dict, source: str) -> str:
    payload = json.dumps(definition, sort_keys=True).encode()
    return f"{source}+{hashlib.sha256(payload).hexdigest()[:10]}"


def format_from_definition(definition: dict, *, source: str) -> TcgFormat:
    """One entry of decks/data/swtcg_formats.json (validated by the format importer)."""
    numbers = {key: int(definition[key]) for key in NUMBER_KEYS if key in definition}
    return TcgFormat(
        code=definition["code"],
        name=definition["name"],
        version=format_version(definition, source),
        legal_sets=frozenset(definition.get("sets") or ()),
        ban_scopes=frozenset(definition.get("ban_scopes", [ALL_PLAY])),
        banned=frozenset(n.casefold() for n in definition.get("banned", [])),
        restricted=frozenset(n.casefold() for n in definition.get("restricted", [])),
        info={k: definition[k] for k in ("description", "source") if k in definition},
        **numbers,
    )
