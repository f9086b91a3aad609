"""SWTCG deck construction, as the community's own validator (SWTCG-LACKEY scripts/deckValidator.py) applies it.

Plain Python: the caller builds `TcgCard` records from the catalogue and `TcgFormat` from format data. Every rule
sees the whole deck and the report lists every violation at once, with the SWCCG checker's `Violation` shape.

Where this checker is stricter than the community script, on purpose:
- copies are counted by name and version, so "Anakin Skywalker (C)" and its promo "(C) (Promo)" share the 4;
- a card the catalogue does not know is a violation (`unknown-card`), not a warning;
- Usage marks are scoped: "*BANNED:Vintage" bans a card in formats that apply the Vintage list only.

The modules, each importing only those listed before it: cards, formats, deck_rules (each rule, and the check
rule by rule), table (each card's weights in a format), from_counts (the fast check), check (`check_tcg_deck`).
"""

from .cards import ARENAS, PRIMARY_SIDES, TcgCard, arenas_of
from .check import check_tcg_deck
from .deck_rules import RULES, TcgDeck, rule_by_rule
from .formats import NUMBER_KEYS, TcgFormat, format_from_definition
from .from_counts import from_counts
from .table import MAX_IDS, SMALL_MAX, TcgTable, tcg_table

__all__ = [
    "ARENAS",
    "MAX_IDS",
    "NUMBER_KEYS",
    "PRIMARY_SIDES",
    "RULES",
    "SMALL_MAX",
    "TcgCard",
    "TcgDeck",
    "TcgFormat",
    "TcgTable",
    "arenas_of",
    "check_tcg_deck",
    "format_from_definition",
    "from_counts",
    "rule_by_rule",
    "tcg_table",
]
