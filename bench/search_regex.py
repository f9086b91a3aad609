r"""Pathological search regexes (issue #9), before and after: Python's re (what Django's SQLite REGEXP ran) and
PostgreSQL's own engine on the raw pattern, against the search as it runs now (the shared dialect, RE2 on SQLite,
a statement timeout on PostgreSQL). Over every current SWCCG card's text.

Imports the SWCCG catalogue into a temporary SQLite file and a fresh PostgreSQL database (about a minute each),
then prints one line per pattern and database. "Before" runs in a child process stopped after --budget seconds.
Usage: .venv/bin/python bench/search_regex.py [--budget 10] [--skip-postgres]

Measured on the 2-core machine while other jobs ran (SWCCG, 3,674 current cards):
  SQLite      text:/(.*.*)*x/       before > 10 s (never returns)    after 215 ms, 756 cards
              text:/(\w+\s?)*!$/     before > 10 s (never returns)    after 367 ms, 2 cards
              lore:/(.*){1,32000}[bc]/ before > 10 s (never returns)  after 0.3 ms, 400 bad-query
  PostgreSQL  name:/(?P<n>a)/, name:/a{1000}/, lore:/(.*){1,32000}[bc]/: before a 500, after 0.4 ms, 400 bad-query
              text:/(.*.*)*x/       before 173 ms                    after 242 ms (count and first page)
"""

import argparse
import multiprocessing
import os
import re
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, data_dir, manage, recreate_postgres_database

PATTERNS = [
    ("text", r"(.*.*)*x"),
    ("text", r"(\w+\s?)*!$"),
    ("lore", r"(.*){1,32000}[bc]"),
    ("name", r"(?P<n>a)"),
    ("name", r"a{1000}"),
    ("name", r"^dark "),  # an ordinary one, for scale
]


def _python_re(pattern: str, texts: list[str], out) -> None:
    started = time.perf_counter()
    try:
        compiled = re.compile("(?i)" + pattern)  # as Django's iregex on SQLite
    except re.error as exc:
        out.put(f"re.error: {exc}")
        return
    hits = sum(1 for text in texts if compiled.search(text))
    out.put(f"{(time.perf_counter() - started) * 1000:8.1f} ms, {hits} cards")


def before_sqlite(pattern: str, texts: list[str], budget: float) -> str:
    out = multiprocessing.Queue()
    child = multiprocessing.Process(target=_python_re, args=(pattern, texts, out))
    child.start()
    child.join(budget)
    if child.is_alive():
        child.kill()
        child.join()
        return f"> {budget:.0f} s (stopped; the worker would never answer)"
    return out.get()


def before_postgresql(column: str, pattern: str, budget: float) -> str:
    from django.db import DatabaseError, connection, transaction

    started = time.perf_counter()
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT set_config('statement_timeout', %s, true)", [f"{int(budget * 1000)}ms"])
            cursor.execute(
                f"SELECT count(*) FROM cardsdb_card WHERE edition = 'current' AND {column} ~* %s", [pattern]
            )
            hits = cursor.fetchone()[0]
    except DatabaseError as exc:
        return f"error (a 500 before): {str(exc).splitlines()[0]}"
    return f"{(time.perf_counter() - started) * 1000:8.1f} ms, {hits} cards"


def after(field: str, pattern: str) -> str:
    from cardsdb.search.budget import SearchTimeout, search_budget
    from cardsdb.search.syntax import QuerySyntaxError
    from cardsdb.selectors import card_search

    started = time.perf_counter()
    try:
        cards = card_search(query=f"{field}:/{pattern}/", game="swccg")
        with search_budget():
            hits = cards.count()
            list(cards[:50])
    except QuerySyntaxError as exc:
        return f"{(time.perf_counter() - started) * 1000:8.1f} ms, 400 bad-query at {exc.position}: {exc.message}"
    except SearchTimeout as exc:
        return f"{(time.perf_counter() - started) * 1000:8.1f} ms, 503 search-timeout ({exc.timeout_ms} ms)"
    return f"{(time.perf_counter() - started) * 1000:8.1f} ms, {hits} cards (count and first page)"


def measure(url: str, budget: float) -> None:
    """In a child process per database: Django reads DATABASE_URL once, at setup."""
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsdb.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.db import connection

    from cardsdb.models import Card
    from cardsdb.search.fields import resolve

    vendor = connection.vendor
    print(f"\n{vendor}:")
    for field, pattern in PATTERNS:
        column = resolve(field, "swccg").raw_column
        if vendor == "sqlite":
            texts = list(
                Card.objects.filter(game_id="swccg", edition="current").values_list(column, flat=True)
            )
            old = before_sqlite(pattern, texts, budget)
        else:
            old = before_postgresql(column, pattern, budget)
        print(f"  {field}:/{pattern}/")
        print(f"    before: {old}")
        print(f"    after:  {after(field, pattern)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--budget", type=float, default=10, help="seconds before a 'before' run is stopped")
    parser.add_argument("--skip-postgres", action="store_true")
    args = parser.parse_args()
    data_dir()
    with tempfile.TemporaryDirectory() as tmp:
        urls = [f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"]
        if not args.skip_postgres:
            urls.append(recreate_postgres_database("cardsdb_bench_regex"))
        for url in urls:
            manage("migrate", "--noinput", database_url=url)
            manage("import_cards", "swccg", "--verbosity", "0", database_url=url)
            child = multiprocessing.get_context("spawn").Process(target=measure, args=(url, args.budget))
            child.start()
            child.join()


if __name__ == "__main__":
    main()
