"""Legality checks side by side, in one run and one process (issue #13).

SWCCG: the 56 real sample decks (/work/shared/data/swccg/gemp/sample_decks.json, without the Legacy ones, whose
set 601 is not in the catalogue) against the formats they were built for, checked by
- the project's checker (decks/legality/checker.py), full report: every violation with message, cards and hint;
- a direct re-statement of GEMP's format rules (below): every copy of every card validated on every check, the
  problems as strings, GEMP-style;
- the same re-statement with each format's card verdicts cached (per format and card id).
Also every sample deck (Legacy included) against every format, where most checks find violations to report.

SWTCG: 200 seeded decks (bench/legality_other_games.py's generator) of the ten WotC sets, checked by the project
(formats `full` and `wotc`) and by a re-statement of the community's validator, SWTCG-LACKEY
scripts/deckValidator.py. That script is not in the shared data: `validate` below restates what it checks (from its
published source), returning the lines of its report (errors, warnings, totals, result) instead of printing them.

Timing: rounds interleave the rows (so a busy machine slows every row alike); each row's figure is its best round,
in CPU time of this process (time.process_time), one core. The database only supplies the cards and formats:
SQLite by default (a fresh one, imports included), or --database-url for one with swccg and swtcg imported.
Usage: .venv/bin/python bench/legality_side_by_side.py [--seconds 1] [--rounds 5] [--database-url URL]
"""

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from _common import ROOT, data_dir, manage

# Sample deck name prefix → the GEMP format it was built for (as tests/decks/test_legality_swccg.py).
DECK_FORMATS = [
    ("Classic (no V)", "classic_no_virtual"),
    ("Classic", "classic"),
    ("Decipher Only", "open_no_virtual"),
    ("Open 40 card", "open40card"),
    ("P-ANH", "premiere_anh"),
    ("P-DSII", "premiere_ds2"),
    ("P-RefII", "premiere_ref2"),
    ("P-SE", "premiere_se"),
    ("Precon Open Demo Deck", "open"),
    ("Precon P-DSII", "premiere_ds2"),
    ("Precon Premiere Intro 2PG", "premiere"),
]


# --- GEMP's SWCCG format rules, restated directly ----------------------------------------------------------


def gemp_card_problem(card, fmt) -> str | None:
    """GEMP's per-card check: the `valid` list first, then sets, icons, rarities and bans."""
    if card.id in fmt.valid:
        return None
    if fmt.legal_sets and card.id.split("_", 1)[0] not in fmt.legal_sets:
        return f"Deck contains card not from a valid set: {card.title} ({card.id})"
    for icon in fmt.banned_icons:
        if icon in card.icons:
            return f"Deck contains card with banned icon {icon}: {card.title} ({card.id})"
    if card.rarity in fmt.banned_rarities:
        return f"Deck contains card of banned rarity {card.rarity}: {card.title} ({card.id})"
    if card.id in fmt.banned:
        return f"Deck contains banned card: {card.title} ({card.id})"
    return None


def gemp_validate(cards, outside, fmt, pool, card_problem=gemp_card_problem) -> list[str]:
    """GEMP's deck validation: size, each card of the deck and outside it, restricted copies, one Objective."""
    problems = []
    if len(cards) != fmt.deck_size:
        problems.append(f"Deck must contain exactly {fmt.deck_size} cards, it has {len(cards)}")
    if len(outside) > fmt.max_outside_deck:
        problems.append(f"Too many cards outside the deck: {len(outside)}")
    copies: dict[str, int] = {}
    objectives = 0
    for zone in (cards, outside):
        for card_id in zone:
            card = pool.get(card_id)
            if card is None:
                problems.append(f"Unknown card: {card_id}")
                continue
            problem = card_problem(card, fmt)
            if problem:
                problems.append(problem)
            if zone is cards:
                copies[card.id] = copies.get(card.id, 0) + 1
                objectives += card.category == "OBJECTIVE"
    for card_id, count in copies.items():
        if count > 1 and card_id in fmt.restricted:
            problems.append(f"Deck contains more than one copy of restricted card {card_id}")
    if objectives > 1:
        problems.append("Deck contains more than one Objective")
    return problems


def cached_card_problem():
    verdicts: dict[tuple, str | None] = {}

    def problem(card, fmt):
        key = (fmt.code, fmt.version, card.id)
        if key not in verdicts:
            verdicts[key] = gemp_card_problem(card, fmt)
        return verdicts[key]

    return problem


# --- SWTCG-LACKEY scripts/deckValidator.py, restated ---------------------------------------------------------

VALIDATOR_PRIMARY_SIDES = {"Light", "Dark", "Yuuzhan Vong"}


def validator_arenas(card_type: str) -> list[str]:
    return [
        t for t in (p.strip() for p in card_type.split("/")) if t.lower() in {"space", "ground", "character"}
    ]


def validate(deck_names: list[str], outside_names: list[str], card_db: dict) -> list[str]:
    """The validator's checks, by card name: copies (4), Usage BANNED / RESTRICTED, deck size (60, 59 with a
    Resource outside), 36 units, 12 per arena, arena balance (2×), one primary side, outside cards banned or of
    another side, names not found (warnings). Returns the report the script prints: errors, warnings, the totals
    line and the result line."""
    errors, warnings = [], []
    counts = Counter(name.lower() for name in deck_names)
    shown = {}
    for name in deck_names:
        shown.setdefault(name.lower(), name)
    units = space = ground = character = 0
    sides = set()
    for key, count in counts.items():
        card = card_db.get(key)
        if card is None:
            warnings.append(f"[UNKNOWN] {shown[key]} x{count} - not found in any set file")
            continue
        if "BANNED" in card["usage"]:
            errors.append(f"[BANNED] {shown[key]} x{count} - {card['usage'].strip()[:80]}")
        elif "RESTRICTED" in card["usage"] and count > 1:
            errors.append(f"[RESTRICTED] {shown[key]} x{count} - max 1 copy allowed (restricted)")
        if count > 4:
            errors.append(f"[COPIES] {shown[key]} x{count} - max 4 copies allowed")
        if card["side"] in VALIDATOR_PRIMARY_SIDES:
            sides.add(card["side"])
        arenas = [a.lower() for a in validator_arenas(card["type"])]
        if arenas:
            units += count
            space += count if "space" in arenas else 0
            ground += count if "ground" in arenas else 0
            character += count if "character" in arenas else 0
    primary = next(iter(sides)) if len(sides) == 1 else None
    resource = any(
        card_db.get(n.lower()) is not None and card_db[n.lower()]["type"].lower() == "resource"
        for n in outside_names
    )
    minimum = 60 - (1 if resource else 0)
    if len(deck_names) < minimum:
        errors.append(f"[SIZE] Only {len(deck_names)} cards (minimum {minimum})")
    if len(sides) > 1:
        errors.append(f"[SIDE] Mixed primary sides in deck: {', '.join(sorted(sides))}")
    if units < 36:
        errors.append(f"[UNITS] Only {units} units (minimum 36)")
    arena_counts = {"Space": space, "Ground": ground, "Character": character}
    for arena, count in arena_counts.items():
        if count < 12:
            errors.append(f"[ARENA] Only {count} {arena} units (minimum 12)")
    for a, b in (("Space", "Ground"), ("Space", "Character"), ("Ground", "Character")):
        ca, cb = arena_counts[a], arena_counts[b]
        if cb > 0 and ca > cb * 2:
            errors.append(f"[BALANCE] {a} ({ca}) > 2x {b} ({cb})")
        elif ca > 0 and cb > ca * 2:
            errors.append(f"[BALANCE] {b} ({cb}) > 2x {a} ({ca})")
    if outside_names:
        outside = Counter(name.lower() for name in outside_names)
        for key, count in outside.items():
            card = card_db.get(key)
            if card is None:
                warnings.append(f"[UNKNOWN] {key} x{count} (outside) - not found in any set file")
                continue
            if "BANNED" in card["usage"]:
                errors.append(f"[BANNED] {key} x{count} (outside) - {card['usage'].strip()[:80]}")
            if primary and card["side"] in VALIDATOR_PRIMARY_SIDES and card["side"] != primary:
                errors.append(f"[SIDE] {key} x{count} (outside) - {card['side']} card in a {primary} deck")
    outside_note = f" + {len(outside_names)} outside" if outside_names else ""
    totals = (
        f"Total cards: {len(deck_names)}{outside_note}  |  Units: {units} "
        f"(Space: {space}, Ground: {ground}, Character: {character})"
    )
    if errors:
        result = f"Result: INVALID ({len(errors)} error{'s' if len(errors) != 1 else ''})"
    else:
        result = f"Result: VALID ({len(warnings)} warnings)" if warnings else "Result: VALID"
    return [
        *(["ERRORS:", *errors] if errors else []),
        *(["WARNINGS:", *warnings] if warnings else []),
        totals,
        result,
    ]


# --- the run --------------------------------------------------------------------------------------------------


def prepare(url: str) -> None:
    manage("migrate", "--noinput", database_url=url)
    for game in ("swccg", "swtcg"):
        manage("import_cards", game, "--verbosity", "0", database_url=url)
        manage("import_formats", game, "--verbosity", "0", database_url=url)


def measure(rows: list[tuple[str, object, list]], seconds: float, rounds: int) -> dict[str, float]:
    """checks/s per row: its best round, each round running the row's checks for about `seconds` of CPU time."""
    best = dict.fromkeys((label for label, _, _ in rows), 0.0)
    for _ in range(rounds):
        for label, check, items in rows:
            done, started = 0, time.process_time()
            while (elapsed := time.process_time() - started) < seconds:
                for item in items:
                    check(item)
                done += len(items)
            best[label] = max(best[label], done / elapsed)
    return best


def run(seconds: float, rounds: int) -> None:
    from legality_other_games import swtcg_decks

    from cardsdb.models import Card
    from decks.legality.checker import check_deck
    from decks.legality.pool import card_pool, format_rules, tcg_pool
    from decks.legality.swtcg import check_tcg_deck
    from decks.models import Format

    pool = card_pool()
    formats = {f.code: format_rules(f) for f in Format.objects.filter(game="swccg")}
    decks = json.loads((Path(data_dir()) / "swccg/gemp/sample_decks.json").read_text())["decks"]
    own = [
        (d["cards"], d["outside_deck"], formats[code])
        for d in decks
        if (code := next((c for p, c in DECK_FORMATS if d["name"].startswith(p)), None))
    ]
    every = [(d["cards"], d["outside_deck"], f) for d in decks for f in formats.values()]
    assert len(own) == 56, len(own)
    legal = sum(check_deck(c, o, f, pool).legal for c, o, f in own)
    cached = cached_card_problem()
    project = lambda d: check_deck(d[0], d[1], d[2], pool)  # noqa: E731
    direct = lambda d: gemp_validate(d[0], d[1], d[2], pool)  # noqa: E731
    gemp_cached = lambda d: gemp_validate(d[0], d[1], d[2], pool, cached)  # noqa: E731
    rows = [
        ("project, full report", project, own),
        ("GEMP re-statement, direct", direct, own),
        ("GEMP re-statement, cached verdicts", gemp_cached, own),
        ("every deck × format: project", project, every),
        ("every deck × format: GEMP direct", direct, every),
        ("every deck × format: GEMP cached", gemp_cached, every),
    ]

    tcg = tcg_pool()
    wotc = format_rules(Format.objects.get(game="swtcg", code="wotc"))
    full = format_rules(Format.objects.get(game="swtcg", code="full"))
    tcg_decks = swtcg_decks(tcg, 200, sets=wotc.legal_sets)
    usage = dict(Card.objects.filter(game_id="swtcg").values_list("code", "extra__usage"))
    # Keyed by name as the validator keys its set files (of two printings with one name, the last read wins).
    card_db = {
        card.title.lower(): {"side": card.side, "type": card.type, "usage": usage.get(code) or ""}
        for code, card in tcg.items()
    }
    named = [([tcg[c].title for c in cards], [tcg[c].title for c in outside]) for cards, outside in tcg_decks]
    tcg_rows = [
        ("project, format full", lambda d: check_tcg_deck(d[0], d[1], full, tcg), tcg_decks),
        ("project, format wotc", lambda d: check_tcg_deck(d[0], d[1], wotc, tcg), tcg_decks),
        ("deckValidator.py re-statement", lambda d: validate(d[0], d[1], card_db), named),
    ]
    tcg_legal = sum(check_tcg_deck(c, o, full, tcg).legal for c, o in tcg_decks)
    validator_valid = sum(validate(c, o, card_db)[-1].startswith("Result: VALID") for c, o in named)

    figures = measure(rows + tcg_rows, seconds, rounds)
    print(f"SWCCG: 56 sample decks in their formats ({legal} legal); {len(every)} deck × format checks")
    for label, _, _ in rows:
        base = (
            "every deck × format: GEMP direct" if label.startswith("every") else "GEMP re-statement, direct"
        )
        print(
            f"  {label:40} {figures[label]:>10,.0f} checks/s  ({figures[label] / figures[base]:.1f}× GEMP direct)"
        )
    print(
        f"SWTCG: 200 seeded decks of the WotC sets ({tcg_legal} legal in full; validator: {validator_valid} valid)"
    )
    for label, _, _ in tcg_rows:
        ratio = figures[label] / figures["deckValidator.py re-statement"]
        print(f"  {label:40} {figures[label]:>10,.0f} checks/s  ({ratio:.1f}× the validator)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per row and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--database-url", help="a database with swccg and swtcg cards and formats imported")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url
        if url is None:
            url = f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
            prepare(url)
        os.environ.update(
            DATABASE_URL=url, CARDSDB_DATA_DIR=data_dir(), DJANGO_SETTINGS_MODULE="cardsdb.settings"
        )
        sys.path.insert(0, str(ROOT))
        import django

        django.setup()
        print(
            f"Python {sys.version.split()[0]}, database {url.split(':', 1)[0]}, CPU time, best of {args.rounds}"
        )
        run(args.seconds, args.rounds)


if __name__ == "__main__":
    main()
