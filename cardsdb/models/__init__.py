from .cards import STAT_FIELDS, Card, CardAlias, CardRelation, Printing, Variant
from .effects import CardEffect, CardEffectsStamp
from .facts import CardFact
from .games import CardSet, Game, Persona, Rarity
from .imports import ImportRun
from .jobs import Job
from .tokens import ApiToken

__all__ = [
    "ApiToken",
    "STAT_FIELDS",
    "Card",
    "CardAlias",
    "CardEffect",
    "CardEffectsStamp",
    "CardFact",
    "CardRelation",
    "CardSet",
    "Game",
    "ImportRun",
    "Job",
    "Persona",
    "Printing",
    "Rarity",
    "Variant",
]
