"""A battle's outcomes before the destinies are drawn: each side draws its battle destinies from the top of its
own Reserve Deck, whose order is unknown, so the draws are random without replacement and independent of every
choice — the odds are exact (fractions), worked out from each side's distribution of destiny totals.

A destiny counts as rules/odds/destiny.py says: one number as itself, alternatives ("2 or 5") as the highest, no
number as 0. A side draws every battle destiny it may, or what is left of its Reserve Deck.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb

from . import battle
from .cards import DARK, LIGHT

MAX_RESERVE = 100  # cards a side's Reserve Deck may hold for this calculation
MAX_OUTCOMES = 4_000  # pairs of destiny totals resolved, checked before any is


def destiny_total_distribution(values: Sequence[float], draws: int) -> dict[float, Fraction]:
    """The exact distribution of the total of `draws` cards drawn without replacement from a pile whose cards
    count as `values`: grouped by value, so the work is (distinct values) × draws × (totals so far)."""
    draws = min(draws, len(values))
    if draws <= 0:
        return {0.0: Fraction(1)}
    ways: dict[tuple[int, float], int] = {(0, 0.0): 1}  # (cards drawn, total) → ways
    for value, copies in Counter(values).items():
        grown: dict[tuple[int, float], int] = {}
        for (drawn, total), count in ways.items():
            for take in range(0, min(copies, draws - drawn) + 1):
                key = (drawn + take, round(total + take * value, 9))
                grown[key] = grown.get(key, 0) + count * comb(copies, take)
        ways = grown
    every = comb(len(values), draws)
    return {total: Fraction(count, every) for (drawn, total), count in ways.items() if drawn == draws}


@dataclass(frozen=True, slots=True)
class SideOdds:
    draws: int  # battle destinies this side draws
    destiny_totals: dict[float, Fraction]
    battle_damage: dict[float, Fraction]  # what it must lose, by probability
    attrition: dict[float, Fraction]
    forfeited: dict[str, Fraction]  # card id → the chance it is among the smallest forfeits
    expected_force_to_lose: Fraction


@dataclass(frozen=True, slots=True)
class BattleOdds:
    winner: dict[str, Fraction]  # "dark", "light", "tie"
    sides: dict[str, SideOdds]
    outcomes: int  # pairs of destiny totals resolved


def _add(table: dict, key, p: Fraction) -> None:
    table[key] = table.get(key, Fraction(0)) + p


def battle_odds(
    dark: battle.BattleSide, light: battle.BattleSide, reserves: dict[str, Sequence[float]]
) -> BattleOdds:
    """The chances of each outcome of the battle between `dark` and `light` (their `destinies` ignored), when
    each draws its battle destinies from its Reserve Deck, `reserves[side]` (the cards' destiny values)."""
    sides = {DARK: dark, LIGHT: light}
    for side in (DARK, LIGHT):
        if len(reserves[side]) > MAX_RESERVE:
            raise battle.BattleError(
                "too-many-cards", f"At most {MAX_RESERVE} cards in a Reserve Deck; {side} has more."
            )
    battle.resolve(replace(dark, destinies=()), replace(light, destinies=()))  # checks both sides first
    draws, totals = {}, {}
    for side, data in sides.items():
        ability = sum(c.ability for c in battle._every_card(data.cards))
        draws[side] = min(battle.destinies_allowed(data, ability), len(reserves[side]))
        totals[side] = destiny_total_distribution(reserves[side], draws[side])
    outcomes = len(totals[DARK]) * len(totals[LIGHT])
    if outcomes > MAX_OUTCOMES:
        raise battle.BattleError(
            "too-many-outcomes",
            f"{outcomes:,} pairs of destiny totals to resolve; at most {MAX_OUTCOMES:,} (fewer draws or values).",
        )
    winner: dict[str, Fraction] = {}
    damage = {DARK: {}, LIGHT: {}}
    attrition = {DARK: {}, LIGHT: {}}
    forfeited = {DARK: {}, LIGHT: {}}
    to_lose = {DARK: Fraction(0), LIGHT: Fraction(0)}
    for dark_total, p_dark in totals[DARK].items():
        for light_total, p_light in totals[LIGHT].items():
            p = p_dark * p_light
            # Only each side's total matters: its draws are given as the total and zeros (bonuses apply per draw).
            result = battle.resolve(
                replace(dark, destinies=(dark_total,) + (0,) * (draws[DARK] - 1) if draws[DARK] else ()),
                replace(light, destinies=(light_total,) + (0,) * (draws[LIGHT] - 1) if draws[LIGHT] else ()),
            )
            _add(winner, result.winner or "tie", p)
            for side in (DARK, LIGHT):
                figures = result.sides[side]
                _add(damage[side], figures.battle_damage, p)
                _add(attrition[side], figures.attrition, p)
                for card_id in figures.attrition_forfeits + figures.hit:
                    _add(forfeited[side], card_id, p)
                to_lose[side] += p * Fraction(repr(float(figures.force_to_lose)))
    return BattleOdds(
        winner=winner,
        sides={
            side: SideOdds(
                draws[side], totals[side], damage[side], attrition[side], forfeited[side], to_lose[side]
            )
            for side in (DARK, LIGHT)
        },
        outcomes=outcomes,
    )
