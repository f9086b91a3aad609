"""A short load run (issue #9's "done when"): 8 clients for 30 s send a mix of search, card pages, legality and
simulate requests to the app under gunicorn on PostgreSQL, while two more clients send pathological requests (the
joint-odds explosion, catastrophic regexes, a huge unreadable deck list, a deep JSON body) back to back. Prints the
mix's p50/p95/max and errors, and what each pathological request answered and how long it took.

Target: p95 of the mix under 100 ms with no errors (no 5xx, no timeout). Loopback only, bounded in time.
Usage: .venv/bin/python bench/load_run.py [--seconds 30] [--clients 8] [--attackers 2] [--workers 5] [--threads 1] [--no-import]
"""

import argparse
import json
import random
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter, defaultdict
from pathlib import Path

from _common import data_dir, gunicorn, manage, percentile, recreate_postgres_database

SEARCHES = [
    "vader",
    "t:character side:dark power>=6",
    "(t:effect or t:interrupt) text:cancel",
    "persona:lando",
    "name:/^dark /",
    "destiny>=5 -t:character",
]
CARD_PAGES = ["/cards/swccg/1_168/", "/cards/swccg/1_1/", "/?q=luke&game=swccg", "/cards/swccg/7_305/"]


def catalogue_ids() -> set[str]:
    ids = set()
    for side in ("Dark", "Light"):
        cards = json.loads((Path(data_dir()) / "swccg" / f"{side}.json").read_text())["cards"]
        ids |= {c["gempId"] for c in cards}
    return ids


def sample_decks() -> list[dict]:
    """GEMP's sample decks whose cards are all in the catalogue (the Precon decks use GEMP-only ids)."""
    path = Path(data_dir()) / "swccg" / "gemp" / "sample_decks.json"
    known = catalogue_ids()
    decks = [d for d in json.loads(path.read_text())["decks"] if set(d["cards"] + d["outside_deck"]) <= known]
    return [
        {"game": "swccg", "format": "open", "cards": d["cards"], "outside_deck": d["outside_deck"]}
        for d in decks
    ]


def mix(decks: list[dict]):
    """(kind, method, path, body) of an ordinary request, drawn at random."""
    kind = random.choice(["search", "search", "page", "legality", "simulate"])
    if kind == "search":
        query = urllib.parse.urlencode({"game": "swccg", "q": random.choice(SEARCHES)})
        return kind, "GET", "/api/cards/?" + query, None
    if kind == "page":
        return kind, "GET", random.choice(CARD_PAGES), None
    deck = random.choice(decks)
    if kind == "legality":
        return kind, "POST", "/api/legality/", deck
    ids = sorted(set(deck["cards"]))
    body = {
        "game": "swccg",
        "cards": deck["cards"],
        "hand_size": 8,
        "targets": [{"label": "a", "cards": ids[:3], "at_least": 1}, {"label": "b", "cards": ids[3:6]}],
        "joint": True,
    }
    return kind, "POST", "/api/simulate/opening-hand", body


def pathological(decks: list[dict]):
    """The requests that used to take the server down, each with its name."""
    ids = []
    for side in ("Dark", "Light"):
        cards = json.loads((Path(data_dir()) / "swccg" / f"{side}.json").read_text())["cards"]
        ids += [c["gempId"] for c in cards if not c.get("legacy")][:500]
    targets = [{"label": f"t{i}", "cards": ids[i * 100 : i * 100 + 300], "at_least": 1} for i in range(8)]
    unread = "\n".join(f"1 Not A Card Name {i}" for i in range(1_990))  # just under the 2,000-line limit
    return [
        (
            "joint odds, 1,000 ids, 8 overlapping targets",
            "POST",
            "/api/simulate/opening-hand",
            {"game": "swccg", "cards": ids, "hand_size": 200, "targets": targets, "joint": True},
        ),
        (
            "regex (.*.*)*x",
            "GET",
            "/api/cards/?" + urllib.parse.urlencode({"game": "swccg", "q": "text:/(.*.*)*x/"}),
            None,
        ),
        (
            "regex (.*){1,32000}[bc]",
            "GET",
            "/api/cards/?" + urllib.parse.urlencode({"game": "swccg", "q": "lore:/(.*){1,32000}[bc]/"}),
            None,
        ),
        # gunicorn refuses request lines over 4,094 bytes (414) before the app: 600 words is what reaches it.
        (
            "web search, 600 words",
            "GET",
            "/?" + urllib.parse.urlencode({"q": " ".join(["vader"] * 600)}),
            None,
        ),
        (
            "deck list of 1,990 unknown lines",
            "POST",
            "/api/legality/",
            {"game": "swccg", "format": "open", "decklist": unread},
        ),
        ("JSON nested 100,000 deep", "POST", "/api/legality/", "[" * 100_000 + "]" * 100_000),
        ("lone surrogate", "POST", "/api/legality/", '{"game": "\\ud800", "format": "open", "cards": []}'),
    ]


def send(base: str, method: str, path: str, body) -> tuple[int, float]:
    data = None
    headers = {"Accept": "application/json"}
    if body is not None:
        data = (body if isinstance(body, str) else json.dumps(body)).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as exc:
        exc.read()
        status = exc.code
    except OSError:
        status = 0  # timeout or connection reset
    return status, (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=5, help="gunicorn workers (make serve: 2 × cores + 1)")
    parser.add_argument("--threads", type=int, default=1, help="threads per worker (make serve: 1)")
    parser.add_argument("--attackers", type=int, default=2, help="clients sending the pathological requests")
    parser.add_argument("--no-import", action="store_true", help="reuse the database of an earlier run")
    args = parser.parse_args()
    name = "cardsdb_bench_load"
    if args.no_import:
        url = f"postgres://postgres@127.0.0.1:5432/{name}"
    else:
        url = recreate_postgres_database(name)
        print("importing SWCCG into a fresh PostgreSQL database…", flush=True)
        manage("migrate", "--noinput", database_url=url)
        manage("import_cards", "swccg", database_url=url)
        manage("import_formats", "swccg", database_url=url)
    decks = sample_decks()
    bad = pathological(decks)
    latencies: list[float] = []
    by_kind: dict[str, list[float]] = defaultdict(list)
    statuses: Counter = Counter()
    bad_results: dict[str, list[tuple[int, float]]] = defaultdict(list)
    lock = threading.Lock()
    with gunicorn(url, workers=args.workers, threads=args.threads) as base:
        for _ in range(3):  # warm each worker's card pools
            for _kind, method, path, body in (mix(decks) for _ in range(20)):
                send(base, method, path, body)
        deadline = time.monotonic() + args.seconds

        def client() -> None:
            rng_local = []
            while time.monotonic() < deadline:
                kind, *request = mix(decks)
                status, ms = send(base, *request)
                rng_local.append((kind, status, ms))
            with lock:
                for kind, status, ms in rng_local:
                    statuses[status] += 1
                    latencies.append(ms)
                    by_kind[kind].append(ms)

        def attacker(offset: int) -> None:
            i = offset
            while time.monotonic() < deadline:
                label, method, path, body = bad[i % len(bad)]
                result = send(base, method, path, body)
                with lock:
                    bad_results[label].append(result)
                i += 1

        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        threads += [threading.Thread(target=attacker, args=(k * 3,)) for k in range(args.attackers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    errors = sum(n for s, n in statuses.items() if s == 0 or s >= 500)
    print(
        f"\nmix: {len(latencies)} requests in {args.seconds:.0f} s by {args.clients} clients "
        f"({len(latencies) / args.seconds:.0f}/s), gunicorn {args.workers} workers × {args.threads} threads"
    )
    print(
        f"  p50 {percentile(latencies, 50):.1f} ms, p95 {percentile(latencies, 95):.1f} ms, "
        f"max {max(latencies):.1f} ms; statuses {dict(sorted(statuses.items()))}; errors {errors}"
    )
    for kind, values in sorted(by_kind.items()):
        print(
            f"    {kind}: {len(values)}, p50 {percentile(values, 50):.1f} ms, p95 {percentile(values, 95):.1f} ms"
        )
    print(f"pathological requests, sent back to back by {args.attackers} clients at the same time:")
    for label, results in bad_results.items():
        codes = Counter(s for s, _ in results)
        times = [ms for _, ms in results]
        print(
            f"  {label}: {len(results)}×, statuses {dict(codes)}, p50 {percentile(times, 50):.0f} ms, "
            f"max {max(times):.0f} ms"
        )


if __name__ == "__main__":
    main()
