"""Imports take turns (issue #9): two `import_cards` at once on an empty database used to crash one of them with
an IntegrityError. Real processes against a fresh database of the test's own — PostgreSQL (advisory lock) when
the suite runs on PostgreSQL, else a temporary SQLite file (a lock file beside it). The test holds the import
lock itself, so that both imports are certainly waiting before either may start."""

import contextlib
import fcntl
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
from django.conf import settings

from cardsdb.importers.lock import LOCK_KEY, WAITING, lock_file
from cardsdb.models import Card
from tests.conftest import require_data

TIMEOUT = 300  # seconds; only a hung import comes near it


class Race:
    """A fresh, migrated database of the test's own, with the environment for manage.py against it."""

    def __init__(self, tmp_path: Path):
        self.env = {
            **os.environ,
            "CARDSDB_DATA_DIR": str(require_data()),
            "CARDSDB_VAR_DIR": str(tmp_path / "var"),
            "CARDSDB_CACHE_DIR": str(tmp_path / "cache"),
            "DJANGO_DEBUG": "1",
        }
        default = settings.DATABASES["default"]
        self.postgres = default["ENGINE"].endswith("postgresql")
        if self.postgres:
            self.name = f"{default['NAME']}_import_race"
            auth = quote(default.get("USER") or "postgres") + (
                f":{quote(default['PASSWORD'])}" if default.get("PASSWORD") else ""
            )
            self.server = (
                f"postgresql://{auth}@{default.get('HOST') or '127.0.0.1'}:{default.get('PORT') or 5432}"
            )
            self.url = f"{self.server}/{self.name}"
            self._admin(
                f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)', f'CREATE DATABASE "{self.name}"'
            )
        else:
            self.path = tmp_path / "race.sqlite3"
            self.url = f"sqlite:///{self.path}"
        self.env["DATABASE_URL"] = self.url
        self.manage("migrate", "--noinput", "-v0", check=True)

    def _admin(self, *statements: str) -> None:
        with psycopg.connect(f"{self.server}/postgres", autocommit=True) as conn:
            for statement in statements:
                conn.execute(statement)

    def drop(self) -> None:
        if self.postgres:
            self._admin(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    def manage(self, *args: str, check: bool = False) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, str(settings.BASE_DIR / "manage.py"), *args],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=check,
        )

    def start(self, *args: str) -> "Running":
        return Running([sys.executable, str(settings.BASE_DIR / "manage.py"), *args], self.env)

    @contextlib.contextmanager
    def held(self):
        """Hold the import lock as another import would."""
        if self.postgres:
            with psycopg.connect(self.url, autocommit=True) as conn:
                conn.execute("SELECT pg_advisory_lock(%s)", [LOCK_KEY])
                yield
        else:
            with open(lock_file({"NAME": str(self.path)}), "a") as handle:
                fcntl.flock(handle, fcntl.LOCK_EX)
                yield

    def cards(self, game: str) -> int:
        query = f"SELECT count(*) FROM {Card._meta.db_table} WHERE game_id = %s"
        if self.postgres:
            with psycopg.connect(self.url) as conn:
                return conn.execute(query, [game]).fetchone()[0]
        with contextlib.closing(sqlite3.connect(self.path)) as conn:
            return conn.execute(query.replace("%s", "?"), [game]).fetchone()[0]


class Running:
    """A manage.py process whose output is read as it comes (so the test sees when it starts waiting)."""

    def __init__(self, command: list[str], env: dict):
        self.process = subprocess.Popen(
            command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self.stdout: list[str] = []
        self.stderr: list[str] = []
        self.waiting = threading.Event()
        self.readers = [
            threading.Thread(target=self._read, args=(self.process.stdout, self.stdout), daemon=True),
            threading.Thread(target=self._read, args=(self.process.stderr, self.stderr), daemon=True),
        ]
        for reader in self.readers:
            reader.start()

    def _read(self, stream, lines: list[str]) -> None:
        for line in stream:
            lines.append(line)
            if WAITING in line:
                self.waiting.set()

    def finish(self) -> int:
        code = self.process.wait(timeout=TIMEOUT)
        for reader in self.readers:
            reader.join(timeout=TIMEOUT)
        return code

    def output(self) -> str:
        return "".join(self.stdout) + "".join(self.stderr)


@pytest.fixture
def race(tmp_path):
    race = Race(tmp_path)
    yield race
    race.drop()


@pytest.mark.database  # a scratch database of the suite's engine (PostgreSQL's advisory lock)
def test_concurrent_imports_take_turns(race):
    running: list[Running] = []
    try:
        with race.held():
            refused = race.manage("import_cards", "swdbg", "--no-wait")
            assert refused.returncode == 1, refused.stdout + refused.stderr
            assert "CommandError: Not imported: another import is running on this database" in refused.stderr
            assert "Traceback" not in refused.stderr
            running = [race.start("import_cards", "swdbg") for _ in range(2)]
            for process in running:
                assert process.waiting.wait(timeout=120), process.output()
            assert [p.process.poll() for p in running] == [None, None]  # both wait for the lock
            assert race.cards("swdbg") == 0
        # Released: both go ahead, one after the other.
        assert [p.finish() for p in running] == [0, 0], [p.output() for p in running]
    finally:
        for process in running:
            if process.process.poll() is None:
                process.process.kill()
    outputs = sorted("".join(p.stdout) for p in running)
    assert sum("cards     111 added" in out for out in outputs) == 1, outputs
    assert sum("nothing changed" in out for out in outputs) == 1, outputs
    assert race.cards("swdbg") == 111
