"""Simulations between AI players: statistics, seat alternation, reproducibility, the command."""

import json

import pytest
from django.core.management import CommandError, call_command

from rules.management.commands.simulate_swdbg import Command
from rules.setups import engine_setup
from rules.swdbg.record import replay
from rules.swdbg.simulate import simulate, slot_names, wilson


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(10, 10)
    assert high == 1.0 and low == pytest.approx(0.7225, abs=1e-4)


def test_seats_alternate_and_runs_reproduce(full_setup):
    seats = []
    summary = simulate(full_setup, ("greedy", "random"), 4, seed=7, on_game=lambda g: seats.append(g.seats))
    assert seats == [("greedy", "random"), ("random", "greedy")] * 2
    again = simulate(full_setup, ("greedy", "random"), 4, seed=7)
    assert summary.as_dict() == again.as_dict()
    assert summary.as_dict()["players"]["greedy"]["wins"] == 4
    assert slot_names(("greedy", "greedy")) == ("greedy", "greedy#2")


def test_the_command_writes_records_that_replay(tmp_path, swdbg_catalogue, capsys):
    out = tmp_path / "games.jsonl"
    call_command("simulate_swdbg", games=3, players="greedy,greedy", setup="beginner", seed=4, out=str(out))
    printed = capsys.readouterr().out
    assert "3 games, beginner" in printed and "greedy#2" in printed and "95%" in printed
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 3 and [r["seed"] for r in records] == [4, 5, 6]
    for record in records:
        result = replay(record, engine_setup)
        assert result.ok and result.game.outcome() == record["result"]
    call_command("simulate_swdbg", games=2, players="random,greedy", json=True)
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2 and set(summary["players"]) == {"random", "greedy"}


@pytest.mark.parametrize(
    "options",
    [{"players": "greedy"}, {"players": "greedy,chess"}, {"games": 0}, {"setup": "nope"}, {"seed": -1}],
)
def test_the_command_refuses_bad_options(swdbg_catalogue, options):
    with pytest.raises(CommandError):
        call_command("simulate_swdbg", **{"games": 1, **options})


def test_help_describes_every_option():
    """Issue #25: `simulate_swdbg --help` left --games and --seed without a word."""
    parser = Command().create_parser("manage.py", "simulate_swdbg")
    own = {"--games", "--players", "--setup", "--seed", "--out", "--json"}
    described = {o for a in parser._actions if a.help for o in a.option_strings}
    assert own <= described
