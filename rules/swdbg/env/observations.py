"""What a seat sees (`game.view(seat)`: never the hidden cards) as one fixed-size vector of numbers.

Counts per card title in each open zone, then numbers (docs/swdbg-env.md lists them). Titles, not card numbers:
two copies of a card are the same to a player, and the vector's length depends only on the setup's titles.
"""

import numpy as np

from ..setup import Setup
from ..state import TRACK_END
from .actions import PENDING_KINDS

# The zones counted per title; "own" are the observing seat's, "enemy" its opponent's.
ZONES = (
    "own_hand", "own_discard", "own_exile", "own_in_play", "own_committed", "own_attacked", "own_ability_used",
    "own_base", "own_bases_left", "own_victory", "enemy_discard", "enemy_exile", "enemy_in_play", "enemy_base",
    "enemy_victory", "galaxy_row", "galaxy_discard", "outer_rim_top", "seen",
)  # fmt: skip
NUMBERS = (
    "own_resources", "enemy_resources", "own_base_damage", "own_base_hit_points", "enemy_base_damage",
    "enemy_base_hit_points", "own_hand_count", "enemy_hand_count", "own_deck_count", "enemy_deck_count",
    "own_bases_left_count", "enemy_bases_left_count", "galaxy_deck_count", "outer_rim_count",
    "force_for_me", "turn", "my_turn", "to_move_is_me", "bases_to_win",
)  # fmt: skip


class ObservationEncoder:
    """A seat's view of a game of one setup → a float32 vector of `size` numbers."""

    def __init__(self, setup: Setup):
        self.titles = sorted({card.title for card in setup.cards()})
        self.title_index = {title: i for i, title in enumerate(self.titles)}
        self.zone_start = {zone: i * len(self.titles) for i, zone in enumerate(ZONES)}
        self.numbers_start = len(ZONES) * len(self.titles)
        self.pending_start = self.numbers_start + len(NUMBERS)
        self.size = self.pending_start + len(PENDING_KINDS)
        self.low = -float(TRACK_END)
        self.high = float(max(setup.turn_limit, len(setup.cards()), 100))

    def encode(self, view: dict, seat: int) -> np.ndarray:
        vector = np.zeros(self.size, dtype=np.float32)
        me, enemy = view["players"][seat], view["players"][1 - seat]

        def count(zone: str, refs) -> None:
            start = self.zone_start[zone]
            for ref in refs or ():
                vector[start + self.title_index[ref["title"]]] += 1

        count("own_hand", me["hand"])
        count("own_bases_left", me["bases_left"])
        for side, player in (("own", me), ("enemy", enemy)):
            count(f"{side}_discard", player["discard"])
            count(f"{side}_exile", player["exile"])
            count(f"{side}_in_play", player["in_play"])
            count(f"{side}_victory", player["victory"])
            count(f"{side}_base", [player["base"]] if player["base"] else ())
        count("own_committed", [c for c in me["in_play"] if c["committed"] is not None])
        count("own_attacked", [c for c in me["in_play"] if c["attacked"]])
        count("own_ability_used", [c for c in me["in_play"] if c["ability_used"]])
        count("galaxy_row", view["galaxy_row"])
        count("galaxy_discard", view["galaxy_discard"])
        count("outer_rim_top", view["outer_rim"])
        count("seen", view["seen"])
        side = 1 if me["side"] == "light" else -1
        numbers = (
            me["resources"], enemy["resources"],
            *_base_numbers(me["base"]), *_base_numbers(enemy["base"]),
            me["hand_count"], enemy["hand_count"], me["deck_count"], enemy["deck_count"],
            me["bases_left_count"], enemy["bases_left_count"], view["galaxy_deck_count"], view["outer_rim_count"],
            view["force"] * side, view["turn"], view["active"] == seat, view["to_move"] == seat,
            view["bases_to_win"],
        )  # fmt: skip
        vector[self.numbers_start : self.pending_start] = numbers
        if view["pending"] is not None:
            vector[self.pending_start + PENDING_KINDS.index(view["pending"]["kind"])] = 1
        return np.clip(vector, self.low, self.high, out=vector)

    def names(self) -> list[str]:
        """Each position's meaning: "own_hand:TIE Fighter", …, "turn", …, "pending:choose"."""
        per_title = [f"{zone}:{title}" for zone in ZONES for title in self.titles]
        return per_title + list(NUMBERS) + [f"pending:{kind}" for kind in PENDING_KINDS]


def _base_numbers(base: dict | None) -> tuple[int, int]:
    return (base["damage"], base["hit_points"] or 0) if base else (0, 0)
