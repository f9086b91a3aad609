from .cards import STAT_FIELDS, Card, CardAlias, CardRelation, Printing, Variant
from .games import CardSet, Game, Persona, Rarity
from .imports import ImportRun

__all__ = [
    "STAT_FIELDS",
    "Card",
    "CardAlias",
    "CardRelation",
    "CardSet",
    "Game",
    "ImportRun",
    "Persona",
    "Printing",
    "Rarity",
    "Variant",
]
