"""A time budget for one search, so a costly pattern cannot hold a worker (the same on both databases).

PostgreSQL: ``statement_timeout`` set for the transaction around the search's queries. SQLite: a progress
handler that interrupts the statement once the deadline has passed. Either way the body gets SearchTimeout.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import DatabaseError, connection, transaction

DEFAULT_TIMEOUT_MS = 2000
_PG_QUERY_CANCELED = "57014"


class SearchTimeout(Exception):
    """The search ran out of its time budget."""

    def __init__(self, timeout_ms: int):
        super().__init__(timeout_ms)
        self.timeout_ms = timeout_ms


def timeout_ms() -> int:
    return int(getattr(settings, "CARDSDB_SEARCH_TIMEOUT_MS", DEFAULT_TIMEOUT_MS))


@contextmanager
def search_budget(ms: int | None = None) -> Iterator[None]:
    """Run the body's queries under a time budget; SearchTimeout when it runs out."""
    ms = timeout_ms() if ms is None else ms
    if connection.vendor == "postgresql":
        with _postgresql_budget(ms):
            yield
    elif connection.vendor == "sqlite":
        with _sqlite_budget(ms):
            yield
    else:
        yield


@contextmanager
def _postgresql_budget(ms: int) -> Iterator[None]:
    # Inside an outer transaction (tests), SET LOCAL would outlive the block: the setting is put back after it.
    # Otherwise the block's transaction is the outermost, and its end ends the setting.
    nested = connection.in_atomic_block
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                if nested:
                    cursor.execute("SELECT current_setting('statement_timeout')")
                    (previous,) = cursor.fetchone()
                # set_config(..., true) is SET LOCAL: it ends with the transaction (SET cannot take parameters).
                cursor.execute("SELECT set_config('statement_timeout', %s, true)", [f"{ms}ms"])
            yield
            if nested:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT set_config('statement_timeout', %s, true)", [previous])
    except DatabaseError as exc:
        if getattr(exc.__cause__, "sqlstate", None) == _PG_QUERY_CANCELED:
            raise SearchTimeout(ms) from None
        raise


@contextmanager
def _sqlite_budget(ms: int) -> Iterator[None]:
    connection.ensure_connection()
    raw = connection.connection
    deadline = time.monotonic() + ms / 1000
    raw.set_progress_handler(lambda: time.monotonic() > deadline, 1000)  # checked every 1000 VM steps
    try:
        yield
    except DatabaseError as exc:
        if "interrupted" in str(exc):
            raise SearchTimeout(ms) from None
        raise
    finally:
        raw.set_progress_handler(None, 0)
