"""SW:DBG AI games as a job (POST /api/games/swdbg/simulations/, rules/simulation_jobs.py): checked and bounded
before anything is queued, run with progress after every game, and the same numbers as the synchronous
/api/games/swdbg/simulate for the same players, games and seed. Here each job runs when its row is committed
(tests/conftest.py)."""

import copy

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from cardsdb import jobs
from cardsdb.api import jobs as jobs_api
from cardsdb.models import Job
from rules.api import simulation_jobs
from rules.setups import default_setup

URL = "/api/games/swdbg/simulations/"


@pytest.fixture
def luke(db):
    return User.objects.create(username="luke")


@pytest.fixture
def api(luke):
    client = APIClient()
    client.force_authenticate(luke)
    return client


def submit(api, body, capture):
    with capture(execute=True):
        return api.post(URL, body, format="json")


def test_a_simulation_job_gives_the_synchronous_answer_and_more(
    api, swdbg_catalogue, django_capture_on_commit_callbacks
):
    body = {"players": ["greedy", "random"], "games": 6, "seed": 11, "format": "beginner"}
    response = submit(api, body, django_capture_on_commit_callbacks)
    assert response.status_code == 202, response.json()
    job = response.json()
    assert response["Location"] == job["url"] and job["kind"] == "swdbg-simulation"
    done = api.get(job["url"]).json()
    assert done["status"] == "done", done
    assert done["progress"] == {"done": 6, "total": 6}
    result = done["result"]
    quick = api.post("/api/games/swdbg/simulate", body, format="json").json()
    for key in ("games", "players", "draws", "average_turns", "first_player", "wins_by_faction"):
        assert result[key] == quick[key], key
    assert result["seed"] == 11 and result["seeds"] == [11, 16] and result["format"] == "beginner"
    seats = result["seats"]
    assert [s["seat"] for s in seats] == [0, 1] and {s["faction"] for s in seats} == {"Empire", "Rebel"}
    assert sum(s["wins"] for s in seats) + result["draws"] == 6
    assert result["turns"]["min"] <= result["average_turns"] <= result["turns"]["max"]
    # The payload keeps the setup played, so the job says exactly what it ran.
    assert Job.objects.get(pk=job["id"]).payload["setup"] == default_setup("beginner")


def test_a_given_setup_is_played(api, swdbg_catalogue, django_capture_on_commit_callbacks):
    setup = default_setup("beginner")
    setup["options"] = {"turn_limit": 2}  # every game a draw at turn 2
    body = {"players": ["greedy", "greedy"], "games": 2, "setup": setup}
    job = submit(api, body, django_capture_on_commit_callbacks).json()
    result = api.get(job["url"]).json()["result"]
    assert result["draws"] == 2 and result["turns"] == {"min": 2, "max": 2} and result["format"] is None
    assert list(result["players"]) == ["greedy", "greedy#2"]


def test_progress_is_reported_after_every_game(luke, swdbg_catalogue, monkeypatch):
    monkeypatch.setattr(jobs, "PROGRESS_EVERY", 0)
    seen = []
    real = Job.objects.filter

    payload = {
        "players": ["greedy", "greedy"],
        "games": 3,
        "seed": 0,
        "format": "beginner",
        "setup": default_setup("beginner"),
    }
    job = Job.objects.create(kind="swdbg-simulation", owner=luke, payload=payload, total=3)

    def watching(*args, **kwargs):
        found = real(*args, **kwargs)
        if kwargs.get("pk") == str(job.pk):
            seen.append(Job.objects.values_list("done", flat=True).get(pk=job.pk))
        return found

    monkeypatch.setattr(Job.objects, "filter", watching)
    jobs.run(str(job.pk))
    job.refresh_from_db()
    assert job.status == "done" and job.done == 3
    assert {1, 2} <= set(seen)  # written while it ran, not only at the end


def test_simulation_jobs_need_a_login(db):
    response = APIClient().post(URL, {"players": ["greedy", "greedy"], "games": 1}, format="json")
    assert response.status_code == 401 and response.json()["code"] == "not-authenticated"
    assert "Log in" in response.json()["message"] and "token" in response.json()["message"]
    assert not Job.objects.exists()


BAD_BODIES = [
    ({"players": ["greedy"], "games": 3}, 400, "invalid-request"),
    ({"players": ["greedy", "alphago"], "games": 3}, 400, "invalid-request"),
    ({"players": "greedy,greedy", "games": 3}, 400, "invalid-request"),
    ({"players": [["greedy"], {}], "games": 3}, 400, "invalid-request"),
    ({"players": ["greedy", "greedy"], "games": 10**30}, 400, "invalid-request"),
    ({"players": ["greedy", "greedy"], "games": simulation_jobs.MAX_JOB_GAMES + 1}, 400, "invalid-request"),
    ({"players": ["greedy", "greedy"], "games": 0}, 400, "invalid-request"),
    ({"players": ["greedy", "greedy"], "games": -5}, 400, "invalid-request"),
    ({"players": ["greedy", "greedy"], "games": "5"}, 400, "invalid-request"),
    ({"players": ["greedy", "greedy"], "games": 5.0}, 400, "invalid-request"),
    ({"players": ["greedy", "greedy"], "games": True}, 400, "invalid-request"),
    ({"players": ["greedy", "greedy"], "games": None}, 400, "invalid-request"),
    ({"players": ["greedy", "greedy"], "games": 1, "seed": 2**62 + 1}, 400, "invalid-request"),
    ({"players": ["greedy", "greedy"], "games": 1, "seed": -1}, 400, "invalid-request"),
    ({"players": ["greedy", "greedy"], "games": 1, "format": 7}, 400, "invalid-request"),
    ({"players": ["greedy", "greedy"], "games": 1, "format": "x" * 61}, 400, "invalid-request"),
    ({"players": ["greedy", "greedy"], "games": 1, "format": "nope"}, 400, "bad-setup"),
    ({"players": ["greedy", "greedy"], "games": 1, "setup": "beginner"}, 400, "bad-setup"),
    ({"players": ["greedy", "greedy"], "games": 1, "setup": {"turns": 3}}, 400, "bad-setup"),
    ({"players": ["greedy", "greedy"], "games": 1, "setup": None}, 400, "invalid-request"),
    (
        {"players": ["greedy", "greedy"], "games": 1, "format": "beginner", "setup": {}},
        400,
        "invalid-request",
    ),
    ({"players": ["greedy", "greedy"], "games": 1, "priority": "high"}, 400, "invalid-request"),
    ({"players": ["search", "greedy"], "games": 4}, 413, "simulation-too-large"),
    ({"players": ["random", "greedy"], "games": 334}, 413, "simulation-too-large"),
    ([{"players": ["greedy", "greedy"], "games": 1}], 400, "invalid-request"),
    ("greedy", 400, "invalid-request"),
]


@pytest.mark.parametrize(("body", "status", "code"), BAD_BODIES, ids=[str(i) for i in range(len(BAD_BODIES))])
def test_a_bad_or_too_large_simulation_is_refused_before_it_is_queued(
    api, swdbg_catalogue, body, status, code
):
    response = api.post(URL, body, format="json")
    assert (response.status_code, response.json()["code"]) == (status, code), response.json()
    assert response.json()["message"]
    assert not Job.objects.exists()


def test_a_longer_turn_limit_costs_more(api, swdbg_catalogue):
    setup = default_setup("beginner")
    setup["options"] = {"turn_limit": 10_000}  # 50 times the default: 20 greedy games at most
    response = api.post(URL, {"players": ["greedy", "greedy"], "games": 21, "setup": setup}, format="json")
    assert response.status_code == 413 and response.json()["limit"] == 20
    assert not Job.objects.exists()


RAW_BODIES = {
    "surrogate": (b'{"players": ["greedy", "gr\\ud800"], "games": 1}', "bad-unicode"),
    "nul": (b'{"players": ["greedy", "greedy"], "games": 1, "format": "beg\\u0000"}', "bad-unicode"),
    "deep": (
        b'{"players": ["greedy", "greedy"], "games": 1, "setup": ' + b"[" * 5_000 + b"]" * 5_000 + b"}",
        "too-deep",
    ),
    "broken": (b'{"players": ["greedy", "greedy"], "games": 1', "parse-error"),
    "huge-number": (b'{"players": ["greedy", "greedy"], "games": 1' + b"0" * 5_000 + b"}", None),
    "empty": (b"", "invalid-request"),  # no body: no parser runs, so no field is there
}


@pytest.mark.parametrize("name", RAW_BODIES)
def test_hostile_json_is_a_coded_400(api, swdbg_catalogue, name):
    raw, code = RAW_BODIES[name]
    response = api.generic("POST", URL, raw, content_type="application/json")
    assert response.status_code == 400, response.content[:300]
    assert response.json()["message"] and (code is None or response.json()["code"] == code)
    assert not Job.objects.exists()


def test_a_body_over_its_size_is_refused_unread(api, swdbg_catalogue):
    setup = default_setup("beginner")
    setup["padding"] = "x" * 1_100_000
    response = api.post(URL, {"players": ["greedy", "greedy"], "games": 1, "setup": setup}, format="json")
    assert response.status_code == 413 and response.json()["code"] == "request-too-large"


def test_unfinished_jobs_per_user_are_limited(api, swdbg_catalogue):
    body = {"players": ["greedy", "greedy"], "games": 1, "format": "beginner"}
    for _ in range(jobs_api.MAX_OPEN_JOBS):  # queued: their tasks never sent (not committed)
        assert api.post(URL, copy.deepcopy(body), format="json").status_code == 202
    response = api.post(URL, body, format="json")
    assert response.status_code == 429 and response.json()["code"] == "too-many-jobs"
    assert Job.objects.count() == jobs_api.MAX_OPEN_JOBS
