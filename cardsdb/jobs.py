"""Jobs: long work a request hands over (a tournament's legality checks, SW:DBG AI games, a catalogue import) and
a client follows at
/api/jobs/<id>/. A job's input, progress and result live in its row (cardsdb.models.Job); the work runs as the
Celery task `cardsdb.tasks.run_job` — on a worker when a broker is configured, otherwise in the submitting
process — so every web process and worker sees the same job.

A runner is a plain function (payload, progress) → result registered under the job's kind; it calls
`progress(done, total)` as it goes, and an ApiError it raises becomes the job's error."""

import importlib
import logging
import time
from collections.abc import Callable

from django.db import transaction
from django.utils import timezone

from .api.errors import ApiError
from .models import Job

log = logging.getLogger(__name__)

# kind → "module:function"; imported when a job of that kind runs, so this module needs none of them.
RUNNERS = {
    "legality-batch": "decks.batch:run_legality_job",
    "catalogue-import": "cardsdb.import_jobs:run_import_job",
    "swdbg-simulation": "rules.simulation_jobs:run_simulation_job",
}
PROGRESS_EVERY = 0.5  # seconds between two progress writes: one row update, not one per deck

Progress = Callable[[int, int], None]


def submit(kind: str, payload: dict, *, owner, total: int) -> Job:
    """Queue a job; its task is sent once the job's row is committed, so a worker always finds it."""
    if kind not in RUNNERS:
        raise ValueError(f"no runner for job kind {kind!r}")
    job = Job.objects.create(kind=kind, owner=owner, payload=payload, total=total)
    from .tasks import run_job

    transaction.on_commit(lambda: run_job.delay(str(job.pk)))
    return job


def _runner(kind: str):
    module, _, name = RUNNERS[kind].partition(":")
    return getattr(importlib.import_module(module), name)


def run(job_id: str) -> None:
    """Run a queued job to its end (the task's body). A job already taken by another worker is left alone."""
    taken = Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).update(
        status=Job.Status.RUNNING, started_at=timezone.now()
    )
    if not taken:
        return
    job = Job.objects.get(pk=job_id)
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY or done == total:
            last[0] = now
            Job.objects.filter(pk=job_id).update(done=done, total=total)

    try:
        result = _runner(job.kind)(job.payload, progress)
    except ApiError as exc:
        _finish(job_id, error={"code": exc.code, "message": str(exc.detail)})
    except Exception:  # a bug: the job says so instead of staying "running" for ever
        log.exception("job %s (%s) failed", job_id, job.kind)
        _finish(
            job_id,
            error={"code": "job-failed", "message": "The job failed on a server error; it was logged."},
        )
    else:
        _finish(job_id, result=result)


def _finish(job_id: str, *, result=None, error=None) -> None:
    status = Job.Status.FAILED if error else Job.Status.DONE
    Job.objects.filter(pk=job_id).update(
        status=status, result=result, error=error, finished_at=timezone.now()
    )


def as_dict(job: Job, *, with_result: bool = True) -> dict:
    return {
        "id": str(job.pk),
        "kind": job.kind,
        "status": job.status,
        "progress": {"done": job.done, "total": job.total},
        "created_at": job.created_at,
        "started_at": job.started_at,
        "finished_at": job.finished_at,
        "result": job.result if with_result else None,
        "error": job.error,
        "url": f"/api/jobs/{job.pk}/",
    }
