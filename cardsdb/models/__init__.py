from .cards import STAT_FIELDS, Card, CardAlias, CardRelation, Printing, Variant
from .facts import CardFact
from .games import CardSet, Game, Persona, Rarity
from .imports import ImportRun

__all__ = [
    "STAT_FIELDS",
    "Card",
    "CardAlias",
    "CardFact",
    "CardRelation",
    "CardSet",
    "Game",
    "ImportRun",
    "Persona",
    "Printing",
    "Rarity",
    "Variant",
]
