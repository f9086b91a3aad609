"""Jobs: long work a request hands over (a tournament's legality checks, SW:DBG AI games, a catalogue import) and
a client follows at /api/jobs/<id>/. A job's input, progress and result live in its row (cardsdb.models.Job), so
every web process and worker sees the same job.

The work is `run(job_id)`, started once the job's row is committed (cardsdb/job_submit.py, CARDSDB_JOB_RUNNER):
with a broker, as the Celery task `cardsdb.tasks.run_job` on a worker; without one (`make run`, `make serve`), on
a thread of the web process that accepted the job (cardsdb/job_threads.py). Either way the request answers 202 at
once, and no web worker's timeout cuts a job short.

A runner is a plain function (payload, progress) → result that the app owning the work registers under the job's
kind from its AppConfig.ready() (`register`); it calls `progress(done, total)` as it goes, and an ApiError it
raises becomes the job's error.

A runner that dies (its process killed or restarted, a broker message lost) would leave its job `running` for
ever, counted against its owner's open jobs. So a runner shows it is alive — a heartbeat written when it takes
the job and with every progress write — and end_lost marks failed `job-lost` a running job silent for longer
than SILENT_AT_MOST, or a job queued for longer than QUEUED_AT_MOST, whenever jobs are read or counted."""

import logging
import time
from collections.abc import Callable
from datetime import datetime, timedelta

from django.db.models import QuerySet
from django.utils import timezone

from .errors import ApiError
from .models import Job

log = logging.getLogger(__name__)

Progress = Callable[[int, int], None]
Runner = Callable[[dict, Progress], object]
# kind → its runner, and for a kind whose heartbeat others cannot see while it runs, (job) → whether it is alive:
# an import writes its progress inside its own transaction, so a silent running import is alive while it holds the
# import lock (a long SQLite import, whose transaction holds the database's one write lock).
RUNNERS: dict[str, Runner] = {}
ALIVE: dict[str, Callable[[Job], bool]] = {}


def register(kind: str, runner: Runner, *, alive: Callable[[Job], bool] | None = None) -> None:
    """A kind of job and its runner, from the owning app's AppConfig.ready(): cardsdb imports none of them."""
    RUNNERS[kind] = runner
    if alive is not None:
        ALIVE[kind] = alive


PROGRESS_EVERY = 0.5  # seconds between two progress writes: one row update, not one per deck
# The longest a live runner goes without a heartbeat: between two progress calls, the longest is one SW:DBG game
# (a job's whole budget, about 30 s on an idle core), slower on a loaded machine.
SILENT_AT_MOST = timedelta(minutes=5)
QUEUED_AT_MOST = timedelta(
    hours=1
)  # a job queued longer lost its broker message (or, without one, its process)
OPEN = (Job.Status.QUEUED, Job.Status.RUNNING)
LOST = {
    "code": "job-lost",
    "message": "The process running this job stopped before the job ended (a restart, a crash, a time limit), "
    "or its queued message was lost; nothing was changed (an import is atomic) and no result was kept. "
    "Submit it again.",
}


def run(job_id: str) -> None:
    """Run a queued job to its end (the task's body). A job already taken by another worker is left alone."""
    now = timezone.now()
    taken = Job.objects.filter(pk=job_id, status=Job.Status.QUEUED).update(
        status=Job.Status.RUNNING, started_at=now, heartbeat_at=now
    )
    if not taken:
        return
    job = Job.objects.get(pk=job_id)
    last = [0.0]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= PROGRESS_EVERY or done == total:
            last[0] = now
            Job.objects.filter(pk=job_id).update(done=done, total=total, heartbeat_at=timezone.now())

    try:
        result = RUNNERS[job.kind](job.payload, progress)
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


def end_lost(candidates: QuerySet[Job]) -> None:
    """Mark failed `job-lost` the jobs among these that no runner is working on any more, so that they stop
    counting as open: running and silent for longer than SILENT_AT_MOST (and, for a kind in ALIVE, not alive by
    its own sign either), or queued for longer than QUEUED_AT_MOST. A job that changed since it was read (a
    heartbeat just written, the job just ended) is left as it is."""
    now = timezone.now()
    fields = ("id", "kind", "status", "created_at", "started_at", "heartbeat_at")
    for job in candidates.filter(status__in=OPEN).only(*fields):
        if _is_lost(job, now):
            Job.objects.filter(pk=job.pk, status=job.status, heartbeat_at=job.heartbeat_at).update(
                status=Job.Status.FAILED, error=LOST, finished_at=now
            )


def _is_lost(job: Job, now: datetime) -> bool:
    if job.status == Job.Status.QUEUED:
        return job.created_at < now - QUEUED_AT_MOST
    last_sign = (
        job.heartbeat_at or job.started_at or job.created_at
    )  # no heartbeat: taken before there were any
    if last_sign >= now - SILENT_AT_MOST:
        return False
    return job.kind not in ALIVE or not ALIVE[job.kind](job)


def _finish(job_id: str, *, result=None, error=None) -> None:
    """The job's end, whatever it was marked meanwhile: a job taken for lost that ends after all says how."""
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
