"""SWTCG deck construction, as the community's own validator (SWTCG-LACKEY scripts/deckValidator.py) applies it.

Plain Python: the caller builds `TcgCard` records from the catalogue and `TcgFormat` from format data. Every rule
sees the whole deck and the report lists every violation at once, with the SWCCG checker's `Violation` shape.

Where this checker is stricter than the community script, on purpose:
- copies are counted by name and version, so "Anakin Skywalker (C)" and its promo "(C) (Promo)" share the 4;
- a card the catalogue does not know is a violation (`unknown-card`), not a warning;
- Usage marks are scoped: "*BANNED:Vintage" bans a card in formats that apply the Vintage list only.
"""

import hashlib
import json
import struct
from collections import Counter, _count_elements
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import repeat
from operator import itemgetter

from core.swtcg.usage import ALL_PLAY

from .violations import LegalityReport, Violation, n_of, params

ARENAS = ("Space", "Ground", "Character")
PRIMARY_SIDES = ("Light", "Dark", "Yuuzhan Vong")


def arenas_of(card_type: str) -> tuple[str, ...]:
    """The arenas a card type names: "Space/Ground" → ("Space", "Ground"); "Subordinate" → ()."""
    parts = {part.strip().title() for part in card_type.split("/")}
    return tuple(arena for arena in ARENAS if arena in parts)


@dataclass(frozen=True, slots=True)
class TcgCard:
    id: str  # the catalogue code: "ANH_12", "PROMO_3-anakin-skywalker"
    title: str  # as printed: "Anakin Skywalker (C) (Promo)"
    name: str  # "Anakin Skywalker"
    version: str | None  # "C"; None for cards that are not unique
    side: str  # "Light", "Dark", "Neutral", "Yuuzhan Vong"
    type: str  # "Space/Ground", "Character", "Subordinate", "Resource"…
    set: str
    banned_in: frozenset[str] = frozenset()  # Usage scopes: "all", "Standard", "Vintage"
    restricted_in: frozenset[str] = frozenset()
    arenas: tuple[str, ...] = field(init=False)
    folded_name: str = field(init=False)
    # Copies of one card: the same name and version, whatever the printing (a "(Promo)" is a copy). Type and side
    # are part of the key because a few different cards share a name ("Jagged Fel (A)" the Space unit and the
    # Character, a Mission and an Equipment both called "No Such Thing As Luck").
    copy_key: tuple[str, str | None, str, str] = field(init=False)
    is_unit: bool = field(init=False)

    def __post_init__(self):
        # Worked out once per card, not once per check: thousands of decks a second read them.
        folded = self.name.casefold()
        object.__setattr__(self, "arenas", arenas_of(self.type))
        object.__setattr__(self, "folded_name", folded)
        object.__setattr__(self, "copy_key", (folded, self.version, self.type.strip().casefold(), self.side))
        # Subordinates print an arena in their subtype, not their type: they are not units.
        object.__setattr__(self, "is_unit", bool(self.arenas))


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


# --- the deck --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TcgDeck:
    deck: tuple[TcgCard, ...]
    outside: tuple[TcgCard, ...]
    unknown: tuple[tuple[str, str], ...]  # (id as given, zone)
    listed_deck_size: int
    side: str | None = None  # the primary side the deck declares, if any


def resolve(
    cards: list[str], outside: list[str], pool: dict[str, TcgCard], side: str | None = None
) -> TcgDeck:
    known_deck, known_outside, unknown = [], [], []
    for zone, ids, known in (("deck", cards, known_deck), ("outside the deck", outside, known_outside)):
        for card_id in ids:
            card = pool.get(card_id.strip())
            if card is None:
                unknown.append((card_id, zone))
            else:
                known.append(card)
    return TcgDeck(tuple(known_deck), tuple(known_outside), tuple(unknown), len(cards), side)


def _ids(cards: Iterable[TcgCard]) -> tuple[str, ...]:
    return tuple(sorted({c.id for c in cards}))


def arena_counts(deck: tuple[TcgCard, ...]) -> dict[str, int]:
    """Units per arena; a multi-arena unit (Space/Ground) counts in each of its arenas."""
    counts = dict.fromkeys(ARENAS, 0)
    for card in deck:
        for arena in card.arenas:
            counts[arena] += 1
    return counts


def unknown_cards(deck: TcgDeck, fmt: TcgFormat) -> Iterable[Violation]:
    for (card_id, zone), count in Counter(deck.unknown).items():
        yield Violation(
            "unknown-card",
            f"{card_id!r} ({n_of(count, 'copy', 'copies')} {'in the deck' if zone == 'deck' else zone}) names no "
            "SWTCG card; remove it or correct the id (ids look like ANH_12).",
            (card_id,),
            params=params(
                variant="swtcg-deck" if zone == "deck" else "swtcg-outside", ref=repr(card_id), count=count
            ),
        )


def deck_size(deck: TcgDeck, fmt: TcgFormat) -> Iterable[Violation]:
    resource_outside = [c for c in deck.outside if c.type.strip().casefold() == "resource"]
    minimum = fmt.min_deck_size_with_outside_resource if resource_outside else fmt.min_deck_size
    size = deck.listed_deck_size
    if size < minimum:
        why = " (a Resource kept outside the deck allows one card fewer)" if resource_outside else ""
        yield Violation(
            "deck-size",
            f"The deck has {n_of(size, 'card')}; {fmt.name} needs at least {minimum}{why}: add {minimum - size}.",
            _ids(resource_outside),
            params=params(
                variant="swtcg-resource" if resource_outside else "swtcg",
                count=size,
                format=fmt.name,
                needed=minimum,
                change=minimum - size,
            ),
        )


def units(deck: TcgDeck, fmt: TcgFormat) -> Iterable[Violation]:
    yield from unit_minimum(sum(1 for c in deck.deck if c.is_unit), fmt)
    counts = arena_counts(deck.deck)
    for arena, count in counts.items():
        if count < fmt.min_units_per_arena:
            yield Violation(
                "arena-minimum",
                f"The deck has {n_of(count, arena + ' unit')}; it needs at least {fmt.min_units_per_arena} in each "
                f"arena (a multi-arena unit counts in each of its arenas): add {fmt.min_units_per_arena - count}.",
                _ids(c for c in deck.deck if arena in c.arenas),
                params=params(
                    variant=arena.lower(),
                    count=count,
                    needed=fmt.min_units_per_arena,
                    change=fmt.min_units_per_arena - count,
                ),
            )
    for big in ARENAS:
        for small in ARENAS:
            if big != small and counts[small] > 0 and counts[big] > fmt.max_arena_ratio * counts[small]:
                yield Violation(
                    "arena-balance",
                    f"{counts[big]} {big} units is more than {fmt.max_arena_ratio} times the {counts[small]} "
                    f"{small} units; move units from {big} to {small} until it is at most "
                    f"{fmt.max_arena_ratio * counts[small]}.",
                    _ids(c for c in deck.deck if big in c.arenas),
                    params=params(
                        big=big,
                        small=small,
                        big_count=counts[big],
                        small_count=counts[small],
                        ratio=fmt.max_arena_ratio,
                        most=fmt.max_arena_ratio * counts[small],
                    ),
                )


def unit_minimum(count: int, fmt: TcgFormat) -> tuple[Violation, ...]:
    if count >= fmt.min_units:
        return ()
    return (
        Violation(
            "unit-minimum",
            f"The deck has {n_of(count, 'unit')} (Space, Ground and Character cards; Subordinates are "
            f"not units); it needs at least {fmt.min_units}: add {fmt.min_units - count}.",
            params=params(count=count, needed=fmt.min_units, change=fmt.min_units - count),
        ),
    )


def copies(deck: TcgDeck, fmt: TcgFormat) -> Iterable[Violation]:
    groups: dict[tuple, list[TcgCard]] = {}
    for card in deck.deck:
        groups.setdefault(card.copy_key, []).append(card)
    for group in groups.values():
        card = group[0]
        if len(group) <= min(fmt.restricted_limit, fmt.copy_limit) or fmt.bans(card):
            continue  # within every limit, or banned outright (one violation is enough)
        label = f"{card.name} ({card.version})" if card.version else card.name
        if fmt.restricts(card) and len(group) > fmt.restricted_limit:
            yield Violation(
                "restricted-card",
                f"{label} is restricted in {fmt.name}: at most {fmt.restricted_limit} "
                f"(the deck has {len(group)}).",
                _ids(group),
                params=params(
                    variant="swtcg",
                    title=label,
                    format=fmt.name,
                    limit=fmt.restricted_limit,
                    count=len(group),
                ),
            )
        elif len(group) > fmt.copy_limit:
            yield Violation(
                "copy-limit",
                f"{n_of(len(group), 'copy', 'copies')} of {label}; at most {fmt.copy_limit} of a card (name and "
                f"version, any printing): remove {len(group) - fmt.copy_limit}.",
                _ids(group),
                params=params(
                    count=len(group), title=label, limit=fmt.copy_limit, over=len(group) - fmt.copy_limit
                ),
            )


def banned(deck: TcgDeck, fmt: TcgFormat) -> Iterable[Violation]:
    for zone, cards in (("deck", deck.deck), ("outside the deck", deck.outside)):
        hits = Counter(c.id for c in cards if fmt.bans(c))
        for card_id, count in sorted(hits.items()):
            yield banned_card(next(c for c in cards if c.id == card_id), count, zone, fmt)


def banned_card(card: TcgCard, count: int, zone: str, fmt: TcgFormat) -> Violation:
    return Violation(
        "banned-card",
        f"{card.title} is banned in {fmt.name} ({n_of(count, 'copy', 'copies')} "
        f"{'in the deck' if zone == 'deck' else zone}); remove it.",
        (card.id,),
        params=params(
            variant="swtcg-deck" if zone == "deck" else "swtcg-outside",
            title=card.title,
            format=fmt.name,
            count=count,
        ),
    )


def sets(deck: TcgDeck, fmt: TcgFormat) -> Iterable[Violation]:
    if not fmt.legal_sets:
        return
    by_set: dict[str, list[TcgCard]] = {}
    legal = fmt.legal_sets
    for card in deck.deck + deck.outside:
        if card.set not in legal:
            by_set.setdefault(card.set, []).append(card)
    if not by_set:
        return
    allowed = ", ".join(sorted(legal))
    for set_code, cards in sorted(by_set.items()):
        yield Violation(
            "set-not-legal",
            f"{n_of(len(cards), 'card')} from {set_code}, which is not legal in {fmt.name} (legal: {allowed}); "
            "replace them.",
            _ids(cards),
            params=params(variant="swtcg", count=len(cards), set=set_code, format=fmt.name, legal=allowed),
        )


def sides(deck: TcgDeck, fmt: TcgFormat) -> Iterable[Violation]:
    """One primary side (Light, Dark or Yuuzhan Vong) plus Neutral, in the deck and outside it; and, when the deck
    declares its side, that side."""
    if deck.side in PRIMARY_SIDES:
        wrong = [c for c in deck.deck + deck.outside if c.side in PRIMARY_SIDES and c.side != deck.side]
        if wrong:
            yield Violation(
                "side-mismatch",
                f"This is a {deck.side} deck, but {n_of(len(wrong), 'card')} belong to another side; remove them "
                "(Neutral cards may stay).",
                _ids(wrong),
                params=params(variant="swtcg", side=deck.side, count=len(wrong)),
            )
    in_deck = Counter(c.side for c in deck.deck if c.side in PRIMARY_SIDES)
    if len(in_deck) > 1:
        yield Violation(
            "mixed-sides",
            f"The deck mixes primary sides ({', '.join(f'{s}: {n}' for s, n in in_deck.most_common())}); keep "
            "one of Light, Dark or Yuuzhan Vong, plus Neutral cards.",
            _ids(c for c in deck.deck if c.side in PRIMARY_SIDES and c.side != in_deck.most_common(1)[0][0]),
            params=params(variant="swtcg-deck", sides=tuple(in_deck.most_common())),
        )
        return
    primary = next(iter(in_deck), None)
    if primary is None:
        return
    wrong = [c for c in deck.outside if c.side in PRIMARY_SIDES and c.side != primary]
    if wrong:
        yield Violation(
            "mixed-sides",
            f"{n_of(len(wrong), 'card')} outside the deck belong to another side than the deck's {primary} "
            "cards; outside cards must be the deck's side or Neutral.",
            _ids(wrong),
            params=params(variant="swtcg-outside", count=len(wrong), side=primary),
        )


RULES = (unknown_cards, deck_size, units, copies, banned, sets, sides)


# --- each card's standing in a format, once per pool and format ----------------------------------------------

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


def _from_counts(
    cards: list[str], outside: list[str], table: TcgTable, side: str | None
) -> LegalityReport | None:
    """The report when counts settle it: every id known, on the format's sets, one primary side, enough cards,
    arenas balanced, no card over its copies (only unit-minimum, copy-limit, restricted-card and banned-card to
    report). Otherwise None, and every rule runs card by card."""
    size = len(cards)
    if 1 < size <= SMALL_MAX:
        try:  # itemgetter reads every weight in C (a code the table lacks: unknown, or to be read stripped)
            weights = itemgetter(*cards)(table.small)
        except KeyError:
            return None
        unit_count, space, ground, character, light, dark, banned_in, watch, vong, bad = SMALL_UNPACK(
            sum(weights).to_bytes(SMALL_BYTES, "little")
        )
    elif size <= MAX_IDS:
        (
            light,
            dark,
            vong,
            unit_count,
            space,
            ground,
            character,
            special,
            shared,
            _,
            banned_in,
            off_set,
            unknown,
        ) = UNPACK(
            sum(map(table.weights.get, cards, repeat(UNKNOWN_WEIGHT))).to_bytes(2 * len(FIELDS), "little")
        )
        watch, bad = special or shared, unknown or off_set
    else:
        return None  # a count could overflow its field
    if bad:
        return None  # unknown-card or set-not-legal
    fmt = table.fmt
    if outside:
        if len(outside) > MAX_IDS:
            return None
        out_light, out_dark, out_vong, _, _, _, _, _, _, resource, banned_out, off_set_out, unknown_out = (
            UNPACK(
                sum(map(table.weights.get, outside, repeat(UNKNOWN_WEIGHT))).to_bytes(
                    2 * len(FIELDS), "little"
                )
            )
        )
        if unknown_out or off_set_out:
            return None
        sides_out = bool(out_light) | bool(out_dark) << 1 | bool(out_vong) << 2
        if size < (fmt.min_deck_size_with_outside_resource if resource else fmt.min_deck_size):
            return None  # deck-size
    else:
        banned_out = sides_out = 0
        if size < fmt.min_deck_size:
            return None  # deck-size
    minimum = fmt.min_units_per_arena
    if space < minimum or ground < minimum or character < minimum:
        return None  # arena-minimum
    if minimum > 0:  # no arena is empty
        if max(space, ground, character) > fmt.max_arena_ratio * min(space, ground, character):
            return None  # maybe arena-balance
    elif (arenas := [n for n in (space, ground, character) if n]) and max(arenas) > fmt.max_arena_ratio * min(
        arenas
    ):
        return None  # maybe arena-balance
    sides_in = bool(light) | bool(dark) << 1 | bool(vong) << 2  # a bit per primary side present
    if sides_in & (sides_in - 1) or (sides_in and sides_out & ~sides_in):
        return None  # mixed-sides: two sides in the deck, or another side outside
    if side in SIDE_BITS and (sides_in | sides_out) & ~SIDE_BITS[side]:
        return None  # side-mismatch
    # Copies: the groups (cards by name and version) over their limit.
    counts: dict[str, int] = {}
    _count_elements(counts, cards)
    groups, limits, limit = table.groups, table.limits, fmt.copy_limit
    over = set()
    # A code over the copy limit takes at least that many away from the number of distinct codes.
    if size - len(counts) >= limit and max(counts.values()) > limit:
        for code, count in counts.items():
            # A limit of None: the card is banned, and banned() reports it.
            if count > limit and (own := limits[groups[code]]) is not None:
                if own < 0:
                    return None  # printings of one card in different standing: the rules decide
                over.add(groups[code])
    if watch:  # codes of one card count together, and restricted cards have their own limit
        lowest, merged = table.lowest_limit, {}
        watched = table.watched.intersection(counts)
        if len(set(map(groups.get, watched))) == len(watched):  # no two codes of one card: by code
            watched = table.restricted.intersection(watched)
        for code in watched:
            merged[groups[code]] = merged.get(groups[code], 0) + counts[code]
        for group, count in merged.items():
            if count > lowest and (own := limits[group]) is not None and count > own:
                if own < 0:
                    return None  # printings of one card in different standing: the rules decide
                over.add(group)
    violations = () if unit_count >= fmt.min_units else unit_minimum(unit_count, fmt)
    if over:  # copies() on the cards of those groups alone reports just what it reports on the whole deck
        pool = table.pool
        violations += tuple(
            copies(TcgDeck(tuple(pool[c] for c in cards if groups[c] in over), (), (), 0), fmt)
        )
    if banned_in or banned_out:
        violations += tuple(_banned(cards, outside, table))
    return LegalityReport(
        fmt.code,
        fmt.version,
        violations,
        {
            "deck_cards": size,
            "outside_deck": len(outside),
            "required_deck_size": fmt.min_deck_size,
            "side": side or SIDE_OF_BIT.get(sides_in),
            "units": unit_count,
            "arenas": {"Space": space, "Ground": ground, "Character": character},
            "unknown_cards": 0,
            "violations_by_code": _by_code(violations) if violations else {},
        },
    )


def _by_code(violations: tuple[Violation, ...]) -> dict[str, int]:
    """dict(Counter(codes)), without Counter's own overhead: the same keys, in the same order."""
    by_code: dict[str, int] = {}
    _count_elements(by_code, [v.code for v in violations])
    return by_code


def _banned(cards: list[str], outside: list[str], table: TcgTable) -> Iterable[Violation]:
    """banned() for a deck of known codes, counted per code (a code is its card's id in the catalogue's pool)."""
    pool, fmt = table.pool, table.fmt
    if not table.ids_are_codes:
        hits = [
            tuple(map(pool.__getitem__, filter(table.banned.__contains__, zone))) for zone in (cards, outside)
        ]
        yield from banned(TcgDeck(hits[0], hits[1], (), len(cards)), fmt)
        return
    for zone, codes in (("deck", cards), ("outside the deck", outside)):
        hits: dict[str, int] = {}
        _count_elements(hits, filter(table.banned.__contains__, codes))
        for code, count in sorted(hits.items()):
            yield banned_card(pool[code], count, zone, fmt)


def check_tcg_deck(
    cards: list[str], outside: list[str], fmt: TcgFormat, pool: dict[str, TcgCard], *, side: str | None = None
) -> LegalityReport:
    return _from_counts(cards, outside, tcg_table(pool, fmt), side) or _rule_by_rule(
        cards, outside, fmt, pool, side
    )


def _rule_by_rule(
    cards: list[str], outside: list[str], fmt: TcgFormat, pool: dict[str, TcgCard], side: str | None
) -> LegalityReport:
    deck = resolve(cards, outside, pool, side)
    violations = tuple(v for rule in RULES for v in rule(deck, fmt))
    primary = Counter(c.side for c in deck.deck if c.side in PRIMARY_SIDES)
    summary = {
        "deck_cards": deck.listed_deck_size,
        "outside_deck": len(outside),
        "required_deck_size": fmt.min_deck_size,
        "side": side or (primary.most_common(1)[0][0] if primary else None),
        "units": sum(1 for c in deck.deck if c.is_unit),
        "arenas": arena_counts(deck.deck),
        "unknown_cards": len(deck.unknown),
        "violations_by_code": dict(Counter(v.code for v in violations)),
    }
    return LegalityReport(fmt.code, fmt.version, violations, summary)
