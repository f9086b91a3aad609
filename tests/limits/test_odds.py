"""The draw-odds calculators' bounds (rules/api/odds.py, rules/deck_odds.py, rules/odds/) at their exact edges:
the limit accepted, one past it refused; each checker called directly, one HTTP request for the whole chain."""

import pytest

from cardsdb.api.errors import ApiError
from rules import deck_odds
from rules.api import odds as odds_api
from rules.odds import exact
from rules.odds.simulate import MAX_SIMULATION_COST, max_trials


def api_refused(call, *args, **kwargs) -> ApiError:
    with pytest.raises(ApiError) as caught:
        call(*args, **kwargs)
    return caught.value


def test_a_list_of_max_ids_is_read_one_more_is_refused():
    ids = ["1_1"] * odds_api.MAX_IDS
    assert odds_api._ids({"cards": ids}, "cards") == ids
    assert api_refused(odds_api._ids, {"cards": [*ids, "1_1"]}, "cards").code == "invalid-request"


@pytest.mark.parametrize("low, high", [(0, 30), (1, 200), (1, 60)])
def test_whole_numbers_run_from_low_to_high(low, high):
    assert odds_api._int({"n": low}, "n", low=low, high=high) == low
    assert odds_api._int({"n": high}, "n", low=low, high=high) == high
    assert api_refused(odds_api._int, {"n": low - 1}, "n", low=low, high=high).code == "invalid-request"
    assert api_refused(odds_api._int, {"n": high + 1}, "n", low=low, high=high).code == "invalid-request"


def target(**more) -> dict:
    return {"cards": ["1_1"], **more}


def test_max_targets_are_read_one_more_is_refused():
    assert len(odds_api._targets({"targets": [target()] * deck_odds.MAX_TARGETS})) == deck_odds.MAX_TARGETS
    assert api_refused(odds_api._targets, {"targets": [target()] * (deck_odds.MAX_TARGETS + 1)}).code == (
        "invalid-request"
    )


def test_a_target_counts_up_to_60_and_at_most_may_equal_at_least():
    (read,) = odds_api._targets({"targets": [target(at_least=60, at_most=60)]})
    assert (read.at_least, read.at_most) == (60, 60)
    assert api_refused(odds_api._targets, {"targets": [target(at_least=61)]}).code == "invalid-request"
    assert (
        api_refused(odds_api._targets, {"targets": [target(at_least=3, at_most=2)]}).code == "invalid-request"
    )


def test_a_target_label_keeps_100_characters():
    (read,) = odds_api._targets({"targets": [target(label="l" * 101)]})
    assert read.label == "l" * 100


def pile(n: int) -> deck_odds.Pile:
    return deck_odds.Pile(deck_size=n, cards=["1_1"] * n, starting=[], derived=[], outside=0)


def test_a_hand_runs_from_1_to_the_whole_pile():
    assert deck_odds.hand_size_for("swccg", 1, pile(8)) == 1
    assert deck_odds.hand_size_for("swccg", 8, pile(8)) == 8
    assert api_refused(deck_odds.hand_size_for, "swccg", 9, pile(8)).code == "hand-too-large"
    assert api_refused(deck_odds.hand_size_for, "swccg", 0, pile(8)).code == "hand-too-large"


def test_trials_run_from_1_to_max_trials():
    assert (
        deck_odds.check_trials(1) == 1
        and deck_odds.check_trials(deck_odds.MAX_TRIALS) == deck_odds.MAX_TRIALS
    )
    assert api_refused(deck_odds.check_trials, 0).code == "bad-trials"
    assert api_refused(deck_odds.check_trials, deck_odds.MAX_TRIALS + 1).code == "bad-trials"


def test_a_simulation_may_cost_its_whole_budget_not_one_trial_more():
    most = max_trials(60, 8, MAX_SIMULATION_COST, 2)
    assert deck_odds.check_simulation_cost(most, pile_size=60, depth=8, targets=2) == most
    refusal = api_refused(deck_odds.check_simulation_cost, most + 1, pile_size=60, depth=8, targets=2)
    assert refusal.code == "bad-trials" and refusal.details == {"max_trials": most}


def test_the_exact_joint_answer_may_cost_its_whole_budget():
    pile_cards = ["a"] * 4 + ["b"] * 3 + ["c"] * 33
    # overlapping groups: the joint answer needs a programme, whose cost is estimated
    targets = [exact.Target("a or b", frozenset({"a", "b"}), 2), exact.Target("b", frozenset({"b"}), 1)]
    cost = exact.joint_cost(pile_cards, 7, targets)
    assert cost > 0
    answer = exact.joint_probability(pile_cards, 7, targets, max_cost=cost)
    assert answer == exact.joint_probability(pile_cards, 7, targets)
    with pytest.raises(exact.TooCostly):
        exact.joint_probability(pile_cards, 7, targets, max_cost=cost - 1)


def test_sample_hands_run_from_1_to_max(client, db):
    """One request through the whole chain: the count's bound as the endpoint applies it."""
    body = {"game": "swdbg", "cards": ["sw23_stormtrooper"] * 8, "hand_size": 1, "seed": 1}
    answer = client.post("/api/simulate/sample-hands", {**body, "count": deck_odds.MAX_SAMPLE_HANDS},
                         content_type="application/json")  # fmt: skip
    assert answer.status_code == 200 and len(answer.json()["hands"]) == deck_odds.MAX_SAMPLE_HANDS
    refused = client.post("/api/simulate/sample-hands", {**body, "count": deck_odds.MAX_SAMPLE_HANDS + 1},
                          content_type="application/json")  # fmt: skip
    assert refused.status_code == 400 and refused.json()["code"] == "invalid-request"
