"""The SW:DBG AI players as levels a person picks: named for people, not for their algorithms.

Each level is one AI player of rules/swdbg/roster.py; saved games and the API keep the player's name
(`opponent`), the pages show the level's. A stronger "hard" player (issue #27) is not built yet: until it is,
today's search player is the strongest level.
"""

from dataclasses import dataclass

from django.utils.translation import pgettext_lazy


@dataclass(frozen=True)
class Level:
    player: str  # rules.swdbg.roster name, kept in SavedGame.opponent
    name: object  # lazy: the page's language
    says: object


LEVELS = (
    Level("random", pgettext_lazy("AI level", "Trainee"), pgettext_lazy("AI level", "plays any legal move at random")),
    Level("greedy", pgettext_lazy("AI level", "Easy"), pgettext_lazy("AI level", "takes what is worth most right now")),
    Level("search", pgettext_lazy("AI level", "Normal"),
          pgettext_lazy("AI level", "plays each choice out a few turns in sampled games and keeps the best")),
)  # fmt: skip
DEFAULT = "greedy"
_BY_PLAYER = {level.player: level for level in LEVELS}


def level_name(player: str) -> str:
    level = _BY_PLAYER.get(player)
    return str(level.name) if level else player
