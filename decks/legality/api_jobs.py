"""A whole tournament's legality as a job: POST the decks (each shaped like a /api/legality/ body), get 202 and
the job's address, poll it for progress; its result is the batch endpoint's answer for all the decks.

Limits, checked before the job is queued (over one: 413 `batch-too-large`): at most 5,000 decks, 400,000 card
ids, 6,000,000 characters and 150,000 lines of deck-list text in all, and a body of at most 8,000,000 bytes; at
most 3 unfinished jobs per user (429 `too-many-jobs`). Jobs need a login: the work is counted to someone."""

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.views import APIView

from cardsdb.api.errors import ApiError
from cardsdb.api.jobs import JobOut, accept_job
from cardsdb.api.parsers import JSONParser
from cardsdb.api.permissions import LoginRequired
from cardsdb.api.request_size import check_body_size
from cardsdb.api.schema import ERROR, StrictSerializer
from decks.legality.api import check_batch_work

MAX_JOB_DECKS = 5_000
JOB_LIMITS = {"cards": 400_000, "characters": 6_000_000, "lines": 150_000}


class LegalityJobRequest(StrictSerializer):
    # Each deck an object, as in the batch: one with bad input (no `game`, say) gets an error object in its place
    # in the result, and the other decks are still checked.
    decks = serializers.ListField(
        child=serializers.DictField(),
        min_length=1,
        max_length=MAX_JOB_DECKS,
        help_text="Legality request bodies (LegalityRequest), each checked on its own.",
    )


class LegalityJobView(APIView):
    parser_classes = [JSONParser]
    permission_classes = [LoginRequired]
    login_to = "submit jobs"

    @extend_schema(
        operation_id="legality_jobs_create",
        # Each deck an object, as in the batch: one with bad input (no `game`, say) gets an error object in its
        # place in the result, and the other decks are still checked.
        request=LegalityJobRequest,
        responses={202: JobOut, 400: ERROR, 401: ERROR, 413: ERROR, 429: ERROR},
    )
    def post(self, request):
        check_body_size(request, settings.DATA_UPLOAD_MAX_MEMORY_SIZE)  # 8,000,000
        decks = request.data.get("decks") if isinstance(request.data, dict) else None
        if not isinstance(decks, list) or not 1 <= len(decks) <= MAX_JOB_DECKS:
            raise ApiError(
                "invalid-request",
                f"`decks` must be a list of 1 to {MAX_JOB_DECKS:,} legality request bodies.",
            )
        unknown = sorted(set(request.data) - {"decks"})
        if unknown:
            raise ApiError("invalid-request", f"Unknown fields: {', '.join(unknown)}; send only `decks`.")
        check_batch_work(decks, JOB_LIMITS)
        return accept_job(request.user, "legality-batch", {"decks": decks}, total=len(decks))
