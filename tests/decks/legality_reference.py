"""The SWCCG checker as it was before the verdict tables (issue #13), kept verbatim as the reference the cached
checker must agree with, report for report. Only the imports changed; not used by the app."""

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from decks.legality.formats import FormatRules
from decks.legality.records import CardPool, LegalityCard
from decks.legality.violations import LegalityReport, Violation, n_of


@dataclass(frozen=True)
class Deck:
    """A deck resolved against the card pool. `unknown` keeps the ids that name no card, with their zone."""

    deck: tuple[LegalityCard, ...]
    outside: tuple[LegalityCard, ...]
    unknown: tuple[tuple[str, str], ...]  # (id as given, "deck" or "outside deck")
    listed_deck_size: int  # every deck entry, known or not
    side: str | None = None  # the side the deck declares, if any


Rule = Callable[[Deck, FormatRules, CardPool], Iterable[Violation]]


def unknown_cards(deck: Deck, fmt: FormatRules, pool: CardPool) -> Iterable[Violation]:
    for (card_id, zone), count in Counter(deck.unknown).items():
        yield Violation(
            "unknown-card",
            f"{card_id!r} ({n_of(count, 'copy', 'copies')} in the {zone}) names no card in the catalogue; "
            "remove it or correct the id (GEMP ids look like 1_168).",
            (card_id,),
        )


def not_deck_cards(deck: Deck, fmt: FormatRules, pool: CardPool) -> Iterable[Violation]:
    for card in sorted({c for c in deck.deck + deck.outside if c.category == "GAME_AID"}, key=lambda c: c.id):
        yield Violation(
            "not-deck-card", f"{card.title} is a game aid, not a card for decks; remove it.", (card.id,)
        )


def outside_deck_only(deck: Deck, fmt: FormatRules, pool: CardPool) -> Iterable[Violation]:
    for card in sorted({c for c in deck.deck if c.outside_deck_only}, key=lambda c: c.id):
        yield Violation(
            "outside-deck-only",
            f"{card.title} does not count toward the deck limit; move it outside the deck.",
            (card.id,),
        )


def deck_size(deck: Deck, fmt: FormatRules, pool: CardPool) -> Iterable[Violation]:
    size = deck.listed_deck_size
    if size != fmt.deck_size:
        change = f"add {fmt.deck_size - size}" if size < fmt.deck_size else f"remove {size - fmt.deck_size}"
        yield Violation(
            "deck-size",
            f"The deck has {n_of(size, 'card')}; {fmt.name} needs exactly {fmt.deck_size} ({change}). "
            "Cards outside the deck do not count.",
        )


def sides(deck: Deck, fmt: FormatRules, pool: CardPool) -> Iterable[Violation]:
    cards = deck.deck + deck.outside
    if deck.side:
        wrong = sorted({c.id for c in cards if c.side != deck.side})
        if wrong:
            yield Violation(
                "side-mismatch",
                f"This is a {deck.side} Side deck, but {n_of(len(wrong), 'card')} belong to the other side "
                "(or neither); remove them.",
                tuple(wrong),
            )
        return
    counts = Counter(c.side for c in cards)
    if counts["Light"] and counts["Dark"]:
        minority = "Light" if counts["Light"] < counts["Dark"] else "Dark"
        yield Violation(
            "mixed-sides",
            f"The deck mixes {counts['Light']} Light Side and {counts['Dark']} Dark Side cards; a deck is one side. "
            f"Remove the {minority} Side cards.",
            tuple(sorted({c.id for c in cards if c.side == minority})),
        )


def objectives_and_starting_effects(deck: Deck, fmt: FormatRules, pool: CardPool) -> Iterable[Violation]:
    objectives = [c.id for c in deck.deck if c.category == "OBJECTIVE"]
    if len(objectives) > 1:
        yield Violation(
            "too-many-objectives",
            f"The deck has {len(objectives)} Objectives; keep one.",
            tuple(dict.fromkeys(objectives)),
        )
    starting = [c.id for c in deck.deck if c.category == "EFFECT" and c.subtype == "STARTING"]
    if len(starting) > 1:
        yield Violation(
            "too-many-starting-effects",
            f"The deck has {len(starting)} Starting Effects; keep one.",
            tuple(dict.fromkeys(starting)),
        )


def card_limits(deck: Deck, fmt: FormatRules, pool: CardPool) -> Iterable[Violation]:
    for limit in fmt.card_limits:
        hits = [c for c in deck.deck if c.title.lower() in limit.titles]
        if len(hits) > limit.limit:
            title = hits[0].title
            yield Violation(
                "card-limit",
                f"The deck has {len(hits)} copies of {title}; at most {limit.limit} allowed. "
                f"Remove {len(hits) - limit.limit}.",
                tuple(dict.fromkeys(c.id for c in hits)),
            )


def requirements(deck: Deck, fmt: FormatRules, pool: CardPool) -> Iterable[Violation]:
    titles = {c.title.lower() for c in deck.deck}
    for rule in fmt.requirements:
        if rule.title in titles and not titles & rule.requires:
            card = next(c for c in deck.deck if c.title.lower() == rule.title)
            needed = " or ".join(sorted(t.title() for t in rule.requires))
            yield Violation(
                "requires-card",
                f"{card.title} needs {needed} in the deck; add it or remove {card.title}.",
                (card.id,),
                hint=", ".join(sorted({c.id for t in rule.requires for c in _by_title(pool, t, card.side)}))
                or None,
            )


def _by_title(pool: CardPool, title: str, side: str) -> list[LegalityCard]:
    return [pool.cards[i] for i in pool.by_title.get(title, []) if pool.cards[i].side == side]


def outside_deck_limits(deck: Deck, fmt: FormatRules, pool: CardPool) -> Iterable[Violation]:
    if len(deck.outside) > fmt.max_outside_deck:
        yield Violation(
            "too-many-outside-deck",
            f"{n_of(len(deck.outside), 'card')} are outside the deck; at most {fmt.max_outside_deck} allowed. "
            f"Remove {len(deck.outside) - fmt.max_outside_deck}.",
        )
    titles = {c.title.lower(): c for c in deck.deck if c.category == "EFFECT" and c.subtype == "STARTING"}
    for cap in fmt.shield_caps:
        effect = next((titles[t] for t in cap.starting_effects if t in titles), None)
        if effect is None:
            continue
        shields = [c.id for c in deck.outside if c.category == "DEFENSIVE_SHIELD"]
        if len(shields) > cap.limit:
            yield Violation(
                "too-many-outside-shields",
                f"{effect.title} allows {cap.limit} Defensive Shields outside the deck; there are {len(shields)}. "
                f"Remove {len(shields) - cap.limit}.",
                tuple(dict.fromkeys(shields)),
            )


def card_legality(deck: Deck, fmt: FormatRules, pool: CardPool) -> Iterable[Violation]:
    """Sets, bans, icons and rarities, for every card in and outside the deck; `valid` cards are always legal."""
    for card in sorted(set(deck.deck + deck.outside), key=lambda c: c.id):
        if card.id in fmt.valid or card.category == "GAME_AID":
            continue
        if fmt.legal_sets and card.set not in fmt.legal_sets:
            yield Violation(
                "set-not-legal",
                f"{card.title} ({card.id}) is from set {card.set}, which {fmt.name} does not allow; replace it.",
                (card.id,),
                hint=_alternatives(card, fmt, pool),
            )
        for icon in sorted(fmt.banned_icons & card.icons):
            yield Violation(
                "banned-icon",
                f"{card.title} ({card.id}) has the {icon.replace('_', ' ').title()} icon, banned in {fmt.name}; "
                "remove it.",
                (card.id,),
            )
        if card.rarity in fmt.banned_rarities:
            yield Violation(
                "banned-rarity",
                f"{card.title} ({card.id}) is {card.rarity}, a rarity banned in {fmt.name}; remove it.",
                (card.id,),
                hint=_alternatives(card, fmt, pool),
            )
        if card.id in fmt.banned:
            yield Violation(
                "banned-card",
                f"{card.title} ({card.id}) is banned in {fmt.name}; remove it.",
                (card.id,),
                hint=_alternatives(card, fmt, pool),
            )


def restricted_cards(deck: Deck, fmt: FormatRules, pool: CardPool) -> Iterable[Violation]:
    counts = Counter(c.id for c in deck.deck if c.id in fmt.restricted)
    for card_id, count in sorted(counts.items()):
        if count > 1:
            yield Violation(
                "restricted-card",
                f"{pool.cards[card_id].title} is restricted in {fmt.name}: one copy at most, the deck has {count}.",
                (card_id,),
            )


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


def _alternatives(card: LegalityCard, fmt: FormatRules, pool: CardPool) -> str | None:
    """Other printings or versions of the card (same title and side) that this format allows."""
    legal = sorted(other.id for other in pool.same_title(card) if is_legal_card(other, fmt))
    return f"Legal in this format with the same title: {', '.join(legal)}" if legal else None


RULES: tuple[Rule, ...] = (
    unknown_cards,
    not_deck_cards,
    outside_deck_only,
    deck_size,
    sides,
    objectives_and_starting_effects,
    card_limits,
    requirements,
    outside_deck_limits,
    card_legality,
    restricted_cards,
)


def resolve(cards: list[str], outside: list[str], pool: CardPool, side: str | None = None) -> Deck:
    known_deck, known_outside, unknown = [], [], []
    for zone, ids, known in (("deck", cards, known_deck), ("outside deck", outside, known_outside)):
        for card_id in ids:
            card = pool.get(card_id)
            if card is None:
                unknown.append((card_id, zone))
            else:
                known.append(card)
    return Deck(tuple(known_deck), tuple(known_outside), tuple(unknown), len(cards), side)


def check_deck(
    cards: list[str], outside: list[str], fmt: FormatRules, pool: CardPool, *, side: str | None = None
) -> LegalityReport:
    deck = resolve(cards, outside, pool, side)
    violations = tuple(v for rule in RULES for v in rule(deck, fmt, pool))
    sides = Counter(c.side for c in deck.deck + deck.outside)
    summary = {
        "deck_cards": deck.listed_deck_size,
        "outside_deck": len(outside),
        "required_deck_size": fmt.deck_size,
        "side": side or (max(sides, key=sides.get) if sides else None),
        "objectives": sum(1 for c in deck.deck if c.category == "OBJECTIVE"),
        "starting_effects": sum(1 for c in deck.deck if c.category == "EFFECT" and c.subtype == "STARTING"),
        "unknown_cards": len(deck.unknown),
        "violations_by_code": dict(Counter(v.code for v in violations)),
    }
    return LegalityReport(fmt.code, fmt.version, violations, summary)
