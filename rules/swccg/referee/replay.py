"""The referee put together from its rulebook sections, and the loop that replays a record's events through it."""

from collections.abc import Mapping

from ..cards import CcgCard
from ..record import Record
from .battles import Battles
from .captives import Captives
from .changing_sides import ChangingSides
from .deployment import Deployment
from .drains import Drains
from .movement import Movement
from .piles import Piles
from .results import CHECK, STRICT, Replay, Violation
from .sabacc_games import SabaccGames
from .turns import TurnStructure


class _Referee(
    TurnStructure, Piles, Deployment, Drains, Battles, Movement, Captives, ChangingSides, SabaccGames
):
    """An event of type `t` is checked by the section's `on_t`."""

    def apply(self, index: int, event: dict) -> list[Violation]:
        self.index, self.found = index, []
        kind = event["type"]
        if self.table.over and kind != "game_end":
            self.broke("game-over", "The game is over: a Life Force is gone.")
        else:
            if self.table.battle is not None and kind not in (
                "draw", "hit", "forfeit", "lose_force", "modify", "battle_end", "use_force", "deploy", "move",
                "fire_weapon", "capture", "sabacc",
            ):  # fmt: skip
                self.end_battle()
            getattr(self, f"on_{kind}")(event)
            self.check_life_force()
        return self.found


def referee(
    record: Record, cards: Mapping[str, CcgCard], mode: str = CHECK, stop_after: int | None = None
) -> Replay:
    """Replay `record` (its shape already checked) against `cards` (every GEMP id it uses). `stop_after` replays
    only the events up to that index (the table as it was then)."""
    judge = _Referee(record, cards)
    violations: list[Violation] = []
    stopped = None
    checked = 0
    for index, event in enumerate(record.events):
        if stop_after is not None and index > stop_after:
            break
        found = judge.apply(index, event)
        checked += 1
        violations += found
        if found and mode == STRICT:
            stopped = index
            break
    if stopped is None and stop_after is None and record.result is not None and not judge.table.over:
        violations.append(
            Violation(
                len(record.events),
                "result-mismatch",
                "The record states a result, but no Life Force ran out.",
            )
        )
    return Replay(
        violations=violations,
        turns=judge.turns,
        table=judge.table,
        events_checked=checked,
        stopped_at=stopped,
        winner=judge.winner,
        ended=judge.table.over,
    )
