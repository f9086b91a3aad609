"""SW:DBG games over HTTP: replaying a record (anyone), playing against an AI (logged-in users).

The engine is plain Python (rules/swdbg/); saved games are rules.models.SavedGame rows whose record is rebuilt
on each request (rules/saved_games.py). A record or setup the engine cannot use is a 400 with a code; an illegal
action is a 400 `illegal-action` with the rule's code, the rulebook section and a message.
"""

import functools
import hashlib
import time

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from cardsdb.api.conditional import NOT_MODIFIED, ConditionalReadMixin, Stamp
from cardsdb.api.errors import ApiError
from cardsdb.api.parsers import JSONParser
from cardsdb.api.permissions import LoginRequired
from cardsdb.api.request_size import check_body_size
from cardsdb.api.schema import StrictSerializer
from cardsdb.api.token_auth import TOKEN_ONLY
from cardsdb.api.views import ERROR
from cardsdb.games.registry import GAMES
from rules import saved_games
from rules.models import SavedGame
from rules.setups import DEFAULT_FORMAT, SetupRefused, default_setup, engine_setup
from rules.swdbg.errors import IllegalAction
from rules.swdbg.record import MAX_ACTIONS, MAX_SEED, SCHEMA_FILE, RecordError, record_schema, replay
from rules.swdbg.search import SearchBudget
from rules.swdbg.simulate import simulate

# The games whose plug-in names an engine: their records can be replayed (ENUM_NAME_OVERRIDES names this choice set).
RECORD_GAMES = [code for code, plugin in GAMES.items() if plugin.engine]
MAX_RECORD_BODY = 2_000_000  # 20,000 actions of ~40 bytes, and the setup
MAX_GAME_BODY = 1_000_000  # a new game may carry a whole setup


class RecordIn(StrictSerializer):
    """A SW:DBG game record (the full JSON Schema: GET /api/games/swdbg/record-schema)."""

    game = serializers.ChoiceField(choices=RECORD_GAMES)
    record_version = serializers.ChoiceField(choices=[1])
    setup = serializers.JSONField(
        help_text="format, players, bases_to_win, galaxy, options (docs/swdbg-engine.md)."
    )
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED)
    players = serializers.ListField(child=serializers.JSONField(), required=False, max_length=2)
    actions = serializers.ListField(child=serializers.JSONField(), max_length=MAX_ACTIONS)
    result = serializers.JSONField(required=False, allow_null=True)


class NewGameIn(StrictSerializer):
    faction = serializers.CharField(
        max_length=20, help_text="Your side: Empire or Rebel in the original edition."
    )
    opponent = serializers.ChoiceField(choices=list(saved_games.OPPONENTS), default="greedy")
    format = serializers.CharField(
        max_length=60, default=DEFAULT_FORMAT, help_text="beginner or full-galaxy."
    )
    seed = serializers.IntegerField(min_value=0, max_value=MAX_SEED, required=False)
    setup = serializers.JSONField(
        required=False, help_text="A whole record setup instead of the format's default."
    )


# A simulation's work in "greedy games": a random game is longer, a search game plays thousands of greedy turns.
GAME_COST = {"random": 3, "greedy": 1, "search": 300}  # search at full strength: about 10 s a game (the jobs)
SIMULATION_BUDGET = 300
# Search inside this request is budgeted (rules/swdbg/search.py SearchBudget) so that its one game ends within
# 2 s: greedy actions of rollouts per decision and in all (the same games for the same seed on any machine;
# a full-strength game plays 1.3 to 1.6 million, about 130,000 a second here) and, on a slow or busy machine, a
# deadline past which the search players play by instinct. Full strength: the simulation job.
SEARCH_ACTIONS_PER_DECISION = 1_000
SEARCH_ACTIONS = 120_000
SEARCH_SECONDS = 1.5
SIMULATION_JOBS = "/api/games/swdbg/simulations/"


class SimulateIn(StrictSerializer):
    players = serializers.ListField(
        child=serializers.ChoiceField(choices=list(saved_games.OPPONENTS)), min_length=2, max_length=2
    )
    games = serializers.IntegerField(min_value=1, max_value=SIMULATION_BUDGET)
    format = serializers.CharField(max_length=60, default=DEFAULT_FORMAT)
    seed = serializers.IntegerField(min_value=0, max_value=2**62, default=0)


class ActionIn(StrictSerializer):
    action = serializers.JSONField(help_text='One of the legal actions, e.g. {"type": "play", "card": 12}.')


def _record_error(exc: RecordError) -> ApiError:
    return ApiError(exc.code, exc.message)


def _setup_error(exc: SetupRefused) -> ApiError:
    return ApiError(
        "bad-setup", f"The setup cannot start a game: {exc.problems[0]['message']}", problems=exc.problems
    )


class PlayerView(APIView):
    """A view of the caller's own games: 401 `not-authenticated` without a login."""

    permission_classes = [LoginRequired]
    login_to = "play games"


def _own_game(request, game_id: int) -> SavedGame:
    """The caller's game (a PlayerView has checked the login); anyone else's is not found."""
    saved = SavedGame.objects.filter(pk=game_id, owner=request.user).first()
    if saved is None:
        raise ApiError("game-not-found", f"You have no game {game_id}.", status.HTTP_404_NOT_FOUND)
    return saved


def game_answer(saved: SavedGame, game, log: list[str]) -> dict:
    outcome = saved_games.outcome(saved, game)  # a resigned game is over too
    mine = game.to_move() == saved.seat and outcome is None
    return {
        "id": saved.pk,
        "seat": saved.seat,
        "opponent": saved.opponent,
        "status": saved.status,
        "actions": len(game.actions),
        "outcome": outcome,
        "view": game.view(saved.seat),
        "legal_actions": game.legal_actions() if mine else [],
        "log": log,
        "record_url": reverse("api-game-record", args=[saved.pk]),
    }


class ReplayView(APIView):
    """Replay a SW:DBG record against the stored cards: the outcome, a summary of each turn, and the illegal
    actions (strict: the first one stops the replay; ?mode=check: every one is listed and skipped), and whether
    the record's stated result is what its actions lead to."""

    parser_classes = [JSONParser]
    authentication_classes = TOKEN_ONLY

    @extend_schema(
        request=RecordIn,
        parameters=[OpenApiParameter("mode", str, enum=["strict", "check"], description="default strict")],
        responses={200: dict, 400: ERROR, 413: ERROR},
    )
    def post(self, request):
        check_body_size(request, MAX_RECORD_BODY)
        mode = request.query_params.get("mode", "strict")
        if mode not in ("strict", "check"):
            raise ApiError("bad-parameter", "mode is strict or check.")
        try:
            result = replay(request.data, engine_setup, strict=mode == "strict")
        except RecordError as exc:
            raise _record_error(exc) from None
        except SetupRefused as exc:
            raise _setup_error(exc) from None
        return Response({**result.as_dict(), "mode": mode, "log": result.log})


class SimulateView(APIView):
    """AI players against each other on a format's default setup, seats alternating: win rates with 95%
    intervals, draws, game length and the first player's advantage (manage.py simulate_swdbg for long runs)."""

    parser_classes = [JSONParser]
    authentication_classes = TOKEN_ONLY

    @extend_schema(request=SimulateIn, responses={200: dict, 400: ERROR, 413: ERROR})
    def post(self, request):
        check_body_size(request, MAX_GAME_BODY)
        body = SimulateIn(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        kinds = tuple(data["players"])
        cost = data["games"] * max(GAME_COST[k] for k in kinds)
        if cost > SIMULATION_BUDGET:
            allowed = SIMULATION_BUDGET // max(GAME_COST[k] for k in kinds)
            raise ApiError(
                "simulation-too-large",
                f"At most {allowed} games of {' vs '.join(kinds)} per request; play more as a job: "
                f"POST {SIMULATION_JOBS} (login needed).",
                status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
                limit=allowed,
                job=SIMULATION_JOBS,
            )
        try:
            setup = engine_setup(default_setup(data["format"]))
        except SetupRefused as exc:
            raise _setup_error(exc) from None
        budget = SearchBudget(
            SEARCH_ACTIONS_PER_DECISION, SEARCH_ACTIONS, deadline=time.monotonic() + SEARCH_SECONDS
        )
        summary = simulate(setup, kinds, data["games"], data["seed"], options={"search": {"budget": budget}})
        answer = {**summary.as_dict(), "format": data["format"], "seed": data["seed"]}
        if "search" in kinds:
            answer["search_budget"] = budget.as_dict()
        return Response(answer)


@functools.cache
def _record_schema_digest() -> str:
    """The published schema file's hash: the answer changes only when a deploy changes the file."""
    return hashlib.sha256(SCHEMA_FILE.read_bytes()).hexdigest()[:32]


class RecordSchemaView(ConditionalReadMixin, APIView):
    """The JSON Schema of SW:DBG game records (version 1). The one public read here (with ETag and 304): every
    other read of /api/games/ is a user's own game."""

    authentication_classes = TOKEN_ONLY

    def read_stamp(self, request, *args, **kwargs) -> Stamp:
        return Stamp(f"swdbg-record-schema:{_record_schema_digest()}")

    @extend_schema(responses={200: dict, 304: NOT_MODIFIED})
    def get(self, request):
        return Response(record_schema())


class GamesView(PlayerView):
    """Your saved games, the latest first."""

    @extend_schema(responses={200: dict, 401: ERROR})
    def get(self, request):
        games = SavedGame.objects.filter(owner=request.user)[:200]
        return Response(
            {
                "games": [
                    {"id": g.pk, "game": g.game_id, "seat": g.seat, "opponent": g.opponent, "status": g.status,
                     "actions": g.actions, "updated": g.updated, "url": reverse("api-game", args=[g.pk])}
                    for g in games
                ]
            }
        )  # fmt: skip


class NewGameView(PlayerView):
    """A new SW:DBG game against an AI (random, greedy or search); the AI moves first when its side does."""

    parser_classes = [JSONParser]

    @extend_schema(request=NewGameIn, responses={201: dict, 400: ERROR, 401: ERROR, 409: ERROR})
    def post(self, request):
        check_body_size(request, MAX_GAME_BODY)
        body = NewGameIn(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        try:
            saved, game, log = saved_games.start(
                request.user,
                faction=data["faction"],
                opponent=data["opponent"],
                format_code=data["format"],
                seed=data.get("seed"),
                setup=data.get("setup"),
            )
        except SetupRefused as exc:
            raise _setup_error(exc) from None
        except saved_games.GameRefused as exc:
            code = status.HTTP_409_CONFLICT if exc.code == "too-many-games" else status.HTTP_400_BAD_REQUEST
            raise ApiError(exc.code, exc.message, code) from None
        return Response(game_answer(saved, game, log), status=status.HTTP_201_CREATED)


class GameView(PlayerView):
    """One of your games as your seat sees it, with your legal actions when you are to move."""

    @extend_schema(responses={200: dict, 401: ERROR, 404: ERROR})
    def get(self, request, game_id: int):
        saved = _own_game(request, game_id)
        return Response(game_answer(saved, saved_games.rebuild(saved), []))

    @extend_schema(responses={204: None, 401: ERROR, 404: ERROR})
    def delete(self, request, game_id: int):
        _own_game(request, game_id).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class GameActionView(PlayerView):
    """Play one action in your game; the AI answers at once. The answer is the game after the AI's reply."""

    parser_classes = [JSONParser]

    @extend_schema(request=ActionIn, responses={200: dict, 400: ERROR, 401: ERROR, 404: ERROR, 409: ERROR})
    def post(self, request, game_id: int):
        check_body_size(request, MAX_GAME_BODY)
        body = ActionIn(data=request.data)
        body.is_valid(raise_exception=True)
        _own_game(request, game_id)
        try:
            saved, game, log = saved_games.play(game_id, request.user, body.validated_data["action"])
        except IllegalAction as exc:
            raise ApiError("illegal-action", exc.message, violation=exc.as_dict()) from None
        except saved_games.GameRefused as exc:
            raise ApiError(exc.code, exc.message, status.HTTP_409_CONFLICT) from None
        return Response(game_answer(saved, game, log))


class GameRecordView(PlayerView):
    """The game's record once it is over (while it goes on, the record would show the hidden cards)."""

    @extend_schema(responses={200: dict, 401: ERROR, 404: ERROR, 409: ERROR})
    def get(self, request, game_id: int):
        saved = _own_game(request, game_id)
        if saved.status != SavedGame.Status.FINISHED:
            raise ApiError(
                "game-in-progress", "The record is given once the game is over.", status.HTTP_409_CONFLICT
            )
        return Response(saved.record)


class GameStateView(PlayerView):
    """The state after action n (0: the opening), as your seat sees it; once the game is over, ?viewer=0, 1 or
    referee shows either seat or everything."""

    @extend_schema(
        parameters=[OpenApiParameter("viewer", str, enum=["0", "1", "referee"])],
        responses={200: dict, 400: ERROR, 401: ERROR, 404: ERROR},
    )
    def get(self, request, game_id: int, n: int):
        saved = _own_game(request, game_id)
        total = len(saved.record["actions"])
        if not 0 <= n <= total:
            raise ApiError("bad-parameter", f"n is an action number from 0 to {total}.")
        viewer = request.query_params.get("viewer")
        seat: int | None = saved.seat
        if viewer is not None:
            if viewer not in ("0", "1", "referee"):
                raise ApiError("bad-parameter", "viewer is 0, 1 or referee.")
            if saved.status != SavedGame.Status.FINISHED and viewer != str(saved.seat):
                raise ApiError(
                    "game-in-progress",
                    "Other views are given once the game is over.",
                    status.HTTP_409_CONFLICT,
                )
            seat = None if viewer == "referee" else int(viewer)
        result = replay(saved.record, engine_setup, stop_after=n)
        return Response({"n": n, "of": total, "log": result.log, "view": result.game.view(seat)})
