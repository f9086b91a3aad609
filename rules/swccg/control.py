"""Presence, control and Force drains at one location (rulebook, "Fase due: controllo"), for the drain
calculator; the referee applies the same rules to its whole table (rules/swccg/table.py)."""

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import DARK, LIGHT, other


@dataclass(frozen=True, slots=True)
class Present:
    """A card at the location with its ability for this turn (printed, plus any modifier)."""

    card_id: str
    title: str
    ability: float
    character: bool  # only characters (those aboard a starship or vehicle included) give presence


@dataclass(frozen=True, slots=True)
class DrainReason:
    code: str
    message: str


@dataclass(frozen=True, slots=True)
class DrainResult:
    presence: dict[str, bool]
    controls: str | None  # the side that controls the location, if one does
    opponent_icons: float  # the drained side's Force icons there, after the modifiers given
    amount: float  # what a drain makes the opponent lose (0 when none is allowed)
    allowed: bool
    reasons: tuple[DrainReason, ...]  # why not, when not allowed


def has_presence(abilities: Iterable[float]) -> bool:
    """Presence is ability 1 or more (rulebook: "abilità 1 o maggiore"), summed over the characters there; the one
    rule the drain calculator and the referee's table (rules/swccg/table.py) both apply."""
    return sum(abilities) >= 1


def presence(cards: tuple[Present, ...]) -> bool:
    return has_presence(c.ability for c in cards if c.character)


def drain(
    side: str,
    location: str,
    icons: dict[str, float],
    cards: dict[str, tuple[Present, ...]],
    *,
    bonus: float = 0,
    cancelled: bool = False,
    drained_this_turn: bool = False,
) -> DrainResult:
    """A Force drain by `side` at `location`: allowed only where it controls (its presence, none of the
    opponent's), not twice a turn, not where the opponent has no icon or the drain is cancelled; the amount is the
    opponent's icons there plus `bonus` (a bonus only adds where there are icons)."""
    present = {s: presence(cards[s]) for s in (DARK, LIGHT)}
    controls = next((s for s in (DARK, LIGHT) if present[s] and not present[other(s)]), None)
    opponent_icons = icons[other(side)]
    reasons = []
    if controls != side:
        why = "the opponent is present too" if present[side] else f"the {side} side has no presence there"
        reasons.append(DrainReason("no-control", f"The {side} side does not control {location}: {why}."))
    if opponent_icons <= 0:
        reasons.append(
            DrainReason("no-opponent-icons", f"The {other(side)} side has no Force icon at {location}.")
        )
    if cancelled:
        reasons.append(DrainReason("drain-cancelled", f"Card text cancels Force drains at {location}."))
    if drained_this_turn:
        reasons.append(
            DrainReason("drained-twice", f"The {side} side already drained at {location} this turn.")
        )
    allowed = not reasons
    return DrainResult(
        presence=present,
        controls=controls,
        opponent_icons=opponent_icons,
        amount=max(opponent_icons + bonus, 0) if allowed else 0,
        allowed=allowed,
        reasons=tuple(reasons),
    )
