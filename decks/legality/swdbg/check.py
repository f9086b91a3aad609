"""One pass over a setup, every part checked in order; `check_setup` and `purchasable` run it."""

from ..violations import LegalityReport
from .base_deck import BaseDeckChecks
from .cards import SetupPool
from .formats import SetupRules, load_formats
from .galaxy import GalaxyChecks
from .matchup import MatchupChecks
from .results import SetupResults
from .setup_input import SETUP_KEYS
from .starter_deck import StarterDeckChecks


class SetupCheck(StarterDeckChecks, BaseDeckChecks, MatchupChecks, GalaxyChecks, SetupResults):
    """Parses a setup, collects every violation, and works out the galaxy and purchases."""

    def __init__(self, setup, rules: SetupRules, pool: SetupPool):
        super().__init__(rules, pool)
        if not isinstance(setup, dict):
            self.bad(
                "", "The setup must be a JSON object with players, bases_to_win and galaxy.", "not-object"
            )
            return
        # The order of the checks is the order of the violations in the report.
        self.unknown_keys(setup, SETUP_KEYS, "")
        self.read_players(setup.get("players"))
        for player in self.players:
            self.check_starter(player)
            self.check_bases(player)
        self.check_factions()
        self.check_bases_to_win(setup.get("bases_to_win"))
        self.check_galaxy({} if setup.get("galaxy") is None else setup["galaxy"])


def check_setup(setup: dict, rules: SetupRules, pool: SetupPool) -> LegalityReport:
    """Every violation of the setup against the format at once; counts, purchases and notes in the summary."""
    return SetupCheck(setup, rules, pool).report()


def purchasable(setup: dict, pool: SetupPool, rules: SetupRules | None = None) -> dict[str, list[str]]:
    """Which cards each player's faction may purchase: its galaxy cards, the neutral ones, Outer Rim Pilots.

    Without `rules`, the permissive cross-edition format reads the setup (any two factions)."""
    return SetupCheck(setup, rules or load_formats()["cross-edition"], pool).purchasable()
