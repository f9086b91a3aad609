"""Full import and a no-change re-import of each game, on SQLite and PostgreSQL (SWCCG targets: ≤ 20 s and
≤ 10 s; SWTCG and SW:DBG have no target, their times are reported).

Times the `import_cards` command as a user runs it (a fresh process each time, Python start-up included),
into a freshly migrated database. Usage: .venv/bin/python bench/import_speed.py [--runs 3] [--games swccg swtcg swdbg]
"""

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from _common import manage, recreate_postgres_database


def timed_import(game: str, database_url: str) -> float:
    started = time.perf_counter()
    manage("import_cards", game, "--verbosity", "0", database_url=database_url)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", nargs="+", default=["swccg", "swtcg", "swdbg"])
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.games:
            for label in ("SQLite", "PostgreSQL"):
                full, again = [], []
                for run in range(args.runs):
                    if label == "SQLite":
                        url = f"sqlite:///{Path(tmp) / f'bench-{game}-{run}.sqlite3'}"
                    else:
                        url = recreate_postgres_database("cardsdb_bench")
                    manage("migrate", "--noinput", database_url=url)
                    full.append(timed_import(game, url))
                    again.append(timed_import(game, url))
                rows.append((game, label, full, again))
    print(f"Imports, {args.runs} runs each (seconds; median [min–max])")
    print(f"{'game':6} {'database':12} {'full import':>24} {'re-import, no change':>26}")
    for game, label, full, again in rows:
        print(
            f"{game:6} {label:12} {statistics.median(full):8.2f} [{min(full):.2f}–{max(full):.2f}]"
            f"      {statistics.median(again):8.2f} [{min(again):.2f}–{max(again):.2f}]"
        )
    print("targets (SWCCG): full import ≤ 20 s, re-import ≤ 10 s")


if __name__ == "__main__":
    main()
