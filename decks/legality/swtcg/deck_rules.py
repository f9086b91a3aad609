"""The construction rules, each over a whole deck, and the check that runs them one by one."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..violations import LegalityReport, Violation, n_of, params
from .cards import ARENAS, PRIMARY_SIDES, TcgCard
from .formats import TcgFormat


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


def rule_by_rule(
    cards: list[str], outside: list[str], fmt: TcgFormat, pool: dict[str, TcgCard], side: str | None
) -> LegalityReport:
    """Every rule over the resolved deck: the reference the check by counts must agree with."""
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
