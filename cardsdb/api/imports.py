"""A catalogue import over HTTP, as a job: POST /api/imports/ {"game": "swccg"} starts what `manage.py
import_cards swccg` does (cardsdb/import_jobs.py), from the server's own data folder or the game's pinned public
download; the client follows it at /api/jobs/<id>/. Staff only: an import changes the catalogue everyone reads.

Checked before anything is queued: the body (`game`, optional `allow_removals`), that the game has a source on
this server (400 `import-unavailable`), that no other import job is queued or running (409 `import-locked`; one
whose process died is marked failed `job-lost` instead of blocking imports for ever, cardsdb/import_jobs.py
blocking_job), and the caller's open jobs (429 `too-many-jobs`). No file or address is ever taken from the request."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.views import APIView

from cardsdb.api.request_size import check_body_size

from .. import import_jobs
from ..games.registry import GAME_CODES
from .errors import ApiError
from .jobs import JobOut, TrueOrFalse, accept_job
from .parsers import JSONParser
from .permissions import StaffRequired
from .schema import ERROR, StrictSerializer

MAX_IMPORT_BODY = 10_000  # {"game": …, "allow_removals": …} is a few dozen bytes


class ImportJobIn(StrictSerializer):
    game = serializers.ChoiceField(choices=GAME_CODES, help_text="The game whose catalogue to import.")
    allow_removals = TrueOrFalse(
        default=False,
        help_text="Remove what the source no longer lists even when that is more than 2% of a kind of row; "
        "without it such an import stops (`too-many-removals`) and changes nothing.",
    )


class ImportJobView(APIView):
    parser_classes = [JSONParser]
    permission_classes = [StaffRequired]
    login_to = "import the catalogue"

    @extend_schema(
        operation_id="imports_create",
        summary="Import a game's catalogue (staff)",
        description="Starts a catalogue import as a job: the server's data folder for the game "
        "(CARDSDB_DATA_DIR/<game>), else its pinned public download. Atomic and idempotent like "
        "`manage.py import_cards`; the job's result is the import's summary (counts of sets, rarities, personas "
        "and cards added, changed, removed and unchanged), its error `import-locked`, `too-many-removals` or "
        "`import-failed` when nothing was changed.",
        request=ImportJobIn,
        responses={202: JobOut, 400: ERROR, 401: ERROR, 403: ERROR, 409: ERROR, 413: ERROR, 429: ERROR},
    )
    def post(self, request):
        check_body_size(request, MAX_IMPORT_BODY)
        body = ImportJobIn(data=request.data)
        body.is_valid(raise_exception=True)
        game, allow_removals = body.validated_data["game"], body.validated_data["allow_removals"]
        if not import_jobs.has_source(game):
            raise ApiError(
                "import-unavailable",
                f"This server has no {game} data (CARDSDB_DATA_DIR/{game}) and no public download of it is known; "
                f"run manage.py import_cards {game} --source … on the server instead.",
            )
        running = import_jobs.blocking_job()
        if running is not None:
            raise ApiError(
                "import-locked",
                f"An import job is already {running.status} (/api/jobs/{running.pk}/); wait for it to finish.",
                status.HTTP_409_CONFLICT,
            )
        payload = {"game": game, "allow_removals": allow_removals}
        return accept_job(request.user, import_jobs.KIND, payload, total=0)
