"""SWTCG confrontations: both players have a unique unit of the same name (persona) in the battle.

Bidding: the Dark Side opens at a stake of 0 ("Licytację zaczyna Ciemna Strona od stawki równej 0"), then the Light Side raises or passes, then the Dark Side,
alternating, until two passes in a row. A bid must be higher than the current bid and no higher than the bidder's
Force pool. Each side's total is its own bid plus its unit's build cost (the stack's total build cost, +1 per card
underneath). The higher total wins, the Dark Side wins ties. The winner pays Force equal to its own bid and its unit
stays; the loser pays nothing and its unit retreats untapped.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from core.swtcg.cards import UnitCard, persona_key
from rules.swtcg.stacking import StackedUnit

DARK = "Dark"
LIGHT = "Light"

# Every error code, with what it means.
CODES = {
    "not-same-unit": "The two units are not the same unique unit (persona): there is no confrontation.",
    "wrong-turn": "A bid by the side whose turn it is not (the Dark Side opens, then the sides alternate).",
    "bid-too-low": "A bid not higher than the current bid, or an opening pass (the Dark Side must open, at 0).",
    "opening-bid": "An opening bid other than 0 (the Dark Side opens the bidding at a stake of 0).",
    "not-unique-unit": "A card in a confrontation that is not a unique unit (a version letter and an arena).",
    "wrong-side": "A confronting unit of the other side (Dark Side's unit must be Dark or Neutral, Light's Light or Neutral).",
    "bid-above-force": "A bid above the bidder's Force pool.",
    "negative-bid": "A bid below 0.",
    "bidding-not-finished": "The bids end before two passes in a row.",
    "bid-after-end": "A bid or pass after the bidding ended with two passes in a row.",
}


@dataclass(frozen=True, slots=True)
class Bid:
    side: str  # "Dark" or "Light"
    amount: int | None  # None = pass


@dataclass(frozen=True)
class ConfrontationResult:
    winner: str  # "Dark" / "Light"
    bids: dict[str, int]  # each side's final bid (0 when it never bid)
    totals: dict[str, int]  # bid + stack build cost
    pays: dict[str, int]  # winner pays its bid, loser 0
    retreats: str  # the losing side, whose unit retreats untapped


class ConfrontationError(ValueError):
    """A confrontation that cannot be resolved; `code` is one of CODES."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


class IllegalBid(ConfrontationError):
    """A bid sequence that breaks the bidding rules; `index` is the position of the offending bid
    (len(bids) for "bidding-not-finished": where the missing bid belongs)."""

    def __init__(self, code: str, index: int, message: str):
        super().__init__(code, f"bid {index}: {message}")
        self.index = index


def _other(side: str) -> str:
    return LIGHT if side == DARK else DARK


def _check_bids(bids: Sequence[Bid], force: dict[str, int]) -> dict[str, int]:
    """Each side's final bid; raises IllegalBid on the first bid that breaks the rules."""
    final = {DARK: 0, LIGHT: 0}
    current: int | None = None  # the highest bid so far; None before the opening bid
    passes = 0
    for index, bid in enumerate(bids):
        if passes == 2:
            raise IllegalBid(
                "bid-after-end", index, "the bidding already ended with two passes in a row: drop this bid."
            )
        expected = DARK if index % 2 == 0 else LIGHT
        if bid.side != expected:
            raise IllegalBid("wrong-turn", index, f"it is the {expected} Side's turn, not {bid.side!r}.")
        if bid.amount is None:
            if current is None:
                raise IllegalBid(
                    "bid-too-low",
                    index,
                    "the Dark Side must open the bidding with a bid of 0 or more, not pass.",
                )
            passes += 1
            continue
        if bid.amount < 0:
            raise IllegalBid("negative-bid", index, f"a bid cannot be negative ({bid.amount}).")
        if current is None and bid.amount != 0:
            raise IllegalBid(
                "opening-bid", index, f"the Dark Side opens the bidding at a stake of 0, not {bid.amount}."
            )
        if current is not None and bid.amount <= current:
            raise IllegalBid(
                "bid-too-low", index, f"bid more than the current bid of {current} ({bid.amount}), or pass."
            )
        if bid.amount > force[bid.side]:
            raise IllegalBid(
                "bid-above-force",
                index,
                f"the {bid.side} Side has {force[bid.side]} Force and cannot bid {bid.amount}.",
            )
        current = final[bid.side] = bid.amount
        passes = 0
    if passes < 2:
        next_side = DARK if len(bids) % 2 == 0 else LIGHT
        raise IllegalBid(
            "bidding-not-finished",
            len(bids),
            f"the bidding goes on until two passes in a row: the {next_side} Side must bid or pass.",
        )
    return final


ARENAS = ("Space", "Ground", "Character")


def check_units(dark: Sequence[UnitCard], light: Sequence[UnitCard]) -> None:
    """Both stacks must be unique units (a version letter, an arena), each of its own side or Neutral; raises
    ConfrontationError otherwise. Whether the two are the same unit is `resolve`'s check."""
    for side, cards in ((DARK, dark), (LIGHT, light)):
        for card in cards:
            if not card.unique or not set(ARENAS) & {part.strip().title() for part in card.type.split("/")}:
                raise ConfrontationError(
                    "not-unique-unit",
                    f"{card.title} ({card.card_id}) is not a unique unit: only unique units confront.",
                )
            if card.side not in (side, "Neutral"):
                raise ConfrontationError(
                    "wrong-side",
                    f"{card.title} ({card.card_id}) is a {card.side or 'sideless'} card; the {side} Side's unit "
                    f"must be {side} or Neutral.",
                )


def resolve(
    dark_unit: StackedUnit,
    light_unit: StackedUnit,
    bids: Sequence[Bid],
    *,
    dark_force: int,
    light_force: int,
) -> ConfrontationResult:
    """The outcome of a finished bidding. A unit without a build cost counts as build cost 0."""
    if persona_key(dark_unit.name) != persona_key(light_unit.name):
        raise ConfrontationError(
            "not-same-unit",
            f"{dark_unit.name} and {light_unit.name} are not the same unique unit: they do not confront.",
        )
    final = _check_bids(bids, {DARK: dark_force, LIGHT: light_force})
    totals = {
        DARK: final[DARK] + (dark_unit.build_cost or 0),
        LIGHT: final[LIGHT] + (light_unit.build_cost or 0),
    }
    winner = DARK if totals[DARK] >= totals[LIGHT] else LIGHT
    loser = _other(winner)
    return ConfrontationResult(
        winner=winner,
        bids=final,
        totals=totals,
        pays={side: final[side] if side == winner else 0 for side in (DARK, LIGHT)},
        retreats=loser,
    )
