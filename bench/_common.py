"""Helpers shared by the benchmark scripts (run by hand, from the repository root)."""

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"


def data_dir() -> str:
    value = os.environ.get("CARDSDB_DATA_DIR") or str(ROOT.parent / "shared" / "data")
    if not Path(value, "swccg").is_dir():
        sys.exit(f"No SWCCG data under {value}; set CARDSDB_DATA_DIR.")
    return value


def manage(*args: str, database_url: str, quiet: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "DATABASE_URL": database_url, "CARDSDB_DATA_DIR": data_dir()}
    return subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.PIPE if quiet else None,
        stderr=subprocess.PIPE if quiet else None,
        text=True,
    )


def recreate_postgres_database(name: str) -> str:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return f"postgres://postgres@127.0.0.1:5432/{name}"


def flush_redis(url: str) -> None:
    """Empty the one Redis database `url` names (redis://host:port/db; never db 0, never every db)."""
    import redis

    db = urllib.parse.urlsplit(url).path.strip("/")
    if not db.isdigit() or db == "0":
        sys.exit(f"Give the benchmark a Redis database of its own (redis://127.0.0.1:6379/12), not {url!r}.")
    redis.Redis.from_url(url).flushdb()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


@contextlib.contextmanager
def gunicorn(
    database_url: str,
    workers: int,
    ready_path: str = "/api/games/",
    threads: int = 1,
    timeout: int = 30,
    env: dict[str, str] | None = None,
    popen_out: list | None = None,
):
    """The app under gunicorn on a free loopback port, against `database_url`; yields the base URL. `env` adds to
    (and overrides) the server's environment: REDIS_URL, rate limits…; `popen_out` receives the master's Popen
    (to read its workers' memory)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {
        # The benchmarks measure the work, not the rate limits (a load run is one client address); the
        # environment may still set them.
        "CARDSDB_RATE_USER": "off",
        "CARDSDB_RATE_ANON": "off",
        "CARDSDB_RATE_ANON_CHECK": "off",
        **os.environ,
        "DATABASE_URL": database_url,
        "CARDSDB_DATA_DIR": data_dir(),
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": "bench-only",
        "ALLOWED_HOSTS": "127.0.0.1",
        **(env or {}),
    }
    binary = os.path.join(os.path.dirname(PYTHON), "gunicorn")
    command = [
        binary,
        "cardsdb.wsgi",
        "-c",
        str(ROOT / "cardsdb" / "gunicorn_conf.py"),
        "-b",
        f"127.0.0.1:{port}",
        "-w",
        str(workers),
        "--threads",
        str(threads),
        "--timeout",
        str(timeout),
        "--log-level",
        "warning",
    ]
    # DJANGO_DEBUG=0 serves hashed static files from the manifest that collectstatic writes.
    subprocess.run([PYTHON, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    if popen_out is not None:
        popen_out.append(server)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(base + ready_path, timeout=5).read()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("gunicorn did not start")
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:  # a worker stuck in a request on a loaded machine
            server.kill()
            server.wait()


def django_with_swdbg(database_url: str | None) -> None:
    """Django set up in this process against `database_url`, or against a fresh PostgreSQL database with the
    SW:DBG cards and formats imported when it is None (the engine benchmarks need only those)."""
    django_with_game("swdbg", database_url)


def django_with_game(game: str, database_url: str | None) -> None:
    """Django set up in this process against `database_url`, or against a fresh PostgreSQL database with one
    game's cards and formats imported when it is None."""
    if database_url is None:
        database_url = recreate_postgres_database(f"cardsdb_bench_{game}")
        manage("migrate", "--noinput", database_url=database_url)
        manage("import_cards", game, database_url=database_url)
        manage("import_formats", game, database_url=database_url)
    os.environ.update(
        DATABASE_URL=database_url, CARDSDB_DATA_DIR=data_dir(), DJANGO_SETTINGS_MODULE="cardsdb.settings"
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
