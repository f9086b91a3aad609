"""Monte Carlo draw odds (rules.odds.simulate) against the exact answers."""

import itertools
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from rules.odds.exact import Target, joint_probability, probability
from rules.odds.simulate import (
    Estimate,
    by_turn,
    destiny_total_at_least,
    sample_hands,
    simulate_targets,
    wilson_interval,
)

TOLERANCE_SE = 4.5


def deck_60():
    return [f"c{i:02}" for i in range(15) for _ in range(4)]


def assert_agrees(estimate: Estimate, exact: Fraction) -> None:
    p = float(exact)
    se = math.sqrt(p * (1 - p) / estimate.trials)
    if se == 0:
        assert estimate.probability == p
    else:
        assert abs(estimate.probability - p) <= TOLERANCE_SE * se, (estimate, p)


QUESTIONS = [
    [Target("c00", frozenset({"c00"}))],
    [
        Target("c00 exactly 2", frozenset({"c00"}), 2, 2),
        Target("c01 or c02", frozenset({"c01", "c02"}), 1, 3),
    ],
    [
        Target("Vader or Tarkin", frozenset({"c00", "c01"})),
        Target("any Imperial", frozenset({"c00", "c01", "c02", "c03", "c04"}), 3),
        Target("no c14", frozenset({"c14"}), 0, 0),
    ],
]


@pytest.mark.parametrize("targets", QUESTIONS)
def test_simulation_agrees_with_exact(targets):
    pile = deck_60()
    per_target, joint = simulate_targets(pile, 8, targets, trials=200_000, rng=np.random.default_rng(7))
    assert len(per_target) == len(targets)
    for estimate, target in zip(per_target, targets, strict=True):
        assert estimate.trials == 200_000
        assert_agrees(estimate, probability(pile, 8, target))
    assert_agrees(joint, joint_probability(pile, 8, targets))


def test_simulation_agrees_on_a_starting_pile_and_a_large_pile():
    pile = deck_60()
    for card in ("c14", "c14", "c13", "c13"):
        pile.remove(card)
    target = Target("c13", frozenset({"c13"}), 1)
    (estimate,), _ = simulate_targets(pile, 8, [target], trials=100_000, rng=np.random.default_rng(3))
    assert_agrees(estimate, probability(pile, 8, target))
    big = [f"b{i:03}" for i in range(100) for _ in range(3)]  # 300 cards: positions need 2 bytes
    target = Target("b000..b009", frozenset(f"b{i:03}" for i in range(10)), 2)
    (estimate,), _ = simulate_targets(big, 20, [target], trials=50_000, rng=np.random.default_rng(4))
    assert_agrees(estimate, probability(big, 20, target))


def test_many_targets_are_counted_beyond_one_packed_word():
    pile = deck_60()
    targets = [Target(f"c{i:02}", frozenset({f"c{i:02}"}), 1) for i in range(15)]  # 15 × 4 bits > 63
    per_target, joint = simulate_targets(pile, 8, targets, trials=50_000, rng=np.random.default_rng(5))
    for estimate, target in zip(per_target, targets, strict=True):
        assert_agrees(estimate, probability(pile, 8, target))
    assert joint.probability == 0  # 15 different cards cannot fit in 8


def test_same_seed_same_result_and_different_seed_different():
    pile = deck_60()
    targets = QUESTIONS[1]
    first = simulate_targets(pile, 8, targets, trials=50_000, rng=np.random.default_rng(42))
    again = simulate_targets(pile, 8, targets, trials=50_000, rng=np.random.default_rng(42))
    other = simulate_targets(pile, 8, targets, trials=50_000, rng=np.random.default_rng(43))
    assert first == again
    assert first != other
    hands = sample_hands(pile, 8, 20, rng=np.random.default_rng(1))
    assert hands == sample_hands(pile, 8, 20, rng=np.random.default_rng(1))
    assert hands != sample_hands(pile, 8, 20, rng=np.random.default_rng(2))


def test_the_global_numpy_rng_is_not_used():
    np.random.seed(123)
    before = np.random.get_state()[1].copy()
    simulate_targets(deck_60(), 8, QUESTIONS[0], trials=1000, rng=np.random.default_rng(0))
    sample_hands(deck_60(), 8, 10, rng=np.random.default_rng(0))
    assert np.array_equal(np.random.get_state()[1], before)
    with pytest.raises(TypeError):
        simulate_targets(deck_60(), 8, QUESTIONS[0], trials=1000, rng=None)


def test_sample_hands_are_drawn_without_replacement():
    pile = deck_60()[:20] + ["x", "y", "z"]  # c00..c04 four times, and three single cards
    copies = Counter(pile)
    hands = sample_hands(pile, 8, 5000, rng=np.random.default_rng(11))
    assert len(hands) == 5000
    seen = Counter()
    for hand in hands:
        assert len(hand) == 8
        assert not Counter(hand) - copies  # multiset inclusion: never more copies than the pile holds
        seen.update(hand)
    # every copy is equally likely: card frequency ≈ copies × 8/23 per hand
    for card, n in copies.items():
        expected = 5000 * n * 8 / 23
        assert abs(seen[card] - expected) < 5 * math.sqrt(expected), card
    unique = [f"u{i}" for i in range(10)]
    for hand in sample_hands(unique, 10, 50, rng=np.random.default_rng(12)):
        assert sorted(hand) == unique
    assert sample_hands(unique, 3, 0, rng=np.random.default_rng(12)) == []


def test_sample_hands_span_chunks():
    pile = deck_60()
    hands = sample_hands(pile, 8, 40_000, rng=np.random.default_rng(13))  # more than one chunk of 34,952
    assert len(hands) == 40_000 and all(len(h) == 8 for h in hands)
    assert len({tuple(h) for h in hands}) > 39_000


def test_destiny_total_agrees_with_exact_enumeration():
    values = [0, 0, 0.5, 1, 2, 3, 3.14159, 4, 5, 6]
    draws, threshold = 3, 7.5
    combos = list(itertools.combinations(values, draws))
    exact = Fraction(sum(1 for c in combos if sum(c) >= threshold - 1e-9), len(combos))
    assert 0 < exact < 1
    estimate = destiny_total_at_least(values, draws, threshold, trials=200_000, rng=np.random.default_rng(17))
    assert_agrees(estimate, exact)
    # a total exactly at the threshold counts: 0.5 + 1 + 6 = 7.5 is reached
    assert (
        destiny_total_at_least([0.5, 1, 6], 3, 7.5, trials=10, rng=np.random.default_rng(0)).probability == 1
    )
    assert (
        destiny_total_at_least([0.5, 1, 6], 3, 7.6, trials=10, rng=np.random.default_rng(0)).probability == 0
    )
    # None (no destiny number) counts as 0
    none = destiny_total_at_least([None, None, 3], 2, 3, trials=20_000, rng=np.random.default_rng(1))
    assert_agrees(none, Fraction(2, 3))


def test_by_turn_is_non_decreasing_and_matches_exact_each_turn():
    pile = deck_60()
    target = Target("c00 twice", frozenset({"c00"}), 2)
    estimates = by_turn(pile, 8, 2, 6, target, trials=100_000, rng=np.random.default_rng(19))
    assert len(estimates) == 7
    probabilities = [e.probability for e in estimates]
    assert probabilities == sorted(probabilities)
    assert probabilities[-1] > probabilities[0] + 0.1
    for turn, estimate in enumerate(estimates):
        assert_agrees(estimate, probability(pile, 8 + 2 * turn, target))


def test_by_turn_counts_a_target_met_earlier_as_met():
    pile = ["a"] * 2 + ["b"] * 8
    target = Target("exactly one a", frozenset({"a"}), 1, 1)
    estimates = by_turn(pile, 2, 2, 4, target, trials=20_000, rng=np.random.default_rng(2))
    probabilities = [e.probability for e in estimates]
    assert probabilities == sorted(probabilities)
    # Cards come in pairs (2 in hand, then 2 a turn): the count is 1 at some end of turn unless both a's
    # arrive in the same pair, 5 pairs of the C(10, 2) = 45 places for them: P = 1 − 5/45.
    assert_agrees(estimates[-1], 1 - Fraction(5, 45))
    assert probability(pile, 10, target) == 0  # "held at the end" of turn 4 would be 0: both a's are drawn
    assert_agrees(estimates[0], probability(pile, 2, target))


def test_wilson_interval_known_values():
    low, high = wilson_interval(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson_interval(1000, 1000)[1] == 1 and wilson_interval(0, 1000)[0] == 0
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    (estimate,), _ = simulate_targets(deck_60(), 8, QUESTIONS[0], trials=10_000, rng=np.random.default_rng(8))
    assert estimate.low < estimate.probability < estimate.high
    assert estimate.stderr == pytest.approx(
        math.sqrt(estimate.probability * (1 - estimate.probability) / 10_000)
    )


def test_invalid_inputs():
    pile = deck_60()
    target = QUESTIONS[0][0]
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError):
        simulate_targets(pile, 61, [target], trials=10, rng=rng)
    with pytest.raises(ValueError):
        simulate_targets(pile, 8, [target], trials=0, rng=rng)
    with pytest.raises(ValueError):
        sample_hands(pile, -1, 3, rng=rng)
    with pytest.raises(ValueError):
        by_turn(pile, 8, 10, 6, target, trials=10, rng=rng)  # 68 cards from 60
    with pytest.raises(ValueError):
        destiny_total_at_least([1, 2], 3, 1, trials=10, rng=rng)
    with pytest.raises(ValueError):
        destiny_total_at_least([1, float("nan")], 1, 1, trials=10, rng=rng)
