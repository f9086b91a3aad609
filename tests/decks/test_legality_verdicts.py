"""The verdict tables (issue #13): each format's card verdicts worked out once per card pool and format version.

A check with the tables must give the very report the checker gave before them (tests/decks/legality_reference.py
keeps that checker for SWCCG; for SWTCG the rules themselves, run card by card, are the reference), and a new
format version or a new catalogue version must never meet an old table.
"""

import json
import random
from dataclasses import replace

import pytest
from django.core.management import call_command

from cardsdb.models import Card, ImportRun
from decks.legality import swtcg
from decks.legality.checker import check_deck
from decks.legality.pool import card_pool, format_rules, tcg_pool
from decks.legality.verdicts import verdict_table
from decks.models import Format

from .legality_reference import check_deck as reference_check

pytestmark = pytest.mark.usefixtures("catalogue", "swtcg_catalogue")


def same(report, expected) -> bool:
    """Equal reports, down to the bytes of their JSON (order of violations, cards and summary keys included)."""
    return json.dumps(report.as_dict()) == json.dumps(expected.as_dict())


def sample_decks(swccg_dir) -> list[dict]:
    return json.loads((swccg_dir / "gemp" / "sample_decks.json").read_text())["decks"]


def swccg_formats():
    return [format_rules(f) for f in Format.objects.filter(game="swccg").order_by("code")]


# --- SWCCG ------------------------------------------------------------------------------------------------------


def test_every_sample_deck_in_every_format_reports_as_before(swccg_dir):
    pool, decks, formats = card_pool(), sample_decks(swccg_dir), swccg_formats()
    assert len(decks) == 61 and len(formats) == 37
    differ = []
    for fmt in formats:
        for deck in decks:
            for side in (None, "Light", "Dark"):
                args = (deck["cards"], deck["outside_deck"], fmt, pool)
                if not same(check_deck(*args, side=side), reference_check(*args, side=side)):
                    differ.append((deck["name"], fmt.code, side))
    assert differ == []


def test_a_cold_table_and_a_warm_one_give_the_same_reports(swccg_dir):
    pool, decks = card_pool(), sample_decks(swccg_dir)
    for fmt in swccg_formats():
        pool.tables.clear()
        cold = [check_deck(d["cards"], d["outside_deck"], fmt, pool) for d in decks]
        table = verdict_table(pool, fmt)
        warm = [check_deck(d["cards"], d["outside_deck"], fmt, pool) for d in decks]
        assert verdict_table(pool, fmt) is table  # built once, then reused
        assert [r.as_dict() for r in cold] == [r.as_dict() for r in warm]


def _broken_decks(pool, decks, formats, count=150, seed=13) -> list[tuple[list[str], list[str]]]:
    """Sample decks with random damage: cards of every kind (game aids, Objectives, Starting Effects, shields,
    restricted and off-side cards), extra copies, foil and alternate-image marks, spaces, unknown ids and too
    many cards outside the deck."""
    rng = random.Random(seed)
    restricted = sorted({i for fmt in formats for i in fmt.restricted})
    ids = sorted(pool.cards)
    special = sorted(
        i
        for i, c in pool.cards.items()
        if c.category in ("GAME_AID", "OBJECTIVE", "DEFENSIVE_SHIELD")
        or c.subtype == "STARTING"
        or c.outside_deck_only
    )
    named = [
        i
        for t in ("jabba's prize", "the falcon, junkyard garbage", "fear is my ally")
        for i in pool.by_title.get(t, [])
    ]
    broken = []
    for _ in range(count):
        deck = rng.choice(decks)
        cards, outside = list(deck["cards"]), list(deck["outside_deck"])
        for _ in range(rng.randrange(0, 6)):
            kind = rng.choice([ids, special, named, restricted, cards])
            cards.insert(rng.randrange(len(cards) + 1), rng.choice(kind))
        for _ in range(rng.randrange(0, 3)):
            cards.pop(rng.randrange(len(cards)))
        for _ in range(rng.choice([0, 3, 12, 55])):
            outside.append(rng.choice(rng.choice([special, ids, outside or ids])))
        if rng.random() < 0.2:
            cards[0] = cards[0] + rng.choice(["*", "^", " "])
        if rng.random() < 0.1:
            cards.append("601_" + str(rng.randrange(99)))
        broken.append((cards, outside))
    return broken


def test_broken_decks_report_as_before(swccg_dir):
    pool, decks = card_pool(), sample_decks(swccg_dir)
    # No GEMP format restricts a card today: one more format restricts some of the sample decks' cards.
    listed = sorted({i for d in decks for i in d["cards"] if i in pool.cards})
    formats = swccg_formats()
    open_format = next(f for f in formats if f.code == "open")
    formats = [
        *formats[::3],
        replace(open_format, restricted=frozenset(listed[::7]), version="test-restricted"),
    ]
    broken = _broken_decks(pool, decks, formats)
    codes = set()
    for fmt in formats:
        for cards, outside in broken:
            for side in (None, "Dark"):
                report = check_deck(cards, outside, fmt, pool, side=side)
                assert same(report, reference_check(cards, outside, fmt, pool, side=side)), (fmt.code, cards)
                codes |= set(report.codes())
    # The damage reaches every SWCCG rule, so every rule was compared.
    assert codes >= {
        "unknown-card",
        "not-deck-card",
        "outside-deck-only",
        "deck-size",
        "mixed-sides",
        "side-mismatch",
        "too-many-objectives",
        "too-many-starting-effects",
        "card-limit",
        "requires-card",
        "too-many-outside-deck",
        "too-many-outside-shields",
        "set-not-legal",
        "banned-card",
        "restricted-card",
    }


def test_a_list_too_long_for_the_counts_is_checked_card_by_card():
    pool, fmt = card_pool(), format_rules(Format.objects.get(game="swccg", code="open"))
    cards = ["1_168"] * (1 << 20)  # more ids than a packed count holds
    report = check_deck(cards, [], fmt, pool)
    assert same(report, reference_check(cards, [], fmt, pool))
    assert report.summary["deck_cards"] == 1 << 20 and report.codes() == ["deck-size"]


def test_a_new_format_version_gets_a_new_table(swccg_dir, tmp_path):
    deck = next(d for d in sample_decks(swccg_dir) if d["name"].startswith("Precon Open Demo Deck (Dark)"))
    before = format_rules(Format.objects.get(game="swccg", code="open"))
    assert check_deck(deck["cards"], deck["outside_deck"], before, card_pool()).legal
    copy = tmp_path / "swccg"
    (copy / "gemp").mkdir(parents=True)
    definitions = json.loads((swccg_dir / "gemp" / "swccgFormats.json").read_text())
    next(d for d in definitions if d["code"] == "open")["banned"] = [deck["cards"][0]]
    (copy / "gemp" / "swccgFormats.json").write_text(json.dumps(definitions))
    call_command("import_formats", "swccg", "--source", str(copy), verbosity=0)
    after = format_rules(Format.objects.get(game="swccg", code="open"))
    assert after.version != before.version
    report = check_deck(deck["cards"], deck["outside_deck"], after, card_pool())
    assert report.codes() == ["banned-card"] and report.violations[0].cards == (deck["cards"][0],)
    assert verdict_table(card_pool(), after) is not verdict_table(card_pool(), before)


def test_an_import_gets_a_new_table(swccg_dir):
    deck = next(d for d in sample_decks(swccg_dir) if d["name"].startswith("Precon Open Demo Deck (Dark)"))
    fmt = format_rules(Format.objects.get(game="swccg", code="open"))
    old_pool = card_pool()
    assert check_deck(deck["cards"], deck["outside_deck"], fmt, old_pool).legal
    card = next(
        c
        for card_id in deck["cards"]
        for c in Card.objects.filter(game_id="swccg", code=card_id, edition=Card.Edition.CURRENT)
    )
    card.extra = {**card.extra, "gemp": {**card.extra.get("gemp", {}), "cardCategory": "GAME_AID"}}
    card.save()
    ImportRun.objects.create(game_id="swccg", source="test")  # what an import does: a new catalogue version
    new_pool = card_pool()
    assert new_pool is not old_pool and not new_pool.tables
    report = check_deck(deck["cards"], deck["outside_deck"], fmt, new_pool)
    assert "not-deck-card" in report.codes()
    assert same(report, reference_check(deck["cards"], deck["outside_deck"], fmt, new_pool))


# --- SWTCG ------------------------------------------------------------------------------------------------------


def _tcg_decks(pool, count=200, seed=5) -> list[tuple[list[str], list[str]]]:
    """Random decks of one side (some legal, most a little broken): 12 units per arena and 24 other cards, then
    extra copies, missing cards, cards of the other side, unknown or spaced ids, cards outside the deck."""
    rng = random.Random(seed)
    units: dict[tuple, list[str]] = {}
    others: dict[str, list[str]] = {}
    for code, card in sorted(pool.items()):
        if card.is_unit:
            units.setdefault((card.side, card.arenas[0]), []).append(code)
        else:
            others.setdefault(card.side, []).append(code)
    codes = sorted(pool)
    restricted = [code for code in codes if pool[code].restricted_in]
    decks = []
    for i in range(count):
        side = ("Light", "Dark")[i % 2]
        cards = [rng.choice(units[(side, a)]) for a in ("Space", "Ground", "Character") for _ in range(12)]
        cards += [rng.choice(others[side] + others["Neutral"]) for _ in range(24)]
        outside = [rng.choice(others["Neutral"])] if i % 3 == 0 else []
        for _ in range(rng.choice([0, 0, 0, 2, 6])):
            cards.append(rng.choice(cards))
        if rng.random() < 0.1:
            cards += [rng.choice(cards)] * 5
        if rng.random() < 0.1:
            cards += [rng.choice(restricted)] * 2
        if rng.random() < 0.15:
            del cards[rng.randrange(36) : rng.randrange(36, 60)]
        if rng.random() < 0.15:
            cards.append(rng.choice(codes))
        if rng.random() < 0.15:
            outside.append(rng.choice(codes))
        if rng.random() < 0.05:
            cards.append(rng.choice([" " + cards[0], "NOPE_1"]))
        decks.append((cards, outside))
    return decks


def test_swtcg_decks_report_as_the_rules_do_card_by_card():
    pool = tcg_pool()
    formats = [format_rules(f) for f in Format.objects.filter(game="swtcg")]
    codes, counted = set(), 0
    for fmt in formats:
        table = swtcg.tcg_table(pool, fmt)
        for cards, outside in _tcg_decks(pool):
            for side in (None, "Light", "Dark", "Neutral"):
                report = swtcg.check_tcg_deck(cards, outside, fmt, pool, side=side)
                expected = swtcg.rule_by_rule(cards, outside, fmt, pool, side)
                assert same(report, expected), (fmt.code, side, cards, outside)
                codes |= set(report.codes())
                counted += swtcg.from_counts(cards, outside, table, side) is not None
    assert counted > 200  # both ways of checking were compared
    assert codes >= {
        "deck-size",
        "copy-limit",
        "restricted-card",
        "banned-card",
        "mixed-sides",
        "side-mismatch",
        "set-not-legal",
        "unknown-card",
        "unit-minimum",
        "arena-minimum",
        "arena-balance",
    }


def test_swtcg_a_list_too_long_for_the_counts_is_checked_card_by_card():
    pool, fmt = tcg_pool(), format_rules(Format.objects.get(game="swtcg", code="full"))
    cards = ["ANH_1"] * (swtcg.MAX_IDS + 1)
    report = swtcg.check_tcg_deck(cards, [], fmt, pool)
    assert same(report, swtcg.rule_by_rule(cards, [], fmt, pool, None))
    assert report.summary["deck_cards"] == swtcg.MAX_IDS + 1 and "copy-limit" in report.codes()


def test_swtcg_a_new_format_version_or_an_import_gets_a_new_table():
    pool = tcg_pool()
    fmt = format_rules(Format.objects.get(game="swtcg", code="full"))
    deck = next(
        (c, o)
        for c, o in _tcg_decks(pool, seed=8)
        if swtcg.check_tcg_deck(c, o, fmt, pool).legal
        and swtcg.from_counts(c, o, swtcg.tcg_table(pool, fmt), None)
    )
    victim = pool[deck[0][0]]
    # A new format version: the format bans the card by name.
    Format.objects.filter(game="swtcg", code="full").update(
        definition={**Format.objects.get(game="swtcg", code="full").definition, "banned": [victim.name]},
        version="test-banned",
    )
    banning = format_rules(Format.objects.get(game="swtcg", code="full"))
    assert banning is not fmt and swtcg.tcg_table(pool, banning) is not swtcg.tcg_table(pool, fmt)
    report = swtcg.check_tcg_deck(*deck, banning, pool)
    assert "banned-card" in report.codes()
    assert same(report, swtcg.rule_by_rule(*deck, banning, pool, None))
    # An import: the card's Usage notes now ban it in all play.
    card = Card.objects.get(game_id="swtcg", code=victim.id)
    card.extra = {**card.extra, "usage": "*BANNED"}
    card.save()
    ImportRun.objects.create(game_id="swtcg", source="test")
    new_pool = tcg_pool()
    assert new_pool is not pool
    report = swtcg.check_tcg_deck(*deck, fmt, new_pool)
    assert "banned-card" in report.codes()
    assert same(report, swtcg.rule_by_rule(*deck, fmt, new_pool, None))


def _passing_decks(pool, fmt, count=120, seed=11) -> list[tuple[list[str], list[str]]]:
    """Decks the counts can answer (one side, arenas balanced, the format's sets), most with something to report:
    copies of one card spread over its printings, restricted cards, banned cards in the deck and outside, lists
    past the narrow counts' 255 ids; and a few the counts must hand to the rules (an unknown or spaced id)."""
    rng = random.Random(seed)
    table = swtcg.tcg_table(pool, fmt)
    units: dict[tuple, list[str]] = {}
    others: dict[str, list[str]] = {}
    for code, card in sorted(pool.items()):
        if fmt.legal_sets and card.set not in fmt.legal_sets or code not in table.weights:
            continue
        if card.is_unit:
            units.setdefault((card.side, card.arenas[0]), []).append(code)
        else:
            others.setdefault(card.side, []).append(code)
    printings: dict[int, list[str]] = {}
    for code in sorted(table.weights):
        printings.setdefault(table.groups[code], []).append(code)
    decks = []
    for i in range(count):
        side = ("Light", "Dark")[i % 2]
        per_arena = rng.choice([12, 12, 12, 30, 90])  # 90: past 255 ids
        cards = [
            rng.choice(units[(side, a)]) for a in ("Space", "Ground", "Character") for _ in range(per_arena)
        ]
        cards += [rng.choice(others[side] + others["Neutral"]) for _ in range(per_arena * 2)]
        outside = [rng.choice(others["Neutral"])] if i % 3 == 0 else []
        same_side = [c for c in cards if pool[c].side in (side, "Neutral")]
        for _ in range(rng.choice([0, 1, 2])):  # one card over its copies, spread over its printings
            group = printings[table.groups[rng.choice(same_side)]]
            cards += [rng.choice(group) for _ in range(rng.choice([3, 5, 6]))]
        if rng.random() < 0.3:
            shared = [g for g in printings.values() if len(g) > 1 and all(c in table.small for c in g)]
            group = rng.choice([g for g in shared if pool[g[0]].side in (side, "Neutral")])
            cards += [group[0]] * 3 + [group[1]] * 2
        for zone in (cards, outside):
            if rng.random() < 0.3:
                candidates = [
                    c for c in table.banned if c in table.weights and pool[c].side in (side, "Neutral")
                ]
                zone += [rng.choice(sorted(candidates))] * rng.choice([1, 2])
        if rng.random() < 0.3:
            candidates = [c for c in table.restricted if pool[c].side in (side, "Neutral")]
            cards += [rng.choice(sorted(candidates))] * rng.choice([1, 2, 3])
        if rng.random() < 0.05:
            cards.append(rng.choice([" " + cards[0], "NOPE_1"]))
        rng.shuffle(cards)
        decks.append((cards, outside))
    return decks


@pytest.mark.parametrize("code", ["full", "wotc"])
def test_swtcg_the_counts_report_as_the_rules_on_decks_they_answer(code):
    """The check by counts (narrow counts up to 255 ids, 16-bit ones past them) must give the report the rules
    give card by card, violations included; most of these decks are answered by the counts, so the test fails if
    either way of counting reports anything else."""
    pool = tcg_pool()
    fmt = format_rules(Format.objects.get(game="swtcg", code=code))
    table = swtcg.tcg_table(pool, fmt)
    answered = {"narrow": 0, "wide": 0}
    codes = set()
    for cards, outside in _passing_decks(pool, fmt):
        for side in (None, "Light", "Dark"):
            expected = swtcg.rule_by_rule(cards, outside, fmt, pool, side)
            counted = swtcg.from_counts(cards, outside, table, side)
            if counted is not None:
                answered["narrow" if len(cards) <= swtcg.SMALL_MAX else "wide"] += 1
                assert same(counted, expected), (side, cards, outside)
                codes |= set(counted.codes())
            assert same(swtcg.check_tcg_deck(cards, outside, fmt, pool, side=side), expected)
    assert answered["narrow"] > 50 and answered["wide"] > 15, answered
    assert codes >= {"copy-limit", "banned-card"} and (code == "wotc" or "restricted-card" in codes), codes
