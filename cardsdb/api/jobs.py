"""Jobs over HTTP: a client polls /api/jobs/<id>/ for the progress and result of work it submitted (a
tournament's legality checks: POST /api/legality/jobs/; AI games: POST /api/games/swdbg/simulations/; a catalogue
import, staff only: POST /api/imports/). Only the job's owner sees it; any other id is a 404. Reading or counting
jobs first marks the lost ones failed `job-lost` (cardsdb/jobs.py end_lost)."""

import uuid

from django.contrib.auth import get_user_model
from django.db import transaction
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import jobs
from ..job_submit import submit
from ..models import Job
from .errors import ApiError
from .permissions import LoginRequired
from .schema import ERROR

RECENT = 50  # jobs listed by GET /api/jobs/
MAX_OPEN_JOBS = 3  # a user's jobs queued or running at once (429 `too-many-jobs` past it)


class JobProgressOut(serializers.Serializer):
    done = serializers.IntegerField()
    total = serializers.IntegerField()


class JobOut(serializers.Serializer):
    id = serializers.UUIDField()
    kind = serializers.CharField()
    status = serializers.ChoiceField(choices=Job.Status.values)
    progress = JobProgressOut()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    result = serializers.JSONField(allow_null=True, help_text="When done: the same answer as the sync API.")
    error = serializers.JSONField(allow_null=True, help_text='When failed: {"code", "message"}.')
    url = serializers.CharField()


class WholeNumber(serializers.IntegerField):
    """An integer as JSON writes one: "5", 5.0 and true are refused, not read as 5 or 1."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class Text(serializers.CharField):
    """A string as JSON writes one: 7 is not the text "7"."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class TrueOrFalse(serializers.BooleanField):
    """true or false, not "yes", 1 or "on"."""

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data


def accept_job(user, kind: str, payload: dict, *, total: int) -> Response:
    """Queue the job and answer 202 with it (queued) and its address in Location; 429 `too-many-jobs` when the
    user already has MAX_OPEN_JOBS queued or running (checked after the request's own checks, so a refused job
    costs nothing). Counted and created under a lock on the user's row — on SQLite, the transaction's write lock
    (BEGIN IMMEDIATE) — so that simultaneous submissions take turns instead of all passing the count. Lost jobs
    are marked first: they no longer count."""
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        mine = Job.objects.filter(owner=user)
        jobs.end_lost(mine)
        full = mine.filter(status__in=jobs.OPEN).count() >= MAX_OPEN_JOBS
        job = None if full else submit(kind, payload, owner=user, total=total)
    if job is None:
        raise ApiError(
            "too-many-jobs",
            f"You have {MAX_OPEN_JOBS} jobs queued or running; wait for one to finish (GET /api/jobs/).",
            status.HTTP_429_TOO_MANY_REQUESTS,
        )
    response = Response(jobs.as_dict(job, with_result=False), status=status.HTTP_202_ACCEPTED)
    response["Location"] = f"/api/jobs/{job.pk}/"
    return response


class JobListView(APIView):
    """My latest jobs, newest first (without their results: read each job for that)."""

    permission_classes = [LoginRequired]
    login_to = "see your jobs"

    @extend_schema(operation_id="jobs_list", responses={200: JobOut(many=True), 401: ERROR})
    def get(self, request):
        mine = Job.objects.filter(owner=request.user)
        jobs.end_lost(mine)
        found = mine.defer("payload", "result")[:RECENT]
        return Response([jobs.as_dict(job, with_result=False) for job in found])


class JobDetailView(APIView):
    """One job: its status (queued, running, done, failed), progress, and its result or error when it ends."""

    permission_classes = [LoginRequired]
    login_to = "see your jobs"

    @extend_schema(
        operation_id="jobs_retrieve",
        parameters=[OpenApiParameter("job_id", str, OpenApiParameter.PATH)],
        responses={200: JobOut, 401: ERROR, 404: ERROR},
    )
    def get(self, request, job_id: str):
        try:
            key = uuid.UUID(job_id)
        except ValueError:
            key = None
        job = None
        if key:
            mine = Job.objects.filter(pk=key, owner=request.user)
            jobs.end_lost(mine)
            job = mine.defer("payload").first()
        if job is None:
            raise ApiError(
                "job-not-found",
                f"You have no job {job_id[:64]!r}; GET /api/jobs/ lists yours.",
                status.HTTP_404_NOT_FOUND,
            )
        return Response(jobs.as_dict(job))
