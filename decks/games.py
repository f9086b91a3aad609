"""What differs between the games for decks: sides, zones, the default format, hints for the builder.

Each game's DeckProfile lives on its plug-in (cardsdb/games/); read here by the builder, the deck API and the deck
page so that none of them hard-codes a game. How a stored format becomes its checker's rules is the legality
feature's own: decks/legality/format_readers.py.
"""

from cardsdb.games.plugin import DeckProfile
from cardsdb.games.registry import GAMES

PROFILES: dict[str, DeckProfile] = {code: plugin.deck for code, plugin in GAMES.items()}


def profile(game: str) -> DeckProfile:
    return PROFILES.get(game, PROFILES["swccg"])


def all_sides() -> list[str]:
    return sorted({side for p in PROFILES.values() for side in p.sides})
