"""The faster exact programme and simulation (#13) give the answers they gave before.

- Exact: the joint answers of ~600 seeded questions, as the programme the vectorised one replaced gave them
  (tests/rules/data/odds_joint_golden.json, written by it), and brute force on small questions with every
  path of the new programme forced: numpy from the first atom, Python integers in object arrays, and state
  keys too wide for one number.
- Simulation: the counts summed while dealing are those of the hands `_deal` deals with the same seed.
"""

import itertools
import json
import random
from fractions import Fraction
from math import comb
from pathlib import Path

import numpy as np
import pytest

from rules.odds import exact, simulate
from rules.odds.exact import MAX_JOINT_COST, Target, joint_cost, joint_probability
from tests.rules.odds_questions import golden_questions

GOLDEN = Path(__file__).parent / "data" / "odds_joint_golden.json"


def brute_force(pile, hand, targets):
    good = total = 0
    for drawn in itertools.combinations(range(len(pile)), hand):
        total += 1
        cards = [pile[i] for i in drawn]
        good += all(t.accepts(sum(card in t.cards for card in cards)) for t in targets)
    return Fraction(good, total)


def small_questions(seed: int, count: int):
    rng = random.Random(seed)
    for _ in range(count):
        size = rng.randint(6, 13)
        ids = [f"x{i}" for i in range(rng.randint(2, 7))]
        pile = [rng.choice(ids) for _ in range(size)]
        hand = rng.randint(1, min(8, size))
        targets = []
        for g in range(rng.randint(1, 5)):
            low = rng.randint(0, hand)
            high = rng.choice([None, low, rng.randint(low, hand)])
            targets.append(Target(f"g{g}", frozenset(rng.sample(ids, rng.randint(1, len(ids)))), low, high))
        yield pile, hand, targets


def test_joint_answers_are_those_of_the_replaced_programme():
    golden = json.loads(GOLDEN.read_text())
    questions = golden_questions()
    assert len(golden) == len(questions) == 600
    answered = nontrivial = flipped = 0
    for (pile, hand, targets), expected in zip(questions, golden, strict=True):
        if expected is None:  # refused before any work then: still, or now small enough to enumerate
            if joint_cost(pile, hand, targets, limit=MAX_JOINT_COST) <= MAX_JOINT_COST:
                assert comb(len(pile), hand) <= 10_000  # a hand of 24 from 27, asked as the 3 cards left
                assert joint_probability(pile, hand, targets) == brute_force(pile, hand, targets)
                flipped += 1
            continue
        # no budget: MAX_JOINT_COST decides exact or simulated, never the answer
        answer = joint_probability(pile, hand, targets)
        assert answer == Fraction(expected), (pile, hand, targets)
        answered += 1
        nontrivial += answer not in (0, 1)
    assert answered > 500 and nontrivial > 400  # 573 and 413 with these seeds
    assert flipped == 1


@pytest.mark.parametrize(
    "forced",
    [
        {"_VECTOR_STEPS": 0},  # numpy from the first atom
        {"_VECTOR_STEPS": 0, "_INT64_LIMIT": 0},  # and the counts as Python integers in object arrays
        {"_VECTOR_STEPS": 0, "_FLOAT_EXACT": 0},  # and the states merged without packed keys
        {"_VECTOR_STEPS": 10**9},  # Python all the way
    ],
)
def test_every_path_agrees_with_brute_force(monkeypatch, forced):
    for name, value in forced.items():
        monkeypatch.setattr(exact, name, value)
    checked = 0
    for pile, hand, targets in small_questions(1302, 150):
        expected = brute_force(pile, hand, targets)
        assert joint_probability(pile, hand, targets) == expected, (pile, hand, targets)
        checked += expected not in (0, 1)
    assert checked > 30


def test_paths_agree_on_larger_questions_and_take_the_same_steps(monkeypatch):
    """Python and numpy step the same states: same count, same steps (which `_steps_bound` bounds)."""
    rng = random.Random(77)
    compared = 0
    for _ in range(40):
        size = rng.choice([60, 120, 400])
        ids = [f"c{i}" for i in range(rng.choice([15, 30, 60]))]
        pile = [rng.choice(ids) for _ in range(size)]
        hand = rng.choice([7, 8, 12, 20])
        targets = []
        for g in range(rng.randint(2, 5)):
            low = rng.randint(0, 4)
            high = rng.choice([None, low + rng.randint(0, 4)])
            targets.append(Target(f"g{g}", frozenset(rng.sample(ids, rng.randint(2, 12))), low, high))
        plan = exact._plan(pile, hand, targets)
        if isinstance(plan, Fraction) or exact._steps_bound(plan, 150_000) > 150_000:
            continue
        monkeypatch.setattr(exact, "_VECTOR_STEPS", 10**9)
        by_python = exact._favourable_hands(plan)
        monkeypatch.setattr(exact, "_VECTOR_STEPS", 0)
        by_numpy = exact._favourable_hands(plan)
        assert by_python == by_numpy
        assert by_numpy[1] <= exact._steps_bound(plan) <= exact._cost(plan)
        compared += by_numpy[0] > 0
    assert compared > 20


def test_counts_past_int64_are_exact():
    """1,000 cards and a hand of 200: C(1000, 200) has 716 bits, so the counts are Python integers."""
    pile = [f"id{i % 400:03}" for i in range(1000)]
    a = Target("a", frozenset(f"id{i:03}" for i in range(0, 40)), 40, 60)
    b = Target("b", frozenset(f"id{i:03}" for i in range(20, 60)), 45, 55)
    plan = exact._plan(pile, 200, [a, b])
    assert exact._exact_dtype(plan) is object
    p = joint_probability(pile, 200, [a, b])
    # ids below 200 have 3 copies: a only, both and b only hold 60 copies each, 820 in neither
    expected = sum(
        comb(60, x) * comb(60, y) * comb(60, z) * comb(820, 200 - x - y - z)
        for y in range(61)
        for x in range(max(0, 40 - y), min(60, 60 - y) + 1)
        for z in range(max(0, 45 - y), min(60, 55 - y) + 1)
    )
    assert p == Fraction(expected, comb(1000, 200))


@pytest.mark.parametrize(("pile_size", "depth"), [(60, 8), (60, 0), (7, 7), (300, 20), (1000, 200)])
def test_counts_summed_while_dealing_are_those_of_the_dealt_hands(pile_size, depth):
    rng = np.random.default_rng(pile_size + depth)
    luts = [
        rng.integers(0, 2, size=pile_size).astype(np.uint8),
        (rng.integers(0, 2, size=pile_size) << 8).astype(np.uint16),
        rng.integers(0, 1 << 20, size=pile_size).astype(np.uint64),
    ]
    dealt = simulate._deal(pile_size, depth, 500, np.random.default_rng(9))
    summed = simulate._deal_counts(pile_size, depth, 500, np.random.default_rng(9), luts)
    for lut, total in zip(luts, summed, strict=True):
        assert np.array_equal(total, lut[dealt].sum(axis=0).astype(lut.dtype))
    if depth:  # a dealt hand holds distinct positions
        assert all(len(set(column)) == depth for column in dealt.T.tolist())


def test_packed_counts_fit_their_word():
    assert simulate._word_dtype(4) is np.uint8
    assert simulate._word_dtype(12) is np.uint16
    assert simulate._word_dtype(32) is np.uint32
    assert simulate._word_dtype(63) is np.uint64
    pile = [f"c{i:02}" for i in range(15) for _ in range(4)]
    # 15 single-card targets of 4 bits (a hand of 8): 60 bits, one uint64 word; all met never (15 > 8 cards)
    targets = [Target(f"c{i:02}", frozenset({f"c{i:02}"}), 1) for i in range(15)]
    per_target, joint = simulate.simulate_targets(
        pile, 8, targets, trials=20_000, rng=np.random.default_rng(2)
    )
    exact_one = exact.probability(pile, 8, targets[0])
    for estimate in per_target:
        assert (
            abs(estimate.probability - float(exact_one))
            < 4.5 * (float(exact_one) * (1 - float(exact_one)) / 20_000) ** 0.5
        )
    assert joint.probability == 0


def test_dealt_classes_follow_the_multivariate_hypergeometric():
    """Dealing classes of alike cards (4, 8 and 48 copies of 60, a hand of 8): the counts of each pair
    (x, y) of the first two classes match C(4, x) C(8, y) C(48, 8 − x − y) / C(60, 8) (a chi-square test)."""
    trials = 200_000
    luts = [np.array([1, 16, 0], dtype=np.uint8)]  # class 0 in the low 4 bits, class 1 in the high 4
    (packed,) = simulate._deal_classes([4, 8, 48], 8, trials, np.random.default_rng(3), luts)
    seen = np.zeros((5, 9), dtype=np.int64)
    np.add.at(seen, (packed & 15, packed >> 4), 1)
    chi2 = cells = 0
    for x in range(5):
        for y in range(9 - x):
            expected = trials * comb(4, x) * comb(8, y) * comb(48, 8 - x - y) / comb(60, 8)
            if expected >= 5:
                chi2 += (seen[x, y] - expected) ** 2 / expected
                cells += 1
    assert cells >= 15
    assert chi2 < cells + 6 * (2 * cells) ** 0.5  # mean df, sd sqrt(2 df): six deviations


@pytest.mark.parametrize("most_classes", [0, 1_000])  # positions always; classes whenever they fit
def test_both_ways_of_dealing_agree_with_the_exact_answers(monkeypatch, most_classes):
    monkeypatch.setattr(simulate, "_MOST_CLASSES", most_classes)
    pile = [f"c{i:02}" for i in range(15) for _ in range(4)] + ["x"] * 7
    questions = [
        [Target("c00", frozenset({"c00"}))],
        [Target("c00..c02", frozenset({"c00", "c01", "c02"}), 2, 3), Target("no x", frozenset({"x"}), 0, 0)],
        [
            Target("a", frozenset({"c00", "c01"}), 1),
            Target("b", frozenset({"c01", "c02", "c03"}), 1, 2),
            Target("c", frozenset({"c03", "x"}), 0, 1),
            Target("d", frozenset({"c04", "c05", "c06", "c07"}), 2),
        ],
    ]
    for targets in questions:
        per_target, joint = simulate.simulate_targets(
            pile, 8, targets, trials=100_000, rng=np.random.default_rng(6)
        )
        again = simulate.simulate_targets(pile, 8, targets, trials=100_000, rng=np.random.default_rng(6))
        assert again == (per_target, joint)
        pairs = [(e, exact.probability(pile, 8, t)) for e, t in zip(per_target, targets, strict=True)]
        pairs.append((joint, joint_probability(pile, 8, targets)))
        for estimate, answer in pairs:
            p = float(answer)
            assert abs(estimate.probability - p) <= 4.5 * (p * (1 - p) / 100_000) ** 0.5, (
                targets,
                estimate,
                p,
            )


def test_a_hand_of_most_of_the_pile_is_asked_as_the_cards_left():
    pile = ["a"] * 4 + ["b"] * 3 + ["c"] * 3 + ["d"] * 4
    targets = [
        Target("a or b", frozenset("ab"), 4, 6),
        Target("b or c", frozenset("bc"), 3),
        Target("d", frozenset("d"), 0, 3),
    ]
    for hand in (8, 10, 11, 13, 14):
        assert exact._plan(pile, hand, targets) is not None
        assert joint_probability(pile, hand, targets) == brute_force(pile, hand, targets), hand
    plan = exact._plan(pile, 11, targets)
    assert isinstance(plan, Fraction) or plan.n == 3  # 11 of 14 drawn: 3 left
    # the whole pile: every group holds all its copies
    assert joint_probability(pile, 14, targets) == 0  # 7 of a or b, more than 6
    assert joint_probability(pile, 14, targets[1:2]) == 1


def test_dealing_classes_at_the_edges():
    rng = np.random.default_rng(0)
    # no targets: every hand meets all of them
    assert simulate.simulate_targets(["a"] * 5, 2, [], trials=10, rng=rng)[1].probability == 1
    # an empty pile and an empty hand
    none = Target("no a", frozenset({"a"}), 0, 0)
    assert simulate.simulate_targets([], 0, [none], trials=10, rng=rng)[1].probability == 1
    # one class: the whole pile is the group
    both = Target("two a", frozenset({"a"}), 2, 2)
    assert simulate.simulate_targets(["a"] * 3, 2, [both], trials=10, rng=rng)[1].probability == 1
    # a hand of nothing holds no copy; a hand of the whole pile holds all
    one = Target("a", frozenset({"a"}))
    assert simulate.simulate_targets(["a", "b"], 0, [one], trials=10, rng=rng)[1].probability == 0
    assert simulate.simulate_targets(["a", "b"], 2, [one], trials=10, rng=rng)[1].probability == 1
