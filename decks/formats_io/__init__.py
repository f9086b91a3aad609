"""Deck list readers and writers for SWCCG: GEMP (list and XML), plain text, swccgdb and Holotable.

Readers return entries plus located problems (nothing is dropped silently); see base.py for the contract.
"""

from decks.formats_io.base import (
    ZONES,
    CardInfo,
    CardResolver,
    DeckEntry,
    DictResolver,
    Match,
    ReadProblem,
    ReadResult,
    totals,
)
from decks.formats_io.detect import detect, read_any
from decks.formats_io.writers import write_gemp_list, write_gemp_xml, write_json, write_text

__all__ = [
    "ZONES",
    "CardInfo",
    "CardResolver",
    "DeckEntry",
    "DictResolver",
    "Match",
    "ReadProblem",
    "ReadResult",
    "detect",
    "read_any",
    "totals",
    "write_gemp_list",
    "write_gemp_xml",
    "write_json",
    "write_text",
]
