"""Jobs for real, on threads with database connections of their own.

Without a broker (cardsdb/job_threads.py, as `make run` and `make serve` run): the request answers 202 before the
job ends, and the job runs on a thread of its own, then ends. Jobs used to run inside the request: one longer
than gunicorn's 30 s timeout died with the worker, stayed `running` for ever, and the client got an HTML 500.

The open-job limit under simultaneous submissions (cardsdb/api/jobs.py accept_job): five at once from one user
used to all pass the count (MAX_OPEN_JOBS, 3) before any was created, and all ran at once. A barrier holds every
submission between its count and its creation, so without a lock all five certainly pass the count; with the lock
on the user's row the first holds the others off until the barrier gives up.

Every request runs on a thread of its own, in autocommit (what one commits, the others see). PostgreSQL runs them
on the test database and deletes their rows after; on SQLite the test database is in memory, where a connection
that meets another's lock is refused at once instead of waiting, so the threads' connections open a database
file of the test's own, holding the tables these requests touch."""

import contextlib
import threading
import uuid
from unittest import mock

import pytest
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.db import connection, connections
from rest_framework.test import APIClient

from cardsdb import jobs
from cardsdb.api.jobs import MAX_OPEN_JOBS
from cardsdb.models import Job
from decks.legality import batch

pytestmark = pytest.mark.database  # the threads' own connections

URL = "/api/legality/jobs/"
PREFIX = "threads-"  # the users these tests make


def in_thread(function):
    """function() on a thread of its own, so on a connection of its own, in autocommit; its result."""
    result = {}

    def run():
        try:
            result["value"] = function()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            result["error"] = exc
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result.get("value")


def make_tables() -> None:
    with connection.schema_editor() as editor:
        for model in (ContentType, Permission, Group, User, Job):
            editor.create_model(model)


@pytest.fixture
def threads_database(db, tmp_path):
    """Where the threads' connections go (the test's own stays in its transaction, unused)."""
    if connection.vendor == "postgresql":
        yield
        in_thread(
            lambda: User.objects.filter(username__startswith=PREFIX).delete()
        )  # their jobs go with them
        return
    suite = connections.settings["default"]
    connections.settings["default"] = {**suite, "NAME": str(tmp_path / "threads.sqlite3")}
    try:
        in_thread(make_tables)
        yield
    finally:
        connections.settings["default"] = suite


def client_of_a_new_user() -> tuple[APIClient, User]:
    user = in_thread(lambda: User.objects.create(username=f"{PREFIX}{uuid.uuid4().hex[:12]}"))
    client = APIClient()
    client.force_authenticate(user)
    return client, user


def test_without_a_broker_the_request_answers_at_once_and_the_job_then_ends(
    threads_database, settings, monkeypatch
):
    settings.CARDSDB_JOB_RUNNER = "thread"  # what settings choose without CELERY_BROKER_URL
    started, release = threading.Event(), threading.Event()
    check_decks = batch.run_legality_job

    def held(payload, progress):  # the job waits until the test has seen the answer
        assert threading.current_thread().name.startswith("job-"), "the job ran inside the request"
        started.set()
        assert release.wait(timeout=30)
        return check_decks(payload, progress)

    monkeypatch.setitem(jobs.RUNNERS, "legality-batch", held)
    client, _ = client_of_a_new_user()
    response = in_thread(lambda: client.post(URL, {"decks": [{"cards": 5}, {"cards": 6}]}, format="json"))
    assert response.status_code == 202, response.content[:300]
    job = response.json()
    assert job["status"] == "queued" and job["progress"] == {"done": 0, "total": 2}

    assert started.wait(timeout=30)
    runner = next(t for t in threading.enumerate() if t.name == f"job-{job['id']}")
    assert in_thread(lambda: client.get(job["url"]).json())["status"] == "running"
    release.set()
    runner.join(timeout=30)
    assert not runner.is_alive()
    done = in_thread(lambda: client.get(job["url"]).json())
    assert done["status"] == "done" and done["progress"] == {"done": 2, "total": 2}, done
    assert [r["error"]["code"] for r in done["result"]["results"]] == ["invalid-request"] * 2


SUBMISSIONS = 5
HELD = 2.0  # seconds the barrier waits: the lock's holder waits this long for the others, in vain


def test_simultaneous_submissions_take_turns_at_the_open_job_limit(threads_database):
    client, user = client_of_a_new_user()
    barrier = threading.Barrier(SUBMISSIONS)
    create = Job.objects.create

    def counted_then_created(**fields):
        with contextlib.suppress(threading.BrokenBarrierError):
            barrier.wait(timeout=HELD)
        return create(**fields)

    statuses: list = [None] * SUBMISSIONS

    def submit(i: int) -> None:
        try:
            statuses[i] = client.post(URL, {"decks": [{"cards": 5}]}, format="json").status_code
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            statuses[i] = repr(exc)
        finally:
            connections.close_all()

    with (
        mock.patch.object(Job.objects, "create", counted_then_created),
        mock.patch.object(jobs, "run", lambda job_id: None),  # never run: every job accepted stays open
    ):
        threads = [threading.Thread(target=submit, args=(i,)) for i in range(SUBMISSIONS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    assert sorted(statuses, key=str) == [202] * MAX_OPEN_JOBS + [429] * (SUBMISSIONS - MAX_OPEN_JOBS)
    assert in_thread(lambda: Job.objects.filter(owner=user).count()) == MAX_OPEN_JOBS
