"""One import at a time per database: import_cards, import_formats and import_card_facts all take this lock.

Two imports at once would both see a card missing and both insert it (an IntegrityError for the second), or on
SQLite hold the one write lock past the other's busy timeout. PostgreSQL: a session-level advisory lock, held
until released or until the process's connection ends (a killed import never leaves it behind). SQLite: an
exclusive flock on a file beside the database, released by the kernel when the process ends.
"""

import contextlib
import fcntl
import hashlib
from collections.abc import Callable, Iterator
from pathlib import Path

from django.db import DatabaseError, connection

from .errors import ImportProblem

# The advisory lock's key: any fixed 64-bit number this project alone uses.
LOCK_KEY = int.from_bytes(hashlib.sha256(b"cardsdb catalogue import").digest()[:8], "big", signed=True)
WAITING = "Another import is running on this database; waiting for it to finish …"


class ImportLocked(ImportProblem):
    code = "import-locked"

    def __init__(self):
        super().__init__(
            "another import is running on this database, so this one did not start (--no-wait). "
            "Run it again when the other has finished, or without --no-wait to wait for it."
        )


def lock_file(settings_dict: dict) -> Path | None:
    """The SQLite lock file beside the database file; None for an in-memory database, which no other process
    can open (the test suite's)."""
    name = str(settings_dict.get("NAME") or "")
    if not name or name == ":memory:" or "mode=memory" in name:
        return None
    path = Path(name)
    return path.with_name(path.name + ".import-lock")


@contextlib.contextmanager
def import_lock(
    *, wait: bool = True, on_wait: Callable[[str], None] = lambda message: None
) -> Iterator[None]:
    """Hold the database's import lock for the block. Busy: call on_wait(WAITING) and wait, or with
    wait=False raise ImportLocked."""
    if connection.vendor == "postgresql":
        with _advisory_lock(wait, on_wait):
            yield
    elif (path := lock_file(connection.settings_dict)) is not None:
        with _file_lock(path, wait, on_wait):
            yield
    else:
        yield


@contextlib.contextmanager
def _advisory_lock(wait: bool, on_wait: Callable[[str], None]) -> Iterator[None]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_try_advisory_lock(%s)", [LOCK_KEY])
        taken = cursor.fetchone()[0]
        if not taken:
            if not wait:
                raise ImportLocked()
            on_wait(WAITING)
            cursor.execute("SELECT pg_advisory_lock(%s)", [LOCK_KEY])
    try:
        yield
    finally:
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [LOCK_KEY])
        except DatabaseError:
            pass  # the connection is gone, and the session's lock with it


@contextlib.contextmanager
def _file_lock(path: Path, wait: bool, on_wait: Callable[[str], None]) -> Iterator[None]:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as handle:  # never deleted: removing a lock file lets two processes lock two files
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not wait:
                raise ImportLocked() from None
            on_wait(WAITING)
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
