"""Draw odds over HTTP: opening hands (exact and simulated), destiny, sample hands — for any list of cards or
for a saved deck."""

from fractions import Fraction

from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.api.errors import ApiError
from cardsdb.api.parsers import JSONParser
from cardsdb.api.request_size import MAX_BODY, check_body_size
from cardsdb.api.token_auth import TOKEN_ONLY
from cardsdb.api.views import ERROR, check_game
from cardsdb.games.registry import game_plugin
from decks.deck import services as decks
from decks.models import DeckCard
from rules import deck_odds as odds
from rules.starting_pulls import PILE_RULE

from .serializers import DeckSimulateIn, DestinyIn, OpeningHandIn, SampleHandsIn

MAX_IDS = 1000


def _ids(data: dict, key: str, *, required: bool = False) -> list[str]:
    value = data.get(key, None)
    if value is None:
        if required:
            raise ApiError("invalid-request", f"`{key}` (a list of card ids) is required.")
        return []
    if (
        not isinstance(value, list)
        or len(value) > MAX_IDS
        or not all(isinstance(v, str) and v for v in value)
    ):
        raise ApiError("invalid-request", f"`{key}` must be a list of at most {MAX_IDS} card id strings.")
    return [v.strip() for v in value]


def _int(
    data: dict,
    key: str,
    default: int | None = None,
    *,
    low: int = 0,
    high: int = 10**9,
    nullable: bool = True,
    where: str = "",
) -> int | None:
    """The whole number `data[key]` within [low, high], `default` when the key is absent. An explicit null is
    the default only for the fields the schema (rules/api/serializers.py) declares nullable; elsewhere it is
    refused, naming the field (`where` prefixes it: "targets[0].")."""
    if key not in data:
        return default
    value = data[key]
    if value is None and nullable:
        return default
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        null = "" if value is not None else " (null is not one: leave the field out for its default)"
        raise ApiError(
            "invalid-request", f"`{where}{key}` must be a whole number from {low} to {high}{null}."
        )
    return value


def _targets(data: dict):
    from rules.odds.exact import Target

    raw = data.get("targets", [])
    if not isinstance(raw, list) or len(raw) > odds.MAX_TARGETS:
        raise ApiError("invalid-request", f"`targets` must be a list of at most {odds.MAX_TARGETS} groups.")
    targets = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise ApiError("invalid-request", f"targets[{i}] must be an object {{label, cards, at_least}}.")
        cards = _ids(item, "cards", required=True)
        at_least = _int(item, "at_least", 1, high=60, nullable=False, where=f"targets[{i}].")
        at_most = _int(item, "at_most", None, high=60, where=f"targets[{i}].")
        if at_most is not None and at_most < at_least:
            raise ApiError("invalid-request", f"targets[{i}]: at_most is below at_least.")
        label = item.get("label") if isinstance(item.get("label"), str) else f"group {i + 1}"
        targets.append(Target(label[:100], frozenset(cards), at_least, at_most))
    return targets


def _pile_from(data: dict, game: str):
    return odds.build_pile(
        game=game,
        cards=_ids(data, "cards", required=True),
        outside_deck=_ids(data, "outside_deck"),
        starting=_ids(data, "starting"),
        derive_pulls=bool(data.get("derive_pulls", False)),
    )


def _deck_body(request, deck_id: int) -> dict:
    """A saved deck as a simulate body: its starting zone is placed before the draw, outside cards never drawn,
    and the cards its starting cards deploy derived as the deck page's Odds panel does (odds.deck_pile, PILE_RULE)
    unless the body says otherwise."""
    deck = decks.deck_get(deck_id=deck_id, user=request.user)
    body = dict(request.data) if isinstance(request.data, dict) else {}
    inside, outside = decks.deck_ids(deck)
    starting = [dc.code for dc in deck.cards.filter(zone=DeckCard.Zone.STARTING) for _ in range(dc.count)]
    body.update(game=deck.game_id, cards=inside, outside_deck=outside)
    body.setdefault("starting", starting)
    body.setdefault("derive_pulls", game_plugin(deck.game_id).starting_pulls)
    return body


def _pile_summary(pile, hand_size: int) -> dict:
    return {
        "deck_size": pile.deck_size,
        "draw_pile_size": len(pile.cards),
        "hand_size": hand_size,
        "starting": pile.starting,
        "derived_starting": pile.derived,
        "outside_deck": pile.outside,
        "pile_rule": PILE_RULE,
    }


def _float(value: Fraction) -> float:
    return round(float(value), 12)


def by_turn_exact(pile: list[str], hand: int, per_turn: int, turns: int, target) -> list[dict]:
    """P(the target has been met among the cards seen by the end of turn t), exactly: the opening hand plus
    `per_turn` cards a turn. Once the whole pile has been seen — a deck that cycles, as SW:DBG's does when it is
    reshuffled — every copy has been seen. (Cards bought into a deck-building deck are not modelled.)"""
    from rules.odds.exact import probability

    rows = []
    for turn in range(turns + 1):
        seen = min(len(pile), hand + turn * per_turn)
        rows.append(
            {"turn": turn, "cards_seen": seen, "probability": _float(probability(pile, seen, target))}
        )
    return rows


def opening_hand(data: dict) -> dict:
    """Per target exact odds (and by turn); the joint odds exact when affordable, else simulated (`method`).

    Every loop is bounded by the request's checked fields (at most MAX_TARGETS targets, MAX_IDS cards, a hand
    of 200, 30 turns of 60 cards), and a simulation's cost is checked before it runs."""
    from rules.odds.exact import probability, target_distribution
    from rules.odds.simulate import simulate_targets

    game = check_game(data.get("game"), required=True)
    pile = _pile_from(data, game)
    hand = odds.hand_size_for(game, _int(data, "hand_size", None, low=1, high=200), pile)
    targets = _targets(data)
    trials = odds.check_trials(_int(data, "trials", None, low=0, high=10**12))
    seed = _int(data, "seed", None)
    turns = _int(data, "turns", None, low=0, high=30)
    # Checked with or without `turns` (it is used with them only): the schema states its bounds, not the pairing
    per_turn = _int(data, "per_turn", game_plugin(game).per_turn or 1, low=1, high=60, nullable=False)
    if trials and targets:
        odds.check_simulation_cost(trials, pile_size=len(pile.cards), depth=hand, targets=len(targets))

    result = _pile_summary(pile, hand)
    rows = []
    for target in targets:
        rows.append(
            {
                "label": target.label,
                "copies_in_pile": sum(1 for c in pile.cards if c in target.cards),
                "at_least": target.at_least,
                "at_most": target.at_most,
                "method": "exact",
                "probability": _float(probability(pile.cards, hand, target)),
                "distribution": [_float(p) for p in target_distribution(pile.cards, hand, target)],
            }
        )
    if turns is not None:
        for row, target in zip(rows, targets, strict=True):
            row["by_turn"] = by_turn_exact(pile.cards, hand, per_turn, turns, target)
        result["per_turn"] = per_turn
    joint_estimate = None
    if trials and targets:
        estimates, joint_estimate = simulate_targets(
            pile.cards, hand, targets, trials=trials, rng=odds.rng_for(seed)
        )
        for row, estimate in zip(rows, estimates, strict=True):
            row.update(
                simulated=estimate.probability, stderr=estimate.stderr, interval=[estimate.low, estimate.high]
            )
        result["trials"], result["seed"] = trials, seed
    joint = None
    if data.get("joint") and targets:
        joint = odds.joint_odds(pile.cards, hand, targets, seed=seed, estimate=joint_estimate)
        if joint_estimate is not None:
            joint.update(simulated=joint_estimate.probability, stderr=joint_estimate.stderr)
    result["targets"], result["joint"] = rows, joint
    return result


def destiny(data: dict) -> dict:
    from rules.odds.destiny import destiny_analysis
    from rules.odds.simulate import MAX_SIMULATION_COST, destiny_total_at_least, max_trials

    game = check_game(data.get("game"), required=True)
    if not game_plugin(game).draws_destiny:
        raise ApiError("no-destiny", f"Only SWCCG draws destiny; {game} cards have no destiny number.")
    pile = _pile_from(data, game)
    draws = _int(data, "draws", None, low=1, high=60)
    trials = seed = threshold = None
    if draws is not None:  # every field checked before any work
        threshold = data.get("threshold")
        if not isinstance(threshold, int | float) or isinstance(threshold, bool) or not abs(threshold) <= 1e6:
            raise ApiError(
                "invalid-request", "`threshold` (a number from -1,000,000 to 1,000,000) goes with `draws`."
            )
        if draws > len(pile.cards):
            raise ApiError(
                "hand-too-large", f"Cannot draw {draws} destinies from a pile of {len(pile.cards)}."
            )
        seed = _int(data, "seed", None)
        trials = odds.check_trials(_int(data, "trials", None, low=0, high=10**12))
        if trials is None:  # the default, within the budget whatever the pile
            trials = max(1, min(100_000, max_trials(len(pile.cards), draws, MAX_SIMULATION_COST)))
        odds.check_simulation_cost(trials, pile_size=len(pile.cards), depth=draws)
    cards = odds.destiny_cards(game, pile.cards)
    result = {
        "deck_size": pile.deck_size,
        "draw_pile_size": len(pile.cards),
        "pile_rule": PILE_RULE,
        **destiny_analysis(cards),
    }
    if draws is not None:
        values = [c.value if c.value is not None else (max(c.values) if c.values else 0.0) for c in cards]
        estimate = destiny_total_at_least(
            values, draws, float(threshold), trials=trials, rng=odds.rng_for(seed)
        )
        result["total"] = {
            "draws": draws,
            "threshold": threshold,
            "method": "simulated",
            "simulated": estimate.probability,
            "stderr": estimate.stderr,
            "standard_error": estimate.stderr,
            "interval": [estimate.low, estimate.high],
            "trials": trials,
            "seed": seed,
        }
    return result


def sample_hands(data: dict) -> dict:
    from rules.odds.simulate import sample_hands as draw

    game = check_game(data.get("game"), required=True)
    pile = _pile_from(data, game)
    hand = odds.hand_size_for(game, _int(data, "hand_size", None, low=1, high=200), pile)
    count = _int(data, "count", 1, low=1, high=odds.MAX_SAMPLE_HANDS, nullable=False)
    seed = _int(data, "seed", None)
    hands = draw(pile.cards, hand, count, rng=odds.rng_for(seed))
    titles = decks.card_titles(game, list(set(pile.cards)))
    return {
        **_pile_summary(pile, hand),
        "seed": seed,
        "hands": [[{"id": c, "title": titles.get(c, {}).get("title", c)} for c in h] for h in hands],
    }


class _SimulateView(APIView):
    parser_classes = [JSONParser]
    authentication_classes = TOKEN_ONLY
    compute = staticmethod(opening_hand)

    @extend_schema(request=dict, responses={200: dict, 400: ERROR})
    def post(self, request):
        check_body_size(request, MAX_BODY)
        data = request.data if isinstance(request.data, dict) else {}
        return Response(self.compute(data))


@extend_schema_view(post=extend_schema(request=OpeningHandIn))
class OpeningHandView(_SimulateView):
    """P(the opening hand holds what you need), exact, per group and jointly; with `trials`, simulated too."""

    compute = staticmethod(opening_hand)


@extend_schema_view(post=extend_schema(request=DestinyIn))
class DestinyView(_SimulateView):
    """Destiny values in the draw pile: distribution, average, P(destiny ≥ X); with `draws` and `threshold`,
    the simulated chance that that many destiny draws total at least the threshold."""

    compute = staticmethod(destiny)


@extend_schema_view(post=extend_schema(request=SampleHandsIn))
class SampleHandsView(_SimulateView):
    """Random opening hands, seeded, as a player would see them."""

    compute = staticmethod(sample_hands)


class DeckSimulateView(APIView):
    """The same analyses for a saved deck: POST /api/decks/<id>/simulate/<opening-hand|destiny|sample-hands>/."""

    parser_classes = [JSONParser]
    KINDS = {"opening-hand": opening_hand, "destiny": destiny, "sample-hands": sample_hands}

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "kind", str, OpenApiParameter.PATH, enum=["opening-hand", "destiny", "sample-hands"]
            )
        ],
        request=DeckSimulateIn,
        responses={200: dict, 400: ERROR, 404: ERROR},
    )
    def post(self, request, deck_id: int, kind: str):
        if kind not in self.KINDS:
            raise ApiError(
                "not-found", f"No analysis {kind!r}; use opening-hand, destiny or sample-hands.", 404
            )
        return Response(self.KINDS[kind](_deck_body(request, deck_id)))
