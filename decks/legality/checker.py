"""check_deck: resolve the ids, run every rule, return one report with all violations.

Most decks checked are legal or nearly so: their report follows from a few counts, which the sum of the cards'
packed weights gives at once (decks/legality/verdicts.py). A deck with any card that some rule must look at
(unknown, off-format, restricted twice, a second Objective, mixed sides…) goes through every rule, card by card.
Both paths give the same report.
"""

from collections import Counter
from itertools import repeat

from .formats import FormatRules
from .records import CardPool
from .rules import RULES, Deck, deck_size_violation
from .verdicts import (
    F_CAPPING,
    F_DARK,
    F_DECK_DETAIL,
    F_OBJECTIVE,
    F_OTHER_SIDE,
    F_OUTSIDE_DETAIL,
    F_RESTRICTED,
    F_SHIELD,
    F_STARTING,
    F_UNKNOWN,
    MASK,
    OBJECTIVE,
    STARTING,
    UNKNOWN_WEIGHT,
    VerdictTable,
    verdict_table,
)
from .violations import LegalityReport


def check_deck(
    cards: list[str], outside: list[str], fmt: FormatRules, pool: CardPool, *, side: str | None = None
) -> LegalityReport:
    table = verdict_table(pool, fmt)
    return _from_counts(cards, outside, table, side) or _card_by_card(cards, outside, table, side)


def _from_counts(cards: list[str], outside: list[str], table: VerdictTable, side: str | None):
    """The report when counts settle it (no rule needs to name a card but deck-size), else None."""
    if len(cards) > MASK or len(outside) > MASK:
        return None  # a count could overflow its field
    weight = table.weights.get
    inside = sum(map(weight, cards, repeat(UNKNOWN_WEIGHT)))
    out = sum(map(weight, outside, repeat(UNKNOWN_WEIGHT))) if outside else 0
    objectives, starting = inside >> F_OBJECTIVE & MASK, inside >> F_STARTING & MASK
    if (
        inside >> F_UNKNOWN
        or out >> F_UNKNOWN
        or inside >> F_DECK_DETAIL & MASK
        or out >> F_OUTSIDE_DETAIL & MASK
        or inside >> F_RESTRICTED & MASK > 1
        or objectives > 1
        or starting > 1
        or (inside | out) >> F_OTHER_SIDE & MASK
    ):
        return None
    light = (inside & MASK) + (out & MASK)
    dark = (inside >> F_DARK & MASK) + (out >> F_DARK & MASK)
    if side:
        if light + dark - (light if side == "Light" else dark if side == "Dark" else 0):
            return None  # side-mismatch
    elif light and dark:
        return None  # mixed-sides
    fmt = table.fmt
    if (out & MASK) + (out >> F_DARK & MASK) > fmt.max_outside_deck:
        return None
    if inside >> F_CAPPING & MASK and out >> F_SHIELD & MASK > table.shield_cap:
        return None  # maybe too-many-outside-shields
    violations = deck_size_violation(len(cards), fmt)
    return LegalityReport(
        fmt.code,
        fmt.version,
        violations,
        {
            "deck_cards": len(cards),
            "outside_deck": len(outside),
            "required_deck_size": fmt.deck_size,
            "side": side or ("Light" if light else "Dark" if dark else None),
            "objectives": objectives,
            "starting_effects": starting,
            "unknown_cards": 0,
            "violations_by_code": {"deck-size": 1} if violations else {},
        },
    )


def resolve(cards: list[str], outside: list[str], table: VerdictTable, side: str | None = None) -> Deck:
    """Each distinct id once with its copies, its card and the format's flags for it; and the sides' copies, in
    the order first listed (the report's `side` breaks a tie by it)."""
    entries, lookup = table.entries.get, table.lookup
    zones, unknown, sides, every = [], [], {}, 0
    for zone, ids in (("deck", cards), ("outside deck", outside)):
        known = []
        for card_id, count in Counter(ids).items():
            entry = entries(card_id) or lookup(card_id)
            if entry is None:
                unknown.append(((card_id, zone), count))
                continue
            card, flags = entry
            known.append((card, flags, count))
            every |= flags
            sides[card.side] = sides.get(card.side, 0) + count
        zones.append(known)
    return Deck(
        zones[0], zones[1], unknown, len(cards), sum(n for _, _, n in zones[1]), every, cards, sides, side
    )


def _card_by_card(
    cards: list[str], outside: list[str], table: VerdictTable, side: str | None
) -> LegalityReport:
    deck = resolve(cards, outside, table, side)
    every, sides = deck.flags, deck.sides
    violations = []
    for flags, rule in RULES:
        if not flags or every & flags:
            violations.extend(rule(deck, table))
    fmt = table.fmt
    summary = {
        "deck_cards": deck.listed_deck_size,
        "outside_deck": len(outside),
        "required_deck_size": fmt.deck_size,
        "side": side or (max(sides, key=sides.get) if sides else None),
        "objectives": sum(n for _, flags, n in deck.deck if flags & OBJECTIVE) if every & OBJECTIVE else 0,
        "starting_effects": sum(n for _, flags, n in deck.deck if flags & STARTING)
        if every & STARTING
        else 0,
        "unknown_cards": sum(n for _, n in deck.unknown),
        "violations_by_code": dict(Counter(v.code for v in violations)),
    }
    return LegalityReport(fmt.code, fmt.version, tuple(violations), summary)
