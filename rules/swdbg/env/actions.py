"""The engine's actions as the fixed indices of one discrete action space (docs/swdbg-env.md has the table).

A setup fixes the space: N cards (`Setup.cards()`, numbered as the engine numbers them), the galaxy row's
ROW_SIZE slots, the option names of every "choose" text, and the most hit points of a capital ship (the most
damage one ship can be assigned). Each block below holds one kind of action, in this order:

    end_turn, decline, resolve the attack on the base        1 each
    play, purchase, pay_off, ability, commit to the base     N each: by the card
    commit to a galaxy-row target                            N × ROW_SIZE: the card × the target's row slot
    resolve the attack on a galaxy-row card                  N: by the target (it may have left the row)
    select a card                                            N
    select an option                                         one per option name
    select a card and an amount (assign_damage)              N × most hit points: the ship × amount − 1
    select a card and a row card (swap_discard)              N × ROW_SIZE: the card × the row slot swapped

Every legal action has exactly one index (`index`); `legal_indices` checks that no two legal actions share one.
"""

from ..effects import CHOICES
from ..game import Game
from ..setup import Setup
from ..state import ROW_SIZE
from ..texts import TEXTS

PENDING_KINDS = tuple(sorted(CHOICES))


def option_names() -> tuple[str, ...]:
    """Every option name a "choose" or "opp_choose" text offers, sorted."""
    names: set[str] = set()

    def walk(steps) -> None:
        if not isinstance(steps, tuple):
            return
        if len(steps) >= 2 and steps[0] in ("choose", "opp_choose") and isinstance(steps[1], tuple):
            names.update(option[0] for option in steps[1])
        for part in steps:
            walk(part)

    for text in TEXTS.values():
        for steps in (
            text.on_play,
            text.on_purchase,
            text.on_defeat,
            text.on_reveal,
            text.on_turn_start,
            text.reward,
        ):
            walk(steps)
        if text.use is not None:
            walk(text.use.steps)
    return tuple(sorted(names))


class ActionCodec:
    """Engine actions ↔ indices of the action space of one setup."""

    END_TURN, DECLINE, RESOLVE_BASE = 0, 1, 2

    def __init__(self, setup: Setup):
        cards = setup.cards()
        self.n = n = len(cards)
        self.options = option_names()
        self.most_damage = max([c.hit_points or 0 for c in cards if c.is_ship] + [1])
        sizes = {
            "play": n, "purchase": n, "pay_off": n, "ability": n, "commit_base": n, "commit_row": n * ROW_SIZE,
            "resolve_row": n, "select_card": n, "select_option": len(self.options),
            "select_amount": n * self.most_damage, "select_with": n * ROW_SIZE,
        }  # fmt: skip
        self.start: dict[str, int] = {}
        offset = 3
        for block, size in sizes.items():
            self.start[block] = offset
            offset += size
        self.size = offset

    def index(self, game: Game, action: dict) -> int:
        """The index of a legal action of `game` now (row slots are read from its galaxy row)."""
        kind, start = action["type"], self.start
        if kind == "end_turn":
            return self.END_TURN
        if kind == "decline":
            return self.DECLINE
        if kind in ("play", "purchase", "pay_off", "ability"):
            return start[kind] + action["card"]
        if kind == "commit":
            if action["target"] == "base":
                return start["commit_base"] + action["card"]
            return start["commit_row"] + action["card"] * ROW_SIZE + game.state.row.index(action["target"])
        if kind == "resolve":
            target = action["target"]
            return self.RESOLVE_BASE if target == "base" else start["resolve_row"] + target
        if kind == "select":
            if "option" in action:
                return start["select_option"] + self.options.index(action["option"])
            if "amount" in action:
                return start["select_amount"] + action["card"] * self.most_damage + action["amount"] - 1
            if "with" in action:
                return start["select_with"] + action["card"] * ROW_SIZE + game.state.row.index(action["with"])
            return start["select_card"] + action["card"]
        raise ValueError(f"no index for the action {action!r}")

    def legal_indices(self, game: Game) -> dict[int, dict]:
        """Each legal action of `game` by its index."""
        found: dict[int, dict] = {}
        for action in game.legal_actions():
            index = self.index(game, action)
            if index in found:
                raise AssertionError(f"{action!r} and {found[index]!r} share the index {index}")
            found[index] = action
        return found

    def block_of(self, index: int) -> str:
        """The name of the block an index belongs to (for reading a policy's choices)."""
        if index < 3:
            return ("end_turn", "decline", "resolve_base")[index]
        return max((start, block) for block, start in self.start.items() if start <= index)[1]
