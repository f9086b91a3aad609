"""SW:DBG AI blind spots (issue #27): seeded games of one AI player against another, seats alternating, and at
each of the measured player's turn ends, what it left undone:

- hand-cost abilities (Gozanti Cruiser, C-ROC Cruiser, Jabba the Hutt: a card discarded or exiled from hand):
  of the turns that ended with such a card in play, how many used its ability;
- a purchase left: resources that buy a card it values (greedy's card_value > 0);
- idle attackers (a commit still legal), committed attacks never resolved, and a lethal attack left: the
  attack committed to the enemy base, or that could be, destroys it.

Also the time per move of each player. Game i plays seed + i (as `manage.py simulate_swdbg` does).
Usage: .venv/bin/python bench/swdbg_blind_spots.py [--database-url URL] [--games 100] [--players greedy,greedy]
"""

import argparse
import time
from collections import Counter

from _common import django_with_swdbg

HAND_COST = ("discard_hand", "exile_hand")


def turn_end_facts(game) -> dict[str, bool]:
    """What the active player leaves undone by ending its turn now."""
    from rules.swdbg.players import card_value, lethal_plan

    state, player = game.state, game.state.active
    me, legal = state.players[player], game.legal_actions()
    ready = [
        c
        for c in me.in_play
        if state.texts[c].use is not None
        and state.texts[c].use.cost is not None
        and state.texts[c].use.cost[0] in HAND_COST
    ]
    return {
        "hand_cost_ready": bool(ready),
        "hand_cost_used": any(c in state.used for c in ready),
        "purchase_left": any(a["type"] == "purchase" and card_value(state, a["card"]) > 0 for a in legal),
        "idle_attackers": any(a["type"] == "commit" for a in legal),
        "unresolved": any(a["type"] == "resolve" for a in legal),
        "lethal_left": lethal_plan(state, player, legal) is not None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", default="greedy,greedy")
    parser.add_argument("--format", default="full-galaxy")
    parser.add_argument("--seed", type=int, default=70000)
    args = parser.parse_args()
    django_with_swdbg(args.database_url)
    import rules.swdbg
    from rules.setups import default_setup, engine_setup
    from rules.swdbg.game import Game
    from rules.swdbg.roster import players
    from rules.swdbg.simulate import slot_names, wilson

    setup = engine_setup(default_setup(args.format))
    kinds = tuple(args.players.split(","))
    names = slot_names(kinds)
    known = players()
    counts = {name: Counter() for name in names}
    seconds = {name: 0.0 for name in names}
    moves = Counter()
    wins = Counter()
    print(f"SW:DBG engine ({rules.swdbg.ENGINE}), {args.format}, {args.games} games from seed {args.seed}")
    for index in range(args.games):
        game_seed = args.seed + index
        first = index % 2
        seat_names = (names[first], names[1 - first])
        seat_kinds = (kinds[first], kinds[1 - first])
        seats = [known[kind](game_seed * 2 + s) for s, kind in enumerate(seat_kinds)]
        game = Game.new(setup, game_seed)
        while game.outcome() is None:
            mover = game.to_move()
            started = time.perf_counter()
            action = seats[mover].choose(game)
            seconds[seat_names[mover]] += time.perf_counter() - started
            moves[seat_names[mover]] += 1
            if action["type"] == "end_turn":
                facts = turn_end_facts(game)
                count = counts[seat_names[mover]]
                count["turns"] += 1
                count.update(k for k, v in facts.items() if v)
            game.apply(action)
        winner = game.outcome()["winner"]
        if winner is not None:
            wins[seat_names[winner]] += 1
    for name in names:
        count, turns = counts[name], max(1, counts[name]["turns"])
        low, high = wilson(wins[name], args.games)
        print(
            f"{name}: {wins[name]}/{args.games} wins ({low:.1%}–{high:.1%}); "
            f"{seconds[name] / max(1, moves[name]) * 1000:.2f} ms a move over {moves[name]} moves; "
            f"{count['turns']} turns"
        )
        print(
            f"  hand-cost abilities used in {count['hand_cost_used']} of {count['hand_cost_ready']} turns that "
            f"ended with one in play; turns ended with a purchase left {count['purchase_left'] / turns:.1%}, "
            f"idle attackers {count['idle_attackers'] / turns:.1%}, attacks unresolved "
            f"{count['unresolved'] / turns:.1%}, a lethal attack left {count['lethal_left'] / turns:.1%}"
        )


if __name__ == "__main__":
    main()
