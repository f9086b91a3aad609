"""The AI players by name. A module of its own, above both players.py and search.py, so that the search player
may build on the greedy one without players.py importing search.py back."""

from .players import GreedyPlayer, RandomPlayer
from .search import SearchPlayer


def players() -> dict[str, type]:
    """The AI players by name."""
    return {"random": RandomPlayer, "greedy": GreedyPlayer, "search": SearchPlayer}
