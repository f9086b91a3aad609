"""A sabacc hand's value: an explicit assignment checked and totalled, or the side's best one found
(`hand_value`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.swccg.cards import CcgCard

from .hands import _check_hand, _clean, _finite, _Hand
from .terms import MAX_HAND, TARGET, Assignment, HandValue, Number, SabaccError


def _score(total: Number) -> tuple[int, Number]:
    """Lower is better: closest to 11 without going over; when over, the lowest total."""
    return (0, TARGET - total) if total <= TARGET else (1, total)


def _pairs(entries: object, name: str, size: int) -> list[tuple[int, Any]]:
    if not isinstance(entries, tuple | list) or len(entries) > MAX_HAND:
        raise SabaccError(
            "bad-assignment", f"`{name}` must be at most {MAX_HAND} (card index, choice) pairs."
        )
    pairs = []
    for entry in entries:
        if not isinstance(entry, tuple | list) or len(entry) != 2:
            raise SabaccError("bad-assignment", f"each `{name}` entry is a (card index, choice) pair.")
        index, choice = entry
        if not isinstance(index, int) or isinstance(index, bool):
            raise SabaccError("bad-assignment", f"a `{name}` card index must be a whole number.")
        if not 0 <= index < size:
            raise SabaccError(
                "bad-assignment-index",
                f"`{name}` names card {_short(index)}; the hand has cards 0..{size - 1}.",
            )
        pairs.append((index, choice))
    return pairs


def _short(number: int) -> str:
    return str(number) if abs(number) < 10**12 else "a huge number"  # str() refuses ints over 4,300 digits


def _evaluate(hand: _Hand, assignment: object) -> HandValue:
    """Check an explicit assignment against the hand and total it."""
    if not isinstance(assignment, Assignment):
        raise SabaccError("bad-assignment", "give the side's choices as an Assignment (Assignment.of(...)).")
    size = hand.size
    low, high = hand.wild_range
    wild = dict()
    clones = dict()
    printed = dict()
    seen: set[int] = set()

    def claim(index: int) -> None:
        if index in seen:
            raise SabaccError(
                "double-assignment", f"card {index} is assigned twice; give it one choice.", [index]
            )
        seen.add(index)

    for index, value in _pairs(assignment.wild, "wild", size):
        claim(index)
        if not hand.wild[index]:
            raise SabaccError(
                "not-a-wild-card", f"card {index} is not a wild card; drop its wild value.", [index]
            )
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise SabaccError(
                "wild-out-of-range",
                f"card {index}: a wild card takes a whole number within {low}..{high}.",
                [index],
            )
        wild[index] = value
    for index, target in _pairs(assignment.clones, "clones", size):
        claim(index)
        if not hand.clone[index]:
            raise SabaccError(
                "not-a-clone-card", f"card {index} is not a clone card; drop its clone entry.", [index]
            )
        if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < size:
            raise SabaccError(
                "clone-target-out-of-range",
                f"card {index} must clone a card of the hand: 0..{size - 1}.",
                [index],
            )
        if target == index:
            raise SabaccError(
                "clone-of-itself", f"card {index} must clone another card of the hand.", [index]
            )
        clones[index] = target
    for index, value in _pairs(assignment.printed, "printed", size):
        claim(index)
        if hand.wild[index] or hand.clone[index] or len(hand.printed[index]) < 2:
            raise SabaccError(
                "not-a-choice",
                f"card {index} has no printed choice (one destiny value, or wild/clone); drop it.",
                [index],
            )
        if not _finite(value) or _clean(value) not in hand.printed[index]:
            options = " or ".join(str(option) for option in hand.printed[index])
            raise SabaccError(
                "printed-value-not-on-card", f"card {index} is printed {options}; choose one.", [index]
            )
        printed[index] = _clean(value)

    all_clones = all(hand.clone) and not wild
    for index in range(size):
        if index in seen:
            continue
        if hand.wild[index] and hand.clone[index]:
            need = "a wild value or a card to clone"
        elif hand.wild[index]:
            need = f"a wild value within {low}..{high}"
        elif hand.clone[index]:
            if all_clones:
                continue  # a hand of nothing but clones totals 0: nothing to copy
            need = "the index of the card it clones"
        elif len(hand.printed[index]) > 1:
            need = "one of its printed values"
        else:
            continue
        raise SabaccError("missing-assignment", f"card {index} needs {need}.", [index])

    if all_clones:
        values = (0,) * size
    else:
        own = {}
        for index in range(size):
            if index in wild:
                own[index] = wild[index]
            elif index not in clones:
                own[index] = _clean(printed.get(index, hand.printed[index][0]) + hand.modifiers[index])
        values = tuple(_resolve_clone(index, own, clones) for index in range(size))
    return HandValue(total=_clean(sum(values) + hand.lando), values=values, assignment=_sorted(assignment))


def _resolve_clone(index: int, own: dict[int, Number], clones: dict[int, int]) -> Number:
    path = [index]
    while index not in own:
        index = clones[index]
        if index in path:
            raise SabaccError(
                "clone-cycle", "clones copy each other in a circle; make one copy a non-clone card.", path
            )
        path.append(index)
    return own[index]


def _sorted(assignment: Assignment) -> Assignment:
    return Assignment(
        tuple(sorted(assignment.wild)), tuple(sorted(assignment.clones)), tuple(sorted(assignment.printed))
    )


def _best(hand: _Hand, pinned: Mapping[int, tuple[Number, ...]] | None = None) -> HandValue:
    """The side's best assignment: closest to 11 without going over, else the lowest total.

    Every wild card offers the same values (the range; wild cards take no modifier), so cards that may be wild or
    clone are interchangeable: try d = 0..D of them as clones. For each d, a sums-based search runs over the
    value cards (non-clones) in order, with states (clones still to place, total so far) and a back-pointer per
    state; placing c clones on a value card adds its value (c + 1) times. Only reachable totals are kept.

    Worst case (any accepted input): at most 7 splits x 6 layers x states x moves. States per layer: clones left
    (<= 6) x distinct totals; whole-number totals lie within -240..240 (a card's value is within -40..40 and the
    multiplicities sum to 6), fractional printed values add at most 4**6 = 4,096 distinct sums. Moves per state:
    at most 21 wild values (or 4 printed) x 7 multiplicities. Wild cards go first so their totals merge before
    fractions spread them. That product is a loose ~10**7; run over every hand shape (printed / wild / clone /
    both, 6 cards, 21-value ranges, 4 fractional values per card) the search takes at most ~64,000 steps.
    """
    pinned = pinned or {}
    size = hand.size
    dual = [index for index in range(size) if hand.wild[index] and hand.clone[index]]
    pure_clones = [index for index in range(size) if hand.clone[index] and not hand.wild[index]]
    low, high = hand.wild_range
    best: tuple[tuple[int, Number], HandValue] | None = None
    for as_clones in range(len(dual) + 1):
        clone_cards = sorted(pure_clones + dual[:as_clones])
        # wild cards first: their whole-number totals merge early, before fractional printed values spread them
        value_cards = sorted(
            (index for index in range(size) if index not in clone_cards), key=lambda i: not hand.wild[i]
        )
        if not value_cards:
            found = HandValue(
                total=_clean(hand.lando),
                values=(0,) * size,
                assignment=Assignment(clones=tuple((index, (index + 1) % size) for index in clone_cards)),
            )
        else:
            options = []
            for index in value_cards:
                if hand.wild[index]:
                    options.append([(value, ("wild", value)) for value in range(low, high + 1)])
                else:
                    allowed = pinned.get(index, hand.printed[index])
                    options.append(
                        [(_clean(value + hand.modifiers[index]), ("printed", value)) for value in allowed]
                    )
            found = _search(hand, value_cards, clone_cards, options)
        key = _score(found.total)
        if best is None or key < best[0]:
            best = (key, found)
    return best[1]


def _search(hand: _Hand, value_cards: list[int], clone_cards: list[int], options) -> HandValue:
    layers: list[dict[tuple[int, Number], tuple[int, Number, int, int]]] = []
    frontier: dict[tuple[int, Number], Any] = {(len(clone_cards), 0): None}
    for card_options in options:
        following: dict[tuple[int, Number], tuple[int, Number, int, int]] = {}
        for left, total in frontier:
            for copies in range(left + 1):
                times = copies + 1
                for choice, (value, _) in enumerate(card_options):
                    state = (left - copies, _clean(total + value * times))
                    if state not in following:
                        following[state] = (left, total, choice, copies)
        layers.append(following)
        frontier = following
    # every clone placed; the best total (Lando's adjustment included)
    final = min(
        (state for state in frontier if state[0] == 0), key=lambda state: _score(state[1] + hand.lando)
    )

    picks: list[tuple[int, int]] = []
    state = final
    for layer in reversed(layers):
        left, total, choice, copies = layer[state]
        picks.append((choice, copies))
        state = (left, total)
    picks.reverse()

    wild, printed, clones, own = [], [], [], {}
    free_clones = iter(clone_cards)
    for index, card_options, (choice, copies) in zip(value_cards, options, picks, strict=True):
        value, (kind, chosen) = card_options[choice]
        own[index] = value
        if kind == "wild":
            wild.append((index, chosen))
        elif len(hand.printed[index]) > 1:
            printed.append((index, chosen))
        clones.extend((next(free_clones), index) for _ in range(copies))
    targets = dict(clones)
    values = tuple(own[index] if index in own else own[targets[index]] for index in range(hand.size))
    return HandValue(
        total=_clean(final[1] + hand.lando),
        values=values,
        assignment=Assignment(tuple(wild), tuple(sorted(clones)), tuple(printed)),
    )


def hand_value(
    cards: Sequence[CcgCard],
    wild_ids: Sequence[str],
    wild_range: tuple[int, int],
    clone_ids: Sequence[str],
    assigned: Assignment | None = None,
    modifiers: Mapping[int, Number] | None = None,
    lando: int = 0,
) -> HandValue:
    """A sabacc hand's total. With `assigned`: check the choices and total them. Without: the best choices for
    the side (closest to 11 without going over; if every choice goes over, the lowest total)."""
    hand = _check_hand(cards, wild_ids, wild_range, clone_ids, modifiers, lando)
    return _best(hand) if assigned is None else _evaluate(hand, assigned)
