"""Work a web process does once before serving, so that first requests cost what later ones do."""

from .catalogue_versions import catalogue_version
from .games.registry import GAMES
from .nicknames import warm
from .search import in_memory
from .search.controls import controls


def warm_search() -> None:
    """The name and nickname indexes, the search controls and the in-memory search table of every game with
    cards."""
    warm(None)
    for game in GAMES:
        controls(game)
        version = catalogue_version(game)
        if version is not None:
            in_memory.table(game, version)
