"""Jobs without a broker (CARDSDB_JOB_RUNNER "thread": CELERY_BROKER_URL unset, as `make run` and `make serve`):
each runs on a thread of the web process that accepted it, started once its row is committed, so the request
answers 202 at once and the job outlives it — no web worker's timeout (gunicorn's 30 s) kills it mid-way.

Daemon threads: a process that stops (a restart, a crash, a worker killed) takes its jobs with it, and their
heartbeat falls silent, so they end `job-lost` (cardsdb/jobs.py end_lost) instead of staying `running`."""

import logging
import threading

from django.db import connections

from . import jobs

log = logging.getLogger(__name__)


def start(job_id: str) -> threading.Thread:
    thread = threading.Thread(target=_run, args=(job_id,), name=f"job-{job_id}", daemon=True)
    thread.start()
    return thread


def _run(job_id: str) -> None:
    try:
        jobs.run(job_id)
    except Exception:  # the database failed it (jobs.run ends the runner's own errors): its heartbeat stops
        log.exception("job %s could not be run or ended", job_id)
    finally:
        connections.close_all()  # this thread's own connections: no request's end closes them
