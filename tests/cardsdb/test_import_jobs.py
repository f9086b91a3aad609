"""A catalogue import as a job (POST /api/imports/, cardsdb/import_jobs.py): staff only, from the server's own
data folder (never a path or URL from the request), one at a time, atomic like import_cards, followed at
/api/jobs/<id>/. Here each job runs when its row is committed (tests/conftest.py)."""

import contextlib
import json
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.test import APIClient

from cardsdb import import_jobs, jobs, token_services
from cardsdb.api import jobs as jobs_api
from cardsdb.importers.lock import ImportLocked
from cardsdb.models import Card, ImportRun, Job
from tests.conftest import require_data, writable_copy

URL = "/api/imports/"


@pytest.fixture
def staff(db):
    return User.objects.create(username="admiral", is_staff=True)


@pytest.fixture
def api(staff):
    client = APIClient()
    client.force_authenticate(staff)
    return client


@pytest.fixture
def data_copy(settings, tmp_path):
    """A data folder of the test's own holding a writable copy of the SW:DBG data."""
    writable_copy(require_data() / "swdbg", tmp_path / "data" / "swdbg")
    settings.CARDSDB_DATA_DIR = tmp_path / "data"
    return tmp_path / "data" / "swdbg"


def submit(api, body, capture):
    with capture(execute=True):
        return api.post(URL, body, format="json")


def finished(api, response) -> dict:
    assert response.status_code == 202, response.json()
    assert response["Location"] == response.json()["url"]
    return api.get(response.json()["url"]).json()


def test_an_import_job_restores_the_catalogue_and_reports_it(
    api, settings, swdbg_catalogue, django_capture_on_commit_callbacks
):
    settings.BULK_ON_IMPORT = True  # tests/conftest.py turns it off for the other tests
    card = Card.objects.filter(game_id="swdbg").order_by("code").first()
    title = card.title
    Card.objects.filter(pk=card.pk).update(title="Wrong", source_hash="stale")
    runs = ImportRun.objects.filter(game_id="swdbg").count()
    job = finished(api, submit(api, {"game": "swdbg"}, django_capture_on_commit_callbacks))
    assert job["kind"] == "catalogue-import" and job["status"] == "done", job
    result = job["result"]
    assert result["game"] == "swdbg" and result["changed"] is True
    assert result["cards"]["changed"] == 1 and result["cards"]["added"] == result["cards"]["removed"] == 0
    assert result["cards"]["unchanged"] == Card.objects.filter(game_id="swdbg").count() - 1
    assert result["bulk"]["sha256"] and result["bulk"]["size"] > 0  # the bulk file is rewritten
    assert job["progress"]["done"] == job["progress"]["total"] > 0
    card.refresh_from_db()
    assert card.title == title
    assert ImportRun.objects.filter(game_id="swdbg").count() == runs + 1

    again = finished(api, submit(api, {"game": "swdbg"}, django_capture_on_commit_callbacks))
    assert again["result"]["changed"] is False and again["result"]["cards"]["changed"] == 0  # idempotent


def test_an_import_that_would_remove_too_much_changes_nothing_unless_allowed(
    api, swdbg_catalogue, data_copy, django_capture_on_commit_callbacks
):
    path = data_copy / "original_2023.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    gone = doc["cards"][len(doc["cards"]) // 2 :]
    doc["cards"] = doc["cards"][: len(doc["cards"]) // 2]
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    before = Card.objects.filter(game_id="swdbg").count()

    job = finished(api, submit(api, {"game": "swdbg"}, django_capture_on_commit_callbacks))
    assert job["status"] == "failed" and job["error"]["code"] == "too-many-removals", job
    assert f"would remove {len(gone)} of" in job["error"]["message"] and job["result"] is None
    assert Card.objects.filter(game_id="swdbg").count() == before

    body = {"game": "swdbg", "allow_removals": True}
    job = finished(api, submit(api, body, django_capture_on_commit_callbacks))
    assert job["status"] == "done", job
    assert job["result"]["cards"]["removed"] == len(gone)
    assert any(f"{len(gone)} of" in line and "cards" in line for line in job["result"]["removals"])
    assert Card.objects.filter(game_id="swdbg").count() == before - len(gone)


def test_a_held_import_lock_fails_the_job_without_waiting(
    api, swdbg_catalogue, monkeypatch, django_capture_on_commit_callbacks
):
    @contextlib.contextmanager
    def busy(*, wait=True, on_wait=None):
        assert wait is False  # a job never queues behind import_cards
        raise ImportLocked()
        yield

    monkeypatch.setattr(import_jobs, "import_lock", busy)
    job = finished(api, submit(api, {"game": "swdbg"}, django_capture_on_commit_callbacks))
    assert job["status"] == "failed" and job["error"]["code"] == "import-locked"
    assert "nothing was changed" in job["error"]["message"]


def test_one_import_job_at_a_time(api, staff, swdbg_catalogue):
    other = User.objects.create(username="moff", is_staff=True)
    Job.objects.create(kind="catalogue-import", owner=other, payload={"game": "swccg"})
    response = api.post(URL, {"game": "swdbg"}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "import-locked"
    assert Job.objects.filter(owner=staff).count() == 0


def test_unfinished_jobs_per_user_are_limited(api, staff, swdbg_catalogue):
    for _ in range(jobs_api.MAX_OPEN_JOBS):
        Job.objects.create(kind="legality-batch", owner=staff, payload={})
    response = api.post(URL, {"game": "swdbg"}, format="json")
    assert response.status_code == 429 and response.json()["code"] == "too-many-jobs"


def test_a_game_without_a_source_here_is_refused(api, settings, tmp_path, swdbg_catalogue):
    settings.CARDSDB_DATA_DIR = tmp_path  # no swdbg folder, and SW:DBG has no public download
    response = api.post(URL, {"game": "swdbg"}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "import-unavailable"
    assert not Job.objects.exists()


def test_imports_are_for_staff_only(db, swdbg_catalogue):
    anonymous = APIClient().post(URL, {"game": "swdbg"}, format="json")
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "not-authenticated"
    player = APIClient()
    player.force_authenticate(User.objects.create(username="rookie"))
    refused = player.post(URL, {"game": "swdbg"}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
    assert "staff" in refused.json()["message"]
    assert not Job.objects.exists()


def test_a_staff_token_counts_as_a_login(staff, swdbg_catalogue, django_capture_on_commit_callbacks):
    _, key = token_services.create_token(staff, "import bot")
    client = APIClient(HTTP_AUTHORIZATION=f"Token {key}")
    job = finished(client, submit(client, {"game": "swdbg"}, django_capture_on_commit_callbacks))
    assert job["status"] == "done"


BAD_BODIES = [
    ({"game": "chess"}, "invalid-request"),
    ({"game": 7}, "invalid-request"),
    ({"game": ["swdbg"]}, "invalid-request"),
    ({}, "invalid-request"),
    ({"game": "swdbg", "allow_removals": "yes"}, "invalid-request"),
    ({"game": "swdbg", "allow_removals": 1}, "invalid-request"),
    ({"game": "swdbg", "source": "/etc"}, "invalid-request"),
    ({"game": "swdbg", "source": "http://169.254.169.254/"}, "invalid-request"),
    (["swdbg"], "invalid-request"),
    ("swdbg", "invalid-request"),
]


@pytest.mark.parametrize(("body", "code"), BAD_BODIES, ids=[str(i) for i in range(len(BAD_BODIES))])
def test_a_bad_import_body_is_refused_before_it_is_queued(api, swdbg_catalogue, body, code):
    response = api.post(URL, body, format="json")
    assert (response.status_code, response.json()["code"]) == (400, code), response.json()
    assert not Job.objects.exists()


RAW_BODIES = {
    "surrogate": (b'{"game": "swdbg\\ud800"}', "bad-unicode", 400),
    "nul": (b'{"game": "swdbg\\u0000"}', "bad-unicode", 400),
    "deep": (b'{"game": "swdbg", "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "request-too-large", 413),
    "deep-small": (b'{"game": ' + b"[" * 2_000 + b"]" * 2_000 + b"}", "too-deep", 400),
    "broken": (b'{"game": "swdbg"', "parse-error", 400),
    "huge-number": (b'{"game": "swdbg", "allow_removals": 1' + b"0" * 5_000 + b"}", None, 400),
}


@pytest.mark.parametrize("name", RAW_BODIES)
def test_hostile_json_is_a_coded_4xx(api, swdbg_catalogue, name):
    raw, code, status = RAW_BODIES[name]
    response = api.generic("POST", URL, raw, content_type="application/json")
    assert response.status_code == status, response.content[:300]
    assert response.json()["message"] and (code is None or response.json()["code"] == code)
    assert not Job.objects.exists()


def test_a_broken_source_fails_the_job_with_a_code(
    api, swdbg_catalogue, data_copy, django_capture_on_commit_callbacks
):
    (data_copy / "original_2023.json").write_text('{"cards": [', encoding="utf-8")
    before = Card.objects.filter(game_id="swdbg").count()
    job = finished(api, submit(api, {"game": "swdbg"}, django_capture_on_commit_callbacks))
    assert job["status"] == "failed" and job["error"]["code"] == "import-failed", job
    assert (
        "original_2023.json" in job["error"]["message"] and "nothing was changed" in job["error"]["message"]
    )
    assert Card.objects.filter(game_id="swdbg").count() == before


def test_a_running_job_whose_process_died_is_marked_lost_and_blocks_nothing(
    api, staff, swdbg_catalogue, django_capture_on_commit_callbacks
):
    # A worker killed mid-import leaves its job "running", silent, and the import lock free: the next import
    # job marks it lost instead of answering 409 for ever.
    silent = timezone.now() - jobs.SILENT_AT_MOST - timedelta(seconds=1)
    dead = Job.objects.create(
        kind="catalogue-import",
        owner=staff,
        payload={"game": "swdbg"},
        status="running",
        heartbeat_at=silent,
    )
    job = finished(api, submit(api, {"game": "swdbg"}, django_capture_on_commit_callbacks))
    assert job["status"] == "done"
    dead.refresh_from_db()
    assert dead.status == "failed" and dead.error["code"] == "job-lost" and dead.finished_at is not None
    assert "nothing was changed" in dead.error["message"]


def test_a_running_job_that_holds_the_lock_still_blocks(api, staff, swdbg_catalogue, monkeypatch):
    @contextlib.contextmanager
    def held(*, wait=True, on_wait=None):
        raise ImportLocked()
        yield

    monkeypatch.setattr(import_jobs, "import_lock", held)
    # Silent (its progress is written inside its transaction, unseen), yet alive: it holds the import lock.
    silent = timezone.now() - jobs.SILENT_AT_MOST - timedelta(seconds=1)
    alive = Job.objects.create(
        kind="catalogue-import",
        owner=staff,
        payload={"game": "swdbg"},
        status="running",
        heartbeat_at=silent,
    )
    response = api.post(URL, {"game": "swdbg"}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "import-locked"
    alive.refresh_from_db()
    assert alive.status == "running"


def test_a_job_queued_for_over_an_hour_lost_its_message(api, staff, swdbg_catalogue):
    stale = Job.objects.create(kind="catalogue-import", owner=staff, payload={"game": "swdbg"})
    Job.objects.filter(pk=stale.pk).update(created_at=timezone.now() - timedelta(hours=2))
    assert import_jobs.blocking_job() is None
    stale.refresh_from_db()
    assert stale.status == "failed" and stale.error["code"] == "job-lost"
