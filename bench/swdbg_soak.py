"""SW:DBG soak run: N seeded random-vs-random games (default 10,000) on the beginner and Full Galaxy setups,
each written as a JSON record, read back and replayed; every replay must end in the same outcome and the same
final table (the referee's view), no game may raise an engine error, and the galaxy row may hold fewer than six
cards only while the galaxy deck and discard pile are both empty (the rulebook refills a slot from them, reshuffling
the discard pile when the deck is empty). Prints the counts and the time.

Usage: .venv/bin/python bench/swdbg_soak.py [--database-url URL] [--games 10000]
"""

import argparse
import json
import sys
import time
import traceback

from _common import django_with_swdbg


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url")
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    django_with_swdbg(args.database_url)
    from tqdm import tqdm

    from rules.setups import default_setup, engine_setup
    from rules.swdbg.game import Game
    from rules.swdbg.players import RandomPlayer
    from rules.swdbg.record import make_record, replay
    from rules.swdbg.state import ROW_SIZE

    setups = {code: default_setup(code) for code in ("beginner", "full-galaxy")}
    engines = {code: engine_setup(setup) for code, setup in setups.items()}
    errors, mismatches, actions, outcomes = 0, 0, 0, {}
    # games whose galaxy row ran short while galaxy cards remained; rows empty at the end
    short_rows, empty_rows = 0, 0
    started = time.perf_counter()
    for seed in tqdm(range(args.games), desc="games", unit="game"):
        code = "beginner" if seed % 2 else "full-galaxy"
        try:
            game = Game.new(engines[code], seed)
            seats = [RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1)]
            state, short = game.state, False
            while game.outcome() is None:
                game.apply(seats[game.to_move()].choose(game))
                if len(state.row) < ROW_SIZE and (state.galaxy_deck or state.galaxy_discard):
                    short = True
        except Exception:
            errors += 1
            print(f"engine error, seed {seed} ({code}):\n{traceback.format_exc()}", file=sys.stderr)
            continue
        record = json.loads(json.dumps(make_record(game, setups[code])))
        again = replay(record, lambda setup, code=code: engines[code], summarise=False)
        if not again.ok or again.game.outcome() != game.outcome() or again.game.view() != game.view():
            mismatches += 1
            print(f"replay mismatch, seed {seed} ({code})", file=sys.stderr)
        if short:
            short_rows += 1
            print(f"galaxy row short while galaxy cards remained, seed {seed} ({code})", file=sys.stderr)
        if not state.row:
            empty_rows += 1
        actions += len(game.actions)
        reason = game.outcome()["reason"]
        outcomes[reason] = outcomes.get(reason, 0) + 1
    seconds = time.perf_counter() - started
    print(
        f"{args.games:,} random games (half beginner, half Full Galaxy): {errors} engine errors, "
        f"{mismatches} replays that differ; {short_rows} rows short while galaxy cards remained ({empty_rows} "
        f"empty at the end); {actions:,} actions; outcomes {outcomes}; {seconds:.0f} s with replays"
    )
    sys.exit(1 if errors or mismatches or short_rows else 0)


if __name__ == "__main__":
    main()
