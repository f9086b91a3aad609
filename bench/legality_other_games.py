"""SWTCG and SW:DBG legality checks in-process, on one core: 60-card SWTCG decks per second (target ≥ 5,000/s)
and SW:DBG game setups per second (no target; reported).

Imports both catalogues and their formats into a fresh SQLite database, then builds 200 SWTCG decks from the
real cards with a fixed seed (12 units per arena, 24 other cards, one side plus Neutral; some break rules, so
every rule runs its full course) and the standard SW:DBG setups of each format.
Usage: .venv/bin/python bench/legality_other_games.py [--seconds 3]
"""

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

from _common import ROOT, data_dir, manage


def prepare(url: str) -> None:
    manage("migrate", "--noinput", database_url=url)
    for game in ("swtcg", "swdbg"):
        manage("import_cards", game, "--verbosity", "0", database_url=url)
        manage("import_formats", game, "--verbosity", "0", database_url=url)


def swtcg_decks(pool: dict, count: int, seed: int = 5, sets=None) -> list[tuple[list[str], list[str]]]:
    """Random decks from the pool (or from `sets` only): 12 units per arena of one side, 24 other cards."""
    rng = random.Random(seed)
    by_side_arena: dict[tuple[str, str], list[str]] = {}
    others: dict[str, list[str]] = {}
    for code, card in sorted(pool.items()):
        if sets and card.set not in sets:
            continue
        if card.is_unit:
            by_side_arena.setdefault((card.side, card.arenas[0]), []).append(code)
        else:
            others.setdefault(card.side, []).append(code)
    decks = []
    for i in range(count):
        side = ("Light", "Dark")[i % 2]
        cards = []
        for arena in ("Space", "Ground", "Character"):
            cards += [rng.choice(by_side_arena[(side, arena)]) for _ in range(12)]
        cards += [rng.choice(others[side] + others["Neutral"]) for _ in range(24)]
        decks.append((cards, [rng.choice(others["Neutral"])] if i % 3 == 0 else []))
    return decks


def rate(label: str, check, items: list, seconds: float, target: str = "") -> None:
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        for item in items:
            check(item)
        done += len(items)
    elapsed = time.perf_counter() - started
    print(f"{label}: {done:,} checks in {elapsed:.2f} s = {done / elapsed:,.0f} checks/s on one core{target}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        prepare(url)
        os.environ.update(
            DATABASE_URL=url, CARDSDB_DATA_DIR=data_dir(), DJANGO_SETTINGS_MODULE="cardsdb.settings"
        )
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        from decks.legality.pool import format_rules, setup_pool, tcg_pool
        from decks.legality.swdbg import check_setup
        from decks.legality.swtcg import check_tcg_deck
        from decks.models import Format

        pool = tcg_pool()
        everything = swtcg_decks(pool, 200)
        for code in ("full", "wotc"):
            fmt = format_rules(Format.objects.get(game="swtcg", code=code))
            runs = [("decks of the format's sets", swtcg_decks(pool, 200, sets=fmt.legal_sets or None))]
            if fmt.legal_sets:  # the worst case: cards of ~30 sets, each set one more violation
                runs.append(("decks of every set", everything))
            for label, decks in runs:
                legal = sum(check_tcg_deck(c, o, fmt, pool).legal for c, o in decks)
                rate(
                    f"SWTCG {code:4}, {label} ({legal}/200 legal)",
                    lambda deck, fmt=fmt: check_tcg_deck(deck[0], deck[1], fmt, pool),
                    decks,
                    args.seconds,
                    " (target ≥ 5,000/s)",
                )
        setups = setup_pool()
        standard = [
            {"players": [_player_of(setups, "Empire"), _player_of(setups, "Rebel")]},
            {"players": [_player_of(setups, "Empire"), _player_of(setups, "Rebel")], "bases_to_win": 4},
        ]
        fmt = format_rules(Format.objects.get(game="swdbg", code="full-galaxy"))
        rate("SW:DBG full-galaxy setups", lambda s: check_setup(s, fmt, setups), standard, args.seconds)


def _player(pool, faction: str) -> dict:
    starter = [{"card": c.code, "count": c.copies or 1} for c in pool.select(deck="starter", faction=faction)]
    bases = [c.code for c in pool.select(deck="base", faction=faction)]
    return {"starter": starter, "bases": bases}


def _player_of(pool, faction: str) -> dict:
    return {"faction": faction, **_player(pool, faction)}


if __name__ == "__main__":
    main()
