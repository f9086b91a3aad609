"""The deck page's Odds panel: groups picked in a plain form, exact probabilities, destiny charts, a sample hand.
Everything is computed on the server, so it reads without JavaScript."""

import secrets
from collections import Counter

from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy, pgettext

from cardsdb.games.registry import game_plugin
from cardsdb.labels import either
from decks.deck.chart_words import chart_words
from decks.deck.charts import bars_of, line_of
from decks.models import Deck
from decks.params import MAX_DIGITS, whole_number
from rules.deck_odds import deck_pile, destiny_cards, joint_odds
from rules.odds.destiny import RULE as DESTINY_RULE
from rules.starting_pulls import PILE_RULE

GROUPS = 4

# The engines' rules (rules/starting_pulls.py, rules/odds/destiny.py: plain Python, in English as the API gives
# them) as the page says them; tests/cardsdb/test_i18n_main_pages.py checks the English is still theirs.
SAID_RULES = {
    PILE_RULE: gettext_lazy(
        "Draw pile = the deck minus its starting cards (the starting zone as the deck lists it); cards outside "
        "the deck are never drawn. Derived pulls add, one copy each, the cards a starting card deploys that the "
        "starting zone does not list; a card a starting card lets you take into hand later (Mobilization Points: "
        "'once per game, you may take … into hand') stays in the draw pile."
    ),
    DESTINY_RULE: gettext_lazy(
        "A single numeric destiny counts as itself (½ = 0.5, π = 3.14159). Alternatives such as '2 or 5' count as "
        "the highest (the drawing player chooses); the 'lowest' variant counts them as the lowest. A card whose "
        "destiny has no number (no destiny, or '*' without a value) counts as 0."
    ),
}


def said_rule(rule: str) -> str:
    """An engine's rule in the active language (as the engine words it when the page has no words for it)."""
    return str(SAID_RULES.get(rule, rule))


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
        "pile_rule": said_rule(PILE_RULE),
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
            label = either(names[:3]) + (" …" if len(names) > 3 else "")
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
        note = gettext("not a seed (up to %(n)s digits 0-9)") % {"n": MAX_DIGITS} if bad else ""
        seed = secrets.randbelow(10**9) if seed is None else seed
        hand_ids = sample_hands(pile.cards, hand, 1, rng=_rng(seed))[0]
        panel["sample"] = {"seed": seed, "cards": [titles.get(c, c) for c in hand_ids], "seed_note": note}
    return panel


def percent(probability: float) -> str:
    """0.4231 → "42.3%" (in the page's number format: "42,3%" in Italian); a chance that rounds to 0% or 100% but
    is not says so ("<0.1%", ">99.9%")."""
    if 0 < probability < 0.0005:
        return f"<{number_format(0.1, 1)}%"
    if 0.9995 < probability < 1:
        return f">{number_format(99.9, 1)}%"
    return f"{number_format(round(probability * 100, 1), 1)}%"  # number_format cuts, it does not round


def _destiny_charts(panel: dict, analysis: dict) -> None:
    panel["destiny"] = {**analysis, "rule": said_rule(analysis["rule"])}
    distribution = analysis["distribution"]
    panel["destiny_chart"] = bars_of(
        distribution,
        title=gettext("Destiny in the draw pile"),
        x_label=pgettext("chart axis: a card's destiny value", "destiny"),
        y_label=pgettext("chart axis: copies of cards", "copies"),
        **chart_words(),
    )
    whole = {k: v for k, v in analysis["p_at_least"].items() if float(k) == int(float(k))}
    panel["at_least_chart"] = line_of(
        whole, title=gettext("P(destiny ≥ X) for one draw"), x_label="X", **chart_words()
    )


def _rng(seed: int):
    import numpy as np

    return np.random.default_rng(seed)
