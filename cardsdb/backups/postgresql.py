"""PostgreSQL's copy of the whole database: pg_dump from the user data's snapshot, pg_restore back."""

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

from django.db import connections, transaction

from .errors import BackupError
from .schema import applied_migrations
from .user_data_export import export_user_data


def backup_postgresql(native: Path, user_data: Path, progress) -> tuple[dict, dict]:
    connection = connections["default"]
    pg_dump = _tool("pg_dump")
    with _snapshot_transaction(connection):
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_export_snapshot()")
            snapshot = cursor.fetchone()[0]
        # The dump sees exactly what this transaction sees, so both copies agree row for row.
        bar = progress(desc="pg_dump", total=None, unit="B", unit_scale=True)
        try:
            _run(
                [pg_dump, "--format=custom", f"--snapshot={snapshot}", f"--file={native}"],
                connection.settings_dict,
                "pg_dump",
            )
            bar.update(native.stat().st_size)
        finally:
            bar.close()
        counts = export_user_data(user_data, progress=progress)
        migrations = applied_migrations()
    return counts, migrations


@contextlib.contextmanager
def _snapshot_transaction(connection) -> Iterator[None]:
    """A REPEATABLE READ transaction: one snapshot for every query in it. Inside a caller's transaction (the
    tests') that transaction is used as it is: pg_export_snapshot() refuses a savepoint."""
    if connection.in_atomic_block:
        yield
        return
    with transaction.atomic(using=connection.alias):
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        yield


def restore_postgresql(part: Path, settings_dict: dict, progress) -> None:
    pg_restore = _tool("pg_restore")
    bar = progress(desc="pg_restore", total=None, unit="B", unit_scale=True)
    try:
        _run(
            [
                pg_restore,
                "--clean",
                "--if-exists",
                "--no-owner",
                "--single-transaction",
                "--exit-on-error",
                f"--dbname={settings_dict['NAME']}",
                str(part),
            ],
            settings_dict,
            "restore-failed",
        )
        bar.update(part.stat().st_size)
    finally:
        bar.close()


def _tool(name: str) -> str:
    found = shutil.which(name)
    if not found:
        raise BackupError(
            "backup-tool-missing",
            f"{name} is not on PATH; install the PostgreSQL client tools (Debian: postgresql-client) of the "
            "server's major version.",
        )
    return found


def _run(command: list[str], settings_dict: dict, code: str) -> None:
    """Run pg_dump / pg_restore against a database of DATABASES; the password goes in the environment, never
    on the command line (other users can read that)."""
    env = dict(os.environ)
    env.update(
        {
            key: str(value)
            for key, value in (
                ("PGHOST", settings_dict.get("HOST")),
                ("PGPORT", settings_dict.get("PORT")),
                ("PGUSER", settings_dict.get("USER")),
                ("PGPASSWORD", settings_dict.get("PASSWORD")),
                ("PGDATABASE", settings_dict.get("NAME")),
                ("PGSSLMODE", (settings_dict.get("OPTIONS") or {}).get("sslmode")),
            )
            if value
        }
    )
    result = subprocess.run(command, env=env, capture_output=True, text=True, errors="replace")
    if result.returncode != 0:
        detail = result.stderr.strip().splitlines()[-5:]
        tool = Path(command[0]).name
        raise BackupError(code, f"{tool} stopped (exit status {result.returncode}): " + " / ".join(detail))
