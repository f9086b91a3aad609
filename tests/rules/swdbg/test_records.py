"""Game records: made by playing, replayed to the same result, illegal actions caught at their index."""

import copy
import json

import jsonschema
import pytest

from rules.setups import default_setup, engine_setup
from rules.swdbg.game import Game
from rules.swdbg.players import GreedyPlayer, RandomPlayer
from rules.swdbg.record import MAX_ACTIONS, RecordError, make_record, record_schema, replay


def play(setup_json: dict, seed: int, players) -> dict:
    game = Game.new(engine_setup(setup_json), seed)
    while game.outcome() is None:
        game.apply(players[game.to_move()].choose(game))
    kinds = [{"kind": p.name} for p in players]
    return make_record(game, setup_json, kinds)


@pytest.fixture
def greedy_record(swdbg_catalogue):
    return play(default_setup("full-galaxy"), 11, [GreedyPlayer(1), GreedyPlayer(2)])


def test_a_record_replays_to_its_result_and_matches_the_schema(greedy_record):
    jsonschema.validate(greedy_record, record_schema())
    assert json.loads(json.dumps(greedy_record)) == greedy_record  # plain JSON
    result = replay(greedy_record, engine_setup)
    assert result.ok
    assert result.game.outcome() == greedy_record["result"]
    assert result.applied == len(greedy_record["actions"])
    assert len(result.log) == result.applied
    assert result.turns[0].faction == "Empire" and result.turns[1].faction == "Rebel"
    assert sum(t.actions for t in result.turns) == result.applied
    winner = greedy_record["result"]["winner"]
    destroyed = [b for t in result.turns if t.player == winner for b in t.bases_destroyed]
    assert len(destroyed) == 3  # the default bases_to_win


def test_random_records_replay_exactly(swdbg_catalogue):
    setup_json = default_setup("beginner")
    for seed in range(5):
        record = play(setup_json, seed, [RandomPlayer(seed), RandomPlayer(seed + 100)])
        again = replay(record, engine_setup)
        assert again.ok and again.game.outcome() == record["result"]
        assert again.game.view() == replay(record, engine_setup).game.view()


def _first_index(record, kind):
    return next(i for i, a in enumerate(record["actions"]) if a["type"] == kind)


def test_one_changed_action_is_caught_at_its_index(greedy_record):
    record = copy.deepcopy(greedy_record)
    index = _first_index(record, "purchase")
    record["actions"][index] = {"type": "purchase", "card": 10_000}
    strict = replay(record, engine_setup)
    assert strict.applied == index
    assert strict.violations == [
        {
            "code": "bad-action",
            "rule": "Taking Your Turn",
            "message": strict.violations[0]["message"],
            "index": index,
        }
    ]

    record = copy.deepcopy(greedy_record)
    index = _first_index(record, "end_turn")
    played = record["actions"][index - 1]
    record["actions"].insert(
        index, dict(played)
    )  # the same action again: that card is no longer where it was
    strict = replay(record, engine_setup)
    assert [v["index"] for v in strict.violations] == [index]
    assert strict.violations[0]["code"] != "not-legal"


def test_a_checking_replay_lists_every_illegal_action(greedy_record):
    record = copy.deepcopy(greedy_record)
    record["actions"].insert(3, {"type": "resolve", "target": "base"})
    record["actions"].insert(7, {"type": "fly"})
    result = replay(record, engine_setup, strict=False)
    assert [(v["index"], v["code"]) for v in result.violations] == [
        (3, "nothing-committed"),
        (7, "bad-action"),
    ]
    assert result.game.outcome() == greedy_record["result"]  # the rest still plays out


def test_a_wrong_stated_result_is_reported(greedy_record):
    record = copy.deepcopy(greedy_record)
    record["result"]["winner"] = 1 - record["result"]["winner"]
    result = replay(record, engine_setup)
    assert not result.ok and result.result_mismatch["code"] == "result-mismatch"
    assert result.result_mismatch["replayed"] == greedy_record["result"]


@pytest.mark.parametrize(
    "change, code",
    [
        (lambda r: r.update(game="swccg"), "bad-record"),
        (lambda r: r.update(record_version=2), "bad-record"),
        (lambda r: r.update(seed=-1), "bad-record"),
        (lambda r: r.update(seed=2**64), "bad-record"),
        (lambda r: r.update(seed=True), "bad-record"),
        (lambda r: r.update(actions={"type": "end_turn"}), "bad-record"),
        (lambda r: r.update(actions=[{"type": "end_turn"}] * (MAX_ACTIONS + 1)), "too-many-actions"),
        (lambda r: r.update(players=[{"kind": "cheater"}, {}]), "bad-record"),
        (lambda r: r.update(players=[{"name": "\ud800" * 500}, {}]), "bad-record"),
        (lambda r: r.update(extra=1), "bad-record"),
    ],
)
def test_bad_records_are_refused_with_a_code(greedy_record, change, code):
    record = copy.deepcopy(greedy_record)
    change(record)
    with pytest.raises(RecordError) as refused:
        replay(record, engine_setup)
    assert refused.value.code == code


def test_hostile_actions_in_a_record_are_violations_not_errors(greedy_record):
    record = copy.deepcopy(greedy_record)
    hostile = [None, [], "end_turn", {"type": "play", "card": 10**30}, {"type": "play", "card": True},
               {"type": "\ud800"}, {"type": "commit", "card": 0, "target": {"deep": [[[[]]]]}}]  # fmt: skip
    record["actions"][2:2] = hostile
    result = replay(record, engine_setup, strict=False)
    assert [v["index"] for v in result.violations] == list(range(2, 2 + len(hostile)))
    assert {v["code"] for v in result.violations} == {"bad-action"}
