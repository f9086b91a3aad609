"""Playing SW:DBG in the app against an AI: start a game, play the owner's actions, let the AI answer.

Thin glue between SavedGame rows and the plain engine: the game is rebuilt from its record on each request
(a whole game replays in milliseconds), the owner's action is checked by the engine, and the AI plays until
the owner is to move again or the game ends. The AI of a seat is rebuilt for each of its moves from the
record's seed and the move's index, so a saved game replays to the same AI choices. A search AI's reply runs
inside a request: past AI_REPLY_SECONDS it plays by instinct (its greedy choice) instead of searching.
"""

import random
import time

from django.db import transaction

from cardsdb.models import Game as GameRow
from rules.models import SavedGame
from rules.setups import default_setup, engine_setup
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


def let_ai_play(game: Game, seat: int, kind: str, *, seconds: float = AI_REPLY_SECONDS) -> list[str]:
    """The AI plays until `seat` is to move or the game ends; its actions in words. A search AI searches for
    `seconds`, then plays by instinct."""
    budget = SearchBudget(deadline=time.monotonic() + seconds)
    log = []
    for _ in range(MAX_AI_ACTIONS):
        if game.outcome() is not None or game.to_move() == seat:
            break
        action = ai_move(game, kind, budget)
        log.append(action_words(game, action))
        game.apply(action)
    return log


def start(user, *, faction: str, opponent: str, format_code: str, seed: int | None, setup: dict | None):
    """A new game for `user` in `faction`'s seat; the AI moves first if its side does."""
    if opponent not in OPPONENTS:
        raise GameRefused("bad-game", f"opponent must be one of {', '.join(OPPONENTS)}.")
    if SavedGame.objects.filter(owner=user, status=SavedGame.Status.PLAYING).count() >= MAX_OPEN_GAMES:
        raise GameRefused(
            "too-many-games", f"You have {MAX_OPEN_GAMES} games in progress; finish or delete one."
        )
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
    with transaction.atomic():
        saved = SavedGame.objects.select_for_update().get(pk=saved_id, owner=user)
        game = rebuild(saved)
        if game.to_move() != saved.seat and game.outcome() is None:
            raise GameRefused("not-your-move", "The AI is to move; reload the game.")
        words = [action_words(game, action)] if action in game.legal_actions() else []
        game.apply(action)
        log = words + let_ai_play(game, saved.seat, saved.opponent)
        saved.record = make_record(game, saved.record["setup"], saved.record["players"])
        saved.status, saved.actions = _status(game), len(game.actions)
        saved.save(update_fields=["record", "status", "actions", "updated"])
    return saved, game, log


def _status(game: Game) -> str:
    return SavedGame.Status.PLAYING if game.outcome() is None else SavedGame.Status.FINISHED
