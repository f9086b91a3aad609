"""The SWCCG battle calculator with the cards' own text applied (issue #26) against the same battles without it
(`apply_text: false`, the calculator before the text): each answer's time, from the request's validation
(rules/api/swccg_rules.BattleIn) to the answer (battle_answer), as the API's view runs them.

Battles: the issue's (Vader and a Stormtrooper against Luke, a destiny 3 drawn), twelve cards with pilots aboard
starships, and the same twelve with the exact odds from two 30-card Reserve Decks. Each is timed --repeats times
after one warm-up call (the text of a battle's cards is read once per catalogue version and kept): median and
best, in CPU time (time.process_time: the machine may be shared). The first answer after a start, when the
cards' text is read, is timed apart. Target (#26): with the text, within 2× of the time without it.

The cards come from a SQLite database in --database-dir with the SWCCG cards imported (made there on the first
run: a few minutes), or from --database-url.
Usage: .venv/bin/python bench/battle_text.py [--repeats 200] [--database-dir /tmp/cardsdb-bench-text]
"""

import argparse
import statistics
import time
from pathlib import Path

from _common import django_with_game, manage

VADER_AND_LUKE = {
    "dark": {"cards": [{"card": "1_168"}, {"card": "1_194"}], "destinies": [3]},
    "light": {"cards": [{"card": "1_19"}], "destinies": [2]},
}
TWELVE = {
    "dark": {
        "cards": [
            {"card": "1_168"}, {"card": "1_194"}, {"card": "1_181"}, {"card": "1_170"},
            {"card": "1_304", "aboard": [{"card": "1_171"}]},
        ],
        "destinies": [3],
    },
    "light": {
        "cards": [
            {"card": "2_71", "aboard": [{"card": "1_19"}]}, {"card": "1_4"}, {"card": "1_5"},
            {"card": "12_108"}, {"card": "1_28"},
        ],
        "destinies": [2],
    },
    "location": "1_128",
}  # fmt: skip
RESERVES = {
    "dark": ["1_194", "1_181", "1_170", "1_168", "1_171"] * 6,
    "light": ["1_28", "1_4", "1_5", "2_71", "1_19"] * 6,
}
ODDS = {**TWELVE, "dark": {**TWELVE["dark"], "destinies": []}, "light": {**TWELVE["light"], "destinies": []}}
ODDS["simulate"] = RESERVES
BATTLES = {
    "Vader + Stormtrooper vs Luke": VADER_AND_LUKE,
    "twelve cards, pilots aboard": TWELVE,
    "twelve, exact odds": ODDS,
}


def answer(body: dict) -> dict:
    from rules.api.swccg_rules import BattleIn, battle_answer

    checked = BattleIn(data=body)
    checked.is_valid(raise_exception=True)
    return battle_answer(checked.validated_data)


def timed(body: dict) -> float:
    start = time.process_time()
    answer(body)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--database-dir", default="/tmp/cardsdb-bench-text")
    parser.add_argument("--database-url")
    args = parser.parse_args()
    url = args.database_url
    if url is None:
        path = Path(args.database_dir) / "cardsdb.sqlite3"
        url = f"sqlite:///{path}"
        fresh = not path.exists()
        path.parent.mkdir(parents=True, exist_ok=True)
        manage(
            "migrate", "--noinput", database_url=url
        )  # a database kept from an earlier run: brought up to date
        if fresh:
            manage("import_cards", "swccg", database_url=url)
    django_with_game("swccg", url)
    from rules import swccg_gametext

    swccg_gametext._read.clear()
    swccg_gametext._some.clear()
    first = timed(VADER_AND_LUKE)
    print(f"first answer with the text (its cards read, the catalogue's titles once): {first * 1000:.1f} ms")
    print(f"{'battle':32} {'without text':>16} {'with text':>16} {'ratio':>6}  (median / best, ms CPU)")
    for name, body in BATTLES.items():
        found = {}
        for apply in (False, True):
            request = {**body, "apply_text": apply}
            answer(request)  # warm-up
            times = [timed(request) for _ in range(args.repeats)]
            found[apply] = (statistics.median(times) * 1000, min(times) * 1000)
        ratio = found[True][0] / found[False][0]
        print(
            f"{name:32} {found[False][0]:7.2f} / {found[False][1]:5.2f}  {found[True][0]:7.2f} / {found[True][1]:5.2f}"
            f"  {ratio:5.2f}×  {'within 2×' if ratio <= 2 else 'OVER 2×'}"
        )


if __name__ == "__main__":
    main()
