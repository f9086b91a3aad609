"""SQLite's copy of the whole database, through sqlite3's online backup API both ways."""

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from django.db import connections

from .errors import BackupError
from .schema import applied_migrations
from .user_data_export import export_user_data

# SQLite copies retry a locked database every 0.25 s (sqlite3's default): this many times, then give up.
BUSY_TRIES = 240


def backup_sqlite(native: Path, user_data: Path, progress) -> tuple[dict, dict]:
    connection = connections["default"]
    if connection.in_atomic_block:
        # SQLite cannot copy a database from a connection that is writing to it (transaction_mode IMMEDIATE:
        # every transaction here writes); the copy would wait for ever.
        raise BackupError(
            "backup-in-transaction",
            "An SQLite database is backed up outside a transaction; run the command alone.",
        )
    connection.ensure_connection()
    target = sqlite3.connect(native)
    try:
        _copy_sqlite(connection.connection, target, progress, "database copy")
    finally:
        target.close()
    # The user data comes from the copy: the same snapshot, and writers are never held up by a long read.
    with _sqlite_alias(native) as alias:
        counts = export_user_data(user_data, using=alias, progress=progress)
        migrations = applied_migrations(alias)
    return counts, migrations


def _copy_sqlite(source: sqlite3.Connection, target: sqlite3.Connection, progress, desc: str) -> None:
    """sqlite3's online backup: a consistent copy of a database in use (a write in between restarts it)."""
    bar = progress(desc=desc, total=None, unit="page")
    done = 0
    waits = 0

    def step(status, remaining, total):
        nonlocal done, waits
        # Python retries a busy or locked step for ever; another process holding the database that long is
        # reported instead.
        waits = waits + 1 if status in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) else 0
        if waits > BUSY_TRIES:
            raise BackupError(
                "database-busy", f"The database stayed locked for {BUSY_TRIES // 4} s; try again."
            )
        bar.total = total
        bar.update(total - remaining - done)
        done = total - remaining

    try:
        source.backup(target, pages=4096, progress=step)
    finally:
        bar.close()


@contextlib.contextmanager
def _sqlite_alias(path: Path) -> Iterator[str]:
    """A temporary database alias for an SQLite file, so the ORM (and Django's serializers) can read it."""
    alias = "cardsdb_backup_copy"
    base = connections["default"].settings_dict
    # Read-only, and without the live database's WAL switch: the copy stays byte for byte as taken.
    options = {
        k: v for k, v in base.get("OPTIONS", {}).items() if k not in {"init_command", "transaction_mode"}
    }
    connections.settings[alias] = {**base, "NAME": f"{path.as_uri()}?mode=ro", "OPTIONS": options}
    try:
        yield alias
    finally:
        if alias in connections:
            connections[alias].close()
            del connections[alias]
        del connections.settings[alias]


def restore_sqlite(part: Path, target: Path, progress) -> None:
    source = sqlite3.connect(f"{part.as_uri()}?mode=ro", uri=True)
    try:
        try:
            verdict = source.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            verdict = str(exc)
        if verdict != "ok":
            raise BackupError("backup-corrupt", f"The archive's SQLite database is damaged: {verdict}.")
        target.parent.mkdir(parents=True, exist_ok=True)
        destination = sqlite3.connect(target, timeout=30)
        try:
            # The backup API writes the whole file under one lock: readers see the old or the new database.
            _copy_sqlite(source, destination, progress, "restore database")
        finally:
            destination.close()
    finally:
        source.close()
