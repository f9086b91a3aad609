"""What differs between the games for decks: sides, zones, the default format, hints for the builder, and how a
stored format becomes the rules its legality checker reads.

Each game's DeckProfile lives on its plug-in (cardsdb/games/); read here by the builder, the deck API and the deck
page so that none of them hard-codes a game. The format readers are the deck checker's own (decks/legality/), so
they live on this floor: a new game adds its plug-in below and its reader here.
"""

from collections.abc import Callable
from typing import Any

from cardsdb.games.plugin import DeckProfile
from cardsdb.games.registry import GAMES
from decks.legality.formats import from_gemp
from decks.legality.swdbg import rules_from_definition
from decks.legality.swtcg import format_from_definition

PROFILES: dict[str, DeckProfile] = {code: plugin.deck for code, plugin in GAMES.items()}


def profile(game: str) -> DeckProfile:
    return PROFILES.get(game, PROFILES["swccg"])


def all_sides() -> list[str]:
    return sorted({side for p in PROFILES.values() for side in p.sides})


# A stored Format → the rules its game's legality checker reads (FormatRules, TcgFormat, SetupRules).
FORMAT_READERS: dict[str, Callable[[Any], Any]] = {
    "swccg": lambda fmt: from_gemp(fmt.definition, fmt.house_rules, source=fmt.source),
    "swtcg": lambda fmt: format_from_definition(fmt.definition, source=fmt.source),
    "swdbg": lambda fmt: rules_from_definition(fmt.definition),
}


def read_format(fmt) -> Any:
    return FORMAT_READERS[fmt.game_id](fmt)
