"""Sabacc's terms: the bounds of what is accepted, the input records (Assignment, SabaccRules), the answer's
records (HandValue, SideResult, LostCard, Forfeit, SabaccResult) and why a game ended, SabaccError."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

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
