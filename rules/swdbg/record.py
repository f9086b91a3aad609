"""Game records: the referee's copy of a game (hidden information included) and replays of it.

    {"game": "swdbg", "record_version": 1,
     "setup": {...},                  the game's setup (rules/setups.py reads it against the stored cards)
     "seed": 42,                      the engine's generator seed: shuffles, draws, galaxy refills
     "players": [{"name": "…", "kind": "human" | "random" | "greedy" | "search", "faction": "Empire"}, …],
     "actions": [{"type": "play", "card": 12}, …],   every action in order (rules/swdbg/game.py)
     "result": {"winner": 0 | 1 | null, "reason": "bases" | "turn-limit", "turn": 23} | null}

The JSON Schema is rules/swdbg/record_schema.json (published in docs/swdbg-engine.md and the OpenAPI schema).
A replay rebuilds every state from the setup, the seed and the actions. Strict: it stops at the first illegal
action (its index, the rule's code and a message). Checking: it lists every illegal action, skipping each one
and going on. A stated result that disagrees with the replay's outcome is reported as `result-mismatch`.
"""

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .errors import IllegalAction
from .game import Game
from .setup import Setup
from .view import action_parts, describe

RECORD_VERSION = 1
MAX_ACTIONS = 20_000  # a whole game of the slowest (random) players takes about 1,200; a bound on the work
MAX_SEED = 2**63 - 1
PLAYER_KINDS = ("human", "random", "greedy", "search")
SCHEMA_FILE = Path(__file__).with_name("record_schema.json")


def record_schema() -> dict:
    return json.loads(SCHEMA_FILE.read_text())


class RecordError(ValueError):
    """A record whose shape is wrong: `code` (bad-record, too-many-actions) and a message naming the field."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


def check_shape(record: object) -> None:
    """The record's envelope (not its setup or actions' legality, which the replay checks): RecordError."""
    if not isinstance(record, dict):
        raise RecordError("bad-record", "A game record is a JSON object.")
    allowed = {"game", "record_version", "setup", "seed", "players", "actions", "result"}
    unknown = sorted(set(record) - allowed, key=str)
    if unknown:
        raise RecordError(
            "bad-record", f"Unknown key {unknown[0]!r}; a record has {', '.join(sorted(allowed))}."
        )
    if record.get("game") != "swdbg":
        raise RecordError("bad-record", 'game must be "swdbg".')
    if record.get("record_version") != RECORD_VERSION:
        raise RecordError("bad-record", f"record_version must be {RECORD_VERSION}.")
    seed = record.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise RecordError("bad-record", "seed must be a whole number from 0 to 2**63 - 1.")
    if not isinstance(record.get("setup"), dict):
        raise RecordError("bad-record", "setup must be an object.")
    players = record.get("players", [])
    if not isinstance(players, list) or len(players) not in (0, 2):
        raise RecordError("bad-record", "players must list the two players (or be left out).")
    for index, player in enumerate(players):
        if not isinstance(player, dict) or set(player) - {"name", "kind", "faction"}:
            raise RecordError("bad-record", f"players[{index}] is an object with name, kind and faction.")
        if "kind" in player and player["kind"] not in PLAYER_KINDS:
            raise RecordError(
                "bad-record", f"players[{index}].kind must be one of {', '.join(PLAYER_KINDS)}."
            )
        for key in ("name", "faction"):
            if key in player and (not isinstance(player[key], str) or len(player[key]) > 100):
                raise RecordError(
                    "bad-record", f"players[{index}].{key} must be a text of at most 100 characters."
                )
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise RecordError("bad-record", "actions must be a list.")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(
            "too-many-actions", f"A record holds at most {MAX_ACTIONS:,} actions, not {len(actions):,}."
        )
    result = record.get("result")
    if result is not None and not isinstance(result, dict):
        raise RecordError("bad-record", "result must be an object or null.")


def make_record(game: Game, setup: dict, players: list[dict] | None = None) -> dict:
    return {
        "game": "swdbg",
        "record_version": RECORD_VERSION,
        "setup": setup,
        "seed": game.seed,
        "players": players or [],
        "actions": list(game.actions),
        "result": game.outcome(),
    }


@dataclass
class TurnSummary:
    turn: int
    player: int
    faction: str
    actions: int = 0
    played: list[str] = field(default_factory=list)
    purchased: list[str] = field(default_factory=list)
    base_damage: int = 0
    bases_destroyed: list[str] = field(default_factory=list)
    ships_destroyed: int = 0
    force_after: int = 0

    def as_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class ReplayResult:
    game: Game
    applied: int  # actions replayed legally
    violations: list[dict]  # {"index", "code", "rule", "message"}
    turns: list[TurnSummary]
    log: list[str]  # each legal action in words, in order
    result_mismatch: dict | None = None
    log_parts: list[dict] = field(default_factory=list)  # the same actions as data (view.action_parts)

    @property
    def ok(self) -> bool:
        return not self.violations and self.result_mismatch is None

    def as_dict(self) -> dict:
        return {
            "ok": self.ok,
            "outcome": self.game.outcome(),
            "actions_replayed": self.applied,
            "violations": self.violations,
            "result_mismatch": self.result_mismatch,
            "turns": [t.as_dict() for t in self.turns],
        }


def replay(
    record: dict,
    build_setup: Callable[[dict], Setup],
    *,
    strict: bool = True,
    stop_after: int | None = None,
    summarise: bool = True,
) -> ReplayResult:
    """Rebuild the game of `record` (its shape checked first); `stop_after` n stops after n actions (the state
    after action n). Setup problems raise the builder's own error; illegal actions are reported, not raised."""
    check_shape(record)
    game = Game.new(build_setup(record["setup"]), record["seed"])
    violations: list[dict] = []
    turns: list[TurnSummary] = []
    log: list[str] = []
    log_parts: list[dict] = []
    applied = 0
    actions = record["actions"] if stop_after is None else record["actions"][:stop_after]
    for index, action in enumerate(actions):
        state = game.state
        if summarise and (not turns or turns[-1].turn != state.turn):
            turns.append(TurnSummary(state.turn, state.active, state.players[state.active].faction))
        before = _tally(state) if summarise else None
        legal = isinstance(action, dict) and action in game.legal_actions()
        parts = action_parts(state, action, game.to_move()) if summarise and legal else {}
        words = describe(state, action, game.to_move()) if summarise and legal else ""
        try:
            game.apply(action)
        except IllegalAction as illegal:
            illegal.index = index
            violations.append(illegal.as_dict())
            if strict:
                break
            continue
        applied += 1
        if summarise:
            log.append(words)
            log_parts.append(parts)
            _account(turns[-1], before, game, action)
    mismatch = None
    stated = record.get("result")
    if stop_after is None and not violations and stated is not None:
        outcome = game.outcome()
        if outcome is None or any(stated.get(k) != outcome.get(k) for k in ("winner", "reason")):
            mismatch = {"code": "result-mismatch", "stated": stated, "replayed": outcome,
                        "message": "The record's result is not what its actions lead to."}  # fmt: skip
    return ReplayResult(game, applied, violations, turns, log, mismatch, log_parts)


def _tally(state) -> tuple:
    enemy = state.players[1 - state.active]
    ships = {c for c in enemy.in_play if state.cards[c].is_ship}
    return enemy.base, enemy.base_damage, ships, len(state.players[state.active].victory)


def _account(turn: TurnSummary, before: tuple, game: Game, action: dict) -> None:
    """Add one action's doings to its turn: cards played and purchased, damage to the enemy base (a destroyed
    base counts the damage it still could take), enemy capital ships that left play."""
    state = game.state
    turn.actions += 1
    kind, card = action.get("type"), action.get("card")
    if kind == "play":
        turn.played.append(state.cards[card].title)
    elif kind == "purchase":
        turn.purchased.append(state.cards[card].title)
    base, damage, ships, victories = before
    enemy = state.players[1 - turn.player]
    if base is not None and enemy.base == base:
        turn.base_damage += max(0, enemy.base_damage - damage)
    for destroyed in state.players[turn.player].victory[victories:]:
        turn.bases_destroyed.append(state.cards[destroyed].title)
        turn.base_damage += state.cards[destroyed].hit_points - damage
    turn.ships_destroyed += len(ships - set(enemy.in_play))
    turn.force_after = state.force
