"""The deck page's Odds panel: groups picked in a plain form, exact probabilities, destiny charts, a sample hand.
Everything is computed on the server, so it reads without JavaScript."""

import secrets
from collections import Counter

from cardsdb.games.registry import game_plugin
from decks.charts import bars_of, line_of
from decks.models import Deck, DeckCard
from decks.views.params import MAX_DIGITS, whole_number
from rules.deck_odds import build_pile, destiny_cards, joint_odds

GROUPS = 4


def odds_panel(deck: Deck, params) -> dict:
    from rules.odds.destiny import destiny_analysis
    from rules.odds.exact import Target, probability
    from rules.odds.simulate import sample_hands

    rows = list(deck.cards.select_related("card"))
    inside = [dc.code for dc in rows if dc.zone != DeckCard.Zone.OUTSIDE for _ in range(dc.count)]
    starting = [dc.code for dc in rows if dc.zone == DeckCard.Zone.STARTING for _ in range(dc.count)]
    outside = [dc.code for dc in rows if dc.zone == DeckCard.Zone.OUTSIDE for _ in range(dc.count)]
    pile = build_pile(
        game=deck.game_id, cards=inside, outside_deck=outside, starting=starting, derive_pulls=False
    )
    plugin = game_plugin(deck.game_id)
    hand = plugin.hand_size
    panel = {"pile_size": len(pile.cards), "hand_size": hand, "starting": len(pile.starting)}
    if not pile.cards or hand > len(pile.cards):
        panel["too_small"] = True
        return panel

    titles = {dc.code: dc.card.title for dc in rows}
    copies = Counter(pile.cards)
    in_pile = sorted(copies, key=lambda c: titles.get(c, c))
    choices = [(c, titles.get(c, c), copies[c]) for c in in_pile]
    groups, targets = [], []
    for i in range(1, GROUPS + 1):
        picked = [c for c in dict.fromkeys(params.getlist(f"g{i}")) if c in copies]  # once each, in the pile
        raw = params.get(f"n{i}", "1")
        at_least = whole_number(raw, 1, low=1, high=hand)  # not int(): "²" and 5,000 digits are a 500
        groups.append({"index": i, "picked": picked, "at_least": at_least})
        if picked:
            label = " or ".join(titles.get(c, c) for c in picked[:3]) + (" …" if len(picked) > 3 else "")
            target = Target(label, frozenset(picked), at_least)
            targets.append(target)
            groups[-1]["probability"] = float(probability(pile.cards, hand, target))
            groups[-1]["copies"] = sum(copies[c] for c in target.cards)
    panel.update(choices=choices, groups=groups)
    if len(targets) > 1:  # exact unless too costly to compute (then a seeded simulation, said on the page)
        joint = joint_odds(pile.cards, hand, targets, seed=None)
        panel["joint"] = joint["probability"]
        panel["joint_method"] = joint["method"]
        panel["joint_stderr"] = joint.get("standard_error")

    if plugin.draws_destiny:
        _destiny_charts(panel, destiny_analysis(destiny_cards(deck.game_id, pile.cards)))
    if params.get("sample"):
        seed = whole_number(params.get("seed"))
        bad = seed is None and bool(params.get("seed"))
        note = f"not a seed (up to {MAX_DIGITS} digits 0-9)" if bad else ""
        seed = secrets.randbelow(10**9) if seed is None else seed
        hand_ids = sample_hands(pile.cards, hand, 1, rng=_rng(seed))[0]
        panel["sample"] = {"seed": seed, "cards": [titles.get(c, c) for c in hand_ids], "seed_note": note}
    return panel


def _destiny_charts(panel: dict, analysis: dict) -> None:
    panel["destiny"] = analysis
    distribution = analysis["distribution"]
    panel["destiny_chart"] = bars_of(
        distribution, title="Destiny in the draw pile", x_label="destiny", y_label="copies"
    )
    whole = {k: v for k, v in analysis["p_at_least"].items() if float(k) == int(float(k))}
    panel["at_least_chart"] = line_of(whole, title="P(destiny ≥ X) for one draw", x_label="X")


def _rng(seed: int):
    import numpy as np

    return np.random.default_rng(seed)
