"""A sabacc hand checked before it is valued: ids, printed values, the wild range, modifiers and Lando's
adjustment, each against its bound; `_clean` rounds every number the same way (totals compare equal)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.swccg.cards import CcgCard

from .terms import (
    MAX_HAND,
    MAX_ID_LENGTH,
    MAX_IDS,
    MAX_PRINTED_VALUES,
    MAX_TEXT,
    MAX_WILD_VALUES,
    MIN_HAND,
    VALUE_LIMIT,
    WILD_BOUND,
    Number,
    SabaccError,
)


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


def _clean(value: Number) -> Number:
    """Rounded to 9 decimals (π + 2π equals 3π), and an int when whole, for stable keys and plain JSON."""
    value = round(value, 9)
    return int(value) if value == int(value) else value
