"""check_deck: resolve the ids, run every rule, return one report with all violations."""

from collections import Counter

from .formats import FormatRules
from .records import CardPool
from .rules import RULES, Deck
from .violations import LegalityReport


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
