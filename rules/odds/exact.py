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
Σ ways × C(rest, n − drawn), over C(N, n). A 60-card question with four overlapping groups takes milliseconds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

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
            f"the exact joint answer would take more than {budget:,} steps (estimated {cost:,} or more)"
        )


# Default budget of `joint_probability(max_cost=...)` callers, in steps of the programme (one state × one number
# of copies drawn from one atom): about a second at the worst measured per-step cost (a hand of 200 from 1,000
# cards, 800-bit counts; bench/odds_speed.py), a few ms for the 60-card questions a player asks.
MAX_JOINT_COST = 150_000
# Work the estimate itself may spend on its tighter bound (polynomial cells), so estimating is cheap too.
_ESTIMATE_WORK = 100_000


def joint_cost(
    pile: Sequence[str], hand_size: int, targets: Sequence[Target], *, limit: int | None = None
) -> int:
    """An upper bound on the steps `joint_probability` takes for this question (0 when it needs no programme).

    It is computed before any work: per atom, an upper bound on the states times the copies that may be drawn
    from it (see `_cost`). With `limit`, counting stops as soon as the bound passes it.
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


def _plan(pile: Sequence[str], hand_size: int, targets: Sequence[Target]) -> Fraction | _Plan:
    """The programme for a joint question, or its answer when no programme is needed."""
    targets = _check_targets(targets)
    _check_draw(len(pile), hand_size)
    copies_of = Counter(pile)

    # Normalise each target against this pile: drop bounds that cannot bind, drop targets always met.
    bounds: list[tuple[frozenset[str], int, int | None]] = []
    for target in targets:
        available = min(hand_size, sum(copies_of[card] for card in target.cards))
        low, high = target.at_least, target.at_most
        if low > available:
            return Fraction(0)
        if high is not None and high >= available:
            high = None
        if low == 0 and high is None:
            continue
        bounds.append((target.cards, low, high))
    if not bounds:
        return Fraction(1)

    n = hand_size
    # Atoms: copies with the same group membership (a bitmask over `bounds`).
    atoms: Counter[int] = Counter()
    for card, copies in copies_of.items():
        mask = 0
        for index, (cards, _, _) in enumerate(bounds):
            if card in cards:
                mask |= 1 << index
        atoms[mask] += copies
    rest = atoms.pop(0, 0)
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
    return _Plan(n, order, rest, slot_rules, groups, last_atom)


def _vectors(caps: Iterable[int], total: int) -> int:
    """The number of vectors y with 0 ≤ y_c ≤ caps[c] and Σ y ≤ total (a truncated product of polynomials)."""
    poly = [1] + [0] * total
    for cap in caps:
        prefix = [0]
        for value in poly:
            prefix.append(prefix[-1] + value)
        poly = [prefix[d + 1] - prefix[max(0, d - cap)] for d in range(total + 1)]
    return sum(poly)


def _cost(plan: _Plan, limit: int | None = None) -> int:
    """An upper bound on the steps of `_favourable_hands`: Σ over atoms of (states before it) × (copies that
    may be drawn from it + 1), plus the final states. Stops once past `limit`.

    The states after an atom are bounded two ways, and the smaller counts:
    - each kept slot takes at most min(limit, copies that moved it so far, n) + 1 values, the cards drawn at
      most min(n, copies seen) + 1: the product;
    - a state depends only on how many copies were drawn from each class of the atoms seen, a class being the
      atoms that move the same kept slots: the number of such vectors with at most n copies in all.
    """
    n, slots = plan.n, plan.slot_rules
    moved = [0] * len(slots)
    signature: list[int] = []  # per atom seen: the slots it moves (bitmask)
    total, states, seen, work = 0, 1, 0, 0
    for i, (mask, copies) in enumerate(plan.order):
        total += states * (min(copies, n) + 1)
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
        kept_mask = sum(1 << s for s in kept)
        classes: Counter[int] = Counter()
        for moves_of, (_, size) in zip(signature, plan.order, strict=False):
            classes[moves_of & kept_mask] += size
        if states > len(classes) + 1 and work + len(classes) * (drawn + 1) <= _ESTIMATE_WORK:
            work += len(classes) * (drawn + 1)
            states = min(states, _vectors((min(size, drawn) for size in classes.values()), drawn))
    return total + states


def _favourable_hands(plan: _Plan) -> tuple[int, int]:
    """The number of hands (as sets of pile positions) meeting every bound, and the steps it took."""
    n, order, slot_rules, groups, last_atom = plan.n, plan.order, plan.slot_rules, plan.groups, plan.last_atom
    states: dict[tuple[int, ...], int] = {(0,) * (len(slot_rules) + 1): 1}
    left = [sum(copies for mask, copies in order if mask >> g & 1) for g in range(len(groups))]
    steps = 0
    for i, (mask, copies) in enumerate(order):
        for g in range(len(groups)):
            if mask >> g & 1:
                left[g] -= copies
        open_groups = {g for g in range(len(groups)) if last_atom[g] >= i}
        moves = [
            (slot, limit, drop)
            for slot, (g, members, limit, drop) in enumerate(slot_rules, start=1)
            if g in open_groups and bool(mask >> g & 1) == members
        ]
        settling = [groups[g] for g in open_groups if last_atom[g] == i]
        reaching = [
            (groups[g][0], groups[g][1] or groups[g][2], groups[g][3], left[g])
            for g in open_groups
            if last_atom[g] > i and groups[g][3]
        ]
        ways_by_j = [comb(copies, j) for j in range(min(copies, n) + 1)]
        steps += len(states) * len(ways_by_j)
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
        states = following
        if not states:
            return 0, steps
    steps += len(states)
    return sum(ways * comb(plan.rest, n - state[0]) for state, ways in states.items()), steps
