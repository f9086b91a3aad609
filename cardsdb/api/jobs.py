"""Jobs over HTTP: a client polls /api/jobs/<id>/ for the progress and result of work it submitted (a
tournament's legality checks: POST /api/legality/jobs/). Only the job's owner sees it; any other id is a 404."""

import uuid

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from .. import jobs
from ..models import Job
from .errors import ApiError
from .schema import ERROR

RECENT = 50  # jobs listed by GET /api/jobs/


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


def require_login(request, what: str) -> None:
    if not request.user.is_authenticated:
        raise ApiError(
            "not-authenticated",
            f"Log in to {what} (an API token, HTTP Basic or the session).",
            status.HTTP_401_UNAUTHORIZED,
        )


class JobListView(APIView):
    """My latest jobs, newest first (without their results: read each job for that)."""

    @extend_schema(operation_id="jobs_list", responses={200: JobOut(many=True), 401: ERROR})
    def get(self, request):
        require_login(request, "see your jobs")
        found = Job.objects.filter(owner=request.user).defer("payload", "result")[:RECENT]
        return Response([jobs.as_dict(job, with_result=False) for job in found])


class JobDetailView(APIView):
    """One job: its status (queued, running, done, failed), progress, and its result or error when it ends."""

    @extend_schema(
        operation_id="jobs_retrieve",
        parameters=[OpenApiParameter("job_id", str, OpenApiParameter.PATH)],
        responses={200: JobOut, 401: ERROR, 404: ERROR},
    )
    def get(self, request, job_id: str):
        require_login(request, "see your jobs")
        try:
            key = uuid.UUID(job_id)
        except ValueError:
            key = None
        job = Job.objects.filter(pk=key, owner=request.user).defer("payload").first() if key else None
        if job is None:
            raise ApiError(
                "job-not-found",
                f"You have no job {job_id[:64]!r}; GET /api/jobs/ lists yours.",
                status.HTTP_404_NOT_FOUND,
            )
        return Response(jobs.as_dict(job))
