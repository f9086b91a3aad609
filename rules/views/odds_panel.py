"""The deck page's Odds panel: groups picked in a plain form, exact probabilities, destiny charts, a sample hand.
Everything is computed on the server, so it reads without JavaScript."""

import secrets
from collections import Counter

from cardsdb.games.registry import game_plugin
from decks.deck.charts import bars_of, line_of
from decks.models import Deck
from decks.params import MAX_DIGITS, whole_number
from rules.deck_odds import deck_pile, destiny_cards, joint_odds
from rules.starting_pulls import PILE_RULE

GROUPS = 4


def odds_panel(deck: Deck, params) -> dict:
    from rules.odds.destiny import destiny_analysis
    from rules.odds.exact import Target, probability
    from rules.odds.simulate import sample_hands

    rows = list(deck.cards.select_related("card"))
    pile = deck_pile(deck)  # the API's deck odds read the same pile (one rule: PILE_RULE)
    plugin = game_plugin(deck.game_id)
    hand = plugin.hand_size
    panel = {
        "pile_size": len(pile.cards),
        "hand_size": hand,
        "starting": len(pile.starting),
        "derived": len(pile.derived),
        "pile_rule": PILE_RULE,
    }
    if not pile.cards or hand > len(pile.cards):
        panel["too_small"] = True
        return panel

    titles = {dc.code: dc.card.title for dc in rows}
    copies = Counter(pile.cards)
    # Groups are picked by card name: every printing (code) of a name counts; a code still picks itself.
    by_name: dict[str, list[str]] = {}
    for code in sorted(copies):
        by_name.setdefault(titles.get(code, code), []).append(code)
    choices = [(name, name, sum(copies[c] for c in codes)) for name, codes in sorted(by_name.items())]
    groups, targets = [], []
    for i in range(1, GROUPS + 1):
        wanted = [v for v in dict.fromkeys(params.getlist(f"g{i}")) if v in by_name or v in copies]
        picked = [titles.get(v, v) if v in copies else v for v in wanted]  # shown selected by name
        cards = {c for v in wanted for c in (by_name.get(v) or [v])}
        raw = params.get(f"n{i}", "1")
        at_least = whole_number(raw, 1, low=1, high=hand)  # not int(): "²" and 5,000 digits are a 500
        groups.append({"index": i, "picked": picked, "at_least": at_least})
        if cards:
            names = list(dict.fromkeys(picked))
            label = " or ".join(names[:3]) + (" …" if len(names) > 3 else "")
            target = Target(label, frozenset(cards), at_least)
            targets.append(target)
            chance = float(probability(pile.cards, hand, target))
            groups[-1].update(probability=chance, percent=percent(chance))
            groups[-1]["copies"] = sum(copies[c] for c in target.cards)
    panel.update(choices=choices, groups=groups)
    if len(targets) > 1:  # exact unless too costly to compute (then a seeded simulation, said on the page)
        joint = joint_odds(pile.cards, hand, targets, seed=None)
        panel["joint"] = joint["probability"]
        panel["joint_percent"] = percent(joint["probability"])
        panel["joint_method"] = joint["method"]
        panel["joint_stderr"] = joint.get("standard_error")
        if joint.get("standard_error") is not None:
            panel["joint_stderr_percent"] = percent(joint["standard_error"])

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


def percent(probability: float) -> str:
    """0.4231 → "42.3%"; a chance that rounds to 0% or 100% but is not says so ("<0.1%", ">99.9%")."""
    if 0 < probability < 0.0005:
        return "<0.1%"
    if 0.9995 < probability < 1:
        return ">99.9%"
    return f"{probability * 100:.1f}%"


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
