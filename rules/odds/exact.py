# Kept whole (#24): one programme; its plan, cost bound and Python and numpy steps share _Plan's layout.
"""Exact draw probabilities, in integer arithmetic (`math.comb`, `fractions.Fraction`; never float sums).

The draw pile is a sequence with one card id per copy. A `Target` is a group of card ids whose copies count
together, with a wanted range of copies in the hand: `at_least` ≤ X ≤ `at_most` (`at_most=None`: no upper
bound; `at_least == at_most`: exactly).

One group is the hypergeometric distribution. Several groups may overlap (a card in "Vader or Tarkin" and in
"any Imperial"): the pile is split into atoms, the sets of cards with the same group membership, and a dynamic
programme runs over the atoms, drawing j = 0.. copies from each with weight C(atom size, j). Its state is
(cards drawn so far, each group's count so far); counts of unbounded groups are capped at `at_least` (more
does not matter), states whose count passed `at_most` are dropped, and so are states that can no longer reach
an `at_least` with the cards left. (A group may be followed by its copies drawn, or by the copies drawn from
outside it, whichever needs fewer values; see `_favourable_hands`.) Each state carries the number of ways, an
integer, to draw that many cards from the atoms seen so far; the cards in no group finish the hand:
Σ ways × C(rest, n − drawn), over C(N, n).

While an atom has few states × copies to step, the programme steps them one by one in Python; past that, all
of them at once with numpy (`_numpy_step`): every rule is a linear inequality on the state plus j copies, so
each state may draw an interval of j, and equal states are merged by sorting packed keys. The counts stay exact
integers (int64 while no count of hands can pass 2^63, Python integers in an object array beyond); only the
small slot values and keys are held in float64, which is exact for them. The answers are those of the
one-by-one programme (tests/rules/test_odds_fast.py); their times are in docs/benchmarks.md ("Draw odds").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

__all__ = ["Target", "count_distribution", "joint_probability", "probability", "target_distribution"]


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Target:
    """A group of card ids (copies count together) and the wanted number of them in the hand."""

    label: str
    cards: frozenset[str]  # a group: its copies in the pile count together
    at_least: int = 1
    at_most: int | None = None  # None = no upper bound; at_least == at_most means "exactly"

    def __post_init__(self) -> None:
        if isinstance(self.cards, str):
            raise ValueError(f"target {self.label!r}: cards must be a collection of card ids, not one string")
        if not isinstance(self.cards, frozenset):
            object.__setattr__(self, "cards", frozenset(self.cards))
        if not _is_count(self.at_least) or self.at_least < 0:
            raise ValueError(f"target {self.label!r}: at_least must be an integer ≥ 0, not {self.at_least!r}")
        if self.at_most is not None:
            if not _is_count(self.at_most) or self.at_most < 0:
                raise ValueError(f"target {self.label!r}: at_most must be an integer ≥ 0 or None")
            if self.at_most < self.at_least:
                raise ValueError(
                    f"target {self.label!r}: at_most ({self.at_most}) is below at_least ({self.at_least})"
                )

    def accepts(self, count: int) -> bool:
        """Whether `count` copies in the hand satisfy this target."""
        return count >= self.at_least and (self.at_most is None or count <= self.at_most)


def _check_draw(pile_size: int, hand_size: int) -> None:
    if not _is_count(pile_size) or pile_size < 0:
        raise ValueError(f"pile size must be an integer ≥ 0, not {pile_size!r}")
    if not _is_count(hand_size) or hand_size < 0:
        raise ValueError(f"hand size must be an integer ≥ 0, not {hand_size!r}")
    if hand_size > pile_size:
        raise ValueError(f"hand of {hand_size} is larger than the pile of {pile_size}")


def _check_targets(targets: Iterable[Target]) -> list[Target]:
    checked = list(targets)
    for target in checked:
        if not isinstance(target, Target):
            raise ValueError(f"expected a Target, not {type(target).__name__}")
    return checked


def _hypergeometric_counts(pile_size: int, copies: int, hand_size: int) -> list[int]:
    """C(copies, k) · C(others, hand − k) for k = 0..min(copies, hand), each from the previous one by the exact
    integer recurrence (two multiplications and two divisions), not two fresh binomials per term: a
    1,000-card pile costs a few big-integer operations per term."""
    others = pile_size - copies
    top = min(copies, hand_size)
    first = max(0, hand_size - others)  # fewer would leave the hand short of other cards
    counts = [0] * (top + 1)
    if first > top:
        return counts
    ins, outs = comb(copies, first), comb(others, hand_size - first)
    for k in range(first, top + 1):
        counts[k] = ins * outs
        if k < top:  # C(copies, k+1) and C(others, hand − k − 1) from C(copies, k) and C(others, hand − k)
            ins = ins * (copies - k) // (k + 1)
            outs = outs * (hand_size - k) // (others - hand_size + k + 1)
    return counts


def _binomials(size: int, top: int) -> list[int]:
    """C(size, j) for j = 0..top, each from the previous one (a multiplication and a division): for a 1,000-card
    pile and a hand of 200, fresh `comb` calls cost milliseconds (the tail of a joint answer took ~3 ms)."""
    row = [1] * (top + 1)
    for j in range(top):
        row[j + 1] = row[j] * (size - j) // (j + 1)
    return row


def _check_copies(pile_size: int, copies: int, hand_size: int) -> None:
    _check_draw(pile_size, hand_size)
    if not _is_count(copies) or copies < 0:
        raise ValueError(f"copies must be an integer ≥ 0, not {copies!r}")
    if copies > pile_size:
        raise ValueError(f"{copies} copies do not fit in a pile of {pile_size}")


def count_distribution(pile_size: int, copies: int, hand_size: int) -> list[Fraction]:
    """P(X = k) for k = 0..min(copies, hand): `copies` wanted cards in a pile of `pile_size`, hand of `hand_size`."""
    _check_copies(pile_size, copies, hand_size)
    hands = comb(pile_size, hand_size)
    return [Fraction(count, hands) for count in _hypergeometric_counts(pile_size, copies, hand_size)]


def _copies(pile: Sequence[str], cards: frozenset[str]) -> int:
    return sum(1 for card in pile if card in cards)


def target_distribution(pile: Sequence[str], hand_size: int, target: Target) -> list[Fraction]:
    """P(X = k) for the number X of the target group's copies in the hand, k = 0..min(copies, hand)."""
    (target,) = _check_targets([target])
    return count_distribution(len(pile), _copies(pile, target.cards), hand_size)


def probability(pile: Sequence[str], hand_size: int, target: Target) -> Fraction:
    """P(at_least ≤ X ≤ at_most) for one target."""
    (target,) = _check_targets([target])
    size, copies = len(pile), _copies(pile, target.cards)
    _check_copies(size, copies, hand_size)
    counts = _hypergeometric_counts(size, copies, hand_size)
    favourable = sum(count for k, count in enumerate(counts) if target.accepts(k))
    return Fraction(favourable, comb(size, hand_size))


class TooCostly(ValueError):
    """The exact joint answer would take more work than allowed; answer it by simulation instead."""

    def __init__(self, cost: int, budget: int) -> None:
        self.cost, self.budget = cost, budget
        super().__init__(
            f"the exact joint answer would take more than {budget:,} units of work (estimated {cost:,} or more)"
        )


# Default budget of `joint_probability(max_cost=...)` callers, in units of work that model CPU time (`_cost`):
# one unit is one step of the programme with int64 counts (one state × one number of copies drawn from one
# atom, as `_steps_bound` bounds them, ~9 ns); a step on counts past 2^63 (Python integers) weighs more, and
# each atom, the numpy set-up and each card id looked at cost fixed units (numpy's overhead per call, the
# plan's set work). Weights fitted on ~19,000 random questions inside the API's limits (2026-12-02, each the
# least CPU time of 3 to 8); the budget then chosen with bench/odds_speed.py so that the slowest admitted answer,
# cost estimate included, takes ≤ 2 ms of CPU (#13; 1.65 ms: docs/benchmarks.md, "Draw odds"); the API
# simulates questions over it. CPU time grows about linearly with it (150,000 admits every 60-card question
# of the bench, at up to ~3.5 ms).
MAX_JOINT_COST = 72_000
_ATOM_COST = 4_500  # units per atom (a Python or a numpy step: ~40 µs either way)
_VECTOR_COST = 45_000  # once, when the programme turns to numpy (`_rules`: ~0.4 ms)
_CARD_COST = 8  # units per card id looked at: the pile's copies and each target's ids
_BIG_COST = 3  # extra units per numpy step when counts are Python integers
_WORD_COST = 1  # and per 64-bit word of the largest count
# Work the estimate itself may spend on its tighter bound (polynomial cells), so estimating is cheap too.
_ESTIMATE_WORK = 100_000


def joint_cost(
    pile: Sequence[str], hand_size: int, targets: Sequence[Target], *, limit: int | None = None
) -> int:
    """The work `joint_probability` may take for this question, in the units of `MAX_JOINT_COST` (0 when it needs
    no programme): a bound on its steps (see `_steps_bound`), weighted, plus a cost per atom and per card id.

    It is computed before any work. With `limit`, counting stops as soon as the estimate passes it.
    """
    plan = _plan(pile, hand_size, targets)
    return 0 if isinstance(plan, Fraction) else _cost(plan, limit)


def joint_probability(
    pile: Sequence[str], hand_size: int, targets: Sequence[Target], *, max_cost: int | None = None
) -> Fraction:
    """P(every target is satisfied by the same hand); groups may overlap. No targets: 1.

    With `max_cost`, raises `TooCostly` before any work when `joint_cost` exceeds it: the work grows
    exponentially with the number of overlapping groups, so callers that take questions from strangers bound it.
    """
    plan = _plan(pile, hand_size, targets)
    if isinstance(plan, Fraction):
        return plan
    if max_cost is not None:
        cost = _cost(plan, max_cost)
        if cost > max_cost:
            raise TooCostly(cost, max_cost)
    favourable, _ = _favourable_hands(plan)
    return Fraction(favourable, comb(len(pile), hand_size))


# How the programme follows one group, with c = its copies drawn so far and o = the copies drawn so far from
# atoms outside it (cards in no group are drawn last, so the hand holds X = c_final of the group and
# o_final + n − drawn cards outside it). Each group takes the representation with the fewest values:
# - _IN: c exactly, states past at_most dropped; or c capped at at_least when there is no at_most;
# - _PAIR: (min(c, at_least), min(o, n − at_most)), as X ≤ at_most ⇔ o_final ≥ drawn − at_most, which holds
#   for good once o reaches n − at_most: small for wide ranges ("1 to 7 of 8": 2 × 2 values instead of 8);
# - _OUT: o exactly, states past n − at_least dropped: small when at_least is close to the hand size.
# Once the last atom holding a group's cards is drawn from, c no longer changes (later atoms move drawn and o
# alike), so the group is settled there: states failing it are dropped, the others forget its counts.
_IN, _PAIR, _OUT = 0, 1, 2


@dataclass(frozen=True, slots=True)
class _Plan:
    n: int  # hand size
    order: list[tuple[int, int]]  # atoms in programme order: (membership bitmask over the groups, copies)
    rest: int  # copies in no group, drawn last
    slot_rules: list[tuple[int, bool, int, bool]]  # per slot 1..: (group, moved by member atoms, limit, drop)
    groups: list[
        tuple[int, int, int, int, int | None]
    ]  # per group: (kind, c slot, o slot, at_least, at_most)
    last_atom: list[int]  # per group: the index in `order` of its last atom
    looked_at: int  # the pile's copies plus each target's card ids: the work of `_plan` itself


def _plan(pile: Sequence[str], hand_size: int, targets: Sequence[Target]) -> Fraction | _Plan:
    """The programme for a joint question, or its answer when no programme is needed."""
    targets = _check_targets(targets)
    _check_draw(len(pile), hand_size)
    copies_of = Counter(pile)

    # A hand and the cards it leaves in the pile determine each other: a group of K copies has X in the hand
    # when K − X are left. A hand of more than half the pile is asked as the fewer cards left, with the bounds
    # turned round (at_least ≤ X ≤ at_most ⇔ K − at_most ≤ K − X ≤ K − at_least); the hands are as many.
    flip = 2 * hand_size > len(pile)
    n = len(pile) - hand_size if flip else hand_size

    # Normalise each target against this pile: drop bounds that cannot bind, drop targets always met.
    bounds: list[tuple[frozenset[str], int, int | None]] = []
    for target in targets:
        copies = sum(map(copies_of.__getitem__, target.cards & copies_of.keys()))
        low, high = target.at_least, target.at_most
        if flip:
            if low > copies:
                return Fraction(0)
            low, high = (0 if high is None else max(0, copies - high)), copies - low
        available = min(n, copies)
        if low > available:
            return Fraction(0)
        if high is not None and high >= available:
            high = None
        if low == 0 and high is None:
            continue
        bounds.append((target.cards, low, high))
    if not bounds:
        return Fraction(1)

    # Atoms: copies with the same group membership (a bitmask over `bounds`).
    # Only the cards of some group are looked at (a 1,000-card pile asked about a few cards costs a few steps).
    mask_of: dict[str, int] = {}
    for index, (cards, _, _) in enumerate(bounds):
        bit = 1 << index
        for card in cards & copies_of.keys():
            mask_of[card] = mask_of.get(card, 0) | bit
    atoms: Counter[int] = Counter()
    for card, mask in mask_of.items():
        atoms[mask] += copies_of[card]
    rest = len(pile) - sum(atoms.values())
    members_of = [sum(1 for mask in atoms if mask >> g & 1) for g in range(len(bounds))]
    group_order = sorted(range(len(bounds)), key=lambda g: members_of[g])
    # Atoms of the group with the fewest atoms first, and so on: groups settle as early as they can.
    order = sorted(atoms.items(), key=lambda item: [not item[0] >> g & 1 for g in group_order])

    slot_rules: list[tuple[int, bool, int, bool]] = []
    groups: list[tuple[int, int, int, int, int | None]] = []

    def add_slot(group: int, members: bool, limit: int, drop: bool) -> int:
        slot_rules.append((group, members, limit, drop))
        return len(slot_rules)

    for g, (_, low, high) in enumerate(bounds):
        sizes = {_IN: (low if high is None else high) + 1, _OUT: n - low + 1}
        if high is not None:
            sizes[_PAIR] = (low + 1) * (n - high + 1)
        kind = min(sizes, key=lambda k: (sizes[k], k))
        c_slot = o_slot = 0
        if kind == _IN:
            c_slot = add_slot(g, True, low if high is None else high, high is not None)
        elif kind == _OUT:
            o_slot = add_slot(g, False, n - low, True)
        else:
            c_slot = add_slot(g, True, low, False) if low else 0
            o_slot = add_slot(g, False, n - high, False)
        groups.append((kind, c_slot, o_slot, low, high))

    # Every bound group has copies in the pile (normalisation dropped the others), so each has a last atom.
    last_atom = [max(i for i, (mask, _) in enumerate(order) if mask >> g & 1) for g in range(len(bounds))]
    looked_at = len(pile) + sum(len(target.cards) for target in targets)
    return _Plan(n, order, rest, slot_rules, groups, last_atom, looked_at)


def _times_run(poly: list[int], cap: int) -> list[int]:
    """poly × (1 + x + … + x^cap), truncated to poly's degree: a vector class of at most `cap` copies added."""
    prefix = [0]
    for value in poly:
        prefix.append(prefix[-1] + value)
    return [prefix[d + 1] - prefix[max(0, d - cap)] for d in range(len(poly))]


def _over_run(poly: list[int], cap: int) -> list[int]:
    """poly / (1 + x + … + x^cap), truncated: `_times_run` undone (× (1 − x) / (1 − x^(cap+1)), exact)."""
    out = [0] * len(poly)
    for d, value in enumerate(poly):
        out[d] = value - (poly[d - 1] if d else 0) + (out[d - cap - 1] if d > cap else 0)
    return out


def _step_weight(plan: _Plan) -> int:
    """Units per numpy step: 1 with int64 counts, more with Python integers (longer ones cost more)."""
    most = _most_hands(plan)
    if most <= _INT64_LIMIT:
        return 1
    return 1 + _BIG_COST + _WORD_COST * -(-most.bit_length() // 64)


def _cost(plan: _Plan, limit: int | None = None) -> int:
    """The estimated work of answering the question, in units of `MAX_JOINT_COST` (time, not steps), from the
    steps bound of each atom (`_steps_bound`) as `_favourable_hands` will take them: `_ATOM_COST` per atom
    plus a unit per step while they are stepped in Python; from the first atom of more than `_VECTOR_STEPS`
    steps on, numpy: `_VECTOR_COST` once, then per atom `_ATOM_COST` plus `_step_weight` per step; plus a unit
    per final state and `_CARD_COST` per card id looked at. Never less than the steps bound. Once past
    `limit` (when given), the steps are no longer counted and the estimate exceeds it."""
    fixed = _CARD_COST * plan.looked_at
    room = None if limit is None else limit - fixed  # each step weighs a unit at least
    if room is not None and room < 0:
        return fixed
    # With a limit, the quick bound first (as `_steps_bound` does), the tighter one when it does not fit.
    for refine in (False, True) if limit is not None else (True,):
        per_atom: list[int] = []
        steps = _bound(plan, room, refine=refine, per_atom=per_atom)
        if room is not None and steps > room:
            units = fixed + steps
            continue
        units = fixed + steps - sum(per_atom)  # the final states
        weight = _step_weight(plan)
        vectorised = False
        for atom_steps in per_atom:
            if not vectorised and atom_steps > _VECTOR_STEPS:
                vectorised = True
                units += _VECTOR_COST
            units += _ATOM_COST + (weight if vectorised else 1) * atom_steps
        if limit is None or units <= limit:
            break
    return units


def _steps_bound(plan: _Plan, limit: int | None = None, per_atom: list[int] | None = None) -> int:
    """An upper bound on the steps of `_favourable_hands`: Σ over atoms of (states before it) × (copies that
    may be drawn from it + 1), plus the final states. Stops once past `limit`; with a limit, the first bound
    alone is tried first, and the second (which costs more to work out) only when the first passes it.

    The states after an atom are bounded two ways, and the smaller counts:
    - each kept slot takes at most min(limit, copies that moved it so far, n) + 1 values, the cards drawn at
      most min(n, copies seen) + 1: the product;
    - a state depends only on how many copies were drawn from each class of the atoms seen, a class being the
      atoms that move the same kept slots: the number of such vectors with at most n copies in all.
    """
    if limit is not None:
        quick = _bound(plan, limit, refine=False, per_atom=per_atom)
        if quick <= limit:
            return quick
    if per_atom is not None:
        per_atom.clear()
    return _bound(plan, limit, refine=True, per_atom=per_atom)


def _bound(plan: _Plan, limit: int | None, *, refine: bool, per_atom: list[int] | None = None) -> int:
    n, slots = plan.n, plan.slot_rules
    moved = [0] * len(slots)
    signature: list[int] = []  # per atom seen: the slots it moves (bitmask)
    total, states, seen, work = 0, 1, 0, 0
    # The vector count's polynomial, kept from atom to atom while the kept slots and the cards drawn stay the
    # same: then one class changes (the atom's), so its factor is divided out and multiplied in again, O(n)
    # instead of O(classes × n). `poly_caps`: the cap each class entered it with; `poly_key`: (kept, drawn).
    classes: Counter[int] = Counter()  # size of each class of the atoms seen, for the kept slots `classes_of`
    classes_of = -1
    poly: list[int] | None = None
    poly_caps: dict[int, int] = {}
    poly_key = (-1, -1)
    for i, (mask, copies) in enumerate(plan.order):
        total += states * (min(copies, n) + 1)
        if per_atom is not None:  # each atom's steps bound, for `_cost`
            per_atom.append(states * (min(copies, n) + 1))
        if limit is not None and total > limit:
            return total
        seen += copies
        moves = 0
        for s, (g, members, _, _) in enumerate(slots):
            if bool(mask >> g & 1) == members:
                moved[s] += copies
                moves |= 1 << s
        signature.append(moves)
        kept = [s for s, (g, _, _, _) in enumerate(slots) if plan.last_atom[g] > i]
        drawn = min(n, seen)
        states = drawn + 1
        for s in kept:
            states *= min(slots[s][2], moved[s], n) + 1
        if not refine:
            continue
        kept_mask = sum(1 << s for s in kept)
        if kept_mask != classes_of:
            classes, classes_of = Counter(), kept_mask
            for moves_of, (_, size) in zip(signature, plan.order, strict=False):
                classes[moves_of & kept_mask] += size
        else:
            classes[moves & kept_mask] += copies
        if states <= len(classes) + 1:
            poly = None
            continue
        if poly is not None and poly_key == (kept_mask, drawn):  # one class changed: the atom's
            key = moves & kept_mask
            cap, before = min(classes[key], drawn), poly_caps.get(key)
            if cap != before and work + 2 * (drawn + 1) <= _ESTIMATE_WORK:
                work += 2 * (drawn + 1)
                poly = _times_run(poly if before is None else _over_run(poly, before), cap)
                poly_caps[key] = cap
            elif cap != before:
                poly = None
        elif work + len(classes) * (drawn + 1) <= _ESTIMATE_WORK:
            work += len(classes) * (drawn + 1)
            poly_caps = {key: min(size, drawn) for key, size in classes.items()}
            poly = [1] + [0] * drawn
            for cap in poly_caps.values():
                poly = _times_run(poly, cap)
        else:
            poly = None
        poly_key = (kept_mask, drawn)
        if poly is not None:
            states = min(states, sum(poly))
    return total + states


# The programme's states are (drawn, slot values). While there are few, they are a dict stepped in Python; once
# an atom would take more than `_VECTOR_STEPS` steps, rows of a numpy array stepped together, for every state
# and every number of copies drawn. Counts are exact in int64 while no count of hands can pass 2^63 − 1 (each
# is at most C(N, k) for some k ≤ n), and Python integers in an object array beyond that. Slot values and keys
# are small integers, exact in float64 (whose matrix products numpy does fastest).
_INT64_LIMIT = (1 << 63) - 1
_FLOAT_EXACT = 1 << 53
_VECTOR_STEPS = 128
_SCALE = 256  # more than the most copies drawn from one atom (a hand of 200) plus one
_NEVER = -float(1 << 40)  # the bound of a rule where it does not apply


def _most_hands(plan: _Plan) -> int:
    """A bound on every count of hands the programme holds: C(N, k) for k ≤ n ≤ N / 2."""
    size = plan.rest + sum(copies for _, copies in plan.order)
    return comb(size, min(plan.n, size // 2))


def _exact_dtype(plan: _Plan) -> type:
    return np.int64 if _most_hands(plan) <= _INT64_LIMIT else object


@dataclass(frozen=True, slots=True)
class _Rules:
    """The programme's rules for every atom, worked out at once: drawing j copies of atom i keeps a state when
    (state + j × move[i]) · row ≥ bound for each rule (before any slot is capped), then caps it at caps[i].

    - The hand is not exceeded (drawn ≤ n) and no dropping slot passes its limit.
    - A group settling at the atom is met: its count, or drawn − the count outside it, within its bounds. A
      capped count min(c, cap) ≥ low is c ≥ low (cap ≥ low), and min(o, n − high) ≥ drawn − high is
      o ≥ drawn − high once drawn ≤ n.
    - A group still open can reach its at_least: count + min(copies left in it, n − drawn) ≥ at_least, which
      is two inequalities.
    A rule that does not apply at an atom has bound _NEVER. A group settling at the atom has cap 0 on its
    slots: the state forgets it.

    Each rule changes by m = move · row ∈ {−1, 0, 1} per copy drawn, so with slack d = state · row − bound it
    keeps j ≥ −d (m = 1), j ≤ d (m = −1), or, for m = 0, j ≤ 256 d + 255 (any j when d ≥ 0, none when d ≤ −1):
    the copies a state may draw are one interval. `rows` and `bounds` hold the rules in that form, per atom:
    state · rows[i] − bounds[i] gives the lower bounds on j first (lower[i] of them), then the upper ones."""

    rows: np.ndarray  # (atoms, width, rules)
    bounds: np.ndarray  # (atoms, rules)
    lower: list[int]  # per atom: how many of its rules are lower bounds
    move: np.ndarray  # (atoms, width)
    caps: np.ndarray  # (atoms, width)
    keys: np.ndarray  # (atoms, width): mixed-radix weights of a state's columns after the atom
    packed: list[bool]  # per atom: whether those keys are exact in float64


def _rules(plan: _Plan) -> _Rules:
    n, order, slot_rules, groups = plan.n, plan.order, plan.slot_rules, plan.groups
    atoms, width = len(order), len(slot_rules) + 1
    masks = np.array([mask for mask, _ in order], dtype=np.int64)
    copies = np.array([count for _, count in order], dtype=np.int64)
    drawn_from = ((masks[:, None] >> np.arange(len(groups))) & 1) * copies[:, None]  # (atoms, groups)
    left = drawn_from.sum(axis=0) - np.cumsum(drawn_from, axis=0)  # copies of each group in later atoms
    last = np.array(plan.last_atom, dtype=np.int64)
    index = np.arange(atoms)[:, None]
    settles, opens = index == last, index < last
    slot_group = np.array([g for g, _, _, _ in slot_rules], dtype=np.int64)
    slot_members = np.array([members for _, members, _, _ in slot_rules], dtype=bool)
    limits = np.array([limit for _, _, limit, _ in slot_rules], dtype=np.int64)
    move = np.ones((atoms, width), dtype=np.float64)
    move[:, 1:] = (index <= last[slot_group]) & ((drawn_from[:, slot_group] > 0) == slot_members)
    caps = np.full((atoms, width), float(n))
    caps[:, 1:] = np.where(opens[:, slot_group], limits, 0)

    rows: list[list[int]] = []
    bounds = []  # per rule: a bound for every atom

    def rule(coefficients: dict[int, int], bound) -> None:
        row = [0] * width
        for column, value in coefficients.items():
            row[column] += value
        rows.append(row)
        bounds.append(bound)

    rule({0: -1}, -n)
    for slot, (_, _, limit, drop) in enumerate(slot_rules, start=1):
        if drop:
            rule({slot: -1}, -limit)
    for g, (kind, c_slot, o_slot, low, high) in enumerate(groups):
        settle = settles[:, g]
        if kind == _IN:
            if low:
                rule({c_slot: 1}, np.where(settle, low, _NEVER))
        elif kind == _OUT:
            rule({0: 1, o_slot: -1}, np.where(settle, low, _NEVER))
            if high is not None:
                rule({0: -1, o_slot: 1}, np.where(settle, -high, _NEVER))
        else:
            if c_slot:
                rule({c_slot: 1}, np.where(settle, low, _NEVER))
            rule({0: -1, o_slot: 1}, np.where(settle, -high, _NEVER))
        if low:
            held = {0: 1, o_slot: -1} if kind == _OUT else {c_slot: 1}
            rule(held, np.where(opens[:, g], low - left[:, g], _NEVER))
            rule({**held, 0: held.get(0, 0) - 1}, np.where(opens[:, g], low - n, _NEVER))
    base = np.array(rows, dtype=np.float64).T  # (width, rules)
    bound = np.empty((atoms, len(rows)), dtype=np.float64)
    for r, value in enumerate(bounds):
        bound[:, r] = value
    m = move @ base  # (atoms, rules)
    factor = np.where(m > 0, -1.0, np.where(m < 0, 1.0, float(_SCALE)))
    shaped = base[None, :, :] * factor[:, None, :]
    shaped_bounds = bound * factor - np.where(m == 0, _SCALE - 1, 0)
    by_kind = np.argsort(m <= 0, axis=1, kind="stable")  # lower bounds (m = 1) first
    radix = caps + 1
    weights = np.ones((atoms, width))
    weights[:, :-1] = np.cumprod(radix[:, :0:-1], axis=1)[:, ::-1]
    span = weights[:, 0] * radix[:, 0]
    return _Rules(
        np.take_along_axis(shaped, by_kind[:, None, :], axis=2),
        np.take_along_axis(shaped_bounds, by_kind, axis=1),
        (m > 0).sum(axis=1).tolist(),
        move,
        caps,
        weights,
        (span < _FLOAT_EXACT).tolist(),
    )


def _numpy_step(
    rules: _Rules, i: int, copies: int, count_j: int, table: np.ndarray, ways: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Draw 0..count_j − 1 copies from atom i for every state (rows of `table`) at once; equal states merged."""
    limits = table @ rules.rows[i] - rules.bounds[i]
    lower = rules.lower[i]
    lo = limits[:, :lower].max(axis=1, initial=0)
    counts = (limits[:, lower:].min(axis=1, initial=count_j - 1) - lo + 1).clip(0).astype(np.int64)
    ends = np.cumsum(counts)
    total = int(ends[-1])
    if not total:
        return table[:0], ways[:0]
    which = np.repeat(np.arange(len(table)), counts)
    drawn = np.arange(total) + np.repeat(lo.astype(np.int64) - ends + counts, counts)
    new = np.minimum(table[which] + drawn[:, None] * rules.move[i], rules.caps[i])
    values = ways[which] * np.array(_binomials(copies, count_j - 1), dtype=ways.dtype)[drawn]
    if rules.packed[i]:
        keys = new @ rules.keys[i]
    else:  # more live values than one float64 key holds exactly
        keys = np.unique(new, axis=0, return_inverse=True)[1].reshape(-1)
    order = np.argsort(keys)
    keys = keys[order]
    starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
    return new[order[starts]], np.add.reduceat(values[order], starts)


def _favourable_hands(plan: _Plan) -> tuple[int, int]:
    """The number of hands (as sets of pile positions) meeting every bound, and the steps it took (states
    times the copies that may be drawn from the atom, summed, as `_cost` bounds them)."""
    n, order, groups = plan.n, plan.order, plan.groups
    states: dict[tuple[int, ...], int] = {(0,) * (len(plan.slot_rules) + 1): 1}
    table: np.ndarray | None = None  # the states as rows, once stepped with numpy
    ways: np.ndarray | None = None
    rules: _Rules | None = None
    left = [sum(copies for mask, copies in order if mask >> g & 1) for g in range(len(groups))]
    steps = 0
    for i, (mask, copies) in enumerate(order):
        for g in range(len(groups)):
            if mask >> g & 1:
                left[g] -= copies
        count_j = min(copies, n) + 1
        size = len(states) if table is None else len(table)
        steps += size * count_j
        if table is None and size * count_j <= _VECTOR_STEPS:
            states = _python_step(plan, i, states, left)
            if not states:
                return 0, steps
            continue
        if table is None:
            table = np.array(list(states), dtype=np.float64)
            ways = np.array(list(states.values()), dtype=_exact_dtype(plan))
        if rules is None:
            rules = _rules(plan)
        table, ways = _numpy_step(rules, i, copies, count_j, table, ways)
        if not len(table):
            return 0, steps
    tail = _binomials(plan.rest, n)[::-1]  # C(rest, n − drawn) by drawn (0 past rest)
    if table is None:
        steps += len(states)
        return sum(count * tail[state[0]] for state, count in states.items()), steps
    steps += len(table)
    return int((ways * np.array(tail, dtype=ways.dtype)[table[:, 0].astype(np.int64)]).sum()), steps


def _python_step(
    plan: _Plan, i: int, states: dict[tuple[int, ...], int], left: list[int]
) -> dict[tuple[int, ...], int]:
    """Draw from atom i for a few states, one by one: the rules of `_Rules`, as the programme first had them."""
    n, groups, last_atom = plan.n, plan.groups, plan.last_atom
    mask, copies = plan.order[i]
    open_groups = {g for g in range(len(groups)) if last_atom[g] >= i}
    moves = [
        (slot, limit, drop)
        for slot, (g, members, limit, drop) in enumerate(plan.slot_rules, start=1)
        if g in open_groups and bool(mask >> g & 1) == members
    ]
    settling = [groups[g] for g in open_groups if last_atom[g] == i]
    reaching = [
        (groups[g][0], groups[g][1] or groups[g][2], groups[g][3], left[g])
        for g in open_groups
        if last_atom[g] > i and groups[g][3]
    ]
    ways_by_j = _binomials(copies, min(copies, n))
    following: dict[tuple[int, ...], int] = {}
    for state, ways in states.items():
        drawn = state[0]
        room = n - drawn
        for j in range(min(copies, room) + 1):
            new = list(state)
            new[0] = drawn + j
            alive = True
            for slot, limit, drop in moves:
                value = state[slot] + j
                if value > limit:
                    if drop:
                        alive = False
                        break
                    value = limit
                new[slot] = value
            if not alive:
                break  # more copies of this atom only push the same count further past its limit
            for kind, c_slot, o_slot, low, high in settling:
                if kind == _IN:
                    alive = new[c_slot] >= low
                elif kind == _OUT:
                    count = new[0] - new[o_slot]
                    alive = count >= low and (high is None or count <= high)
                else:
                    alive = new[c_slot] >= low and new[o_slot] >= new[0] - high
                if not alive:
                    break
                if c_slot:  # settled: forget its counts
                    new[c_slot] = 0
                if o_slot:
                    new[o_slot] = 0
            if not alive:
                continue
            still = room - j
            for kind, slot, low, more in reaching:
                count = new[0] - new[slot] if kind == _OUT else new[slot]
                if count + (more if more < still else still) < low:
                    alive = False
                    break
            if not alive:
                continue
            key = tuple(new)
            following[key] = following.get(key, 0) + ways * ways_by_j[j]
    return following
