"""Each card's standing in a format, packed into weights once per pool and format (`TcgTable`)."""

import struct
from collections import Counter

from .cards import TcgCard
from .formats import TcgFormat

# A card's weight packs the counts a legal deck's report needs, 16 bits each, so that the sum of a deck's weights
# counts them all at once (sum(map(...)) runs in C) and one unpack reads them back; a list of fewer than 2**16
# ids cannot carry into the next count (a longer one goes card by card).
FIELDS = (
    "light",
    "dark",
    "vong",
    "unit",
    "space",
    "ground",
    "character",
    "special",  # a card whose copies have a lower limit than the copy limit (restricted…)
    "shared",  # a code whose copies count with another code's (a promo printing, an alias)
    "resource",
    "banned",
    "off_set",
    "unknown",
)
BIT = {name: 1 << (16 * i) for i, name in enumerate(FIELDS)}
MAX_IDS = (1 << 16) - 1
UNPACK = struct.Struct(f"<{len(FIELDS)}H").unpack
UNKNOWN_WEIGHT = BIT["unknown"]
SIDE_BITS = {"Light": 1, "Dark": 2, "Yuuzhan Vong": 4}
SIDE_OF_BIT = {bit: name for name, bit in SIDE_BITS.items()}
MAX_TABLES = 32

# A deck of at most SMALL_MAX ids (any real one) is counted with a narrower weight: 8 bits a count, only the fields
# a deck needs (a Resource only matters outside the deck; watch: a code shared with another or restricted, whose
# copies need its group), the ones most decks leave at zero on top. While the sum fits a machine word, sum() adds
# in C without making a new int per card: 63 bits hold the first seven fields and most of the eighth.
SMALL_FIELDS = ("unit", "space", "ground", "character", "light", "dark", "banned", "watch", "vong", "bad")
SMALL_BIT = {name: 1 << (8 * i) for i, name in enumerate(SMALL_FIELDS)}
SMALL_MAX = (1 << 8) - 1
SMALL_UNPACK = struct.Struct(f"<{len(SMALL_FIELDS)}B").unpack
SMALL_BYTES = len(SMALL_FIELDS)
BIG_UNKNOWN, BIG_OFF_SET = FIELDS.index("unknown"), FIELDS.index("off_set")


class TcgTable:
    """Each code of a pool → its weight in a format (big: 16 bits a count; small: 8); and each code → its copy
    group (the codes of one card, by name and version, share a group: a promo printing, an alias). Built on a
    format's first check against the pool; a pool is not changed once checked against (decks/pool.py builds a new
    one per catalogue version)."""

    __slots__ = (
        "pool",
        "fmt",
        "weights",
        "groups",
        "limits",
        "lowest_limit",
        "banned",
        "ids_are_codes",
        "small",
        "watched",
        "restricted",
    )

    def __init__(self, pool: dict[str, TcgCard], fmt: TcgFormat):
        self.pool, self.fmt = pool, fmt
        group_of: dict[tuple, int] = {}
        self.groups = {code: group_of.setdefault(card.copy_key, len(group_of)) for code, card in pool.items()}
        # Each group's copy limit as copies() applies it: None for a banned group (banned() reports it instead).
        # A group whose printings differ in standing (copies() goes by the first listed) gets -1: the rules decide.
        standings: dict[int, set] = {}
        for code, card in pool.items():
            standings.setdefault(self.groups[code], set()).add((fmt.bans(card), fmt.restricts(card)))
        # No group's copies up to this many are reported, whatever the group.
        self.lowest_limit = min(fmt.restricted_limit, fmt.copy_limit)
        self.limits = {}
        for group, found in standings.items():
            if len(found) > 1:
                self.limits[group] = -1
            else:
                is_banned, is_restricted = found.pop()
                self.limits[group] = (
                    None
                    if is_banned
                    else min(fmt.restricted_limit, fmt.copy_limit)
                    if is_restricted
                    else fmt.copy_limit
                )
        # A code with spaces around it is read stripped (resolve): the check by weights leaves it to the rules.
        self.weights = {code: _weight(card, fmt) for code, card in pool.items() if code.strip() == code}
        sizes = Counter(self.groups.values())
        for code in self.weights:
            limit = self.limits[self.groups[code]]
            if limit is not None and limit != fmt.copy_limit:  # restricted below the copy limit, or mixed
                self.weights[code] |= BIT["special"]
            if sizes[self.groups[code]] > 1:
                self.weights[code] |= BIT["shared"]
        self.small = {code: _small_weight(w) for code, w in self.weights.items()}
        self.banned = frozenset(code for code, card in pool.items() if fmt.bans(card))
        # The codes whose copies need their group: shared with another code, or restricted.
        self.watched = frozenset(
            code for code, w in self.weights.items() if w & (BIT["shared"] | BIT["special"])
        )
        self.restricted = frozenset(code for code, w in self.weights.items() if w & BIT["special"])
        self.ids_are_codes = all(card.id == code for code, card in pool.items())


def _weight(card: TcgCard, fmt: TcgFormat) -> int:
    weight = (
        BIT[{"Light": "light", "Dark": "dark", "Yuuzhan Vong": "vong"}[card.side]]
        if card.side in SIDE_BITS
        else 0
    )
    if card.is_unit:
        weight |= BIT["unit"]
    for arena in card.arenas:
        weight |= BIT[arena.lower()]
    if card.type.strip().casefold() == "resource":
        weight |= BIT["resource"]
    if fmt.bans(card):
        weight |= BIT["banned"]
    if fmt.legal_sets and card.set not in fmt.legal_sets:
        weight |= BIT["off_set"]
    return weight


def _small_weight(weight: int) -> int:
    """A big weight in the small layout: watch for shared or special, bad for unknown or off-set."""
    small = 0
    for name in SMALL_FIELDS[:-3]:
        if weight & BIT[name]:
            small |= SMALL_BIT[name]
    if weight & BIT["vong"]:
        small |= SMALL_BIT["vong"]
    if weight & (BIT["shared"] | BIT["special"]):
        small |= SMALL_BIT["watch"]
    if weight & (BIT["unknown"] | BIT["off_set"]):
        small |= SMALL_BIT["bad"]
    return small


_tables: dict[tuple[int, int], TcgTable] = {}


# The table of the last check: a run of checks in one format finds it without a key to build and look up.
_last: list[TcgTable | None] = [None]


def tcg_table(pool: dict[str, TcgCard], fmt: TcgFormat) -> TcgTable:
    """Found by the identity of the pool and format (a check must not hash them); the table keeps both alive, so
    their ids are not reused while it is kept."""
    table = _last[0]
    if table is not None and table.pool is pool and table.fmt is fmt:
        return table
    table = _tables.get((id(pool), id(fmt)))
    if table is None or table.pool is not pool or table.fmt is not fmt:
        table = TcgTable(pool, fmt)
        if len(_tables) >= MAX_TABLES:  # pop(): another thread may drop the same one
            _tables.pop(next(iter(list(_tables)), None), None)
        _tables[(id(pool), id(fmt))] = table
    _last[0] = table  # one list item, replaced whole: another thread reads the old table or the new
    return table
