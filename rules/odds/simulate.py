"""Monte Carlo draw odds: seeded, vectorised with numpy, in bounded memory.

The caller passes the random generator (`numpy.random.default_rng(seed)`); the global numpy RNG is never used,
so the same seed (and the same arguments) gives the same result.

Shuffles are vectorised partial Fisher–Yates: a chunk of trials holds one copy of the pile positions per trial
(small ints, 1 byte per card for piles up to 256), and for i = 0..depth−1 one vectorised step swaps position i
of every trial with a uniform position in i..N−1; the card swapped to position i is the i-th card dealt. There
is no Python loop per trial, only per dealt card and per chunk; a chunk holds about 2 MB of positions, so 10
million trials use a few MB. Group counts come from a lookup table per pile position (several targets packed
in the bits of one word, of the narrowest unsigned type they fit), summed as the cards are dealt
(`_deal_counts`: the same random draws as `_deal`, so a seed gives the same answers as when the dealt
positions were kept and looked up afterwards, without the (depth × trials) table of them).

`simulate_targets` only needs those counts, so when the pile's cards fall in at most `_MOST_CLASSES` classes
the targets cannot tell apart (one target: its cards and the others), it deals classes instead
(`_deal_classes`): the i-th card is of class c with chance (copies of c left) / (N − i), one uniform draw per
card, and no copy of the pile per trial; hands drawn without replacement all the same
(tests/rules/test_odds_fast.py checks the counts against the multivariate hypergeometric).

Intervals: every `Estimate` carries the 95% Wilson score interval (z = 1.959964), which stays inside [0, 1]
and is sensible at 0 or 1 successes; `stderr` is the plain binomial sqrt(p(1 − p) / trials).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from rules.odds.exact import Target

__all__ = [
    "MAX_SIMULATION_COST",
    "Estimate",
    "by_turn",
    "destiny_total_at_least",
    "max_trials",
    "sample_hands",
    "simulate_targets",
    "simulation_cost",
    "wilson_interval",
]

Z95 = 1.959963984540054
# Pile positions held per chunk (bytes for piles up to 256 cards): bounds memory, keeps the chunk in cache.
_CHUNK_CELLS = 1 << 21
# simulate_targets deals classes of alike cards rather than pile positions when there are at most this many
# (a step costs a few operations per class, against a copy of the pile per trial and a swap per card dealt).
_MOST_CLASSES = 4
# The most work a caller taking questions from strangers should allow, in `simulation_cost` units: 5,000,000
# trials of an 8-card hand from 60 cards (the API's most trials) fit, a hand of 200 from 1,000 cards gets
# about 170,000. A unit is roughly 3–10 ns on one core (bench/odds_speed.py), so about a second at most.
MAX_SIMULATION_COST = 160_000_000
# Destiny totals within this of the threshold count as reaching it (float sums of ½ and π values).
TOTAL_TOLERANCE = 1e-9


@dataclass(frozen=True, slots=True)
class Estimate:
    probability: float
    stderr: float
    low: float  # 95% Wilson score interval
    high: float
    trials: int


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for `successes` out of `trials` (95% with the default z)."""
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact ends, not rounding residue
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


def _estimate(successes: int, trials: int) -> Estimate:
    p = successes / trials
    low, high = wilson_interval(successes, trials)
    return Estimate(p, math.sqrt(p * (1 - p) / trials), low, high, trials)


def _packing(hand_size: int) -> tuple[int, int]:
    """Bits per packed count and targets per int64 word: counts up to `hand_size` of several targets in one."""
    bits = max(1, hand_size.bit_length())
    return bits, max(1, 63 // bits)


def simulation_cost(pile_size: int, depth: int, trials: int, targets: int = 1) -> int:
    """The work of `trials` shuffles dealing `depth` cards from `pile_size` and counting `targets` groups, in
    units: a pile position copied (⅛ unit: `np.tile`, sequential), a card dealt (2: a random draw, a gather and
    a scatter) and a packed word summed per dealt card (1). Known before any work, so callers can refuse or
    size a simulation; `max_trials` inverts it.
    """
    words = -(-targets // _packing(depth)[1]) if targets else 0
    return trials * (-(-pile_size // 8) + depth * (2 + max(words, 1)))


def max_trials(pile_size: int, depth: int, budget: int, targets: int = 1) -> int:
    """The most trials whose `simulation_cost` stays within `budget` (0 when not even one fits)."""
    return budget // simulation_cost(pile_size, depth, 1, targets)


def _check_count(name: str, value: object, minimum: int = 0) -> int:
    if not isinstance(value, int | np.integer) or isinstance(value, bool) or value < minimum:
        raise ValueError(f"{name} must be an integer ≥ {minimum}, not {value!r}")
    return int(value)


def _check_rng(rng: object) -> np.random.Generator:
    if not isinstance(rng, np.random.Generator):
        raise TypeError("pass a numpy.random.Generator, e.g. numpy.random.default_rng(seed)")
    return rng


def _check_deal(pile_size: int, depth: int, what: str = "hand") -> None:
    if depth > pile_size:
        raise ValueError(f"{what} of {depth} cards is larger than the pile of {pile_size}")


def _chunks(trials: int, pile_size: int) -> Iterator[int]:
    """Trial counts per chunk: a function of the sizes only, so a seed always gives the same stream."""
    size = max(1, min(trials, _CHUNK_CELLS // max(pile_size, 1)))
    done = 0
    while done < trials:
        count = min(size, trials - done)
        yield count
        done += count


def _position_dtype(pile_size: int) -> type[np.integer]:
    if pile_size <= 1 << 8:
        return np.uint8
    if pile_size <= 1 << 16:
        return np.uint16
    return np.uint32


def _deal(pile_size: int, depth: int, count: int, rng: np.random.Generator) -> np.ndarray:
    """A (depth, count) array: row i holds the pile position dealt i-th in each of `count` shuffles."""
    dtype = _position_dtype(pile_size)
    dealt = np.empty((depth, count), dtype=dtype)
    if depth == 0:
        return dealt
    perm = np.tile(np.arange(pile_size, dtype=dtype), count)
    rows = perm.reshape(count, pile_size)  # row t: shuffle t; rows[:, i] is position i of every shuffle
    offsets = np.arange(count, dtype=np.intp) * pile_size
    draw_dtype = np.int16 if pile_size < 1 << 15 else np.int64
    for i in range(depth):
        picked = offsets + rng.integers(i, pile_size, size=count, dtype=draw_dtype)
        dealt[i] = perm[picked]
        if i + 1 < depth:
            # Position i is never looked at again: only the card it held moves to where the pick was.
            perm[picked] = rows[:, i]
    return dealt


def _deal_counts(
    pile_size: int, depth: int, count: int, rng: np.random.Generator, luts: Sequence[np.ndarray]
) -> list[np.ndarray]:
    """Per lookup table, the sum over the `depth` cards dealt of table[position], for each of `count`
    shuffles: `_deal` with the same random draws (so the same seed deals the same hands), summed as the cards
    are dealt instead of kept and looked up afterwards. Each table is of the narrowest unsigned type its packed
    counts fit, so the sums stay small."""
    totals = [np.zeros(count, dtype=lut.dtype) for lut in luts]
    if depth == 0:
        return totals
    dtype = _position_dtype(pile_size)
    perm = np.tile(np.arange(pile_size, dtype=dtype), count)
    rows = perm.reshape(count, pile_size)
    offsets = np.arange(count, dtype=np.intp) * pile_size
    draw_dtype = np.int16 if pile_size < 1 << 15 else np.int64
    for i in range(depth):
        picked = offsets + rng.integers(i, pile_size, size=count, dtype=draw_dtype)
        dealt = perm[picked]
        for total, lut in zip(totals, luts, strict=True):
            total += lut[dealt]
        if i + 1 < depth:
            perm[picked] = rows[:, i]
    return totals


def _word_dtype(bits: int) -> type[np.unsignedinteger]:
    """The narrowest unsigned type holding `bits` bits of packed counts."""
    for dtype in (np.uint8, np.uint16, np.uint32):
        if bits <= np.iinfo(dtype).bits:
            return dtype
    return np.uint64


def _deal_classes(
    sizes: Sequence[int], depth: int, count: int, rng: np.random.Generator, luts: Sequence[np.ndarray]
) -> list[np.ndarray]:
    """As `_deal_counts`, for a pile whose cards fall in a few classes (`sizes` copies each, the largest last)
    that the lookup tables cannot tell apart (luts[b][c]: class c's word): the i-th card dealt is uniform over
    the N − i cards left, so it falls in class c with chance (copies of c left) / (N − i). Each step draws r
    uniform in 0..N − i − 1 and takes the class whose span of the cards left, in class order, holds r. No pile
    is copied per trial, and a step is a few operations per class."""
    totals = [np.zeros(count, dtype=lut.dtype) for lut in luts]
    pile_size = sum(sizes)
    count_dtype = np.int16 if pile_size < 1 << 15 else np.int64
    left = [np.full(count, n, dtype=count_dtype) for n in sizes[:-1]]
    which = np.empty(count, dtype=np.intp)
    for i in range(depth):
        drawn = rng.integers(0, pile_size - i, size=count, dtype=count_dtype)
        which[:] = 0
        edge = left[0].copy() if left else None
        for c in range(1, len(sizes)):
            which += drawn >= edge
            if c < len(left):
                edge += left[c]
        for c, copies in enumerate(left):
            copies -= which == c
        for total, lut in zip(totals, luts, strict=True):
            total += lut[which]
    return totals


def _membership(pile: Sequence[str], targets: Sequence[Target]) -> np.ndarray:
    """(targets, pile size) bool: whether each pile position belongs to each target's group."""
    table = np.zeros((len(targets), len(pile)), dtype=bool)
    for g, target in enumerate(targets):
        table[g] = [card in target.cards for card in pile]
    return table


def _check_targets(targets: Sequence[Target]) -> list[Target]:
    checked = list(targets)
    for target in checked:
        if not isinstance(target, Target):
            raise ValueError(f"expected a Target, not {type(target).__name__}")
    return checked


def _accepts(counts: np.ndarray, target: Target) -> np.ndarray:
    ok = counts >= target.at_least
    if target.at_most is not None:
        ok &= counts <= target.at_most
    return ok


def simulate_targets(
    pile: Sequence[str], hand_size: int, targets: Sequence[Target], *, trials: int, rng: np.random.Generator
) -> tuple[list[Estimate], Estimate]:
    """Estimates of P(each target is met) and of P(all are met by the same hand), from `trials` random hands."""
    targets = _check_targets(targets)
    hand_size = _check_count("hand size", hand_size)
    trials = _check_count("trials", trials, 1)
    rng = _check_rng(rng)
    size = len(pile)
    _check_deal(size, hand_size)
    members = _membership(pile, targets)
    # Pack the counts of several targets in one word: `bits` per target, enough for a count of hand_size.
    bits, per_word = _packing(hand_size)
    blocks, luts = [], []
    for start in range(0, len(targets), per_word):
        block = list(range(start, min(start + per_word, len(targets))))
        lut = np.zeros(size, dtype=_word_dtype(bits * len(block)))
        for k, g in enumerate(block):
            lut += members[g].astype(lut.dtype) << lut.dtype.type(bits * k)
        blocks.append(block)
        luts.append(lut)
    mask = (1 << bits) - 1
    # Cards with the same packed words are alike here: with few such classes, deal classes, not positions.
    if luts and size:
        words, class_sizes = np.unique(np.stack(luts, axis=1).astype(np.uint64), axis=0, return_counts=True)
    else:  # no targets (or no cards): one class
        words, class_sizes = np.zeros((1, len(luts)), dtype=np.uint64), np.array([size])
    by_class = len(class_sizes) <= _MOST_CLASSES
    if by_class:  # the largest class last: its count left is never needed
        order = np.argsort(-class_sizes, kind="stable")[::-1]
        class_sizes = class_sizes[order]
        class_luts = [words[order, b].astype(lut.dtype) for b, lut in enumerate(luts)]
    hits = [0] * len(targets)
    joint_hits = 0
    for count in _chunks(trials, size):
        joint = np.ones(count, dtype=bool)
        if by_class:
            counted = _deal_classes(class_sizes.tolist(), hand_size, count, rng, class_luts)
        else:
            counted = _deal_counts(size, hand_size, count, rng, luts)
        for block, packed in zip(blocks, counted, strict=True):
            for k, g in enumerate(block):
                ok = _accepts((packed >> (bits * k)) & mask, targets[g])
                hits[g] += int(np.count_nonzero(ok))
                joint &= ok
        joint_hits += int(np.count_nonzero(joint))
    return [_estimate(h, trials) for h in hits], _estimate(joint_hits, trials)


def sample_hands(
    pile: Sequence[str], hand_size: int, count: int, *, rng: np.random.Generator
) -> list[list[str]]:
    """`count` random hands (cards in the order dealt), each drawn from the pile without replacement."""
    hand_size = _check_count("hand size", hand_size)
    count = _check_count("count", count)
    rng = _check_rng(rng)
    _check_deal(len(pile), hand_size)
    cards = np.empty(len(pile), dtype=object)
    cards[:] = list(pile)
    hands: list[list[str]] = []
    for chunk in _chunks(count, len(pile)) if count else ():
        hands.extend(cards[_deal(len(pile), hand_size, chunk, rng).T].tolist())
    return hands


def destiny_total_at_least(
    values: Sequence[float | None], draws: int, threshold: float, *, trials: int, rng: np.random.Generator
) -> Estimate:
    """P(the first `draws` destiny draws, the top cards of the shuffled pile, total ≥ threshold).

    `values` holds one destiny value per card in the pile (see `rules.odds.destiny.counted_values`); None counts
    as 0, as a card with no destiny number draws as zero. Totals within 1e-9 of the threshold count as reaching
    it, so float sums of ½ and π values compare as the exact sums would.
    """
    draws = _check_count("draws", draws)
    trials = _check_count("trials", trials, 1)
    rng = _check_rng(rng)
    table = np.array([0.0 if v is None else float(v) for v in values], dtype=np.float64)
    if not np.all(np.isfinite(table)):
        raise ValueError("destiny values must be finite numbers")
    _check_deal(len(table), draws, "destiny draws")
    hits = 0
    for count in _chunks(trials, len(table)):
        totals = table[_deal(len(table), draws, count, rng)].sum(axis=0)
        hits += int(np.count_nonzero(totals >= float(threshold) - TOTAL_TOLERANCE))
    return _estimate(hits, trials)


def by_turn(
    pile: Sequence[str],
    hand_size: int,
    per_turn: int,
    turns: int,
    target: Target,
    *,
    trials: int,
    rng: np.random.Generator,
) -> list[Estimate]:
    """P(the target is met by the end of turn t), t = 0..turns: the opening hand is turn 0, and each turn draws
    `per_turn` more cards. "Met by turn t" means the cards drawn by the end of some turn s ≤ t satisfied it, so
    the list never decreases; for a target without `at_most` it is the chance of holding it in a hand of
    hand_size + t·per_turn cards (cards are never assumed played or discarded).
    """
    (target,) = _check_targets([target])
    hand_size = _check_count("hand size", hand_size)
    per_turn = _check_count("cards per turn", per_turn)
    turns = _check_count("turns", turns)
    trials = _check_count("trials", trials, 1)
    rng = _check_rng(rng)
    size = len(pile)
    depth = hand_size + per_turn * turns
    _check_deal(size, depth, "hand plus draws")
    lut = _membership(pile, [target])[0].astype(np.int16)
    checkpoints = [hand_size + t * per_turn for t in range(turns + 1)]
    hits = [0] * (turns + 1)
    for count in _chunks(trials, size):
        dealt = _deal(size, depth, count, rng)
        running = np.zeros((depth + 1, count), dtype=np.int16)
        np.cumsum(lut[dealt], axis=0, out=running[1:])
        met = np.zeros(count, dtype=bool)
        for t, cards in enumerate(checkpoints):
            met |= _accepts(running[cards], target)
            hits[t] += int(np.count_nonzero(met))
    return [_estimate(h, trials) for h in hits]
