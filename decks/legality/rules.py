"""The construction rules, each a small function yielding violations (GEMP's checks, plus what players expect).

Every rule sees the whole deck, so a check reports all problems at once, never just the first. The deck comes
counted: each distinct id once, with its copies and the format's verdict flags (decks/legality/verdicts.py), so
a rule counts and looks up rather than walks every copy, and the checker skips a rule whose flags no card has.
"""

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .formats import FormatRules
from .records import CardPool, LegalityCard
from .verdicts import (
    CAPPING,
    GAME_AID,
    ILLEGAL,
    LIMITED,
    OBJECTIVE,
    OUTSIDE_ONLY,
    REQUIRING,
    RESTRICTED,
    SHIELD,
    STARTING,
    VerdictTable,
    is_legal_card,
)
from .violations import Violation, n_of, params

__all__ = ["RULES", "Deck", "is_legal_card"]

Entry = tuple[LegalityCard, int, int]  # card, verdict flags, copies


@dataclass(slots=True)
class Deck:
    """A deck resolved against the card pool and counted. `deck` and `outside` hold each id once, in the order
    first listed (an id written two ways, "1_1" and "1_1*", is two entries of one card); `unknown` keeps the ids
    that name no card, with their zone and copies."""

    deck: list[Entry]
    outside: list[Entry]
    unknown: list[tuple[tuple[str, str], int]]  # ((id as given, "deck" or "outside deck"), copies)
    listed_deck_size: int  # every deck entry, known or not
    known_outside: int  # outside-deck copies that name a card
    flags: int  # every flag of a card in or outside the deck
    listed: list[str]  # the deck's ids as given
    sides: dict[str, int]  # copies per side, in and outside the deck, in the order first listed
    side: str | None = None  # the side the deck declares, if any


Rule = Callable[[Deck, VerdictTable], Iterable[Violation]]


def unknown_cards(deck: Deck, table: VerdictTable) -> Iterable[Violation]:
    for (card_id, zone), count in deck.unknown:
        ref = repr(card_id)
        yield Violation(
            "unknown-card",
            f"{ref} ({n_of(count, 'copy', 'copies')} in the {zone}) names no card in the catalogue; "
            "remove it or correct the id (GEMP ids look like 1_168).",
            (card_id,),
            # params() spelled out: sample decks list many unknown ids, and this runs on every check of them
            params=(("variant", UNKNOWN_VARIANTS[zone]), ("ref", ref), ("count", count)),
        )


UNKNOWN_VARIANTS = {"deck": "swccg-deck", "outside deck": "swccg-outside"}


def _distinct(entries: Iterable[Entry], flag: int) -> list[LegalityCard]:
    """The cards with `flag`, each once, by id."""
    return sorted({card.id: card for card, flags, _ in entries if flags & flag}.values(), key=lambda c: c.id)


def not_deck_cards(deck: Deck, table: VerdictTable) -> Iterable[Violation]:
    for card in _distinct(deck.deck + deck.outside, GAME_AID):
        yield Violation(
            "not-deck-card",
            f"{card.title} is a game aid, not a card for decks; remove it.",
            (card.id,),
            params=params(title=card.title),
        )


def outside_deck_only(deck: Deck, table: VerdictTable) -> Iterable[Violation]:
    for card in _distinct(deck.deck, OUTSIDE_ONLY):
        yield Violation(
            "outside-deck-only",
            f"{card.title} does not count toward the deck limit; move it outside the deck.",
            (card.id,),
            params=params(title=card.title),
        )


def deck_size(deck: Deck, table: VerdictTable) -> Iterable[Violation]:
    return deck_size_violation(deck.listed_deck_size, table.fmt)


def deck_size_violation(size: int, fmt: FormatRules) -> tuple[Violation, ...]:
    if size == fmt.deck_size:
        return ()
    change = f"add {fmt.deck_size - size}" if size < fmt.deck_size else f"remove {size - fmt.deck_size}"
    return (
        Violation(
            "deck-size",
            f"The deck has {n_of(size, 'card')}; {fmt.name} needs exactly {fmt.deck_size} ({change}). "
            "Cards outside the deck do not count.",
            # params() spelled out: this runs on every check of a deck of the wrong size
            params=(
                ("variant", "swccg-add" if size < fmt.deck_size else "swccg-remove"),
                ("count", size),
                ("format", fmt.name),
                ("needed", fmt.deck_size),
                ("change", abs(fmt.deck_size - size)),
            ),
        ),
    )


def sides(deck: Deck, table: VerdictTable) -> Iterable[Violation]:
    entries = deck.deck + deck.outside
    if deck.side:
        wrong = sorted({c.id for c, _, _ in entries if c.side != deck.side})
        if wrong:
            yield Violation(
                "side-mismatch",
                f"This is a {deck.side} Side deck, but {n_of(len(wrong), 'card')} belong to the other side "
                "(or neither); remove them.",
                tuple(wrong),
                params=params(variant="swccg", side=deck.side, count=len(wrong)),
            )
        return
    light, dark = deck.sides.get("Light", 0), deck.sides.get("Dark", 0)
    if light and dark:
        minority = "Light" if light < dark else "Dark"
        yield Violation(
            "mixed-sides",
            f"The deck mixes {light} Light Side and {dark} Dark Side cards; a deck is one side. "
            f"Remove the {minority} Side cards.",
            tuple(sorted({c.id for c, _, _ in entries if c.side == minority})),
            params=params(variant="swccg-" + minority.lower(), light=light, dark=dark),
        )


def objectives_and_starting_effects(deck: Deck, table: VerdictTable) -> Iterable[Violation]:
    for flag, code, kind in (
        (OBJECTIVE, "too-many-objectives", "Objectives"),
        (STARTING, "too-many-starting-effects", "Starting Effects"),
    ):
        count = sum(n for _, flags, n in deck.deck if flags & flag)
        if count > 1:
            yield Violation(
                code,
                f"The deck has {count} {kind}; keep one.",
                tuple(dict.fromkeys(c.id for c, flags, _ in deck.deck if flags & flag)),
                params=params(count=count),
            )


def card_limits(deck: Deck, table: VerdictTable) -> Iterable[Violation]:
    named = [(c, n) for c, flags, n in deck.deck if flags & LIMITED]
    for limit in table.fmt.card_limits:
        hits = [(c, n) for c, n in named if c.title.lower() in limit.titles]
        count = sum(n for _, n in hits)
        if count > limit.limit:
            yield Violation(
                "card-limit",
                f"The deck has {count} copies of {hits[0][0].title}; at most {limit.limit} allowed. "
                f"Remove {count - limit.limit}.",
                tuple(dict.fromkeys(c.id for c, _ in hits)),
                params=params(
                    count=count, title=hits[0][0].title, limit=limit.limit, over=count - limit.limit
                ),
            )


def requirements(deck: Deck, table: VerdictTable) -> Iterable[Violation]:
    titles = {c.title.lower() for c, _, _ in deck.deck}
    for rule in table.fmt.requirements:
        if rule.title in titles and not titles & rule.requires:
            card = next(c for c, _, _ in deck.deck if c.title.lower() == rule.title)
            needed = sorted(t.title() for t in rule.requires)
            yield Violation(
                "requires-card",
                f"{card.title} needs {' or '.join(needed)} in the deck; add it or remove {card.title}.",
                (card.id,),
                hint=", ".join(
                    sorted({c.id for t in rule.requires for c in _by_title(table.pool, t, card.side)})
                )
                or None,
                params=params(title=card.title, needed=tuple(needed)),
            )


def _by_title(pool: CardPool, title: str, side: str) -> list[LegalityCard]:
    return [pool.cards[i] for i in pool.by_title.get(title, []) if pool.cards[i].side == side]


def outside_deck_limits(deck: Deck, table: VerdictTable) -> Iterable[Violation]:
    fmt = table.fmt
    if deck.known_outside > fmt.max_outside_deck:
        yield Violation(
            "too-many-outside-deck",
            f"{n_of(deck.known_outside, 'card')} are outside the deck; at most {fmt.max_outside_deck} allowed. "
            f"Remove {deck.known_outside - fmt.max_outside_deck}.",
            params=params(
                count=deck.known_outside,
                limit=fmt.max_outside_deck,
                over=deck.known_outside - fmt.max_outside_deck,
            ),
        )
    if not deck.flags & CAPPING:
        return
    # The Starting Effects by title; of two cards with one title, the one listed last (as the message names it).
    effects = {c.title.lower() for c, flags, _ in deck.deck if flags & STARTING}
    for cap in fmt.shield_caps:
        title = next((t for t in cap.starting_effects if t in effects), None)
        if title is None:
            continue
        shields = sum(n for _, flags, n in deck.outside if flags & SHIELD)
        if shields > cap.limit:
            effect = _last_listed(deck, table, title)
            yield Violation(
                "too-many-outside-shields",
                f"{effect.title} allows {cap.limit} Defensive Shields outside the deck; there are {shields}. "
                f"Remove {shields - cap.limit}.",
                tuple(dict.fromkeys(c.id for c, flags, _ in deck.outside if flags & SHIELD)),
                params=params(title=effect.title, limit=cap.limit, count=shields, over=shields - cap.limit),
            )


def _last_listed(deck: Deck, table: VerdictTable, title: str) -> LegalityCard:
    for card_id in reversed(deck.listed):
        entry = table.entries.get(card_id) or table.lookup(card_id)
        if entry is not None and entry[1] & STARTING and entry[0].title.lower() == title:
            return entry[0]
    raise AssertionError(f"no Starting Effect titled {title!r} in the deck")


def card_legality(deck: Deck, table: VerdictTable) -> Iterable[Violation]:
    """Sets, bans, icons and rarities, for every card in and outside the deck; `valid` cards are always legal."""
    for card in _distinct(deck.deck + deck.outside, ILLEGAL):
        yield from table.card_violations(card)


def restricted_cards(deck: Deck, table: VerdictTable) -> Iterable[Violation]:
    counts = Counter()
    for card, flags, n in deck.deck:
        if flags & RESTRICTED:
            counts[card.id] += n
    for card_id, count in sorted(counts.items()):
        if count > 1:
            yield Violation(
                "restricted-card",
                f"{table.pool.cards[card_id].title} is restricted in {table.fmt.name}: one copy at most, "
                f"the deck has {count}.",
                (card_id,),
                params=params(
                    variant="swccg", title=table.pool.cards[card_id].title, format=table.fmt.name, count=count
                ),
            )


# In order, each with the flags that can make it report (0: it looks at the deck as a whole).
RULES: tuple[tuple[int, Rule], ...] = (
    (0, unknown_cards),
    (GAME_AID, not_deck_cards),
    (OUTSIDE_ONLY, outside_deck_only),
    (0, deck_size),
    (0, sides),
    (OBJECTIVE | STARTING, objectives_and_starting_effects),
    (LIMITED, card_limits),
    (REQUIRING, requirements),
    (0, outside_deck_limits),
    (ILLEGAL, card_legality),
    (RESTRICTED, restricted_cards),
)
