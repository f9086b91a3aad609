"""Deck list reading at its limits (decks.formats_io.limits): time per unread line (SWCCG, SWTCG), a 100 KB SWTCG
list, hostile texts (blank lines, long lines, XML nested 2,000 deep) and a full legality batch at the batch's
limits, all in process (Django's test client for the endpoints).

By default a fresh PostgreSQL database is created and SWCCG and SWTCG are imported (a few minutes); give
--database-url to use one that holds them already.
Usage: .venv/bin/python bench/decklist_reading.py [--database-url URL] [--lines 2000] [--skip-batch]
"""

import argparse
import json
import os
import sys
import time

from _common import ROOT, data_dir, manage, recreate_postgres_database


def timed(function, *args, **kwargs) -> tuple[float, object]:
    started = time.perf_counter()
    result = function(*args, **kwargs)
    return time.perf_counter() - started, result


def unknown_lines(count: int, *, tab: bool = False) -> str:
    separator = "\t" if tab else "x "
    return "\n".join(f"{i % 4 + 1}{separator}Qwzx Nocard {i}" for i in range(count))


def per_unread_line(read_decklist, lines: int) -> None:
    print(f"time per unread line ({lines:,} unknown names per list; the first lines get the closest cards)")
    for game, tab in (("swccg", False), ("swtcg", False), ("swtcg", True)):
        read_decklist("1x Qwzx", game=game)  # the catalogue's caches and suggestion index, built once
        seconds, read = timed(read_decklist, unknown_lines(lines, tab=tab), game=game)
        unread = sum(1 for p in read.problems if p.line)
        print(
            f"  {game} {read.format:<11} {seconds * 1000 / lines:7.3f} ms/line  ({unread:,} lines reported)"
        )


def hundred_kb_swtcg(read_decklist, too_large) -> None:
    short = "\n".join(f"1 Qwzx {i}" for i in range(14_000))[:100_000]  # as in the issue: 85 s before
    label = f"100 KB SWTCG list of {short.count(chr(10)) + 1:,} short unknown lines"
    started = time.perf_counter()
    try:
        read_decklist(short, game="swtcg")
        print(f"{label}: read in {time.perf_counter() - started:.2f} s")
    except too_large as exc:
        print(f"{label}: refused in {(time.perf_counter() - started) * 1000:.2f} ms ({exc.code})")
    wide = "\n".join(f"1 Qwzx Nocard number {i} with a longer title here" for i in range(2_000))
    wide = wide[:100_000]
    seconds, read = timed(read_decklist, wide, game="swtcg")
    print(
        f"{len(wide) / 1000:.0f} KB SWTCG list of {wide.count(chr(10)) + 1:,} unknown lines (within the limits): "
        f"read in {seconds:.2f} s, {sum(1 for p in read.problems if p.line):,} lines reported"
    )


def hostile(read_decklist, too_large) -> None:
    texts = {
        "100 KB of blank lines (2,000 lines)": (" " * 49 + "\n") * 1_999,
        "1,999 lines of 47 spaces between two words": ("a" + " " * 47 + "b\n") * 1_999,
        "decorated headers ==a=-=-…": ("==a" + "=-" * 20 + "b\n") * 1_999,
        "GEMP XML nested 2,000 deep": "<deck>" + "<card>" * 2_000 + "</card>" * 2_000 + "</deck>",
        "GEMP list, 12,000 copies of one id": ",".join(["1_168"] * 12_000),
    }
    print("hostile texts (SWCCG)")
    for label, text in texts.items():
        try:
            seconds, read = timed(read_decklist, text[:100_000], game="swccg")
            codes = sorted({p.code for p in read.problems})
            print(f"  {label:<45} {seconds * 1000:8.1f} ms  {', '.join(codes)}")
        except too_large as exc:
            print(f"  {label:<45} refused ({exc.code})")


def full_batch(client) -> None:
    """500 decks at the batch's limits: 250 lists of 100 unknown lines (25,000 lines) and 250 decks of 400 ids
    (100,000 ids)."""
    lists = [
        {"game": "swccg", "format": "open", "decklist": unknown_lines(100).replace("Qwzx", f"Qw{d}")}
        for d in range(250)
    ]
    ids = [{"game": "swccg", "format": "open", "cards": ["1_168", "1_194"] * 200} for _ in range(250)]
    body = json.dumps({"decks": lists + ids})
    seconds, response = timed(client.post, "/api/legality/batch/", body, content_type="application/json")
    results = response.json().get("results", [])
    print(
        f"batch of 500 decks at the limits (25,000 unread lines, 100,000 ids, {len(body) / 1e6:.2f} MB): "
        f"{response.status_code} in {seconds:.2f} s, {len(results)} results"
    )
    over = json.dumps({"decks": lists + lists[:1] + ids[:249]})
    seconds, response = timed(client.post, "/api/legality/batch/", over, content_type="application/json")
    print(f"one list more: {response.status_code} {response.json().get('code')} in {seconds * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url")
    parser.add_argument("--lines", type=int, default=2_000)
    parser.add_argument("--skip-batch", action="store_true")
    args = parser.parse_args()
    url = args.database_url
    if url is None:
        url = recreate_postgres_database("cardsdb_bench_decklists")
        manage("migrate", "--noinput", database_url=url)
        for game in ("swccg", "swtcg"):
            manage("import_cards", game, "--verbosity", "0", database_url=url)
            manage("import_formats", game, "--verbosity", "0", database_url=url)
    os.environ.update(
        DATABASE_URL=url,
        CARDSDB_DATA_DIR=data_dir(),
        DJANGO_SETTINGS_MODULE="cardsdb.settings",
        ALLOWED_HOSTS="testserver",
    )
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.test import Client

    from decks.legality.decklists import read_decklist

    try:
        from decks.legality.decklists import DecklistTooLarge as too_large
    except ImportError:  # before the limits existed
        too_large = type("Never", (Exception,), {})

    per_unread_line(read_decklist, args.lines)
    hundred_kb_swtcg(read_decklist, too_large)
    hostile(read_decklist, too_large)
    if not args.skip_batch:
        full_batch(Client())


if __name__ == "__main__":
    main()
