"""Several stateless web processes and a Celery worker against one database and one Redis (docs/deployment.md):
a rate limit counted across both web processes, a catalogue import seen by both (their kept answers and
in-process card pools follow the catalogue version), and a job submitted to one, run by the worker and read
from the other.

It runs the real thing: two gunicorn servers and `celery worker` as subprocesses on loopback ports, against a
scratch database of the suite's engine (a PostgreSQL database of its own, or an SQLite file) and Redis databases
13 and 14. Without Redis it is skipped, except in CI (CI=true), where Redis is part of the machine."""

import base64
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings

from tests.conftest import writable_copy

ROOT = Path(__file__).resolve().parents[2]
REDIS = os.environ.get("CARDSDB_TEST_REDIS", "redis://127.0.0.1:6379")
PASSWORD = "multi-process-pass-1"


def redis_up() -> bool:
    import redis

    try:
        return redis.Redis.from_url(REDIS).ping()
    except redis.RedisError:
        return False


pytestmark = [
    pytest.mark.skipif(
        not os.environ.get("CI") and not redis_up(), reason="needs Redis at 127.0.0.1:6379 (CI has it)"
    ),
    pytest.mark.database,  # a scratch database of the suite's engine: run on PostgreSQL too
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def scratch_database(tmp_path: Path) -> tuple[str, callable]:
    """(DATABASE_URL, drop) of an empty database of the suite's engine."""
    if settings.DATABASES["default"]["ENGINE"].endswith("postgresql"):
        import psycopg

        admin = "postgres://postgres@127.0.0.1:5432/postgres"
        name = "cardsdb_multi_process"

        def drop():
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

        drop()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgres://postgres@127.0.0.1:5432/{name}", drop
    return f"sqlite:///{tmp_path / 'shared.sqlite3'}", lambda: None


def request(url, *, body=None, user=None, method=None):
    """(status, headers, JSON or None) of one request; 4xx/5xx answers are returned, not raised."""
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method or ("POST" if data else "GET"))
    if data:
        req.add_header("Content-Type", "application/json")
    if user:
        req.add_header("Authorization", "Basic " + base64.b64encode(f"{user}:{PASSWORD}".encode()).decode())
    try:
        with urllib.request.urlopen(req, timeout=30) as answer:
            return answer.status, answer.headers, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers, json.loads(refused.read() or b"null")


@pytest.fixture
def deployment(tmp_path, swccg_dir):
    import redis

    for db in (13, 14):
        redis.Redis.from_url(f"{REDIS}/{db}").flushdb()
    data = tmp_path / "data"
    writable_copy(swccg_dir.parent / "swdbg", data / "swdbg")
    database_url, drop = scratch_database(tmp_path)
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": f"{REDIS}/13",
        "CELERY_BROKER_URL": f"{REDIS}/14",
        "CARDSDB_DATA_DIR": str(data),
        "CARDSDB_RATE_USER": "8/minute",
        "CARDSDB_SEARCH_CACHE_SECONDS": "600",
        "DJANGO_DEBUG": "1",  # static files from the apps: no collectstatic into the checkout
        "SECRET_KEY": "multi-process-test",
        "ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SUPERUSER_PASSWORD": PASSWORD,
    }

    def manage(*args):
        subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True
        )

    manage("migrate", "--noinput")
    manage("import_cards", "swdbg")
    manage("import_formats", "swdbg")
    for name in ("organiser", "throttled"):
        manage("createsuperuser", "--noinput", "--username", name, "--email", f"{name}@example.org")

    processes = []
    urls = []
    try:
        for _ in range(2):
            port = free_port()
            processes.append(
                subprocess.Popen(
                    [sys.executable, "-m", "gunicorn", "cardsdb.wsgi", "-c", "cardsdb/gunicorn_conf.py",
                     "-b", f"127.0.0.1:{port}", "-w", "1", "--log-level", "warning"],
                    cwd=ROOT, env=env,
                )
            )  # fmt: skip
            urls.append(f"http://127.0.0.1:{port}")
        processes.append(
            subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "cardsdb", "worker", "--pool", "solo",
                 "--loglevel", "warning", "--without-gossip", "--without-mingle", "--without-heartbeat"],
                cwd=ROOT, env=env,
            )
        )  # fmt: skip
        for url in urls:
            for _ in range(300):
                with contextlib.suppress(OSError):
                    if request(url + "/api/games/")[0] == 200:
                        break
                time.sleep(0.1)
            else:
                raise RuntimeError(f"{url} did not start")
        yield {"urls": urls, "manage": manage, "data": data}
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
        drop()


def test_two_web_processes_and_a_worker_share_limits_caches_and_jobs(deployment):
    a, b = deployment["urls"]

    # A job submitted to A is queued (a broker is configured), run by the worker, and read from B.
    setups = [{"game": "swdbg", "format": "beginner", "setup": {"players": []}}] * 3
    status, headers, job = request(a + "/api/legality/jobs/", body={"decks": setups}, user="organiser")
    assert status == 202 and job["status"] in ("queued", "running", "done")
    for _ in range(300):
        status, _, seen = request(b + job["url"], user="organiser")
        if seen["status"] in ("done", "failed"):
            break
        time.sleep(0.1)
    assert status == 200 and seen["status"] == "done", seen
    assert seen["progress"] == {"done": 3, "total": 3} and seen["result"]["count"] == 3

    # An import is seen by both processes at once: the answers they kept in the shared cache and the card
    # pools each holds in memory are keyed by the catalogue version the import raised.
    card = "/api/cards/swdbg/sw23_tie-fighter/"
    before = [request(url + card)[2]["stats"]["cost"] for url in (a, b)]
    assert before == ["1", "1"]
    path = deployment["data"] / "swdbg" / "original_2023.json"
    catalogue = json.loads(path.read_text())
    next(c for c in catalogue["cards"] if c["title"] == "TIE Fighter")["cost"] = 4
    path.write_text(json.dumps(catalogue))
    deployment["manage"]("import_cards", "swdbg")
    assert [request(url + card)[2]["stats"]["cost"] for url in (a, b)] == ["4", "4"]

    # One user's rate limit (8 a minute here) counted across both processes.
    answers = [request((a, b)[n % 2] + "/api/games/", user="throttled") for n in range(9)]
    assert [s for s, _, _ in answers[:8]] == [200] * 8
    status, headers, body = answers[8]
    assert status == 429 and body["code"] == "rate-limited" and int(headers["Retry-After"]) > 0
