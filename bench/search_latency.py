"""Search API latency over the full SWCCG catalogue on PostgreSQL, against the cheapest answer of the same server.

20 representative queries, sent with 1 and 8 concurrent clients. Each round interleaves, in a shuffled order,
three kinds of request so that all three see the same load:

- baseline: the cheapest API answer of the server, `GET /api/games/` (one indexed query of three rows, a tiny
  JSON list; the medians of the other small reads in BASELINES are printed beside it: --baseline picks another);
- cold: the search with its answer cache missed (a parameter the API ignores makes each URL new, as a query's
  first time after an import or with the cache cleared; the in-memory name indexes and search tables stay warm,
  as gunicorn's post_worker_init builds them before the first request; the terms the database answers for the
  table (set:, persona:, /regex/…) and the cards' list entries are read once per catalogue version and shared
  through Redis, so the warm-up request of each query pays for them and the rounds do not);
- warm: the same search again, answered from the cache (each query is sent once before the rounds).

Prints p50/p95/max per kind and the ratios p95(cold)/p95(baseline) and p95(warm)/p95(baseline) (issue #13's
target: ≤ 2), then a Markdown table ready for docs/benchmarks.md with the load average of the machine.

Serves the app with gunicorn on 127.0.0.1 (loopback only) against a fresh PostgreSQL database (and Redis as the
cache with --redis), and sends a bounded number of requests.
Usage: .venv/bin/python bench/search_latency.py [--rounds 10] [--workers 4] [--redis redis://127.0.0.1:6379/12]
"""

import argparse
import datetime
import http.client
import itertools
import os
import random
import threading
import time
import urllib.parse
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor

from _common import flush_redis, gunicorn, manage, percentile, recreate_postgres_database

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

# Tiny reads of the same server, timed at start for comparison. /api/games/ is the baseline: the cheapest of them
# on the development machine, except /api/bulk/ before any bulk file is written (it then answers an empty list;
# with files it reads each game's version and file details). /api/bulk/ is the catalogue-version read tools and
# deploys can poll, so no health endpoint was added for this benchmark.
BASELINES = ["/api/games/", "/api/bulk/", "/api/formats/swccg/open/", "/api/sets/swccg/1/"]
KINDS = ("baseline", "cold", "warm")

_local = threading.local()
_cold_serial = itertools.count()


def fetch(host: str, port: int, path: str) -> float:
    """GET `path` on a keep-alive connection of this thread (gunicorn's sync workers close it after each
    answer, so this costs a new connection then, as any client would pay); the time in ms."""
    started = time.perf_counter()
    for attempt in range(2):
        conn = getattr(_local, "conn", None)
        if conn is None:
            conn = _local.conn = http.client.HTTPConnection(host, port, timeout=30)
        try:
            conn.request("GET", path, headers={"Accept": "application/json"})
            response = conn.getresponse()
            response.read()
            if response.will_close:
                conn.close()
                _local.conn = None
            break
        except (http.client.HTTPException, ConnectionError):  # the server closed a kept connection
            conn.close()
            _local.conn = None
            if attempt:
                raise
            started = time.perf_counter()
    assert response.status == 200, (response.status, path)
    return (time.perf_counter() - started) * 1000


def search_path(query: str, cold: bool) -> str:
    path = "/api/cards/?" + urllib.parse.urlencode({"game": "swccg", "q": query})
    if cold:  # the API ignores the parameter; the answer cache keys on the whole URL
        path += f"&bench_cold={os.getpid()}-{next(_cold_serial)}"
    return path


def run(
    host: str, port: int, work: list[tuple[str, str]], clients: int
) -> tuple[dict[str, list[float]], float]:
    def one(item: tuple[str, str]) -> tuple[str, float]:
        kind, path = item
        return kind, fetch(host, port, path)

    started = time.perf_counter()
    by_kind: dict[str, list[float]] = defaultdict(list)
    with ThreadPoolExecutor(max_workers=clients) as pool:
        for kind, ms in pool.map(one, work):
            by_kind[kind].append(ms)
    return by_kind, time.perf_counter() - started


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f}, {five:.2f}, {fifteen:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--rounds", type=int, default=10, help="times each query is sent per kind and setting"
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 8])
    parser.add_argument("--database", default="cardsdb_bench_search", help="PostgreSQL database to recreate")
    parser.add_argument("--redis", default="", help="REDIS_URL for the server's caches (its db is flushed)")
    parser.add_argument("--no-import", action="store_true", help="reuse the database of an earlier run")
    parser.add_argument(
        "--baseline", default="/api/games/", help="the cheap read the searches are compared to"
    )
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.no_import:
        url = f"postgres://postgres@127.0.0.1:5432/{args.database}"
    else:
        url = recreate_postgres_database(args.database)
        manage("migrate", "--noinput", database_url=url)
        manage("import_cards", "swccg", "--verbosity", "0", database_url=url)
        manage("import_formats", "swccg", "--verbosity", "0", database_url=url)
    env = {}
    if args.redis:
        flush_redis(args.redis)
        env["REDIS_URL"] = args.redis
    with gunicorn(url, args.workers, env=env) as site:
        parsed = urllib.parse.urlsplit(site)
        host, port = parsed.hostname, parsed.port
        tries = {path: [fetch(host, port, path) for _ in range(3 * args.workers + 10)] for path in BASELINES}
        baseline = args.baseline
        warm = [search_path(q, cold=False) for q in QUERIES]
        for path in warm * 2:  # the answer cache, and each worker's connection and PostgreSQL's buffers
            fetch(host, port, path)
        cache = f"Redis ({args.redis})" if args.redis else "the database cache table"
        print(
            f"Search API, {len(QUERIES)} queries x {args.rounds} rounds per kind, gunicorn {args.workers} workers, "
            f"PostgreSQL, answers cached in {cache}"
        )
        print(
            "baseline candidates, median ms: "
            + ", ".join(f"{p} {percentile(t, 50):.1f}" for p, t in tries.items())
            + f"; baseline {baseline}"
        )
        rows = []
        print(f"{'clients':>8} {'kind':>9} {'requests':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}")
        for clients in args.clients:
            work = []
            for _ in range(args.rounds):
                batch = [("baseline", baseline) for _ in QUERIES]
                batch += [("cold", search_path(q, cold=True)) for q in QUERIES]
                batch += [("warm", path) for path in warm]
                rng.shuffle(batch)
                work += batch
            by_kind, elapsed = run(host, port, work, clients)
            p95 = {kind: percentile(by_kind[kind], 95) for kind in KINDS}
            for kind in KINDS:
                values = by_kind[kind]
                print(
                    f"{clients:>8} {kind:>9} {len(values):>9} {percentile(values, 50):>8.1f} {p95[kind]:>8.1f}"
                    f" {max(values):>8.1f}"
                )
            ratios = {kind: p95[kind] / p95["baseline"] for kind in ("cold", "warm")}
            print(
                f"{clients:>8} {len(work) / elapsed:.0f} requests/s in all; p95 ratio to baseline: "
                f"cold {ratios['cold']:.2f}, warm {ratios['warm']:.2f} (target <= 2)"
            )
            rows.append((clients, by_kind, p95, ratios, len(work) / elapsed))
        per_query = {}
        for q, path in zip(QUERIES, warm, strict=True):
            cold_times = [fetch(host, port, search_path(q, cold=True)) for _ in range(5)]
            warm_times = [fetch(host, port, path) for _ in range(5)]
            per_query[q] = (percentile(cold_times, 50), percentile(warm_times, 50))
    print("\nper query, 1 client (median of 5, ms):")
    print(f"  {'cold':>7} {'warm':>7}  query")
    for q, (cold_ms, warm_ms) in per_query.items():
        print(f"  {cold_ms:7.1f} {warm_ms:7.1f}  {q or '(empty query: all current cards)'}")
    today = datetime.date.today().isoformat()
    print(
        f"\nMarkdown for docs/benchmarks.md ({today}, load average {load_average()} at the end of the run):\n"
    )
    print(f"Baseline: `GET {baseline}`; cache: {cache}.\n")
    print("| clients | kind | requests | p50 | p95 | max | p95 ÷ baseline p95 |")
    print("|---|---|---|---|---|---|---|")
    for clients, by_kind, p95, ratios, _rate in rows:
        for kind in KINDS:
            values = by_kind[kind]
            ratio = "1.00" if kind == "baseline" else f"{ratios[kind]:.2f}"
            print(
                f"| {clients} | {kind} | {len(values)} | {percentile(values, 50):.1f} ms | {p95[kind]:.1f} ms "
                f"| {max(values):.1f} ms | {ratio} |"
            )
    print(
        "\nrequests/s in all (the three kinds together): "
        + ", ".join(f"{c} clients {r:.0f}" for c, *_, r in rows)
    )


if __name__ == "__main__":
    main()
