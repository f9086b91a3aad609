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

The modules: terms (bounds and records), hands (a hand checked), values (a hand's total, the best choices), game
(the reveal, the winner, what the loser gives up; who may initiate and draw).
"""

from .game import check_can_initiate, draw_order, may_draw, play_sabacc, starship_allegiance
from .terms import (
    BOTH_OVER,
    BOTH_PERFECT,
    CLOSEST,
    DRAW,
    FEWER_CARDS,
    LOST_PILE,
    MAX_HAND,
    MAX_ID_LENGTH,
    MAX_IDS,
    MAX_PRINTED_VALUES,
    MAX_TEXT,
    MAX_WILD_VALUES,
    MIN_HAND,
    PERFECT_SABACC,
    TARGET,
    USED_PILE,
    VALUE_LIMIT,
    WILD_BOUND,
    Assignment,
    Forfeit,
    HandValue,
    LostCard,
    Number,
    SabaccError,
    SabaccResult,
    SabaccRules,
    SideResult,
)
from .values import hand_value

__all__ = [
    "BOTH_OVER",
    "BOTH_PERFECT",
    "CLOSEST",
    "DRAW",
    "FEWER_CARDS",
    "LOST_PILE",
    "MAX_HAND",
    "MAX_ID_LENGTH",
    "MAX_IDS",
    "MAX_PRINTED_VALUES",
    "MAX_TEXT",
    "MAX_WILD_VALUES",
    "MIN_HAND",
    "PERFECT_SABACC",
    "TARGET",
    "USED_PILE",
    "VALUE_LIMIT",
    "WILD_BOUND",
    "Assignment",
    "Forfeit",
    "HandValue",
    "LostCard",
    "Number",
    "SabaccError",
    "SabaccResult",
    "SabaccRules",
    "SideResult",
    "check_can_initiate",
    "draw_order",
    "hand_value",
    "may_draw",
    "play_sabacc",
    "starship_allegiance",
]
