"""Destiny analysis of a draw pile: what one destiny draw is worth, exactly.

Rule for destinies that are not one plain number (applied everywhere here, and returned as `"rule"`):
- a single numeric value counts as itself: "3" is 3, "½" is 0.5, "π" is 3.14159 (also "*" when the card
  record gives a value);
- alternatives ("2 or 5") count as the highest, as the player drawing chooses; each result also carries a
  "lowest" variant, with alternatives counted as the lowest, so a player sees the range;
- a card whose destiny has no number (no destiny at all, or "*" without a value) counts as 0: a card with no
  destiny number draws as zero.

Sums and averages are exact: each value is taken as the decimal it is written as (3.14159 = 314159/100000) in
a `fractions.Fraction`; only the reported numbers are floats.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from core.values import PI, parse_alternatives, parse_number

__all__ = ["RULE", "DestinyCard", "counted_value", "counted_values", "destiny_analysis"]

RULE = (
    "A single numeric destiny counts as itself (½ = 0.5, π = 3.14159). Alternatives such as '2 or 5' count as "
    "the highest (the drawing player chooses); the 'lowest' variant counts them as the lowest. A card whose "
    "destiny has no number (no destiny, or '*' without a value) counts as 0."
)
# P(one destiny draw ≥ X) is reported for these X, and for every distinct value in the pile.
THRESHOLDS = tuple(range(8))

Variant = Literal["highest", "lowest"]


@dataclass(frozen=True, slots=True)
class DestinyCard:
    card_id: str
    printed: str | None  # "3", "½", "π", "2 or 5", "*", None (no destiny)
    value: float | None  # the single numeric value when there is one (½ → 0.5, π → 3.14159)
    values: tuple[float, ...] = ()  # possible values when printed as alternatives ("2 or 5" → (2, 5))

    def __post_init__(self) -> None:
        if not isinstance(self.values, tuple):
            object.__setattr__(self, "values", tuple(self.values))
        for number in (self.value, *self.values):
            if number is not None and not math.isfinite(number):
                raise ValueError(f"{self.card_id}: destiny values must be finite numbers, not {number!r}")

    @classmethod
    def from_printed(cls, card_id: str, printed: str | None) -> DestinyCard:
        """The record for a printed destiny, read with `core.values` ("2 or 5" → values (2, 5))."""
        alternatives = parse_alternatives(printed)
        return cls(
            card_id, printed, parse_number(printed), tuple(alternatives) if len(alternatives) > 1 else ()
        )


def _exact(number: float) -> Fraction:
    return Fraction(repr(float(number)))


def _counted(card: DestinyCard, variant: Variant) -> Fraction:
    if card.value is not None:
        return _exact(card.value)
    if card.values:
        return _exact(max(card.values) if variant == "highest" else min(card.values))
    return Fraction(0)


def counted_value(card: DestinyCard, variant: Variant = "highest") -> float:
    """The value a destiny draw of this card counts as, under the module's rule."""
    if variant not in ("highest", "lowest"):
        raise ValueError(f"variant must be 'highest' or 'lowest', not {variant!r}")
    return float(_counted(card, variant))


def counted_values(cards: Sequence[DestinyCard], variant: Variant = "highest") -> list[float]:
    """One counted value per copy, e.g. for `rules.odds.simulate.destiny_total_at_least`."""
    return [counted_value(card, variant) for card in cards]


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def value_label(value: Fraction | float) -> str:
    """How a destiny value reads: 3 → "3", 0.5 → "½", 4.5 → "4½", 3.14159 → "π", 6.28318 → "2π"."""
    exact = value if isinstance(value, Fraction) else _exact(value)
    if exact.denominator == 1:
        return str(exact.numerator)
    if exact.denominator == 2:
        whole = (exact.numerator - 1) // 2
        return f"{whole or ''}½" if exact > 0 else str(float(exact))
    for factor in range(1, 10):
        if exact == _exact(round(factor * PI, 5)):
            return f"{factor if factor > 1 else ''}π"
    return repr(float(exact))


def _summary(counted: list[Fraction]) -> dict:
    copies = len(counted)
    tally = Counter(counted)
    distribution = {value_label(value): tally[value] for value in sorted(tally)}
    average = round(float(sum(counted, Fraction(0)) / copies), 4) if copies else None
    thresholds = sorted({Fraction(x) for x in THRESHOLDS} | set(tally))
    p_at_least = {
        _number(x): float(Fraction(sum(n for value, n in tally.items() if value >= x), copies))
        if copies
        else 0.0
        for x in thresholds
    }
    return {"distribution": distribution, "average": average, "p_at_least": p_at_least}


def _non_numeric(card: DestinyCard) -> bool:
    return card.value is None or (card.printed is not None and parse_number(card.printed) is None)


def destiny_analysis(cards: Sequence[DestinyCard]) -> dict:
    """The destiny of one draw from a pile given as one `DestinyCard` per copy.

    Returns `rule`; `copies`; `distribution` ({value label: copies}, by value); `average` (exact, then a float
    rounded to 4 places; None for an empty pile); `p_at_least` ({X: P(one draw ≥ X)} for X = 0..7 and every
    distinct value, floats of the exact fractions; 0.0 for an empty pile); `non_numeric` (one entry per card
    whose destiny is not a plain number, with its copies and how it was counted); and `lowest`, the same
    distribution, average and p_at_least with alternatives counted as their lowest value.
    """
    cards = list(cards)
    for card in cards:
        if not isinstance(card, DestinyCard):
            raise ValueError(f"expected a DestinyCard, not {type(card).__name__}")
    highest = [_counted(card, "highest") for card in cards]
    lowest = [_counted(card, "lowest") for card in cards]

    odd: dict[tuple[str, str | None], dict] = {}
    for card, high, low in zip(cards, highest, lowest, strict=True):
        if not _non_numeric(card):
            continue
        key = (card.card_id, card.printed)
        if key in odd:
            odd[key]["copies"] += 1
            continue
        if card.value is not None:
            how = "its given value"
        elif card.values:
            how = "alternatives: the highest (the lowest in the 'lowest' variant)"
        else:
            how = "no destiny number: 0"
        odd[key] = {
            "card_id": card.card_id,
            "printed": card.printed,
            "copies": 1,
            "counted_as": _number(high),
            "lowest": _number(low),
            "how": how,
        }
    return {
        "rule": RULE,
        "copies": len(cards),
        **_summary(highest),
        "non_numeric": list(odd.values()),
        "lowest": _summary(lowest),
    }
