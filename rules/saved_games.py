"""Playing SW:DBG in the app against an AI: start a game, play the owner's actions, let the AI answer.

Thin glue between SavedGame rows and the plain engine: the game is rebuilt from its record on each request
(a whole game replays in milliseconds), the owner's action is checked by the engine, and the AI plays until
the owner is to move again or the game ends. The AI of a seat is rebuilt for each of its moves from the
record's seed and the move's index, so a saved game replays to the same AI choices. A search AI's reply runs
inside a request: past AI_REPLY_SECONDS it plays by instinct (its greedy choice) instead of searching.
"""

import random
import time
from collections.abc import Callable

from django.db import transaction

from cardsdb.models import Game as GameRow
from rules.models import SavedGame
from rules.setups import default_setup, engine_setup
from rules.swdbg.errors import IllegalAction
from rules.swdbg.game import Game
from rules.swdbg.record import make_record, replay
from rules.swdbg.roster import players
from rules.swdbg.search import SearchBudget
from rules.swdbg_words import action_words

GAME = "swdbg"
OPPONENTS = ("random", "greedy", "search")
MAX_OPEN_GAMES = 20  # games a user may have in progress at once
MAX_AI_ACTIONS = 3_000  # one AI reply never takes more (a turn of greedy play takes a few dozen)
AI_REPLY_SECONDS = 1.5  # a request answers within 2 s; a search move takes at most about 0.3 s


class GameRefused(ValueError):
    def __init__(self, code: str, message: str, **details):
        super().__init__(message)
        self.code, self.message, self.details = code, message, details


def rebuild(saved: SavedGame) -> Game:
    return replay(saved.record, engine_setup, summarise=False).game


def ai_move(game: Game, kind: str, budget: SearchBudget | None = None) -> dict:
    seed = random.Random(f"{game.seed}:{len(game.actions)}").getrandbits(32)
    options = {"budget": budget} if kind == "search" else {}
    return players()[kind](seed, **options).choose(game)


def let_ai_play(
    game: Game, seat: int, kind: str, *, seconds: float = AI_REPLY_SECONDS, after: Callable | None = None
) -> list[str]:
    """The AI plays until `seat` is to move or the game ends; its actions in words. A search AI searches for
    `seconds`, then plays by instinct. `after(game, seat, words)` is called after each AI action (the table's
    frames)."""
    budget = SearchBudget(deadline=time.monotonic() + seconds)
    log = []
    for _ in range(MAX_AI_ACTIONS):
        if game.outcome() is not None or game.to_move() == seat:
            break
        action = ai_move(game, kind, budget)
        words = action_words(game, action)
        log.append(words)
        game.apply(action)
        if after is not None:
            after(game, 1 - seat, words)
    return log


def _check_open_games(user) -> None:
    if SavedGame.objects.filter(owner=user, status=SavedGame.Status.PLAYING).count() >= MAX_OPEN_GAMES:
        raise GameRefused(
            "too-many-games", f"You have {MAX_OPEN_GAMES} games in progress; finish or delete one."
        )


def start(user, *, faction: str, opponent: str, format_code: str, seed: int | None, setup: dict | None):
    """A new game for `user` in `faction`'s seat; the AI moves first if its side does."""
    if opponent not in OPPONENTS:
        raise GameRefused("bad-game", f"opponent must be one of {', '.join(OPPONENTS)}.")
    _check_open_games(user)
    setup = setup if setup is not None else default_setup(format_code)
    engine = engine_setup(setup)  # SetupRefused: the caller answers with its problems
    factions = [p.faction for p in engine.players]
    if faction not in factions:
        raise GameRefused("bad-game", f"faction must be one of this setup's: {', '.join(factions)}.")
    seat = factions.index(faction)
    seed = seed if seed is not None else random.SystemRandom().getrandbits(32)
    game = Game.new(engine, seed)
    log = let_ai_play(game, seat, opponent)
    kinds = [{"kind": "human", "faction": f} if i == seat else {"kind": opponent, "faction": f}
             for i, f in enumerate(factions)]  # fmt: skip
    saved = SavedGame.objects.create(
        game=GameRow.objects.get(code=GAME),
        owner=user,
        seat=seat,
        opponent=opponent,
        record=make_record(game, setup, kinds),
        status=_status(game),
        actions=len(game.actions),
    )
    return saved, game, log


def play(saved_id: int, user, action: dict):
    """Apply the owner's action (IllegalAction if the engine refuses it), then the AI's reply."""
    saved, game, log, _ = play_many(saved_id, user, [action])
    return saved, game, log


def play_many(saved_id: int, user, actions: list, after: Callable | None = None):
    """Apply the owner's actions in order, then the AI's reply. The first action refused: IllegalAction and
    nothing changes; a later one refused (an earlier play asked a decision, say) stops there and is returned as
    the fourth value, the actions before it kept. `after` is called after each action, the owner's and the
    AI's, as let_ai_play calls it."""
    stopped = None
    with transaction.atomic():
        saved = SavedGame.objects.select_for_update().get(pk=saved_id, owner=user)
        if saved.resigned:
            raise GameRefused("game-over", "You resigned this game.")
        game = rebuild(saved)
        log = []
        for index, action in enumerate(actions):
            if game.to_move() != saved.seat and game.outcome() is None:
                if index == 0:
                    raise GameRefused("not-your-move", "The AI is to move; reload the game.")
                break
            words = action_words(game, action) if action in game.legal_actions() else ""
            try:
                game.apply(action)
            except IllegalAction as exc:
                if index == 0:
                    raise
                stopped = exc
                break
            log.append(words)
            if after is not None:
                after(game, saved.seat, words)
        log += let_ai_play(game, saved.seat, saved.opponent, after=after)
        _save(saved, game)
    return saved, game, log, stopped


def _save(saved: SavedGame, game: Game) -> None:
    saved.record = make_record(game, saved.record["setup"], saved.record["players"])
    saved.status, saved.actions = _status(game), len(game.actions)
    saved.save(update_fields=["record", "status", "actions", "resigned", "updated"])


def owner_moves(saved: SavedGame) -> list[int]:
    """The indexes of the record's actions the owner made (the seat to move before each), in order."""
    game = Game.new(engine_setup(saved.record["setup"]), saved.record["seed"])
    found = []
    for index, action in enumerate(saved.record["actions"]):
        if game.to_move() == saved.seat:
            found.append(index)
        game.apply(action)
    return found


def undo(saved_id: int, user) -> tuple[SavedGame, Game]:
    """Take back the owner's last action and the AI's replies after it: the record rewound to before it."""
    with transaction.atomic():
        saved = SavedGame.objects.select_for_update().get(pk=saved_id, owner=user)
        if saved.resigned:
            raise GameRefused("game-over", "You resigned this game.")
        mine = owner_moves(saved)
        if not mine:
            raise GameRefused("nothing-to-undo", "You have made no move to take back.")
        if saved.status == SavedGame.Status.FINISHED:  # taking back the last move reopens the game
            _check_open_games(user)
        game = Game.new(engine_setup(saved.record["setup"]), saved.record["seed"])
        for action in saved.record["actions"][: mine[-1]]:
            game.apply(action)
        _save(saved, game)
    return saved, game


def resign(saved_id: int, user) -> SavedGame:
    """The owner gives the game up: it ends, the AI wins."""
    with transaction.atomic():
        saved = SavedGame.objects.select_for_update().get(pk=saved_id, owner=user)
        if saved.status == SavedGame.Status.FINISHED:
            raise GameRefused("game-over", "The game is already over.")
        saved.resigned, saved.status = True, SavedGame.Status.FINISHED
        saved.save(update_fields=["resigned", "status", "updated"])
    return saved


def rematch(saved: SavedGame, user):
    """A new game with the same setup, the owner in the same seat and faction, against the same AI."""
    faction = saved.record["players"][saved.seat].get("faction")
    setup = saved.record["setup"]
    return start(user, faction=faction, opponent=saved.opponent, format_code=setup.get("format", ""), seed=None,
                 setup=setup)  # fmt: skip


def outcome(saved: SavedGame, game: Game) -> dict | None:
    """The game's outcome: the engine's, or the owner's resignation."""
    if saved.resigned:
        return {"winner": 1 - saved.seat, "reason": "resigned", "turn": game.state.turn}
    return game.outcome()


def _status(game: Game) -> str:
    return SavedGame.Status.PLAYING if game.outcome() is None else SavedGame.Status.FINISHED
