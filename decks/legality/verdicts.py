"""Each card's standing in a format, worked out once per card pool and format version, not once per check.

A `VerdictTable` maps every id of a pool to `(card, flags)`: the flags say what the rules need to know about the
card in that format (banned or off-set, restricted, named by a card limit…), so a check counts the deck's ids and
looks them up; the violations of a card that breaks a rule are built the first time a deck reports it and kept.

The tables live on the `CardPool` (`pool.tables`), keyed by the format: a new catalogue version builds a new pool
(decks/pool.py) and a new format version a new `FormatRules`, so neither can meet a stale table. A pool is not
changed once checked against.
"""

from .formats import FormatRules
from .records import CardPool, LegalityCard
from .violations import Violation, params

# What a card is, whatever the format.
GAME_AID = 1
OUTSIDE_ONLY = 2  # "does not count toward deck limit"
OBJECTIVE = 4
STARTING = 8  # a Starting Effect
SHIELD = 16  # a Defensive Shield
# What it is in one format.
ILLEGAL = 32  # off-set, banned, or a banned icon or rarity: card_legality reports it
RESTRICTED = 64
LIMITED = 128  # named by a card limit
REQUIRING = 256  # needs another card in the deck
CAPPING = 512  # a Starting Effect that caps the Defensive Shields outside the deck

# A card's weight packs what a legal deck's report needs into one integer, a field per count, so that the sum of a
# deck's weights counts everything at once (sum(map(...)) runs in C). A field is WIDTH bits: a list of fewer than
# 2**WIDTH ids cannot carry into the next field.
WIDTH = 20
MASK = (1 << WIDTH) - 1
(
    F_LIGHT,
    F_DARK,
    F_OTHER_SIDE,
    F_OBJECTIVE,
    F_STARTING,
    F_RESTRICTED,
    F_CAPPING,
    F_SHIELD,
    F_DECK_DETAIL,
    F_OUTSIDE_DETAIL,
    F_UNKNOWN,
) = (WIDTH * i for i in range(11))
UNKNOWN_WEIGHT = 1 << F_UNKNOWN  # an id the table has no key for (it may need normalising)
# Cards that make some rule look at the deck card by card: in the deck, and outside it.
DECK_DETAIL = GAME_AID | OUTSIDE_ONLY | ILLEGAL | LIMITED | REQUIRING
OUTSIDE_DETAIL = GAME_AID | ILLEGAL

MAX_TABLES = 64  # per pool: formats edited again and again must not pile up tables


def card_flags(card: LegalityCard) -> int:
    flags = 0
    if card.category == "GAME_AID":
        flags |= GAME_AID
    if card.outside_deck_only:
        flags |= OUTSIDE_ONLY
    if card.category == "OBJECTIVE":
        flags |= OBJECTIVE
    elif card.category == "EFFECT" and card.subtype == "STARTING":
        flags |= STARTING
    elif card.category == "DEFENSIVE_SHIELD":
        flags |= SHIELD
    return flags


def is_legal_card(card: LegalityCard, fmt: FormatRules) -> bool:
    if card.id in fmt.valid:
        return card.category != "GAME_AID"
    return (
        (not fmt.legal_sets or card.set in fmt.legal_sets)
        and not (fmt.banned_icons & card.icons)
        and card.rarity not in fmt.banned_rarities
        and card.id not in fmt.banned
        and card.category != "GAME_AID"
    )


def _breaks_card_rules(card: LegalityCard, fmt: FormatRules) -> bool:
    """Whether card_legality reports the card: `valid` cards and game aids never (game aids have their own rule)."""
    if card.id in fmt.valid or card.category == "GAME_AID":
        return False
    return (
        bool(fmt.legal_sets and card.set not in fmt.legal_sets)
        or bool(fmt.banned_icons & card.icons)
        or card.rarity in fmt.banned_rarities
        or card.id in fmt.banned
    )


class VerdictTable:
    __slots__ = ("fmt", "pool", "entries", "weights", "shield_cap", "_violations", "_hints")

    def __init__(self, pool: CardPool, fmt: FormatRules):
        self.fmt, self.pool = fmt, pool
        limited = {t for limit in fmt.card_limits for t in limit.titles}
        requiring = {rule.title for rule in fmt.requirements}
        capping = {t for cap in fmt.shield_caps for t in cap.starting_effects}
        named = limited | requiring | capping
        by_card: dict[int, tuple[LegalityCard, int]] = {}  # aliases share their card's entry
        entries = {}
        for key, card in pool.cards.items():
            if CardPool.normalise(key) != key:
                continue  # reachable only through pool.get, as before (see lookup)
            entry = by_card.get(id(card))
            if entry is None:
                flags = card_flags(card)
                if _breaks_card_rules(card, fmt):
                    flags |= ILLEGAL
                if card.id in fmt.restricted:
                    flags |= RESTRICTED
                if named:
                    title = card.title.lower()
                    if title in limited:
                        flags |= LIMITED
                    if title in requiring:
                        flags |= REQUIRING
                    if flags & STARTING and title in capping:
                        flags |= CAPPING
                entry = by_card[id(card)] = (card, flags)
            entries[key] = entry
        self.entries = entries
        # Shields outside the deck that no cap can refuse, whichever capping Starting Effect the deck has.
        self.shield_cap = min((cap.limit for cap in fmt.shield_caps), default=0)
        self.weights = {key: _weight(card, flags) for key, (card, flags) in entries.items()}
        self._violations: dict[str, tuple[Violation, ...]] = {}
        self._hints: dict[str, str] = {}

    def lookup(self, card_id: str) -> tuple[LegalityCard, int] | None:
        """An id the table has no key for: GEMP's foil and alternate-image marks, spaces, or no card at all."""
        return self.entries.get(CardPool.normalise(card_id))

    def alternatives(self, card: LegalityCard) -> str:
        """Other printings or versions of the card (same title and side) that this format allows: "1_2, 7_3"."""
        if card.id not in self._hints:
            legal = sorted(other.id for other in self.pool.same_title(card) if is_legal_card(other, self.fmt))
            self._hints[card.id] = ", ".join(legal)
        return self._hints[card.id]

    def card_violations(self, card: LegalityCard) -> tuple[Violation, ...]:
        """Sets, bans, icons and rarities: what card_legality reports for the card, built once."""
        found = self._violations.get(card.id)
        if found is None:
            found = self._violations[card.id] = tuple(self._card_violations(card))
        return found

    def _card_violations(self, card: LegalityCard):
        fmt = self.fmt
        off_set = bool(fmt.legal_sets) and card.set not in fmt.legal_sets
        # The hint's card ids are in the params too (alternatives): the pages say the hint in their language.
        hinted = off_set or card.rarity in fmt.banned_rarities or card.id in fmt.banned
        legal = self.alternatives(card) if hinted else ""
        hint = f"Legal in this format with the same title: {legal}" if legal else None
        if off_set:
            yield Violation(
                "set-not-legal",
                f"{card.title} ({card.id}) is from set {card.set}, which {fmt.name} does not allow; replace it.",
                (card.id,),
                hint=hint,
                params=params(
                    variant="swccg",
                    title=card.title,
                    id=card.id,
                    set=card.set,
                    format=fmt.name,
                    alternatives=legal,
                ),
            )
        for icon in sorted(fmt.banned_icons & card.icons):
            name = icon.replace("_", " ").title()
            yield Violation(
                "banned-icon",
                f"{card.title} ({card.id}) has the {name} icon, banned in {fmt.name}; remove it.",
                (card.id,),
                params=params(title=card.title, id=card.id, icon=name, format=fmt.name),
            )
        if card.rarity in fmt.banned_rarities:
            yield Violation(
                "banned-rarity",
                f"{card.title} ({card.id}) is {card.rarity}, a rarity banned in {fmt.name}; remove it.",
                (card.id,),
                hint=hint,
                params=params(
                    title=card.title, id=card.id, rarity=card.rarity, format=fmt.name, alternatives=legal
                ),
            )
        if card.id in fmt.banned:
            yield Violation(
                "banned-card",
                f"{card.title} ({card.id}) is banned in {fmt.name}; remove it.",
                (card.id,),
                hint=hint,
                params=params(
                    variant="swccg", title=card.title, id=card.id, format=fmt.name, alternatives=legal
                ),
            )


def _weight(card: LegalityCard, flags: int) -> int:
    side = F_LIGHT if card.side == "Light" else F_DARK if card.side == "Dark" else F_OTHER_SIDE
    weight = 1 << side
    for flag, field in (
        (OBJECTIVE, F_OBJECTIVE),
        (STARTING, F_STARTING),
        (RESTRICTED, F_RESTRICTED),
        (CAPPING, F_CAPPING),
        (SHIELD, F_SHIELD),
        (DECK_DETAIL, F_DECK_DETAIL),
        (OUTSIDE_DETAIL, F_OUTSIDE_DETAIL),
    ):
        if flags & flag:
            weight |= 1 << field
    return weight


def verdict_table(pool: CardPool, fmt: FormatRules) -> VerdictTable:
    """The pool's table for `fmt`: found by the format object's identity (a check must not hash a format), else
    by equality (the same format read again), else built."""
    tables = pool.tables
    found = tables.get(id(fmt))
    if found is not None and found[0] is fmt:  # the entry keeps fmt alive, so its id is not reused meanwhile
        return found[1]
    # Snapshots and pop(): threads of one process may share the pool (a table built twice is harmless).
    table = next((t for _, t in list(tables.values()) if t.fmt == fmt), None) or VerdictTable(pool, fmt)
    if len(tables) >= MAX_TABLES:
        tables.pop(next(iter(list(tables)), None), None)
    tables[id(fmt)] = (fmt, table)
    return table
