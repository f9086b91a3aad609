"""Handing a job over: its row is created, and once committed its runner starts — on a thread of this process
without a broker (cardsdb/job_threads.py), as a Celery task with one (cardsdb/tasks.py). Apart from cardsdb/jobs.py,
which both runners call, so that the job's life imports neither of them."""

from functools import partial

from django.conf import settings
from django.db import transaction

from . import job_threads, jobs
from .models import Job
from .tasks import run_job


def submit(kind: str, payload: dict, *, owner, total: int) -> Job:
    """Queue a job; it is started once its row is committed, so its runner always finds it."""
    if kind not in jobs.RUNNERS:
        raise ValueError(f"no runner for job kind {kind!r}")
    job = Job.objects.create(kind=kind, owner=owner, payload=payload, total=total)
    transaction.on_commit(partial(_start, str(job.pk)))
    return job


def _start(job_id: str) -> None:
    if settings.CARDSDB_JOB_RUNNER == "thread":
        job_threads.start(job_id)
    else:
        run_job.delay(job_id)
