"""Legality checks: in-process checks/s of 60-card SWCCG decks on one core (target ≥ 5,000/s), and the API's
requests/s and p95 latency for /api/legality/ with 1 and 8 clients, plus one batch of 500 decks.

The in-process part uses the real card pool and formats from a freshly imported PostgreSQL database; the HTTP
part serves the app with gunicorn on 127.0.0.1 (loopback only) with a bounded number of requests.
Usage: .venv/bin/python bench/legality_speed.py [--seconds 3] [--requests 400] [--workers 4]
"""

import argparse
import json
import os
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from _common import ROOT, data_dir, gunicorn, manage, percentile, recreate_postgres_database


def sample_requests() -> list[dict]:
    decks = json.loads((ROOT.parent / "shared/data/swccg/gemp/sample_decks.json").read_text())["decks"]
    prefixes = [
        ("Classic (no V)", "classic_no_virtual"),
        ("Classic", "classic"),
        ("Decipher Only", "open_no_virtual"),
        ("P-", "open"),
        ("Precon", "open"),
        ("Open 40", "open40card"),
    ]
    bodies = []
    for deck in decks:
        code = next((c for p, c in prefixes if deck["name"].startswith(p)), None)
        if code:
            bodies.append(
                {
                    "game": "swccg",
                    "format": code,
                    "cards": deck["cards"],
                    "outside_deck": deck["outside_deck"],
                }
            )
    return bodies


def in_process(url: str, seconds: float) -> None:
    os.environ.update(
        DATABASE_URL=url, CARDSDB_DATA_DIR=data_dir(), DJANGO_SETTINGS_MODULE="cardsdb.settings"
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from decks.legality.checker import check_deck
    from decks.legality.pool import card_pool, format_rules
    from decks.models import Format

    pool = card_pool()
    formats = {f.code: format_rules(f) for f in Format.objects.all()}
    bodies = [b for b in sample_requests() if len(b["cards"]) == 60]
    checks, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        for body in bodies:
            check_deck(body["cards"], body["outside_deck"], formats[body["format"]], pool)
        checks += len(bodies)
    elapsed = time.perf_counter() - started
    print(
        f"in-process: {checks} checks of 60-card decks in {elapsed:.2f} s = {checks / elapsed:,.0f} checks/s "
        "on one core (target ≥ 5,000/s)"
    )


def post(url: str, body: bytes) -> float:
    started = time.perf_counter()
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        response.read()
        assert response.status == 200
    return (time.perf_counter() - started) * 1000


def over_http(url: str, requests: int, workers: int) -> None:
    with gunicorn(url, workers) as site:
        endpoint = f"{site}/api/legality/"
        bodies = [json.dumps(b).encode() for b in sample_requests()]
        for body in bodies[: workers * 2]:  # warm every worker's card pool
            post(endpoint, body)
        print(f"/api/legality/ over HTTP, gunicorn {workers} workers, {requests} requests per row")
        print(f"{'clients':>8} {'p50 ms':>8} {'p95 ms':>8} {'req/s':>8}")
        for clients in (1, 8):
            work = [bodies[i % len(bodies)] for i in range(requests)]
            started = time.perf_counter()
            with ThreadPoolExecutor(max_workers=clients) as pool:
                latencies = list(pool.map(lambda b: post(endpoint, b), work))
            elapsed = time.perf_counter() - started
            print(
                f"{clients:>8} {percentile(latencies, 50):>8.1f} {percentile(latencies, 95):>8.1f} "
                f"{len(work) / elapsed:>8.1f}"
            )
        batch = json.dumps({"decks": [json.loads(bodies[i % len(bodies)]) for i in range(500)]}).encode()
        times = [post(endpoint + "batch/", batch) for _ in range(5)]
        print(
            f"batch of 500 decks: median {percentile(times, 50):.0f} ms "
            f"({500 / (percentile(times, 50) / 1000):,.0f} decks/s), {len(batch) / 1e6:.2f} MB request"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    url = recreate_postgres_database("cardsdb_bench_legality")
    manage("migrate", "--noinput", database_url=url)
    manage("import_cards", "swccg", "--verbosity", "0", database_url=url)
    manage("import_formats", "swccg", "--verbosity", "0", database_url=url)
    over_http(url, args.requests, args.workers)
    in_process(url, args.seconds)


if __name__ == "__main__":
    main()
