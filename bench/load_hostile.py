"""Issue #23's load run: 8 clients of ordinary work (card searches, card pages, legality checks of real decks)
beside 4 hostile anonymous clients sending, back to back, the two requests that used to take a worker for
seconds and gigabytes: a SW:DBG search-vs-search game (`POST /api/games/swdbg/simulate`) and a 16 KB GEMP replay
whose `P` event lists 8.3 million participants (`POST /api/games/swccg/gemp-replay`). The app runs as
`make serve` runs it: gunicorn 5 workers × 1 thread, 30 s timeout, PostgreSQL.

Prints the ordinary mix's p50/p95/max per kind, every status the hostile requests got with their times and
answer sizes, and each worker's resident memory: the peak sampled every 0.2 s during the run and at its end.
Targets: p95 of the ordinary mix ≤ 150 ms, every worker ≤ 500 MB.
Usage: .venv/bin/python bench/load_hostile.py [--seconds 40] [--clients 8] [--hostile 4] [--no-import]
"""

import argparse
import random
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib
from collections import Counter, defaultdict
from pathlib import Path

from _common import gunicorn, manage, percentile, recreate_postgres_database
from load_run import CARD_PAGES, SEARCHES, sample_decks, send

PARTICIPANTS = 8_300_000


def participant_file() -> bytes:
    """GEMP's zlib stream of one `P` event naming millions of players: 16 KB on the wire."""
    names = ",".join(["a"] * PARTICIPANTS)
    xml = f'<gameReplay><ge type="P" participantId="a" allParticipantIds="{names}"/></gameReplay>'
    return zlib.compress(xml.encode(), 9)


def ordinary(decks: list[dict]):
    kind = random.choice(["search", "search", "card", "legality"])
    if kind == "search":
        return (
            kind,
            "GET",
            "/api/cards/?" + urllib.parse.urlencode({"game": "swccg", "q": random.choice(SEARCHES)}),
        )
    if kind == "card":
        return kind, "GET", random.choice(CARD_PAGES), None
    return kind, "POST", "/api/legality/", random.choice(decks)


def post_bytes(base: str, path: str, data: bytes) -> tuple[int, float, int]:
    request = urllib.request.Request(
        base + path, data=data, method="POST", headers={"Content-Type": "application/octet-stream"}
    )
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            size, status = len(response.read()), response.status
    except urllib.error.HTTPError as exc:
        size, status = len(exc.read()), exc.code
    except OSError:
        size, status = 0, 0
    return status, (time.perf_counter() - started) * 1000, size


def post_json(base: str, path: str, body: dict) -> tuple[int, float, int]:
    import json

    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json"},
    )
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            size, status = len(response.read()), response.status
    except urllib.error.HTTPError as exc:
        size, status = len(exc.read()), exc.code
    except OSError:
        size, status = 0, 0
    return status, (time.perf_counter() - started) * 1000, size


def worker_pids(master: int) -> list[int]:
    """gunicorn's workers: the master's children."""
    children = Path(f"/proc/{master}/task/{master}/children")
    try:
        return [int(p) for p in children.read_text().split()]
    except OSError:
        return []


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--hostile", type=int, default=4)
    parser.add_argument("--workers", type=int, default=5)
    parser.add_argument("--no-import", action="store_true", help="reuse the database of an earlier run")
    args = parser.parse_args()
    name = "cardsdb_bench_hostile"
    if args.no_import:
        url = f"postgres://postgres@127.0.0.1:5432/{name}"
    else:
        url = recreate_postgres_database(name)
        print("importing SWCCG and SW:DBG into a fresh PostgreSQL database…", flush=True)
        manage("migrate", "--noinput", database_url=url)
        for game in ("swccg", "swdbg"):
            manage("import_cards", game, database_url=url)
            manage("import_formats", game, database_url=url)
    decks = sample_decks()
    gemp = participant_file()
    hostile = [
        ("SW:DBG search vs search, 1 game", lambda base, i: post_json(
            base, "/api/games/swdbg/simulate", {"players": ["search", "search"], "games": 1, "seed": i}
        )),
        (f"GEMP file, {PARTICIPANTS:,} participants ({len(gemp) // 1024} KB)", lambda base, i: post_bytes(
            base, "/api/games/swccg/gemp-replay", gemp
        )),
    ]  # fmt: skip
    by_kind: dict[str, list[float]] = defaultdict(list)
    statuses: Counter = Counter()
    hostile_results: dict[str, list[tuple[int, float, int]]] = defaultdict(list)
    peak: dict[int, float] = defaultdict(float)
    lock = threading.Lock()
    with gunicorn(url, workers=args.workers, threads=1, timeout=30, popen_out=(server := [])) as base:
        master = server[0].pid
        for _ in range(40):  # warm each worker's card pools
            _kind, method, path, *body = ordinary(decks)
            send(base, method, path, body[0] if body else None)
        deadline = time.monotonic() + args.seconds

        def client() -> None:
            mine = []
            while time.monotonic() < deadline:
                kind, method, path, *body = ordinary(decks)
                status, ms = send(base, method, path, body[0] if body else None)
                mine.append((kind, status, ms))
            with lock:
                for kind, status, ms in mine:
                    statuses[status] += 1
                    by_kind[kind].append(ms)

        def attacker(k: int) -> None:
            i = k
            while time.monotonic() < deadline:
                label, request = hostile[i % len(hostile)]
                result = request(base, i)
                with lock:
                    hostile_results[label].append(result)
                i += 1

        def sampler() -> None:
            while time.monotonic() < deadline + 1:
                for pid in worker_pids(master):
                    peak[pid] = max(peak[pid], rss_mb(pid))
                time.sleep(0.2)

        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        threads += [threading.Thread(target=attacker, args=(k,)) for k in range(args.hostile)]
        threads.append(threading.Thread(target=sampler))
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        after = {pid: rss_mb(pid) for pid in worker_pids(master)}
    every = [ms for values in by_kind.values() for ms in values]
    errors = sum(n for s, n in statuses.items() if s == 0 or s >= 500)
    print(
        f"\nordinary mix: {len(every)} requests in {args.seconds:.0f} s by {args.clients} clients "
        f"({len(every) / args.seconds:.0f}/s) beside {args.hostile} hostile clients; gunicorn {args.workers} × 1"
    )
    print(
        f"  p50 {percentile(every, 50):.1f} ms, p95 {percentile(every, 95):.1f} ms (target <= 150), "
        f"max {max(every):.0f} ms; statuses {dict(sorted(statuses.items()))}; errors {errors}"
    )
    for kind, values in sorted(by_kind.items()):
        print(
            f"    {kind}: {len(values)}, p50 {percentile(values, 50):.1f} ms, p95 {percentile(values, 95):.1f} ms"
        )
    print("hostile requests:")
    for label, results in hostile_results.items():
        codes = Counter(s for s, _, _ in results)
        times = [ms for _, ms, _ in results]
        sizes = [size for _, _, size in results]
        print(
            f"  {label}: {len(results)}×, statuses {dict(codes)}, p50 {percentile(times, 50):.0f} ms, "
            f"max {max(times):.0f} ms, answer up to {max(sizes):,} bytes"
        )
    print("workers' resident memory (target <= 500 MB each):")
    for pid in sorted(peak):
        print(f"  worker {pid}: peak {peak[pid]:.0f} MB, at the end {after.get(pid, 0):.0f} MB")


if __name__ == "__main__":
    main()
