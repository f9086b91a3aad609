"""The compiled engine (rules/compile_engine.py, mypyc) plays exactly the games of the Python sources, and a build
older than its sources is never used."""

import json
import os
import pickle
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import rules.swdbg as engine

ROOT = Path(__file__).resolve().parents[3]

# Plays seeded games in a fresh interpreter and prints which engine ran and every game's actions and outcome.
PLAY = """
import json, pickle, sys
import rules.swdbg
from rules.swdbg.game import Game
from rules.swdbg.players import GreedyPlayer, RandomPlayer
from rules.swdbg.search import SearchPlayer

with open(sys.argv[1], "rb") as f:
    setup = pickle.load(f)
games = []
for seed, kinds in [(s, (RandomPlayer, RandomPlayer)) for s in range(30)] + [
    (s, (GreedyPlayer, RandomPlayer)) for s in range(30, 40)
] + [(40, (SearchPlayer, GreedyPlayer))]:
    game = Game.new(setup, seed)
    seats = [kinds[0](seed), kinds[1](seed + 1)]
    while game.outcome() is None:
        game.apply(seats[game.to_move()].choose(game))
        if kinds[0] is SearchPlayer and game.state.turn > 6:
            break  # a few searched turns are enough, and a whole search game takes a while
    copy = game.copy()
    games.append({"actions": game.actions, "outcome": game.outcome(), "view": copy.view(0)})
print(json.dumps({"engine": rules.swdbg.ENGINE, "games": games}))
"""


def play_in_subprocess(setup_file: Path, pure: bool) -> dict:
    env = {key: value for key, value in os.environ.items() if key != "CARDSDB_PURE_ENGINE"}
    if pure:
        env["CARDSDB_PURE_ENGINE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", PLAY, str(setup_file)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_compiled_engine_plays_the_same_games_as_the_sources(full_setup, tmp_path):
    if engine.ENGINE != "compiled":
        message = "the SW:DBG engine is not compiled here (make engine)"
        if os.environ.get("CI"):
            pytest.fail(message)  # CI measures and ships the compiled engine: it must build
        pytest.skip(message)
    setup_file = tmp_path / "setup.pickle"
    setup_file.write_bytes(pickle.dumps(full_setup))
    compiled = play_in_subprocess(setup_file, pure=False)
    python = play_in_subprocess(setup_file, pure=True)
    assert (compiled["engine"], python["engine"]) == ("compiled", "python")
    assert len(compiled["games"]) == 41
    assert sum(len(g["actions"]) for g in compiled["games"]) > 10_000
    assert any(g["outcome"] and g["outcome"]["winner"] is not None for g in compiled["games"])
    for index, (ours, theirs) in enumerate(zip(compiled["games"], python["games"], strict=True)):
        assert ours == theirs, f"game {index} differs"


def test_a_build_from_other_sources_is_not_used(tmp_path, monkeypatch):
    manifest = tmp_path / "compiled.json"
    monkeypatch.setattr(engine, "MANIFEST", manifest)
    assert not engine._up_to_date()  # no manifest
    manifest.write_text("[1, 2]")
    assert not engine._up_to_date()  # not a manifest
    stale = dict(engine.source_digests(), game="0" * 64)
    manifest.write_text(json.dumps({"sources": stale}))
    assert not engine._up_to_date()
    manifest.write_text(json.dumps({"sources": engine.source_digests()}))
    assert engine._up_to_date()

    manifest.write_text(json.dumps({"sources": stale}))
    monkeypatch.setattr(engine, "_built", lambda: True)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert engine._choose() == "python"
    assert "built from other sources" in str(caught[0].message)
    assert isinstance(sys.meta_path[0], engine._PythonSources)


def test_the_python_sources_are_found_ahead_of_the_compiled_modules():
    spec = engine._PythonSources.find_spec("rules.swdbg.game")
    assert spec is not None and spec.origin == str(engine.HERE / "game.py")
    assert engine._PythonSources.find_spec("rules.swdbg.record") is None  # never compiled
    assert engine._PythonSources.find_spec("rules.odds.game") is None  # another package
