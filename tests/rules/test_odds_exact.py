"""Exact draw odds (rules.odds.exact) against hand-computed hypergeometric values and brute force."""

import itertools
import random
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from rules.odds.exact import (
    Target,
    count_distribution,
    joint_probability,
    probability,
    target_distribution,
)
from rules.odds.simulate import simulate_targets


def brute_force(pile, hand_size, targets):
    """P(all targets met) by enumerating every hand (as a set of pile positions)."""
    good = total = 0
    for hand in itertools.combinations(range(len(pile)), hand_size):
        total += 1
        cards = [pile[i] for i in hand]
        if all(t.accepts(sum(card in t.cards for card in cards)) for t in targets):
            good += 1
    return Fraction(good, total)


def deck_60():
    """A 60-card pile: 4 copies each of c00..c14."""
    return [f"c{i:02}" for i in range(15) for _ in range(4)]


# --- one group: the hypergeometric distribution ---------------------------------------------------------


def test_at_least_one_of_four_in_sixty():
    pile = deck_60()
    p = probability(pile, 8, Target("c00", frozenset({"c00"})))
    assert isinstance(p, Fraction)
    assert p == 1 - Fraction(comb(56, 8), comb(60, 8))
    assert float(p) == pytest.approx(0.4448204, abs=1e-7)


def test_exactly_two_of_four_in_sixty():
    pile = deck_60()
    p = probability(pile, 8, Target("c00", frozenset({"c00"}), 2, 2))
    assert p == Fraction(comb(4, 2) * comb(56, 6), comb(60, 8))
    assert p == Fraction(194810616, 2558620845)
    assert float(p) == pytest.approx(0.0761389, abs=1e-7)


def test_count_distribution_values_and_length():
    dist = count_distribution(60, 4, 8)
    assert len(dist) == 5
    assert dist == [Fraction(comb(4, k) * comb(56, 8 - k), comb(60, 8)) for k in range(5)]
    assert count_distribution(60, 20, 8)[8] == Fraction(comb(20, 8), comb(60, 8))
    assert len(count_distribution(60, 20, 8)) == 9  # k stops at the hand size


@pytest.mark.parametrize(
    ("pile_size", "copies", "hand"), [(60, 4, 8), (56, 11, 8), (12, 12, 5), (5, 0, 3), (7, 3, 0)]
)
def test_distributions_sum_to_exactly_one(pile_size, copies, hand):
    dist = count_distribution(pile_size, copies, hand)
    assert sum(dist) == 1
    assert all(isinstance(p, Fraction) and p >= 0 for p in dist)


def test_target_distribution_counts_the_group_copies_together():
    pile = deck_60()
    group = Target("Vader or Tarkin", frozenset({"c00", "c01"}))
    assert target_distribution(pile, 8, group) == count_distribution(60, 8, 8)
    # card ids absent from the pile count nothing
    absent = Target("absent", frozenset({"nope", "c02"}))
    assert target_distribution(pile, 8, absent) == count_distribution(60, 4, 8)


def test_at_most_and_ranges_sum_the_right_terms():
    pile = deck_60()
    dist = count_distribution(60, 4, 8)
    assert probability(pile, 8, Target("x", frozenset({"c00"}), 0, 1)) == dist[0] + dist[1]
    assert probability(pile, 8, Target("x", frozenset({"c00"}), 1, 3)) == dist[1] + dist[2] + dist[3]
    assert probability(pile, 8, Target("x", frozenset({"c00"}), 0)) == 1
    assert probability(pile, 8, Target("x", frozenset({"c00"}), 5)) == 0


def test_empty_group_counts_zero():
    pile = deck_60()
    assert probability(pile, 8, Target("none", frozenset())) == 0
    assert probability(pile, 8, Target("none", frozenset(), 0, 0)) == 1
    assert target_distribution(pile, 8, Target("none", frozenset())) == [Fraction(1)]
    assert joint_probability(
        pile, 8, [Target("none", frozenset(), 0, 0), Target("c00", frozenset({"c00"}))]
    ) == (1 - Fraction(comb(56, 8), comb(60, 8)))


# --- SWCCG: starting cards leave the pile -----------------------------------------------------------------


def test_swccg_starting_cards_removed_from_the_pile():
    deck = deck_60()  # c00 = the wanted card; c14 copies stand for objective, location and pulled cards
    full = probability(deck, 8, Target("c00", frozenset({"c00"})))
    pile = list(deck)
    for started in ("c14", "c14", "c13", "c13"):  # objective + starting location + 2 pulled cards
        pile.remove(started)
    assert len(pile) == 56
    after = probability(pile, 8, Target("c00", frozenset({"c00"})))
    assert after == 1 - Fraction(comb(52, 8), comb(56, 8))
    assert after > full  # fewer other cards: the wanted card is likelier
    # a pulled card that was one of the wanted copies leaves 3 in 56
    pulled = list(deck)
    for started in ("c14", "c13", "c12", "c00"):
        pulled.remove(started)
    assert probability(pulled, 8, Target("c00", frozenset({"c00"}))) == 1 - Fraction(comb(53, 8), comb(56, 8))


# --- several groups ---------------------------------------------------------------------------------------


def small_pile():
    """N = 12: a×3, b×2, c×2, d×1, e×4."""
    return ["a"] * 3 + ["b"] * 2 + ["c"] * 2 + ["d"] + ["e"] * 4


def test_joint_disjoint_groups_match_the_multivariate_formula_and_brute_force():
    pile = small_pile()
    targets = [Target("a", frozenset({"a"}), 1), Target("b or c", frozenset({"b", "c"}), 2, 2)]
    # multivariate hypergeometric: a in 1..3 (3 copies), b/c exactly 2 (4 copies), others (5) fill the hand
    formula = Fraction(
        sum(comb(3, i) * comb(4, 2) * comb(5, 4 - i - 2) for i in range(1, 4) if 4 - i - 2 >= 0), comb(12, 4)
    )
    assert joint_probability(pile, 4, targets) == formula
    assert joint_probability(pile, 4, targets) == brute_force(pile, 4, targets)


@pytest.mark.parametrize(
    "targets",
    [
        # "a or b" and "any of a, c, d": a is in both
        [Target("a or b", frozenset({"a", "b"})), Target("a, c or d", frozenset({"a", "c", "d"}), 2)],
        [
            Target("a or b", frozenset({"a", "b"}), 1, 1),
            Target("a, c or d", frozenset({"a", "c", "d"}), 1, 2),
        ],
        [
            Target("a", frozenset({"a"}), 1),
            Target("a or b", frozenset({"a", "b"}), 2, 3),
            Target("b or e", frozenset({"b", "e"}), 0, 1),
            Target("all but e", frozenset({"a", "b", "c", "d"}), 3),
        ],
        [Target("same", frozenset({"a", "e"}), 2), Target("same", frozenset({"a", "e"}), 0, 2)],
        [Target("exactly none", frozenset({"e"}), 0, 0), Target("a or e", frozenset({"a", "e"}), 3)],
    ],
)
def test_joint_overlapping_groups_match_brute_force(targets):
    pile = small_pile()
    assert joint_probability(pile, 4, targets) == brute_force(pile, 4, targets)


def test_joint_overlapping_agrees_with_brute_force_on_random_questions():
    """Bounds anywhere from 0 to the hand size, open or closed: every representation of a group (its count, the
    count outside it, or both) and every settling and pruning rule meets hands where the bounds bind."""
    rng = random.Random(20240611)
    checked = wide = 0
    for _ in range(400):
        size = rng.randint(6, 12)
        ids = [f"x{i}" for i in range(rng.randint(1, 6))]
        pile = [rng.choice(ids) for _ in range(size)]
        hand = rng.randint(1, min(8, size))
        targets = []
        for g in range(rng.randint(1, 4)):
            cards = frozenset(rng.sample(ids, rng.randint(1, len(ids))))
            low = rng.randint(0, hand)
            high = rng.choice([None, low, rng.randint(low, hand)])
            targets.append(Target(f"g{g}", cards, low, high))
            wide += low >= 1 and high is not None and high - low >= 2
        expected = brute_force(pile, hand, targets)
        assert joint_probability(pile, hand, targets) == expected, (pile, hand, targets)
        checked += expected not in (0, 1)
    assert checked > 60  # the questions were not all trivial (94 of 400 with this seed)
    assert wide > 50  # and many had wide lower-bounded ranges (72 with this seed)


def pile_of_eleven():
    """11 cards: a×3, b×3 (the group "a or b" has 6 copies), c×2, d×2, e×1."""
    return ["a"] * 3 + ["b"] * 3 + ["c"] * 2 + ["d"] * 2 + ["e"]


def test_wide_lower_bounded_range_alone():
    """6 copies of 11 in a hand of 5, 1 to 4 of them: all but the 1 + 6 hands of 0 or 5, 65/66."""
    group = Target("a or b", frozenset({"a", "b"}), 1, 4)
    assert joint_probability(pile_of_eleven(), 5, [group]) == Fraction(65, 66)
    assert probability(pile_of_eleven(), 5, group) == Fraction(65, 66)
    assert brute_force(pile_of_eleven(), 5, [group]) == Fraction(65, 66)


@pytest.mark.parametrize(
    "targets",
    [
        [Target("a or b", frozenset({"a", "b"}), 1, 4), Target("c or d", frozenset({"c", "d"}), 1, 3)],
        [Target("a or b", frozenset({"a", "b"}), 1, 4), Target("b or c", frozenset({"b", "c"}), 1, 4)],
        [
            Target("a or b", frozenset({"a", "b"}), 2, 4),
            Target("a, c or e", frozenset({"a", "c", "e"}), 1, 4),
        ],
        [
            Target("a or b", frozenset({"a", "b"}), 1, 4),
            Target("b, c or d", frozenset({"b", "c", "d"}), 1, 4),
            Target("not e", frozenset({"a", "b", "c", "d"}), 2, 5),
        ],
        [Target("a or b", frozenset({"a", "b"}), 1, 3), Target("a or b", frozenset({"a", "b"}), 2, 4)],
        [Target("all", frozenset("abcde"), 1, 5), Target("a or b", frozenset({"a", "b"}), 1, 4)],
    ],
)
@pytest.mark.parametrize("hand", [4, 5, 6])
def test_joint_wide_lower_bounded_ranges_match_brute_force(targets, hand):
    pile = pile_of_eleven()
    assert joint_probability(pile, hand, targets) == brute_force(pile, hand, targets)


def test_joint_is_not_the_product_when_groups_overlap():
    pile = small_pile()
    first = Target("a or b", frozenset({"a", "b"}), 2)
    second = Target("a or c", frozenset({"a", "c"}), 2)
    joint = joint_probability(pile, 4, [first, second])
    assert joint != probability(pile, 4, first) * probability(pile, 4, second)
    assert joint == brute_force(pile, 4, [first, second])


def test_joint_edge_cases():
    pile = deck_60()
    one = Target("c00", frozenset({"c00"}), 2, 3)
    assert joint_probability(pile, 8, []) == 1
    assert joint_probability(pile, 8, [one]) == probability(pile, 8, one)
    assert joint_probability(pile, 0, [Target("c00", frozenset({"c00"}), 0, 0)]) == 1
    assert joint_probability(pile, 0, [Target("c00", frozenset({"c00"}))]) == 0
    assert joint_probability(pile, 60, [Target("c00", frozenset({"c00"}), 4, 4)]) == 1
    everything = Target("all", frozenset(pile), 8, 8)
    assert joint_probability(pile, 8, [everything, one]) == probability(pile, 8, one)


def test_joint_sixty_card_question_with_four_overlapping_groups_is_exact_and_agrees_with_simulation():
    """A player's question is answered exactly, and the answer agrees with a seeded simulation. (Its ten atoms
    take ~2 ms here, so the API's budget, ≤ 2 ms per exact answer, now simulates it: bench/odds_speed.py.)"""
    pile = deck_60()
    targets = [
        Target("g1", frozenset(f"c{i:02}" for i in range(0, 10)), 1, 6),
        Target("g2", frozenset(f"c{i:02}" for i in range(3, 13)), 2, 5),
        Target("g3", frozenset(f"c{i:02}" for i in range(6, 15)), 2, 4),
        Target("g4", frozenset(f"c{i:02}" for i in (0, 4, 8, 12, 14)), 1, 3),
    ]
    p = joint_probability(pile, 8, targets)
    assert 0 < p < 1
    _, joint = simulate_targets(pile, 8, targets, trials=200_000, rng=np.random.default_rng(31))
    se = float(p * (1 - p) / 200_000) ** 0.5
    assert abs(joint.probability - float(p)) < 4.5 * se


def test_count_distribution_recurrence_matches_the_binomials():
    rng = random.Random(5)
    cases = [(0, 0, 0), (5, 0, 3), (5, 5, 3), (5, 5, 5), (5, 2, 5), (1000, 400, 200), (1000, 1000, 200)]
    cases += [(n, rng.randint(0, n), rng.randint(0, n)) for n in (rng.randint(1, 300) for _ in range(200))]
    for pile_size, copies, hand in cases:
        hands = comb(pile_size, hand)
        expected = [
            Fraction(comb(copies, k) * comb(pile_size - copies, hand - k), hands)
            for k in range(min(copies, hand) + 1)
        ]
        assert count_distribution(pile_size, copies, hand) == expected, (pile_size, copies, hand)


# --- validation -------------------------------------------------------------------------------------------


def test_invalid_inputs_raise_value_error():
    pile = deck_60()
    target = Target("c00", frozenset({"c00"}))
    with pytest.raises(ValueError):
        probability(pile, 61, target)
    with pytest.raises(ValueError):
        joint_probability(pile, 61, [target])
    with pytest.raises(ValueError):
        probability(pile, -1, target)
    with pytest.raises(ValueError):
        count_distribution(60, 61, 8)
    with pytest.raises(ValueError):
        count_distribution(60, -1, 8)
    with pytest.raises(ValueError):
        count_distribution(-1, 0, 0)
    with pytest.raises(ValueError):
        Target("bad", frozenset({"c00"}), 3, 2)
    with pytest.raises(ValueError):
        Target("bad", frozenset({"c00"}), -1)
    with pytest.raises(ValueError):
        Target("bad", "c00")  # a string is not a group of ids
    with pytest.raises(ValueError):
        joint_probability(pile, 8, ["c00"])


def test_target_accepts_other_collections_and_stays_hashable():
    target = Target("x", {"a", "b"}, 1, 1)
    assert target.cards == frozenset({"a", "b"})
    assert hash(target) == hash(Target("x", frozenset({"a", "b"}), 1, 1))
    assert target.accepts(1) and not target.accepts(0) and not target.accepts(2)
