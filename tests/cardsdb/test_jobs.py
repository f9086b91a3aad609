"""Jobs (cardsdb/jobs.py): a tournament's legality checks submitted as a job, followed at /api/jobs/<id>/.
Here each job runs when its row is committed (tests/conftest.py; tests/cardsdb/test_job_threads.py runs them on
threads of their own, as without a broker in production); the job's row is its whole state, which is what lets
any web process answer for a job a worker runs. A job whose runner fell silent ends `job-lost`."""

import json
from datetime import datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.test import APIClient

from cardsdb import jobs
from cardsdb.api import jobs as jobs_api
from cardsdb.models import Job
from decks.legality import api_jobs as legality_jobs

pytestmark = pytest.mark.usefixtures("catalogue")


@pytest.fixture
def wedge(db):
    return User.objects.create(username="wedge")


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def sample_bodies(swccg_dir, n: int) -> list[dict]:
    decks = json.loads((swccg_dir / "gemp" / "sample_decks.json").read_text())["decks"]
    return [{"game": "swccg", "format": "open", "cards": decks[i % len(decks)]["cards"]} for i in range(n)]


def submit(client, body, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return client.post("/api/legality/jobs/", body, format="json")


def test_a_tournament_runs_as_a_job_with_the_batch_answer(
    wedge, swccg_dir, django_capture_on_commit_callbacks
):
    bodies = sample_bodies(swccg_dir, 120) + [
        {"game": "swccg", "format": "open", "cards": ["99_999"]},
        {"cards": 5},
    ]
    client = client_for(wedge)
    response = submit(client, {"decks": bodies}, django_capture_on_commit_callbacks)
    assert response.status_code == 202
    job = response.json()
    assert response["Location"] == job["url"] == f"/api/jobs/{job['id']}/"
    assert job["progress"]["total"] == 122

    done = client.get(job["url"]).json()
    assert done["status"] == "done" and done["progress"] == {"done": 122, "total": 122}
    assert done["started_at"] and done["finished_at"] and done["error"] is None
    result = done["result"]
    assert result["count"] == 122 and [r["index"] for r in result["results"]] == list(range(122))
    # The same answer the batch endpoint gives for the same decks.
    batch = client.post("/api/legality/batch/", {"decks": bodies[:60]}, format="json").json()
    assert result["results"][:60] == batch["results"]
    unknown = result["results"][120]
    assert unknown["legal"] is False and "99_999" in json.dumps(unknown["violations"])
    assert result["results"][121]["error"]["code"] == "invalid-request"

    listed = client.get("/api/jobs/").json()
    assert [j["id"] for j in listed] == [job["id"]] and listed[0]["result"] is None  # the list is light


def test_only_the_owner_sees_a_job(wedge, django_capture_on_commit_callbacks):
    job = submit(
        client_for(wedge),
        {"decks": [{"game": "swccg", "cards": ["1_168"]}]},
        django_capture_on_commit_callbacks,
    ).json()
    other = client_for(User.objects.create(username="biggs"))
    for url in (job["url"], "/api/jobs/not-a-uuid/", "/api/jobs/00000000-0000-0000-0000-000000000000/"):
        response = other.get(url)
        assert response.status_code == 404 and response.json()["code"] == "job-not-found"
    assert other.get("/api/jobs/").json() == []
    assert client_for().get(job["url"]).json()["code"] == "not-authenticated"


def test_jobs_need_a_login(db):
    response = client_for().post(
        "/api/legality/jobs/", {"decks": [{"game": "swccg", "cards": ["1_168"]}]}, format="json"
    )
    assert response.status_code == 401 and response.json()["code"] == "not-authenticated"
    assert not Job.objects.exists()


@pytest.mark.parametrize(
    "body",
    [
        {"decks": []},
        {"decks": "1_168"},
        {"decks": [{"cards": ["1_168"]}], "priority": "high"},
        {"decks": [{}] * (legality_jobs.MAX_JOB_DECKS + 1)},
        [{"cards": ["1_168"]}],
    ],
    ids=["empty", "not-a-list", "unknown-field", "too-many-decks", "not-an-object"],
)
def test_a_bad_job_is_refused_before_it_is_queued(wedge, body):
    response = client_for(wedge).post("/api/legality/jobs/", body, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid-request"
    assert not Job.objects.exists()


def test_a_job_over_its_work_limits_is_refused(wedge):
    decks = [{"cards": ["1_168"] * 1_000} for _ in range(legality_jobs.JOB_LIMITS["cards"] // 1_000 + 1)]
    response = client_for(wedge).post("/api/legality/jobs/", {"decks": decks}, format="json")
    assert response.status_code == 413 and response.json()["code"] == "batch-too-large"
    assert not Job.objects.exists()


def test_unfinished_jobs_per_user_are_limited(wedge):
    for _ in range(jobs_api.MAX_OPEN_JOBS):  # queued: their tasks never sent (not committed)
        response = client_for(wedge).post(
            "/api/legality/jobs/", {"decks": [{"game": "swccg", "cards": ["1_168"]}]}, format="json"
        )
        assert response.status_code == 202 and response.json()["status"] == "queued"
    response = client_for(wedge).post(
        "/api/legality/jobs/", {"decks": [{"game": "swccg", "cards": ["1_168"]}]}, format="json"
    )
    assert response.status_code == 429 and response.json()["code"] == "too-many-jobs"


def test_a_job_is_run_once_and_a_crash_fails_it_with_a_code(wedge, monkeypatch):
    job = Job.objects.create(
        kind="legality-batch",
        owner=wedge,
        payload={"decks": [{"game": "swccg", "cards": ["1_168"]}]},
        total=1,
    )
    jobs.run(str(job.pk))
    job.refresh_from_db()
    finished = job.finished_at
    assert job.status == "done"
    jobs.run(str(job.pk))  # a second delivery of the task (acks_late): nothing happens
    job.refresh_from_db()
    assert job.finished_at == finished

    def broken(payload, progress):
        raise RuntimeError("bug")

    monkeypatch.setitem(jobs.RUNNERS, "legality-batch", broken)
    crashed = Job.objects.create(kind="legality-batch", owner=wedge, payload={}, total=1)
    jobs.run(str(crashed.pk))
    crashed.refresh_from_db()
    assert crashed.status == "failed" and crashed.error["code"] == "job-failed" and crashed.result is None


def test_progress_is_written_as_the_job_goes(wedge, monkeypatch):
    seen = []
    monkeypatch.setattr(jobs, "PROGRESS_EVERY", 0)
    job = Job.objects.create(
        kind="legality-batch", owner=wedge, payload={"decks": [{"cards": ["1_168"]}] * 3}, total=3
    )

    def runner(payload, progress):
        for i in range(1, 4):
            progress(i, 3)
            seen.append(Job.objects.values_list("done", "heartbeat_at").get(pk=job.pk))
        return {"ok": True}

    monkeypatch.setitem(jobs.RUNNERS, "legality-batch", runner)
    jobs.run(str(job.pk))
    assert [done for done, _ in seen] == [1, 2, 3]
    beats = [beat for _, beat in seen]
    assert beats == sorted(beats) and beats[0] >= Job.objects.get(pk=job.pk).started_at  # a sign of life each


def silent_since() -> datetime:
    return timezone.now() - jobs.SILENT_AT_MOST - timedelta(seconds=1)


@pytest.mark.parametrize("kind", ["legality-batch", "swdbg-simulation"])
def test_jobs_whose_runner_fell_silent_are_lost_and_count_no_more(wedge, kind):
    # Jobs run inside a request used to die with the web worker its timeout killed, and stay "running": three
    # of them refused every later job of their owner with 429, for ever.
    dead = [
        Job.objects.create(kind=kind, owner=wedge, status="running", heartbeat_at=silent_since(), total=3)
        for _ in range(jobs_api.MAX_OPEN_JOBS)
    ]
    response = client_for(wedge).post(
        "/api/legality/jobs/", {"decks": [{"game": "swccg", "cards": ["1_168"]}]}, format="json"
    )
    assert response.status_code == 202, response.json()
    for job in dead:
        job.refresh_from_db()
        assert job.status == "failed" and job.error["code"] == "job-lost" and job.finished_at is not None
        assert "Submit it again" in job.error["message"]


def test_a_job_is_lost_when_read_only_once_silent_too_long(wedge):
    # Taken before heartbeats existed: its start is its last sign of life.
    silent = Job.objects.create(
        kind="legality-batch", owner=wedge, status="running", started_at=silent_since()
    )
    alive = Job.objects.create(
        kind="swdbg-simulation",
        owner=wedge,
        status="running",
        heartbeat_at=timezone.now() - jobs.SILENT_AT_MOST + timedelta(seconds=30),
    )
    waiting = Job.objects.create(kind="legality-batch", owner=wedge)  # queued within the hour
    stale = Job.objects.create(kind="legality-batch", owner=wedge)
    Job.objects.filter(pk=stale.pk).update(
        created_at=timezone.now() - jobs.QUEUED_AT_MOST - timedelta(seconds=1)
    )
    client = client_for(wedge)
    read = client.get(f"/api/jobs/{silent.pk}/").json()
    assert read["status"] == "failed" and read["error"]["code"] == "job-lost"
    listed = {job["id"]: job["status"] for job in client.get("/api/jobs/").json()}
    assert listed == {
        str(silent.pk): "failed",
        str(alive.pk): "running",
        str(waiting.pk): "queued",
        str(stale.pk): "failed",
    }
