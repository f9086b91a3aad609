"""Work a web process does once before serving, so that first requests cost what later ones do."""

from .games.registry import GAMES
from .nicknames import warm
from .search.controls import controls


def warm_search() -> None:
    """The name and nickname indexes and the search controls of every game with cards."""
    warm(None)
    for game in GAMES:
        controls(game)
