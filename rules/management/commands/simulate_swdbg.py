"""manage.py simulate_swdbg: AI players against each other, win rates with 95% intervals, every game a record."""

import json

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from rules.setups import SetupRefused, default_setup, engine_setup
from rules.swdbg.record import make_record
from rules.swdbg.roster import players
from rules.swdbg.simulate import MAX_GAMES, simulate


class Command(BaseCommand):
    help = (
        "Play SW:DBG games between AI players (random, greedy, search) on a setup, seats alternating; print win "
        "rates with 95% intervals, the average game length and the first player's advantage; write every game "
        "as a record (JSON Lines) that replays to the same result."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--games", type=int, default=100, help=f"how many games to play, 1 to {MAX_GAMES:,} (default 100)"
        )
        parser.add_argument(
            "--players",
            default="greedy,search",
            help="two of: " + ", ".join(players()) + " (default greedy,search)",
        )
        parser.add_argument(
            "--setup", default="beginner", help="a SW:DBG format code: beginner (default) or full-galaxy"
        )
        parser.add_argument(
            "--seed",
            type=int,
            default=0,
            help="the first game's seed, 0 to 2**62 (default 0); game i plays seed+i, so a run repeats exactly",
        )
        parser.add_argument("--out", help="write the records here, one JSON object per line")
        parser.add_argument("--json", action="store_true", help="print the summary as JSON")

    def handle(self, *args, games, players: str, setup: str, seed: int, out, json: bool, **options):
        kinds = tuple(p.strip() for p in players.split(","))
        if len(kinds) != 2 or any(k not in _kinds() for k in kinds):
            raise CommandError(f"--players takes two of {', '.join(_kinds())}, e.g. greedy,search")
        if not 1 <= games <= MAX_GAMES:
            raise CommandError(f"--games must be from 1 to {MAX_GAMES:,}")
        if not 0 <= seed <= 2**62:
            raise CommandError("--seed must be from 0 to 2**62")
        try:
            setup_json = default_setup(setup)
            engine = engine_setup(setup_json)
        except SetupRefused as exc:
            raise CommandError(f"the setup cannot start a game: {exc}") from None
        sink = open(out, "w", encoding="utf-8") if out else None  # closed below
        bar = tqdm(
            total=games, desc="games", unit="game", file=self.stderr, disable=options["verbosity"] == 0
        )

        def written(played):
            bar.update(1)
            if sink is not None:
                record = make_record(played.game, setup_json, [{"kind": k} for k in played.seats])
                sink.write(_dumps(record) + "\n")

        try:
            summary = simulate(engine, kinds, games, seed, on_game=written)
        finally:
            bar.close()
            if sink is not None:
                sink.close()
        result = summary.as_dict()
        if json:
            self.stdout.write(_dumps(result))
            return
        self.stdout.write(f"{games} games, {setup}, seats alternating, seeds {seed}..{seed + games - 1}")
        for name, rate in result["players"].items():
            low, high = rate["interval_95"]
            self.stdout.write(
                f"  {name:10} wins {rate['wins']:>6} = {rate['rate']:6.1%}  (95%: {low:.1%} – {high:.1%})"
            )
        first = result["first_player"]
        self.stdout.write(
            f"  draws (turn limit): {result['draws']}; average game: {result['average_turns']:.1f} turns, "
            f"{result['average_actions']:.0f} actions"
        )
        self.stdout.write(
            f"  first player (Empire) wins {first['rate']:.1%} of decided games "
            f"(95%: {first['interval_95'][0]:.1%} – {first['interval_95'][1]:.1%})"
        )
        if out:
            self.stdout.write(f"  records written to {out}")


def _kinds():
    return players()


def _dumps(data) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
