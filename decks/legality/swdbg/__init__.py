"""SW:DBG game setups: is this two-player setup one the rulebook allows? Plain Python, no Django.

In Star Wars: The Deckbuilding Game (original 2023 edition, Empire vs Rebel; Clone Wars Edition 2024,
Separatist vs Republic) nobody builds a deck: a "deck" here is a game setup. Each player has a faction, a
10-card starter deck and a base deck with a starting base; both share the number of bases to win and the
90-card galaxy deck (30 cards per player's faction, 30 neutral cards of one edition). The formats (beginner,
full galaxy, cross-edition…) are data: decks/data/swdbg_formats.json, read by `load_formats()`.

The setup's JSON is described in setup_input.py. The modules, each importing only those listed before it:
cards (SetupCard, SetupPool), formats (SetupRules from data), state (what a check holds and records),
setup_input, starter_deck, base_deck, matchup (factions, bases to win), galaxy, results (report, summary,
purchases), check (`check_setup`, `purchasable`), resolved (`resolve_setup`, for a game engine), defaults
(`default_bases`, the builder's and a new game's base decks).
"""

from .cards import DECK_NAMES, NEUTRAL, UNKNOWN_FACTION, SetupCard, SetupPool
from .check import check_setup, purchasable
from .defaults import default_bases
from .formats import FORMATS_FILE, SetupRules, load_formats, rules_from_definition
from .resolved import OUTER_RIM_STACK, ResolvedPlayer, ResolvedSetup, resolve_setup
from .state import SETUP_CODES

__all__ = [
    "DECK_NAMES",
    "FORMATS_FILE",
    "NEUTRAL",
    "OUTER_RIM_STACK",
    "SETUP_CODES",
    "UNKNOWN_FACTION",
    "ResolvedPlayer",
    "ResolvedSetup",
    "SetupCard",
    "SetupPool",
    "SetupRules",
    "check_setup",
    "default_bases",
    "load_formats",
    "purchasable",
    "resolve_setup",
    "rules_from_definition",
]
