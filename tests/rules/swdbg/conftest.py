import pytest

from rules.setups import default_setup, engine_setup
from rules.swdbg.game import Game

_SETUPS: dict = {}  # built once: the catalogue does not change between these tests


@pytest.fixture
def swdbg_setups(swdbg_catalogue):
    """The engine's setups built from the stored cards: {"full-galaxy": …, "beginner": …}."""
    if not _SETUPS:
        _SETUPS.update({code: engine_setup(default_setup(code)) for code in ("full-galaxy", "beginner")})
    return _SETUPS


@pytest.fixture
def full_setup(swdbg_setups):
    return swdbg_setups["full-galaxy"]


@pytest.fixture
def new_game(full_setup):
    """A fresh full-galaxy game (Empire, player 0, moves first): new_game(seed=…)."""

    def make(seed: int = 1, setup=None) -> Game:
        return Game.new(setup or full_setup, seed)

    return make
