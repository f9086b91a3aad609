"""SW:DBG AI games as a job: POST /api/games/swdbg/simulations/ plays up to 1,000 games between two AI players
(rules/simulation_jobs.py) on a format's default setup or a setup you send, seats alternating, and answers 202
with the job to follow at /api/jobs/<id>/ (progress: games played; result: win rates with 95% intervals, wins
per seat and per faction, draws, game length). POST /api/games/swdbg/simulate answers a few games at once.

Limits, checked before the job is queued: at most 1,000 games and 1,000 "greedy games" of work (a random
player's game costs 3, a search player's 300, a turn limit above the default 200 as many times more:
413 `simulation-too-large` with `limit`); a setup that cannot start a game is 400 `bad-setup`; at most 3
unfinished jobs per user (429 `too-many-jobs`). A login is needed: the work is counted to someone."""

import math

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.views import APIView

from cardsdb.api.errors import ApiError
from cardsdb.api.jobs import JobOut, Text, WholeNumber, accept_job
from cardsdb.api.parsers import JSONParser
from cardsdb.api.permissions import LoginRequired
from cardsdb.api.request_size import check_body_size
from cardsdb.api.schema import ERROR, StrictSerializer
from rules import saved_games
from rules.setups import DEFAULT_FORMAT, SetupRefused, default_setup, engine_setup
from rules.swdbg.setup import DEFAULT_TURN_LIMIT

from .games import GAME_COST, MAX_GAME_BODY, _setup_error

KIND = "swdbg-simulation"
MAX_SEED = 2**62  # as /api/games/swdbg/simulate and manage.py simulate_swdbg
MAX_JOB_GAMES = 1_000
JOB_BUDGET = (
    1_000  # in greedy games of the default turn limit, as the synchronous endpoint's GAME_COST counts
)


class SimulationJobIn(StrictSerializer):
    players = serializers.ListField(
        child=serializers.ChoiceField(choices=list(saved_games.OPPONENTS)),
        min_length=2,
        max_length=2,
        help_text='The two AI players, e.g. ["greedy", "search"]; seats alternate game by game.',
    )
    games = WholeNumber(min_value=1, max_value=MAX_JOB_GAMES)
    format = Text(
        max_length=60,
        required=False,
        help_text=f"A SW:DBG format's default setup (default {DEFAULT_FORMAT}).",
    )
    setup = serializers.JSONField(
        required=False,
        help_text="A whole record setup (format, players, options…; docs/swdbg-engine.md) instead of a format's "
        "default.",
    )
    seed = WholeNumber(min_value=0, max_value=MAX_SEED, default=0, help_text="Game i plays with seed + i.")


def job_cost(kinds: tuple[str, ...], games: int, turn_limit: int) -> tuple[int, int]:
    """(the work asked for, the most games of these players the budget allows) in greedy games."""
    per_game = max(GAME_COST[k] for k in kinds) * max(1, math.ceil(turn_limit / DEFAULT_TURN_LIMIT))
    return games * per_game, JOB_BUDGET // per_game


class SimulationJobView(APIView):
    parser_classes = [JSONParser]
    permission_classes = [LoginRequired]
    login_to = "run simulations as jobs"

    @extend_schema(
        operation_id="games_swdbg_simulations_create",
        summary="Play SW:DBG AI games as a job",
        request=SimulationJobIn,
        responses={202: JobOut, 400: ERROR, 401: ERROR, 413: ERROR, 429: ERROR},
    )
    def post(self, request):
        check_body_size(request, MAX_GAME_BODY)
        body = SimulationJobIn(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        if "setup" in data and "format" in data:
            raise ApiError("invalid-request", "Send `format` or a whole `setup`, not both.")
        kinds = tuple(data["players"])
        format_code = data.get("format", DEFAULT_FORMAT) if "setup" not in data else None
        try:
            record_setup = data["setup"] if "setup" in data else default_setup(format_code)
            setup = engine_setup(record_setup)
        except SetupRefused as exc:
            raise _setup_error(exc) from None
        cost, allowed = job_cost(kinds, data["games"], setup.turn_limit)
        if cost > JOB_BUDGET:
            raise ApiError(
                "simulation-too-large",
                f"At most {allowed:,} games of {' vs '.join(kinds)} with a turn limit of {setup.turn_limit} per "
                "job; run manage.py simulate_swdbg for more.",
                status.HTTP_413_REQUEST_ENTITY_TOO_LARGE,
                limit=allowed,
            )
        payload = {
            "players": list(kinds),
            "games": data["games"],
            "seed": data["seed"],
            "format": format_code,
            "setup": record_setup,
        }
        return accept_job(request.user, KIND, payload, total=data["games"])
