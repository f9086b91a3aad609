"""SWCCG sabacc (advanced rules, "Sabacc Rules"): hand values with wild and clone cards, the best assignment for a
side, the winner, and what the loser gives up.

The calculator does not read the sabacc Interrupt's text. The caller states what it defines: which cards are wild
(by card id) and the range of values they may take, which cards are clones (by card id), and the stakes (card
ids). "Apply all standard modifications to the destiny numbers" comes in as explicit per-card modifiers, and
Lando's "may add 1 to or subtract 1 from your total" as a per-side adjustment of -1, 0 or +1.

A card's sabacc value is its destiny number (plus its modifier). A card printed "2 or 5" is a choice between its
values; a card with no destiny number counts 0. Wild and clone cards take their value from the Interrupt, so a
destiny modifier on them is refused. A card listed both as wild and as clone (Dune Sea Sabacc's sandcrawler
sites are also Tatooine locations) is used as either, at its owner's choice. A clone copies the value of another
card in the hand, a wild card's assigned value included; a clone may copy another clone (the chain ends at the
card that clone copies), a hand of nothing but clones totals 0.

Values may be fractions (π, ½): totals are rounded to 9 decimals so that equal sums compare equal.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from itertools import product
from typing import Any

from rules.swccg.cards import DARK, LIGHT, SIDES, CcgCard, other

TARGET = 11
MIN_HAND, MAX_HAND = 2, 6  # draw two, then up to six
WILD_BOUND = 20  # both ends of an Interrupt's wild range within -20..20 ...
MAX_WILD_VALUES = 21  # ... and at most 21 values (real Interrupts: 1-6, 0-7, 2-7)
VALUE_LIMIT = 20  # a printed destiny value and a modifier stay within -20..20 (real destinies: 0..7, π, 2π)
MAX_PRINTED_VALUES = 4  # values printed on one card ("2 or 5": 2)
MAX_IDS = 1_000  # card ids listed by the Interrupt per category
MAX_ID_LENGTH = 64
MAX_TEXT = 200  # a card's type / subtype length and characteristics count read for the starship rule

Number = int | float

# How a lost card leaves the hand.
USED_PILE = "used"  # a stake: into the winner's Used Pile, as if stolen
LOST_PILE = "lost"  # any other card: into the loser's Lost Pile

# Why the game ended as it did (SabaccResult.reason).
PERFECT_SABACC = "perfect-sabacc"
BOTH_PERFECT = "both-perfect-sabacc"
CLOSEST = "closest-to-11"  # closest without going over (or the only one not over)
BOTH_OVER = "both-over-closest-to-11"
FEWER_CARDS = "fewer-cards"
DRAW = "draw"


class SabaccError(ValueError):
    """A sabacc input the rules cannot use: a stable `code`, a message saying what to fix, the card indexes."""

    def __init__(self, code: str, message: str, cards: Sequence[int] = ()) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.cards = tuple(cards)


@dataclass(frozen=True, slots=True)
class Assignment:
    """A side's choices, each as (card index in the hand, choice) pairs sorted by index:
    wild: the value given to each wild card; clones: the index of the card each clone copies;
    printed: the value chosen on each card printed with several ("2 or 5")."""

    wild: tuple[tuple[int, int], ...] = ()
    clones: tuple[tuple[int, int], ...] = ()
    printed: tuple[tuple[int, Number], ...] = ()

    @classmethod
    def of(cls, wild: Mapping | None = None, clones: Mapping | None = None, printed: Mapping | None = None):
        """Build from {index: choice} mappings."""
        fields = []
        for name, mapping in (("wild", wild), ("clones", clones), ("printed", printed)):
            if mapping is None:
                mapping = {}
            if not isinstance(mapping, Mapping):
                raise SabaccError("bad-assignment", f"give `{name}` as a mapping {{card index: choice}}.")
            if len(mapping) > MAX_HAND:
                raise SabaccError(
                    "bad-assignment", f"`{name}` has more entries than a hand has cards ({MAX_HAND})."
                )
            items = tuple(mapping.items())
            try:
                items = tuple(sorted(items))
            except TypeError:
                pass  # mixed key types: left as given, the check names the bad index
            fields.append(items)
        return cls(*fields)


@dataclass(frozen=True, slots=True)
class SabaccRules:
    """What the sabacc Interrupt defines. Cloud City Sabacc: wild cards (1-6) Lando and Weather Vane; clone cards
    locations and Ugnaughts; stakes one starfighter, weapon or device: the caller lists the matching card ids."""

    wild_ids: tuple[str, ...]
    wild_range: tuple[int, int]
    clone_ids: tuple[str, ...] = ()
    stake_ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HandValue:
    total: Number  # Lando's adjustment included
    values: tuple[Number, ...]  # each card's value as counted (a clone shows the value it copies)
    assignment: Assignment


@dataclass(frozen=True, slots=True)
class SideResult:
    side: str
    total: Number
    values: tuple[Number, ...]
    assignment: Assignment
    card_count: int
    over: bool  # total above 11
    perfect_sabacc: bool
    lando: int  # -1, 0 or +1: Lando's game text used on the total (0: not used)


@dataclass(frozen=True, slots=True)
class LostCard:
    index: int  # position in the loser's sabacc hand
    card_id: str
    stake: bool
    pile: str  # USED_PILE (winner's, as if stolen) or LOST_PILE (loser's)
    pile_owner: str  # DARK or LIGHT
    becomes: str = ""  # "Rebel" / "Imperial" when a won starship changes allegiance
    note: str = ""


@dataclass(frozen=True, slots=True)
class Forfeit:
    """What the loser gives up: `pick` of `options`. pick 1: the winner (`chooser`) chooses one. pick 2 (perfect
    sabacc): both listed cards go, nobody chooses (`chooser` None)."""

    loser: str
    chooser: str | None
    pick: int
    options: tuple[LostCard, ...]


@dataclass(frozen=True, slots=True)
class SabaccResult:
    winner: str | None  # DARK, LIGHT, or None for a draw
    reason: str
    dark: SideResult
    light: SideResult
    forfeit: Forfeit | None  # None on a draw

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


# --- checking the input ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Hand:
    """A checked hand: per card its printed values, modifier and roles."""

    card_ids: tuple[str, ...]
    printed: tuple[tuple[Number, ...], ...]
    modifiers: tuple[Number, ...]
    wild: tuple[bool, ...]
    clone: tuple[bool, ...]
    wild_range: tuple[int, int]
    lando: int

    @property
    def size(self) -> int:
        return len(self.card_ids)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _finite(value: object) -> bool:
    # math.isfinite overflows on ints too large for a float; every int is finite
    return _is_number(value) and (isinstance(value, int) or math.isfinite(value))


def _bounded(value: object, limit: Number) -> bool:
    return _finite(value) and abs(value) <= limit


def _valid_id(value: object) -> bool:
    if not isinstance(value, str) or not 0 < len(value) <= MAX_ID_LENGTH:
        return False
    try:
        value.encode("utf-8")  # a lone surrogate cannot be stored or sent
    except UnicodeEncodeError:
        return False
    return True


def _check_ids(ids: object, name: str) -> frozenset[str]:
    if isinstance(ids, str | bytes) or not isinstance(ids, Sequence | set | frozenset):
        raise SabaccError("bad-ids", f"give `{name}` as a list of card ids, e.g. ['5_99', '5_127'].")
    if len(ids) > MAX_IDS:
        raise SabaccError("bad-ids", f"`{name}` lists {len(ids)} ids; at most {MAX_IDS}.")
    for card_id in ids:
        if not _valid_id(card_id):
            raise SabaccError(
                "bad-card-id", f"every id in `{name}` must be text of 1 to {MAX_ID_LENGTH} valid characters."
            )
    return frozenset(ids)


def _check_wild_range(wild_range: object) -> tuple[int, int]:
    fix = (
        f"give the Interrupt's wild range as two whole numbers (low, high) within -{WILD_BOUND}..{WILD_BOUND}, "
        f"low <= high, at most {MAX_WILD_VALUES} values (Cloud City Sabacc: (1, 6))."
    )
    if not isinstance(wild_range, Sequence) or isinstance(wild_range, str | bytes) or len(wild_range) != 2:
        raise SabaccError("bad-wild-range", fix)
    low, high = wild_range
    if not all(isinstance(end, int) and not isinstance(end, bool) for end in (low, high)):
        raise SabaccError("bad-wild-range", fix)
    if not (-WILD_BOUND <= low <= high <= WILD_BOUND) or high - low + 1 > MAX_WILD_VALUES:
        raise SabaccError("bad-wild-range", fix)
    return low, high


def _printed_values(card: CcgCard, index: int) -> tuple[Number, ...]:
    fix = (
        f"card {index}: destiny values must be at most {MAX_PRINTED_VALUES} finite numbers within "
        f"-{VALUE_LIMIT}..{VALUE_LIMIT}."
    )
    values = card.destiny_values
    if not isinstance(values, tuple | list) or len(values) > MAX_PRINTED_VALUES:
        raise SabaccError("bad-card-values", fix, [index])
    if not values:
        if card.destiny is None:
            return (0,)  # no destiny number: value 0
        values = (card.destiny,)
    if not all(_bounded(value, VALUE_LIMIT) for value in values):
        raise SabaccError("bad-card-values", fix, [index])
    return tuple(dict.fromkeys(_clean(value) for value in values))  # "2 or 2" is one choice


def _check_cards(cards: object) -> tuple[CcgCard, ...]:
    if not isinstance(cards, Sequence) or isinstance(cards, str | bytes):
        raise SabaccError("bad-hand-size", "give a sabacc hand as a list of 2 to 6 cards.")
    if not MIN_HAND <= len(cards) <= MAX_HAND:
        raise SabaccError(
            "bad-hand-size",
            f"a sabacc hand has {MIN_HAND} to {MAX_HAND} cards (draw two, then up to six); got {len(cards)}.",
        )
    for index, card in enumerate(cards):
        if not isinstance(card, CcgCard):
            raise SabaccError("bad-card", f"card {index} is not a CcgCard record.", [index])
        if not _valid_id(card.card_id):
            raise SabaccError(
                "bad-card-id",
                f"card {index}: its id must be text of 1 to {MAX_ID_LENGTH} valid characters.",
                [index],
            )
        texts_ok = (
            isinstance(card.type, str)
            and isinstance(card.subtype, str)
            and len(card.type) <= MAX_TEXT
            and len(card.subtype) <= MAX_TEXT
            and isinstance(card.characteristics, tuple)
            and len(card.characteristics) <= MAX_TEXT
            and all(isinstance(item, str) and len(item) <= MAX_TEXT for item in card.characteristics)
        )
        if not texts_ok:
            raise SabaccError(
                "bad-card", f"card {index}: type, subtype and characteristics must be short texts.", [index]
            )
    return tuple(cards)


def _check_modifiers(modifiers: object, size: int, wild: tuple[bool, ...], clone: tuple[bool, ...]):
    if modifiers is None:
        return (0,) * size
    if not isinstance(modifiers, Mapping) or len(modifiers) > size:
        raise SabaccError("bad-modifier", "give modifiers as {card index: +n}, at most one per card.")
    result = [0] * size
    for index, amount in modifiers.items():
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < size:
            raise SabaccError("bad-modifier", f"a modifier's card index must be 0..{size - 1}.")
        if not _bounded(amount, VALUE_LIMIT):
            raise SabaccError(
                "bad-modifier",
                f"card {index}: a modifier is a finite number within -{VALUE_LIMIT}..{VALUE_LIMIT}.",
                [index],
            )
        if wild[index] or clone[index]:
            raise SabaccError(
                "bad-modifier",
                f"card {index} is a wild or clone card: its value comes from the Interrupt, not its destiny number; "
                "drop its modifier.",
                [index],
            )
        result[index] = _clean(amount)
    return tuple(result)


def _check_lando(lando: object) -> int:
    if lando is None:
        return 0
    if not isinstance(lando, int) or isinstance(lando, bool) or lando not in (-1, 0, 1):
        raise SabaccError(
            "bad-lando",
            "Lando's game text adds 1 to or subtracts 1 from the total: give +1 or -1 (0 when not used).",
        )
    return lando


def _check_hand(cards, wild_ids, wild_range, clone_ids, modifiers=None, lando=None) -> _Hand:
    cards = _check_cards(cards)
    wild_set = _check_ids(wild_ids, "wild_ids")
    clone_set = _check_ids(clone_ids, "clone_ids")
    low_high = _check_wild_range(wild_range)
    wild = tuple(card.card_id in wild_set for card in cards)
    clone = tuple(card.card_id in clone_set for card in cards)
    return _Hand(
        card_ids=tuple(card.card_id for card in cards),
        printed=tuple(_printed_values(card, index) for index, card in enumerate(cards)),
        modifiers=_check_modifiers(modifiers, len(cards), wild, clone),
        wild=wild,
        clone=clone,
        wild_range=low_high,
        lando=_check_lando(lando),
    )


# --- values --------------------------------------------------------------------------------------------------


def _clean(value: Number) -> Number:
    """Rounded to 9 decimals (π + 2π equals 3π), and an int when whole, for stable keys and plain JSON."""
    value = round(value, 9)
    return int(value) if value == int(value) else value


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


# --- the game --------------------------------------------------------------------------------------------------


def _perfect_choices(hand: _Hand) -> dict[int, tuple[Number]] | None:
    """The printed values of the first two cards totalling exactly 11, or None: no perfect sabacc with a wild or
    clone card among them, nor when Lando's text changed the total."""
    if hand.lando or any(hand.wild[index] or hand.clone[index] for index in (0, 1)):
        return None
    for first, second in product(hand.printed[0], hand.printed[1]):
        if _clean(first + hand.modifiers[0] + second + hand.modifiers[1]) == TARGET:
            return {0: (first,), 1: (second,)}
    return None


def _play_side(side: str, hand: _Hand, assigned: object) -> SideResult:
    if assigned is None:
        pinned = _perfect_choices(hand)
        value = _best(hand, pinned)
        perfect = pinned is not None
    else:
        value = _evaluate(hand, assigned)
        perfect = (
            not hand.lando
            and not any(hand.wild[index] or hand.clone[index] for index in (0, 1))
            and _clean(value.values[0] + value.values[1]) == TARGET
        )
    return SideResult(
        side=side,
        total=value.total,
        values=value.values,
        assignment=value.assignment,
        card_count=hand.size,
        over=value.total > TARGET,
        perfect_sabacc=perfect,
        lando=hand.lando,
    )


def _winner(dark: SideResult, light: SideResult) -> tuple[str | None, str]:
    if dark.perfect_sabacc and light.perfect_sabacc:
        return None, BOTH_PERFECT
    if dark.perfect_sabacc or light.perfect_sabacc:
        return (DARK if dark.perfect_sabacc else LIGHT), PERFECT_SABACC
    if dark.over != light.over:
        return (LIGHT if dark.over else DARK), CLOSEST
    if dark.total != light.total:
        if dark.over:  # both over: the lower total is closer to 11
            return (DARK if dark.total < light.total else LIGHT), BOTH_OVER
        return (DARK if dark.total > light.total else LIGHT), CLOSEST
    if dark.card_count != light.card_count:
        return (DARK if dark.card_count < light.card_count else LIGHT), FEWER_CARDS
    return None, DRAW


def starship_allegiance(card: CcgCard) -> str:
    """ "Imperial" or "Rebel" for a starship of that allegiance, else "". Read from the characteristic the card
    data gives starships ("Imperial (starship)", "Rebel (starship)"; a bare "Imperial"/"Rebel" also counts), else
    from a subtype word that is exactly Imperial or Rebel ("Imperial-Class Star Destroyer" names a model, not an
    allegiance)."""
    if card.type != "Starship":
        return ""
    found = set()
    for allegiance in ("Imperial", "Rebel"):
        if card.has(f"{allegiance} (starship)") or card.has(allegiance):
            found.add(allegiance)
    if not found:
        words = card.subtype.replace(":", " ").replace(",", " ").replace("/", " ").split()
        found = {word for word in words if word in ("Imperial", "Rebel")}
    return found.pop() if len(found) == 1 else ""


def _lost_card(card: CcgCard, index: int, stakes: frozenset[str], winner: str, loser: str) -> LostCard:
    if card.card_id not in stakes:
        return LostCard(index, card.card_id, stake=False, pile=LOST_PILE, pile_owner=loser)
    allegiance = starship_allegiance(card)
    becomes = ""
    if winner == LIGHT and allegiance == "Imperial":
        becomes = "Rebel"
    elif winner == DARK and allegiance == "Rebel":
        becomes = "Imperial"
    note = f"won as a stake: becomes a {becomes} starship" if becomes else ""
    return LostCard(
        index, card.card_id, stake=True, pile=USED_PILE, pile_owner=winner, becomes=becomes, note=note
    )


def _forfeit(winner: str, loser_cards: tuple[CcgCard, ...], stakes: frozenset[str], perfect: bool) -> Forfeit:
    loser = other(winner)
    lost = [_lost_card(card, index, stakes, winner, loser) for index, card in enumerate(loser_cards)]
    if perfect:  # wins double: both of the loser's first two cards go
        return Forfeit(loser=loser, chooser=None, pick=2, options=tuple(lost[:2]))
    stakes_held = tuple(card for card in lost if card.stake)
    return Forfeit(loser=loser, chooser=winner, pick=1, options=stakes_held or tuple(lost))


def _per_side(value: object, name: str) -> Mapping:
    if value is None:
        return {}
    if not isinstance(value, Mapping) or not set(value) <= set(SIDES):
        raise SabaccError("bad-side", f"give `{name}` as a mapping keyed by 'dark' and/or 'light'.")
    return value


def play_sabacc(
    dark_hand: Sequence[CcgCard],
    light_hand: Sequence[CcgCard],
    rules: SabaccRules,
    assigned: Mapping[str, Assignment] | None = None,
    lando: Mapping[str, int] | None = None,
    modifiers: Mapping[str, Mapping[int, Number]] | None = None,
) -> SabaccResult:
    """Reveal both hands and settle the game. Per side (keyed DARK / LIGHT), all optional: `assigned` choices
    (else the best for that side), `lando` (+1 / -1 when Lando's game text changed the total), destiny
    `modifiers` {card index: +n}. The remaining sabacc cards then go to their owners' Used Piles."""
    if not isinstance(rules, SabaccRules):
        raise SabaccError("bad-rules", "give the Interrupt's definition as a SabaccRules record.")
    assigned, lando, modifiers = (
        _per_side(assigned, "assigned"),
        _per_side(lando, "lando"),
        _per_side(modifiers, "modifiers"),
    )
    stakes = _check_ids(rules.stake_ids, "stake_ids")
    sides = {}
    for side, cards in ((DARK, dark_hand), (LIGHT, light_hand)):
        try:
            hand = _check_hand(
                cards, rules.wild_ids, rules.wild_range, rules.clone_ids, modifiers.get(side), lando.get(side)
            )
            sides[side] = _play_side(side, hand, assigned.get(side))
        except SabaccError as error:
            raise SabaccError(error.code, f"{side} side: {error.message}", error.cards) from None
    winner, reason = _winner(sides[DARK], sides[LIGHT])
    forfeit = None
    if winner is not None:
        loser_cards = tuple(light_hand if winner == DARK else dark_hand)
        forfeit = _forfeit(winner, loser_cards, stakes, reason == PERFECT_SABACC)
    return SabaccResult(winner=winner, reason=reason, dark=sides[DARK], light=sides[LIGHT], forfeit=forfeit)


# --- before the reveal -----------------------------------------------------------------------------------------


def check_can_initiate(reserve_deck_size: int, during_battle: bool) -> None:
    """Sabacc may not be initiated during battle, nor unless the initiator can draw two cards from his Reserve
    Deck."""
    if not isinstance(reserve_deck_size, int) or isinstance(reserve_deck_size, bool) or reserve_deck_size < 0:
        raise SabaccError("bad-reserve-deck", "give the Reserve Deck size as a whole number >= 0.")
    if during_battle:
        raise SabaccError(
            "during-battle", "sabacc may not be initiated during battle; play it outside a battle."
        )
    if reserve_deck_size < MIN_HAND:
        raise SabaccError(
            "reserve-deck-too-small",
            f"sabacc needs {MIN_HAND} cards in the Reserve Deck; it has {reserve_deck_size}.",
        )


def may_draw(hand_size: int, reserve_deck_size: int, passed: bool) -> bool:
    """Whether a player may draw another sabacc card on his turn (the opponent of the initiator goes first): not
    after passing, not with six cards, not with an empty Reserve Deck."""
    for name, number in (("hand_size", hand_size), ("reserve_deck_size", reserve_deck_size)):
        if not isinstance(number, int) or isinstance(number, bool) or number < 0:
            raise SabaccError("bad-count", f"give `{name}` as a whole number >= 0.")
    return not passed and hand_size < MAX_HAND and reserve_deck_size > 0


def draw_order(initiator: str) -> tuple[str, str]:
    """Who draws first: beginning with the initiator's opponent."""
    if initiator not in SIDES:
        raise SabaccError("bad-side", "the initiator is 'dark' or 'light'.")
    return (LIGHT, DARK) if initiator == DARK else (DARK, LIGHT)
