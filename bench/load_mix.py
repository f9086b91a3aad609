"""A load run of a realistic mix (issue #13): N users, each logged in with an API token, for a bounded time, against
the app under gunicorn with PostgreSQL and Redis (rate counts and kept answers and pages shared by every worker).

Each user, back to back (no think time unless --think): searches (the API; mostly popular queries, answered from
the shared cache, and some a card's name never asked before), card pages (the HTML page or the API's card), deck
saves (a POST of a new deck, then PATCHes of the user's own deck: a new card list with If-Match, or new notes),
legality checks of real sample decks, and opening-hand odds. Prints requests/s, p50/p95/max per kind and overall,
the errors (any status but the expected 200/201, or no answer), the client's own CPU per request (so a saturated
client shows), and a Markdown table ready for docs/benchmarks.md with the machine's load average.

The rate limits are set high (CARDSDB_RATE_*=1000000/hour), not off: every request is counted in Redis as in
production, and none is refused. Loopback only, bounded in time; the Redis database given (not 0) is flushed first.
Usage: .venv/bin/python bench/load_mix.py [--users 10 50] [--seconds 60] [--workers 5] [--think 0]
       [--redis redis://127.0.0.1:6379/12] [--database cardsdb_bench_load] [--no-import]
"""

import argparse
import datetime
import http.client
import json
import os
import random
import subprocess
import threading
import time
import urllib.parse
from collections import Counter, defaultdict

from _common import (
    PYTHON,
    ROOT,
    data_dir,
    flush_redis,
    gunicorn,
    manage,
    percentile,
    recreate_postgres_database,
)
from load_run import sample_decks

KINDS = ("search", "card", "deck save", "legality", "simulate")
WEIGHTS = (35, 25, 15, 15, 10)
POPULAR = [
    "vader",
    "luke",
    "han solo",
    '"lord of the sith"',
    "t:character side:dark power>=6",
    "t:character side:light ability>=4",
    "destiny>=5 -t:character",
    "persona:lando",
    "icon:pilot char:jedi order:-ability",
    "set:V21 is:unique",
    "(t:effect or t:interrupt) text:cancel",
    "t:starship side:dark",
    "name:/^dark /",
    "pulls:tatooine",
    "t:location side:light lighticons>=2",
    "deploy<=2 forfeit>=4 t:character",
    "lore:smuggler",
    "t:weapon",
    "text:retrieve",
    "",
]
RATES_HIGH = "1000000/hour"

# The users and their tokens, made through the token service the API uses (cardsdb/token_services.py).
MAKE_USERS = """
import json
from django.contrib.auth import get_user_model
from cardsdb.token_services import create_token
User = get_user_model()
keys = []
for i in range({count}):
    user, _ = User.objects.get_or_create(username=f"bench-load-{{i}}")
    user.set_password(None); user.save()
    user.api_tokens.all().delete()
    keys.append(create_token(user, "load run")[1])
print(json.dumps(keys))
"""


def make_tokens(database_url: str, count: int) -> list[str]:
    env = {**os.environ, "DATABASE_URL": database_url, "CARDSDB_DATA_DIR": data_dir()}
    done = subprocess.run(
        [PYTHON, "manage.py", "shell", "-c", MAKE_USERS.format(count=count)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def card_catalogue() -> tuple[list[str], list[str]]:
    """Ids of the current SWCCG cards, and words of their names (a search never asked before)."""
    ids, words = [], set()
    for side in ("Dark", "Light"):
        cards = json.loads(open(os.path.join(data_dir(), "swccg", f"{side}.json"), encoding="utf-8").read())
        for c in cards["cards"]:
            if c.get("legacy"):
                continue
            ids.append(c["gempId"])
            title = c.get("front", {}).get("title", "")
            words |= {w.strip("•<>\"'():,.!").lower() for w in title.split() if len(w) > 3}
    return sorted(ids), sorted(w for w in words if w.isalpha())


class User:
    """One virtual user: its token, its own keep-alive connection, its deck and that deck's version."""

    def __init__(self, host: str, port: int, key: str, rng: random.Random, decks: list[dict], cards, words):
        self.host, self.port, self.key, self.rng = host, port, key, rng
        self.decks, self.card_ids, self.words = decks, cards, words
        self.popular_cards = cards[:: max(1, len(cards) // 200)]
        self.conn: http.client.HTTPConnection | None = None
        self.deck_id: int | None = None
        self.version: int | None = None

    def send(self, method: str, path: str, body=None, headers=None) -> tuple[int, bytes]:
        headers = {"Accept": "application/json", "Authorization": f"Token {self.key}", **(headers or {})}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                content = response.read()
                if response.will_close:
                    self.conn.close()
                    self.conn = None
                return response.status, content
            except (http.client.HTTPException, ConnectionError) as exc:
                self.conn.close()
                self.conn = None
                if attempt or not isinstance(exc, (http.client.RemoteDisconnected, ConnectionResetError)):
                    return 0, str(exc).encode()
            except OSError as exc:  # a timeout
                self.conn.close()
                self.conn = None
                return 0, str(exc).encode()
        return 0, b""

    def deck_items(self) -> list[dict]:
        deck = self.rng.choice(self.decks)
        counts = Counter(deck["cards"])
        items = [{"id": card, "count": n, "zone": "deck"} for card, n in sorted(counts.items())]
        items += [
            {"id": card, "count": n, "zone": "outside"}
            for card, n in sorted(Counter(deck["outside_deck"]).items())
        ]
        return items

    def one(self, kind: str) -> tuple[int, float, tuple[int, ...]]:
        """Send one request of `kind`: (status, ms, the statuses that count as success)."""
        rng = self.rng
        ok: tuple[int, ...] = (200,)
        started = time.perf_counter()
        if kind == "search":
            query = rng.choice(POPULAR) if rng.random() < 0.8 else rng.choice(self.words)
            status, _ = self.send(
                "GET", "/api/cards/?" + urllib.parse.urlencode({"game": "swccg", "q": query})
            )
        elif kind == "card":
            card = rng.choice(self.popular_cards) if rng.random() < 0.8 else rng.choice(self.card_ids)
            if rng.random() < 0.5:
                status, _ = self.send("GET", f"/cards/swccg/{card}/", headers={"Accept": "text/html"})
            else:
                status, _ = self.send("GET", f"/api/cards/swccg/{card}/")
        elif kind == "deck save":
            if self.deck_id is None:
                ok = (201,)
                body = {
                    "name": "Load run deck",
                    "game": "swccg",
                    "format": "open",
                    "cards": self.deck_items(),
                }
                status, content = self.send("POST", "/api/decks/", body)
            elif rng.random() < 0.5:
                status, content = self.send(
                    "PATCH",
                    f"/api/decks/{self.deck_id}/",
                    {"cards": self.deck_items()},
                    {"If-Match": f'"{self.version}"'},
                )
            else:
                status, content = self.send(
                    "PATCH", f"/api/decks/{self.deck_id}/", {"notes": f"changed at {time.time():.3f}"}
                )
            if status in (200, 201):
                answer = json.loads(content)
                self.deck_id, self.version = answer["id"], answer["version"]
        elif kind == "legality":
            deck = rng.choice(self.decks)
            status, _ = self.send("POST", "/api/legality/", deck)
        else:
            deck = rng.choice(self.decks)
            ids = sorted(set(deck["cards"]))
            body = {
                "game": "swccg",
                "cards": deck["cards"],
                "hand_size": 8,
                "targets": [
                    {"label": "a", "cards": ids[:3], "at_least": 1},
                    {"label": "b", "cards": ids[3:6]},
                ],
                "joint": True,
            }
            status, _ = self.send("POST", "/api/simulate/opening-hand", body)
        return status, (time.perf_counter() - started) * 1000, ok


def run(host, port, keys, seconds, think, decks, cards, words, seed):
    results: list[tuple[str, int, float, bool]] = []
    lock = threading.Lock()
    start_gate = threading.Barrier(len(keys) + 1)
    deadline_box: list[float] = []

    def user_loop(i: int) -> None:
        user = User(host, port, keys[i], random.Random(seed * 1000 + i), decks, cards, words)
        mine = []
        start_gate.wait()
        deadline = deadline_box[0]
        while time.monotonic() < deadline:
            kind = user.rng.choices(KINDS, WEIGHTS)[0]
            status, ms, ok = user.one(kind)
            mine.append((kind, status, ms, status in ok))
            if think:
                time.sleep(user.rng.uniform(0, 2 * think))
        with lock:
            results.extend(mine)

    threads = [threading.Thread(target=user_loop, args=(i,)) for i in range(len(keys))]
    for t in threads:
        t.start()
    cpu0 = time.process_time()
    wall0 = time.monotonic()
    deadline_box.append(wall0 + seconds)
    start_gate.wait()
    for t in threads:
        t.join()
    wall = time.monotonic() - wall0
    cpu = time.process_time() - cpu0
    return results, wall, cpu


def summary(results, wall: float) -> list[tuple[str, int, float, float, float, float, int]]:
    """(kind, requests, requests/s, p50, p95, max, errors) per kind, then all."""
    by_kind = defaultdict(list)
    for kind, _status, ms, good in results:
        by_kind[kind].append((ms, good))
    rows = []
    for kind in (*KINDS, "all"):
        values = [v for k in KINDS for v in by_kind[k]] if kind == "all" else by_kind[kind]
        if not values:
            continue
        times = [ms for ms, _ in values]
        errors = sum(1 for _, good in values if not good)
        rows.append(
            (
                kind,
                len(values),
                len(values) / wall,
                percentile(times, 50),
                percentile(times, 95),
                max(times),
                errors,
            )
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, nargs="+", default=[10, 50])
    parser.add_argument("--seconds", type=float, default=60, help="per user count")
    parser.add_argument("--workers", type=int, default=5, help="gunicorn workers (make serve: 2 × cores + 1)")
    parser.add_argument("--threads", type=int, default=1, help="threads per worker (make serve: 1)")
    parser.add_argument(
        "--think", type=float, default=0, help="mean pause between a user's requests, seconds"
    )
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/12", help="REDIS_URL (its db is flushed)")
    parser.add_argument("--database", default="cardsdb_bench_load", help="PostgreSQL database to recreate")
    parser.add_argument("--no-import", action="store_true", help="reuse the database of an earlier run")
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    if args.no_import:
        url = f"postgres://postgres@127.0.0.1:5432/{args.database}"
    else:
        url = recreate_postgres_database(args.database)
        print("importing SWCCG into a fresh PostgreSQL database…", flush=True)
        manage("migrate", "--noinput", database_url=url)
        manage("import_cards", "swccg", "--verbosity", "0", database_url=url)
        manage("import_formats", "swccg", "--verbosity", "0", database_url=url)
    keys = make_tokens(url, max(args.users))
    decks = sample_decks()
    cards, words = card_catalogue()
    flush_redis(args.redis)
    env = {
        "REDIS_URL": args.redis,
        "CARDSDB_RATE_USER": RATES_HIGH,
        "CARDSDB_RATE_ANON": RATES_HIGH,
        "CARDSDB_RATE_ANON_CHECK": RATES_HIGH,
    }
    runs = []
    with gunicorn(url, workers=args.workers, threads=args.threads, env=env) as base:
        parsed = urllib.parse.urlsplit(base)
        host, port = parsed.hostname, parsed.port
        warm = User(host, port, keys[0], random.Random(0), decks, cards, words)
        for kind in KINDS * 4:  # each worker's card pools and formats
            warm.one(kind)
        for users in args.users:
            results, wall, cpu = run(
                host, port, keys[:users], args.seconds, args.think, decks, cards, words, args.seed
            )
            runs.append((users, summary(results, wall), len(results), wall, cpu, results))
            statuses = Counter(status for _, status, _, _ in results)
            print(
                f"\n{users} users, {wall:.0f} s, gunicorn {args.workers} workers × {args.threads} threads, "
                f"PostgreSQL + Redis; statuses {dict(sorted(statuses.items()))}"
            )
            print(
                f"  {'kind':<10} {'requests':>9} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'errors':>7}"
            )
            for kind, n, rate, p50, p95, top, errors in runs[-1][1]:
                print(f"  {kind:<10} {n:>9} {rate:>7.1f} {p50:>8.1f} {p95:>8.1f} {top:>8.1f} {errors:>7}")
            print(
                f"  client: {cpu:.1f} s CPU in {wall:.0f} s ({100 * cpu / wall:.0f}% of one core), "
                f"{1000 * cpu / max(1, len(results)):.2f} ms CPU a request"
            )
            bad = [(k, s) for k, s, _, good in results if not good]
            if bad:
                print(f"  errors by kind and status: {dict(Counter(bad))}")
    one, five, fifteen = os.getloadavg()
    print(
        f"\nMarkdown for docs/benchmarks.md ({datetime.date.today().isoformat()}, load average "
        f"{one:.2f}, {five:.2f}, {fifteen:.2f} at the end of the run):\n"
    )
    print("| users | kind | requests | requests/s | p50 | p95 | max | errors |")
    print("|---|---|---|---|---|---|---|---|")
    for users, rows, *_ in runs:
        for kind, n, rate, p50, p95, top, errors in rows:
            name = f"**{kind}**" if kind == "all" else kind
            print(
                f"| {users} | {name} | {n} | {rate:.1f} | {p50:.1f} ms | {p95:.1f} ms | {top:.0f} ms | {errors} |"
            )
    print()
    for users, _rows, n, wall, cpu, _ in runs:
        print(
            f"- {users} users: the client used {100 * cpu / wall:.0f}% of one core "
            f"({1000 * cpu / max(1, n):.2f} ms CPU a request)"
        )


if __name__ == "__main__":
    main()
