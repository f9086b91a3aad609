"""SWTCG deck statistics (plain Python): types, units per arena, build-cost curve, speed and power of units,
unique cards and sides. Every number counts copies; only the deck zone is analysed, cards outside the game are
counted in ``outside_total``. Number keys are strings ("3", "50"), in numeric order, as in decks/deck/stats.py."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from decks.deck.stats import by_number
from decks.legality.swtcg import ARENAS, arenas_of


@dataclass(frozen=True, slots=True)
class TcgStatCard:
    card_id: str
    title: str
    type: str  # "Space", "Ground/Character", "Battle", "Subordinate"…
    side: str
    count: int
    zone: str  # "deck" or "outside"
    cost: float | None = None  # build cost
    speed: float | None = None
    power: float | None = None
    unique: bool = False


def tcg_statistics(cards: Iterable[TcgStatCard]) -> dict:
    cards = [c for c in cards if c.count > 0]
    deck = [c for c in cards if c.zone != "outside"]
    outside = [c for c in cards if c.zone == "outside"]
    total = sum(c.count for c in deck)
    by_type, arenas, cost, speed, power, sides = (
        Counter(),
        Counter(),
        Counter(),
        Counter(),
        Counter(),
        Counter(),
    )
    units = unique = 0
    for card in deck:
        by_type[card.type.strip() or "—"] += card.count
        sides[card.side or "—"] += card.count
        unique += card.count if card.unique else 0
        if card.cost is not None:
            cost[card.cost] += card.count
        card_arenas = arenas_of(card.type)
        if card_arenas:
            units += card.count
            for arena in card_arenas:
                arenas[arena] += card.count
            if card.speed is not None:
                speed[card.speed] += card.count
            if card.power is not None:
                power[card.power] += card.count
    costed = sum(cost.values())
    return {
        "total": total,
        "outside_total": sum(c.count for c in outside),
        "by_type": dict(by_type.most_common()),
        "sides": dict(sides.most_common()),
        "units": units,
        "arenas": {arena: arenas[arena] for arena in ARENAS},
        "cost_curve": by_number(cost),
        "average_cost": round(sum(k * v for k, v in cost.items()) / costed, 2) if costed else None,
        "unit_speed": by_number(speed),
        "unit_power": by_number(power),
        "unique": unique,
        "non_unique": total - unique,
    }
