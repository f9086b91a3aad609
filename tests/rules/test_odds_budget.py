"""Bounded work for draw-odds questions from strangers: the exact joint programme is costed before it runs,
and a question past the budget is simulated (rules.odds.joint) with a standard error, never left to run."""

import math
import random
from fractions import Fraction

import numpy as np
import pytest

from rules.odds import exact
from rules.odds.exact import MAX_JOINT_COST, Target, TooCostly, joint_cost, joint_probability
from rules.odds.joint import FALLBACK_COST, FALLBACK_TRIALS, joint_answer
from rules.odds.simulate import MAX_SIMULATION_COST, max_trials, simulation_cost
from tests.rules.odds_questions import accepted_question


def pathological(groups: int = 8):
    """1,000 distinct cards, a hand of 200 and `groups` overlapping groups of 250 with 45–60 wanted each: the
    exact programme over its 2^groups atoms ran for minutes and past 20 GB before the budget."""
    rng = random.Random(9)
    pile = [f"id{i:03}" for i in range(1000)]
    targets = [Target(f"g{g}", frozenset(rng.sample(pile, 250)), 45, 60) for g in range(groups)]
    return pile, targets


def python_estimate(pile, hand, targets, hands, seed):
    """P(all targets met) from plain `random.sample` hands: independent of the numpy simulation."""
    rng = random.Random(seed)
    hits = 0
    for _ in range(hands):
        drawn = rng.sample(pile, hand)
        hits += all(t.accepts(sum(card in t.cards for card in drawn)) for t in targets)
    p = hits / hands
    return p, math.sqrt(p * (1 - p) / hands)


@pytest.mark.parametrize("groups", [3, 5, 8])
def test_pathological_joint_is_refused_before_any_work(monkeypatch, groups):
    pile, targets = pathological(groups)

    def never(plan):
        raise AssertionError("the programme ran")

    monkeypatch.setattr(exact, "_favourable_hands", never)
    with pytest.raises(TooCostly) as refused:
        joint_probability(pile, 200, targets, max_cost=MAX_JOINT_COST)
    assert refused.value.cost > MAX_JOINT_COST == refused.value.budget
    assert joint_cost(pile, 200, targets, limit=MAX_JOINT_COST) > MAX_JOINT_COST


@pytest.mark.parametrize("groups", [5, 8])
def test_pathological_joint_is_simulated_and_right(groups):
    pile, targets = pathological(groups)
    answer = joint_answer(pile, 200, targets, rng=np.random.default_rng(1))
    assert answer.method == "simulated" and f"{MAX_JOINT_COST:,} units of work" in answer.reason
    estimate = answer.estimate
    assert answer.probability == estimate.probability and 0 < estimate.probability < 1
    assert 0 < estimate.trials <= FALLBACK_TRIALS
    assert simulation_cost(1000, 200, estimate.trials, groups) <= FALLBACK_COST
    assert estimate.stderr == pytest.approx(
        math.sqrt(answer.probability * (1 - answer.probability) / estimate.trials)
    )
    p, se = python_estimate(pile, 200, targets, 1500, seed=groups)
    assert abs(answer.probability - p) < 4.5 * math.hypot(se, estimate.stderr)
    again = joint_answer(pile, 200, targets, rng=np.random.default_rng(1))
    assert again == answer  # seeded: the same question, the same answer


def brute_force(pile, hand, targets):
    import itertools

    hands = list(itertools.combinations(range(len(pile)), hand))
    good = sum(all(t.accepts(sum(pile[i] in t.cards for i in h)) for t in targets) for h in hands)
    return Fraction(good, len(hands))


def test_a_small_question_is_exact_and_a_forced_fallback_agrees_with_brute_force():
    pile = ["a"] * 3 + ["b"] * 3 + ["c"] * 2 + ["d"] * 2 + ["e"]
    targets = [Target("a or b", frozenset("ab"), 1, 4), Target("b, c or d", frozenset("bcd"), 2, 4)]
    expected = brute_force(pile, 5, targets)
    exact_answer = joint_answer(pile, 5, targets, rng=np.random.default_rng(0))
    assert exact_answer.method == "exact" and exact_answer.estimate is None
    assert exact_answer.probability == float(expected)
    simulated = joint_answer(pile, 5, targets, rng=np.random.default_rng(0), max_cost=0)
    assert simulated.method == "simulated" and simulated.estimate.trials == FALLBACK_TRIALS
    se = math.sqrt(float(expected) * (1 - float(expected)) / FALLBACK_TRIALS)
    assert abs(simulated.probability - float(expected)) < 4.5 * se


def test_the_cost_estimate_bounds_the_programme_steps():
    """`joint_cost` is computed before any work; the programme never takes more steps than it bounds, and the
    estimate is at least those steps plus its fixed costs per atom and per card id."""
    rng = random.Random(77)
    for _ in range(300):
        size = rng.randint(5, 80)
        ids = [f"x{i}" for i in range(rng.randint(1, 20))]
        pile = [rng.choice(ids) for _ in range(size)]
        hand = rng.randint(1, min(size, 12))
        targets = []
        for g in range(rng.randint(1, 6)):
            cards = frozenset(rng.sample(ids, rng.randint(1, len(ids))))
            low = rng.randint(0, hand)
            targets.append(Target(f"g{g}", cards, low, rng.choice([None, low, rng.randint(low, hand)])))
        plan = exact._plan(pile, hand, targets)
        if isinstance(plan, Fraction):
            continue
        favourable, steps = exact._favourable_hands(plan)
        bound = exact._steps_bound(plan)
        assert steps <= bound, (pile, hand, targets)
        per_atom: list[int] = []
        assert exact._steps_bound(plan, None, per_atom) == bound and len(per_atom) == len(plan.order)
        least = exact._CARD_COST * plan.looked_at + exact._ATOM_COST * len(plan.order) + bound
        assert joint_cost(pile, hand, targets) >= least
        assert Fraction(favourable, math.comb(size, hand)) == joint_probability(pile, hand, targets)


def test_a_player_question_fits_the_budget():
    """Four groups of a 60-card deck (the deck page's Odds panel) are answered exactly."""
    pile = [f"c{i:02}" for i in range(15) for _ in range(4)]
    targets = [Target(f"g{g}", frozenset(f"c{i:02}" for i in range(3 * g, 3 * g + 6)), 2) for g in range(4)]
    assert joint_cost(pile, 8, targets) <= MAX_JOINT_COST
    assert joint_answer(pile, 8, targets, rng=np.random.default_rng(0)).method == "exact"


def test_simulation_cost_and_max_trials():
    assert max_trials(60, 8, MAX_SIMULATION_COST) >= 5_000_000  # the API's most trials fit for a 60-card deck
    for pile_size, depth, targets in [(60, 8, 1), (60, 8, 8), (1000, 200, 8), (1000, 60, 1), (10, 0, 0)]:
        most = max_trials(pile_size, depth, FALLBACK_COST, targets)
        assert simulation_cost(pile_size, depth, most, targets) <= FALLBACK_COST
        assert simulation_cost(pile_size, depth, most + 1, targets) > FALLBACK_COST
    assert (
        simulation_cost(1000, 200, 10, 8)
        > simulation_cost(1000, 200, 10, 1)
        > simulation_cost(1000, 8, 10, 1)
    )


def test_admission_is_consistent_around_the_budget(monkeypatch):
    """Questions whose estimate is just under MAX_JOINT_COST are answered exactly, just over it simulated, and
    the estimate stopped early at the budget (as `joint_probability` computes it) makes the same decision as
    the whole estimate; a simulated one never runs the programme."""
    rng = random.Random(1313)
    under: list = []
    over: list = []
    while len(under) < 6 or len(over) < 6:
        pile, hand, targets = accepted_question(rng)
        cost = joint_cost(pile, hand, targets)
        limited = joint_cost(pile, hand, targets, limit=MAX_JOINT_COST)
        assert (cost <= MAX_JOINT_COST) == (limited <= MAX_JOINT_COST), (cost, limited)
        if cost <= MAX_JOINT_COST:  # the quicker bound, tried first with a limit, may be looser
            assert cost <= limited
        if 0.7 * MAX_JOINT_COST <= cost <= MAX_JOINT_COST and len(under) < 6:
            under.append((pile, hand, targets))
        elif MAX_JOINT_COST < cost <= 1.4 * MAX_JOINT_COST and len(over) < 6:
            over.append((pile, hand, targets))
    for pile, hand, targets in under:
        answer = joint_answer(pile, hand, targets, rng=np.random.default_rng(0))
        assert answer.method == "exact" and answer.estimate is None
        assert answer.probability == float(joint_probability(pile, hand, targets))

    def never(plan):
        raise AssertionError("the programme ran")

    monkeypatch.setattr(exact, "_favourable_hands", never)
    for pile, hand, targets in over:
        answer = joint_answer(pile, hand, targets, rng=np.random.default_rng(0))
        assert answer.method == "simulated" and answer.estimate is not None
        assert f"{MAX_JOINT_COST:,} units of work" in answer.reason


def test_the_estimate_weighs_what_costs_time():
    """The estimate grows with each atom, each card id looked at and each step, and a step on counts past
    2^63 (Python integers) weighs more, the more so the longer the counts."""
    small = [f"c{i:02}" for i in range(15) for _ in range(4)]
    targets = [Target("a", frozenset({"c00", "c01"}), 1), Target("b", frozenset({"c01", "c02"}), 1)]
    plan = exact._plan(small, 8, targets)
    assert exact._step_weight(plan) == 1  # C(60, 8) fits int64
    more_atoms = exact._plan(small, 8, [*targets, Target("c", frozenset({"c02", "c03"}), 1)])
    assert len(more_atoms.order) > len(plan.order)
    assert exact._cost(more_atoms) - exact._cost(plan) >= exact._ATOM_COST
    bigger = exact._plan([f"c{i % 15:02}" for i in range(300)], 60, targets)  # C(300, 60): 4 words
    biggest = exact._plan([f"c{i % 15:02}" for i in range(1000)], 200, targets)  # C(1000, 200): 12 words
    assert 1 < exact._step_weight(bigger) < exact._step_weight(biggest)
    assert exact._cost(biggest) > exact._cost(bigger) > exact._cost(plan)
