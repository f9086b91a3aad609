"""Search API latency over the full SWCCG catalogue on PostgreSQL: 20 representative queries, p50/p95 with 1 and
8 concurrent clients, and requests per second (target: p95 < 50 ms at 1 client).

Serves the app with gunicorn on 127.0.0.1 (loopback only) against a fresh PostgreSQL database, then sends a
bounded number of requests. Usage: .venv/bin/python bench/search_latency.py [--rounds 10] [--workers 4]
"""

import argparse
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from _common import gunicorn, manage, percentile, recreate_postgres_database

QUERIES = [
    "vader",
    '"lord of the sith"',
    "t:character side:dark power>=6",
    "destiny>=5 -t:character",
    "persona:lando",
    "icon:pilot char:jedi order:-ability",
    "set:V21 is:unique",
    "(t:effect or t:interrupt) text:cancel",
    'destiny:"2 or 5"',
    "is:legacy vader",
    "is:pre-errata",
    '!"Darth Vader"',
    "name:/^dark /",
    "pulls:tatooine",
    "t:location side:light lighticons>=2",
    "rarity:rare t:starship order:power",
    "deploy<=2 forfeit>=4 t:character",
    "lore:smuggler",
    "-t:character -t:location text:retrieve",
    "",
]


def fetch(url: str) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=30) as response:
        response.read()
        assert response.status == 200, response.status
    return (time.perf_counter() - started) * 1000


def run_clients(urls: list[str], clients: int) -> tuple[list[float], float]:
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        latencies = list(pool.map(fetch, urls))
    return latencies, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=10, help="times each query is sent per client setting")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    args = parser.parse_args()
    url = recreate_postgres_database("cardsdb_bench_search")
    manage("migrate", "--noinput", database_url=url)
    manage("import_cards", "swccg", "--verbosity", "0", database_url=url)
    with gunicorn(url, args.workers) as site:
        base = f"{site}/api/cards/?game=swccg&q="
        urls = [base + urllib.parse.quote(q) for q in QUERIES]
        for u in urls:  # warm-up: each worker's caches and PostgreSQL's buffers
            fetch(u)
        print(
            f"Search API, {len(QUERIES)} queries x {args.rounds} rounds, gunicorn {args.workers} workers, PostgreSQL"
        )
        print(f"{'clients':>8} {'requests':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'req/s':>8}")
        for clients in (1, 8):
            work = urls * args.rounds
            latencies, elapsed = run_clients(work, clients)
            print(
                f"{clients:>8} {len(work):>9} {percentile(latencies, 50):>8.1f} {percentile(latencies, 95):>8.1f}"
                f" {max(latencies):>8.1f} {len(work) / elapsed:>8.1f}"
            )
        print("\nper query, 1 client (median of rounds, ms):")
        for q, u in zip(QUERIES, urls, strict=True):
            times = [fetch(u) for _ in range(5)]
            print(f"  {percentile(times, 50):7.1f}  {q or '(empty query: all current cards)'}")
        print("target: p95 < 50 ms at 1 client")


if __name__ == "__main__":
    main()
