"""SW:DBG engine speed (rules/swdbg): complete random-vs-random and greedy-vs-greedy games per second on one
core, replay speed in actions per second, and the search player's time per move at its default strength.

The cards come from the catalogue (a fresh PostgreSQL database with the SW:DBG cards imported, unless
--database-url names one that holds them). Targets (issue #10): random games ≥ 300/s, replay ≥ 20,000
actions/s, greedy games ≥ 100/s, a search move ≤ 1 s.
The engine runs compiled (make engine) unless CARDSDB_PURE_ENGINE=1 asks for the Python sources; the first line
says which.
Usage: .venv/bin/python bench/swdbg_engine.py [--database-url URL] [--games 1000] [--search-games 4]
"""

import argparse
import gc
import time

from _common import django_with_swdbg, percentile


def play(setup, kinds, seeds, players, keep=0):
    """Seconds, the first `keep` games, every game's outcome, the actions played."""
    kept, outcomes, actions = [], [], 0
    started = time.perf_counter()
    from rules.swdbg.game import Game

    for seed in seeds:
        game = Game.new(setup, seed)
        seats = [players[kinds[0]](seed * 2), players[kinds[1]](seed * 2 + 1)]
        while game.outcome() is None:
            game.apply(seats[game.to_move()].choose(game))
        if len(kept) < keep:
            kept.append(game)
        outcomes.append(game.outcome())
        actions += len(game.actions)
    return time.perf_counter() - started, kept, outcomes, actions


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--search-games", type=int, default=4)
    parser.add_argument("--format", default="full-galaxy")
    args = parser.parse_args()
    django_with_swdbg(args.database_url)
    from rules.setups import default_setup, engine_setup
    from rules.swdbg.record import make_record, replay
    from rules.swdbg.roster import players
    from rules.swdbg.search import SearchPlayer

    setup_json = default_setup(args.format)
    setup = engine_setup(setup_json)
    kinds = players()
    import rules.swdbg

    # Django's objects live as long as the process: out of the collector's way, as a server's workers do it.
    gc.collect()
    gc.freeze()
    print(
        f"SW:DBG engine ({rules.swdbg.ENGINE}: "
        f"{'mypyc build of' if rules.swdbg.ENGINE == 'compiled' else 'plain Python,'} rules/swdbg), "
        f"{args.format} setup, one process (one core)"
    )

    seconds, games, outcomes, actions = play(setup, ("random", "random"), range(args.games), kinds, keep=200)
    draws = sum(o["winner"] is None for o in outcomes)
    print(
        f"random vs random: {args.games} games in {seconds:.2f} s = {args.games / seconds:.0f} games/s "
        f"({actions / args.games:.0f} actions/game, {actions / seconds:,.0f} actions/s; {draws} turn-limit draws)"
    )

    records = [make_record(g, setup_json) for g in games[:200]]
    replayed = sum(len(r["actions"]) for r in records)
    started = time.perf_counter()
    for record in records:
        replay(record, lambda _setup: setup, summarise=False)
    seconds = time.perf_counter() - started
    print(
        f"replay: {replayed:,} actions of {len(records)} records in {seconds:.2f} s = {replayed / seconds:,.0f} actions/s"
    )
    started = time.perf_counter()
    for record in records:
        replay(record, lambda _setup: setup)
    seconds = time.perf_counter() - started
    print(f"replay with turn summaries and the log in words: {replayed / seconds:,.0f} actions/s")

    greedy_games = max(1, args.games // 2)
    seconds, _, _, actions = play(setup, ("greedy", "greedy"), range(greedy_games), kinds)
    print(
        f"greedy vs greedy: {greedy_games} games in {seconds:.2f} s = {greedy_games / seconds:.0f} games/s "
        f"({actions / greedy_games:.0f} actions/game)"
    )

    from rules.swdbg.game import Game
    from rules.swdbg.players import GreedyPlayer

    times, searched = [], 0
    for seed in range(args.search_games):
        game = Game.new(setup, 5000 + seed)
        seats = (
            [SearchPlayer(seed), GreedyPlayer(seed)]
            if seed % 2 == 0
            else [GreedyPlayer(seed), SearchPlayer(seed)]
        )
        while game.outcome() is None:
            mover = seats[game.to_move()]
            started = time.perf_counter()
            action = mover.choose(game)
            if isinstance(mover, SearchPlayer):
                times.append(time.perf_counter() - started)
            game.apply(action)
    if not times:
        return
    searched = [t for t in times if t > 0.001]  # moves that were searched, not played by instinct
    print(
        f"search player ({len(times)} moves over {args.search_games} games, {len(searched)} searched): "
        f"median {percentile(times, 50) * 1000:.1f} ms, p95 {percentile(times, 95) * 1000:.0f} ms, "
        f"max {max(times) * 1000:.0f} ms per move"
    )


if __name__ == "__main__":
    main()
