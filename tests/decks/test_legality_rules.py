"""Each construction rule on a small synthetic card pool: no database, exact violations."""

import pytest

from decks.legality.checker import check_deck
from decks.legality.formats import FormatRules, expand_ids, from_gemp
from decks.legality.records import CardPool, LegalityCard
from decks.legality.swdbg import SETUP_CODES
from decks.legality.violations import CODES, Violation

HOUSE = {
    "max_outside_deck": 50,
    "card_limits": [{"titles": ["The Falcon, Junkyard Garbage"], "limit": 1}],
    "requirements": [{"title": "Jabba's Prize", "requires": ["Carbon Chamber Testing"]}],
    "shield_caps": [{"starting_effects": ["Fear Is My Ally"], "limit": 10}],
}


def card(card_id, title, side="Dark", category="CHARACTER", **kw) -> LegalityCard:
    return LegalityCard(id=card_id, card=card_id, title=title, side=side, category=category, **kw)


POOL = CardPool(
    {
        c.id: c
        for c in [
            card("1_1", "Dark Filler", rarity="C"),
            card("1_2", "Light Filler", side="Light", rarity="C"),
            card("1_3", "Objective A", category="OBJECTIVE", rarity="R"),
            card("1_4", "Objective B", category="OBJECTIVE", rarity="R"),
            card("13_69", "Fear Is My Ally", category="EFFECT", subtype="STARTING", rarity="R"),
            card("13_5", "An Unusual Amount Of Fear", category="EFFECT", subtype="STARTING", rarity="R"),
            card("204_35", "The Falcon, Junkyard Garbage", side="Light", rarity="R"),
            card("10_42", "Jabba's Prize", side="Light", rarity="PM"),
            card("7_296", "Carbon Chamber Testing", category="OBJECTIVE", rarity="R"),
            card(
                "200_1",
                "Shield",
                category="DEFENSIVE_SHIELD",
                icons=frozenset({"DEFENSIVE_SHIELD"}),
                rarity="R",
            ),
            card("102_9", "Game Aid", category="GAME_AID", rarity="PM"),
            card("205_14", "Emperor's Prize", outside_deck_only=True, rarity="V"),
            card("12_1", "Episode One Guy", icons=frozenset({"EPISODE_I"}), rarity="U"),
            card("2_5", "Rare One", rarity="R1"),
            card("3_7", "Old Vader", rarity="R"),
            card("105_7", "Old Vader", rarity="PV"),
        ]
    }
)


def fmt(**overrides) -> FormatRules:
    definition = {"code": "test", "name": "Test Format", "set": [1, 2, 10, 12, 13, 102, 105, 200, 204, 205]}
    definition.update(overrides)
    return from_gemp(definition, HOUSE, source="test")


def deck_of(*ids, filler="1_1", size=60) -> list[str]:
    return list(ids) + [filler] * (size - len(ids))


def codes(report) -> list[str]:
    return report.codes()


def test_a_clean_deck_is_legal():
    report = check_deck(deck_of("1_3"), [], fmt(), POOL)
    assert report.legal and report.violations == ()
    assert report.summary["deck_cards"] == 60 and report.summary["side"] == "Dark"
    assert report.format == "test" and report.format_version.startswith("test+")


@pytest.mark.parametrize(("size", "words"), [(59, "add 1"), (61, "remove 1")])
def test_deck_size(size, words):
    report = check_deck(["1_1"] * size, [], fmt(), POOL)
    assert codes(report) == ["deck-size"]
    assert words in report.violations[0].message


def test_deck_size_uses_the_format_size_and_ignores_outside_cards():
    assert check_deck(["1_1"] * 40, ["1_1"] * 5, fmt(deckSize=40), POOL).legal


def test_mixed_sides_names_the_minority():
    report = check_deck(deck_of("1_2", "1_2"), [], fmt(), POOL)
    assert codes(report) == ["mixed-sides"]
    assert report.violations[0].cards == ("1_2",)


def test_declared_side_reports_cards_of_the_other_side():
    report = check_deck(deck_of("1_2"), ["1_2"], fmt(), POOL, side="Dark")
    assert codes(report) == ["side-mismatch"]


def test_objectives_and_starting_effects():
    report = check_deck(deck_of("1_3", "1_4", "13_69", "13_5"), [], fmt(), POOL)
    assert codes(report) == ["too-many-objectives", "too-many-starting-effects"]
    assert report.violations[0].cards == ("1_3", "1_4")


def test_card_limit_from_data():
    report = check_deck(deck_of("204_35", "204_35", filler="1_2"), [], fmt(), POOL)
    assert codes(report) == ["card-limit"]
    assert "at most 1" in report.violations[0].message


def test_requires_card():
    light = deck_of("10_42", filler="1_2")
    assert codes(check_deck(light, [], fmt(), POOL)) == ["requires-card"]
    # Carbon Chamber Testing is a Dark objective here, so adding it mixes sides, but satisfies the requirement.
    assert "requires-card" not in codes(check_deck(deck_of("10_42", "7_296", filler="1_2"), [], fmt(), POOL))


def test_outside_deck_limit_and_shield_cap():
    report = check_deck(deck_of("13_69"), ["200_1"] * 11, fmt(), POOL)
    assert codes(report) == ["too-many-outside-shields"]
    assert codes(check_deck(deck_of("13_69"), ["200_1"] * 10, fmt(), POOL)) == []
    report = check_deck(deck_of(), ["1_1"] * 51, fmt(), POOL)
    assert codes(report) == ["too-many-outside-deck"]


def test_unknown_and_not_deck_and_outside_only_cards():
    report = check_deck(deck_of("99_99", "102_9", "205_14"), ["88_1"], fmt(), POOL)
    assert codes(report) == ["unknown-card", "unknown-card", "not-deck-card", "outside-deck-only"]
    assert report.violations[0].cards == ("99_99",) and "deck" in report.violations[0].message
    assert "outside deck" in report.violations[1].message
    assert check_deck(deck_of(), ["205_14"], fmt(), POOL).legal


def test_gemp_markers_are_ignored():
    assert check_deck(deck_of("1_1*", "1_1^"), [], fmt(), POOL).legal


def test_set_not_legal_with_a_legal_printing_as_hint():
    report = check_deck(deck_of("3_7"), [], fmt(), POOL)
    assert codes(report) == ["set-not-legal"]
    assert report.violations[0].hint == "Legal in this format with the same title: 105_7"


def test_banned_card_icon_rarity_all_reported_for_one_card():
    report = check_deck(
        deck_of("12_1"), [], fmt(banned=["12_1"], bannedIcons=["EPISODE_I"], bannedRarities=["U"]), POOL
    )
    assert codes(report) == ["banned-icon", "banned-rarity", "banned-card"]
    assert all(v.cards == ("12_1",) for v in report.violations)


def test_banned_icon_outside_the_deck_too():
    report = check_deck(deck_of(), ["200_1"], fmt(bannedIcons=["DEFENSIVE_SHIELD"]), POOL)
    assert codes(report) == ["banned-icon"]


def test_valid_list_overrides_sets_bans_and_icons():
    rules = fmt(set=[1], valid=["12_1"], bannedIcons=["EPISODE_I"], banned=["12_1"])
    assert check_deck(deck_of("12_1"), [], rules, POOL).legal


def test_restricted_counts_deck_copies_only():
    rules = fmt(restricted=["2_5"])
    assert codes(check_deck(deck_of("2_5", "2_5"), [], rules, POOL)) == ["restricted-card"]
    assert check_deck(deck_of("2_5"), ["2_5"], rules, POOL).legal


def test_every_problem_is_reported_at_once():
    report = check_deck(
        ["1_3", "1_4", "1_2", "99_1", "12_1"], ["102_9"], fmt(bannedIcons=["EPISODE_I"]), POOL
    )
    assert set(codes(report)) == {
        "unknown-card",
        "not-deck-card",
        "deck-size",
        "mixed-sides",
        "too-many-objectives",
        "banned-icon",
    }
    assert report.summary["violations_by_code"]["unknown-card"] == 1


def test_ranges_expand_inclusively():
    assert expand_ids(["12_1-3", "7_163"]) == {"12_1", "12_2", "12_3", "7_163"}
    for bad in ["12_3-1", "nonsense", "12_a-b"]:
        with pytest.raises(ValueError):
            expand_ids([bad])


def test_every_code_is_documented_and_enforced():
    with pytest.raises(ValueError):
        Violation("made-up", "x")
    assert all(isinstance(text, str) and text for text in CODES.values())


def test_version_changes_with_the_rules():
    assert fmt().version != fmt(banned=["1_1"]).version
    assert fmt().version == fmt().version


def test_every_violation_code_has_a_scenario_that_produces_it():
    """Each registered code is produced by at least one deck here, so no rule or code is dead."""
    house_fmt = fmt(banned=["12_1"], bannedIcons=["EPISODE_I"], bannedRarities=["R1"], restricted=["1_1"])
    scenarios = [
        check_deck(["99_9"] + ["1_1"] * 2, [], house_fmt, POOL),
        check_deck(
            deck_of("102_9", "205_14", "1_3", "1_4", "13_69", "13_5", "12_1", "2_5", "3_7", "1_2"),
            ["200_1"] * 51,
            house_fmt,
            POOL,
        ),
        check_deck(deck_of("204_35", "204_35", "10_42", filler="1_2"), [], house_fmt, POOL),
        check_deck(deck_of("1_2"), [], house_fmt, POOL, side="Dark"),
    ]
    produced = {code for report in scenarios for code in report.codes()}
    # The SWTCG and SW:DBG codes have their own such tests (test_legality_swtcg.py, test_swdbg_setup.py).
    swtcg_only = {"copy-limit", "unit-minimum", "arena-minimum", "arena-balance"}
    assert produced == set(CODES) - swtcg_only - (SETUP_CODES - {"unknown-card"})
