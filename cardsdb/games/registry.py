"""Every game the project knows, in the order pages list them. `game_plugin(code)` is the one lookup."""

from . import swccg, swdbg, swtcg
from .plugin import GamePlugin

GAMES: dict[str, GamePlugin] = {p.code: p for p in (swccg.PLUGIN, swtcg.PLUGIN, swdbg.PLUGIN)}
GAME_CODES = list(GAMES)  # the API schema's GameEnum (ENUM_NAME_OVERRIDES)


def game_plugin(code: str) -> GamePlugin:
    """The plug-in of a known game (a KeyError for any other: callers check the game first)."""
    return GAMES[code]
