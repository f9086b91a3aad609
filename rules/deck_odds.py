"""Draw odds for a deck: build the draw pile the game's way from the stored cards, then ask rules.odds (plain
Python) the question. Shared by the odds API (rules/api/odds.py) and the deck page's panel (rules/views/).

SWCCG: the starting location, the objective and the cards they (or a starting interrupt/effect) pull are on the
table before the 8-card opening hand, and cards kept outside the deck are never drawn; a card a starting card
takes into hand later stays in the pile (rules/starting_pulls.py: PILE_RULE, given in every answer).
"""

from collections import Counter
from dataclasses import dataclass

import numpy as np
from rest_framework import status

from cardsdb.api.errors import ApiError
from cardsdb.games.registry import game_plugin
from cardsdb.models import Card, CardRelation
from decks.legality.pool import card_pool
from rules.starting_pulls import taken_into_hand

MAX_TRIALS = 5_000_000
MAX_TARGETS = 8
MAX_SAMPLE_HANDS = 100
# The seed of a joint answer simulated because the exact one is too costly, when the request gives none:
# the same question gets the same answer.
FALLBACK_SEED = 0


@dataclass(frozen=True)
class Pile:
    deck_size: int
    cards: list[str]  # one id per copy, the draw pile
    starting: list[str]  # removed before the draw
    derived: list[str]  # of which added because a starting card pulls them
    outside: int


def _check_ids(game: str, ids: list[str], field: str) -> None:
    """Ids must name cards of the game — once its catalogue is imported (SWTCG and SW:DBG arrive with #5)."""
    if not Card.objects.filter(game_id=game).exists():
        return
    pool = card_pool(game)
    unknown = sorted({i for i in ids if pool.get(i) is None})
    if unknown:
        raise ApiError(
            "unknown-card", f"`{field}` has ids that name no card: {', '.join(unknown[:20])}.", cards=unknown
        )


def _pulled(game: str, starting: list[str], remaining: Counter) -> list[str]:
    """One copy of each card in the deck that a starting card deploys (the card data's `pulls` relation), not
    already listed as starting; never one it takes into hand later (rules/starting_pulls.py states the rule)."""
    pool = card_pool(game)
    base = {pool.get(i).card for i in starting if pool.get(i) is not None}
    relations = CardRelation.objects.filter(
        kind="pulls", card__game_id=game, card__code__in=base, target__isnull=False
    ).values_list("card__gametext", "text", "target__code")
    deployed = {code for text, named, code in relations if not taken_into_hand(text, named)}
    pulled = []
    by_card: dict[str, list[str]] = {}
    for card_id in remaining:
        record = pool.get(card_id)
        if record is not None:
            by_card.setdefault(record.card, []).append(card_id)
    for code in sorted(deployed - base):
        for card_id in by_card.get(code, []):
            if remaining[card_id] > 0:
                remaining[card_id] -= 1
                pulled.append(card_id)
                break
    return pulled


def build_pile(
    *, game: str, cards: list[str], outside_deck: list[str], starting: list[str], derive_pulls: bool
) -> Pile:
    _check_ids(game, cards + outside_deck + starting, "cards")
    remaining = Counter(cards)
    missing = [card_id for card_id, n in Counter(starting).items() if remaining[card_id] < n]
    if missing:
        raise ApiError(
            "starting-not-in-deck",
            f"Starting cards must be deck cards (one deck copy per starting copy): {', '.join(sorted(missing))}.",
            cards=sorted(missing),
        )
    remaining.subtract(Counter(starting))
    pulls = derive_pulls and game_plugin(game).starting_pulls
    derived = _pulled(game, starting, remaining) if pulls else []
    pile = [card_id for card_id, n in sorted(remaining.items()) for _ in range(n)]
    return Pile(len(cards), pile, list(starting) + derived, derived, len(outside_deck))


def deck_pile(deck, *, derive_pulls: bool | None = None) -> Pile:
    """A saved deck's draw pile, the one the deck page's Odds panel and the API's deck odds both use: its
    starting zone placed before the draw, its outside cards never drawn, and (by default, for a game whose
    starting cards pull others) the cards its starting cards deploy (PILE_RULE)."""
    rows = list(deck.cards.all())
    inside = [dc.code for dc in rows if dc.zone != "outside" for _ in range(dc.count)]
    starting = [dc.code for dc in rows if dc.zone == "starting" for _ in range(dc.count)]
    outside = [dc.code for dc in rows if dc.zone == "outside" for _ in range(dc.count)]
    derive = game_plugin(deck.game_id).starting_pulls if derive_pulls is None else derive_pulls
    return build_pile(
        game=deck.game_id, cards=inside, outside_deck=outside, starting=starting, derive_pulls=derive
    )


def hand_size_for(game: str, requested: int | None, pile: Pile) -> int:
    size = requested if requested is not None else game_plugin(game).hand_size
    if not 0 < size <= len(pile.cards):
        raise ApiError(
            "hand-too-large",
            f"A hand of {size} cannot be drawn from a draw pile of {len(pile.cards)} "
            f"({pile.deck_size} deck cards, {len(pile.starting)} placed before the draw).",
            status.HTTP_400_BAD_REQUEST,
        )
    return size


def rng_for(seed: int | None) -> np.random.Generator:
    return np.random.default_rng(seed)


def check_trials(trials: int | None) -> int | None:
    if trials is None:
        return None
    if not 1 <= trials <= MAX_TRIALS:
        raise ApiError("bad-trials", f"`trials` must be a whole number from 1 to {MAX_TRIALS:,}.")
    return trials


def check_simulation_cost(trials: int, *, pile_size: int, depth: int, targets: int = 1) -> int:
    """Refuse, before any work, a simulation whose cost (trials × pile and cards dealt) passes the budget."""
    from rules.odds.simulate import MAX_SIMULATION_COST, max_trials

    most = max_trials(pile_size, depth, MAX_SIMULATION_COST, targets)
    if trials > most:
        raise ApiError(
            "bad-trials",
            f"`trials` can be at most {most:,} when dealing {depth} cards from a pile of {pile_size} "
            f"({targets} group{'s' if targets != 1 else ''}): the work of one request is bounded. Ask for fewer.",
            max_trials=most,
        )
    return trials


def joint_odds(pile: list[str], hand: int, targets: list, *, seed: int | None, estimate=None) -> dict:
    """The joint odds as the API and the deck page give them (rules.odds.joint): `method` "exact", or
    "simulated" with `standard_error`, `trials`, `seed`, a 95% `interval` and the `reason`."""
    from rules.odds.joint import joint_answer

    seed = FALLBACK_SEED if seed is None and estimate is None else seed
    answer = joint_answer(pile, hand, targets, rng=rng_for(seed), estimate=estimate)
    result = {"method": answer.method, "probability": round(answer.probability, 12)}
    if answer.estimate is not None:
        result.update(
            standard_error=answer.estimate.stderr,
            interval=[answer.estimate.low, answer.estimate.high],
            trials=answer.estimate.trials,
            seed=seed,
            reason=answer.reason,
        )
    return result


def destiny_cards(game: str, pile: list[str]):
    from rules.odds.destiny import DestinyCard

    pool = card_pool(game)
    base = {card_id: pool.get(card_id).card for card_id in set(pile)}
    rows = {
        c.code: c
        for c in Card.objects.filter(game_id=game, code__in=set(base.values())).only(
            "code", "stats_text", "destiny", "destiny_values"
        )
    }
    result = []
    for card_id in pile:
        card = rows[base[card_id]]
        result.append(
            DestinyCard(
                card_id=card_id,
                printed=card.stats_text.get("destiny"),
                value=card.destiny,
                values=tuple(card.destiny_values or ()),
            )
        )
    return result
