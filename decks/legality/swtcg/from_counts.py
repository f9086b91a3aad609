"""The fast check: a deck's report from the sum of its cards' weights, when the counts settle it."""

from collections import _count_elements
from collections.abc import Iterable
from itertools import repeat
from operator import itemgetter

from ..violations import LegalityReport, Violation
from .deck_rules import TcgDeck, banned, banned_card, copies, unit_minimum
from .table import (
    FIELDS,
    MAX_IDS,
    SIDE_BITS,
    SIDE_OF_BIT,
    SMALL_BYTES,
    SMALL_MAX,
    SMALL_UNPACK,
    UNKNOWN_WEIGHT,
    UNPACK,
    TcgTable,
)


def from_counts(
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
