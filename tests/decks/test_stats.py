"""Deck statistics on a hand-built deck: every expected number is worked out by hand in the comments."""

import json
import math

import pytest

from decks.deck.stats import StatCard, deck_statistics, label


def card(card_id, title, type, subtype="", count=1, zone="deck", destiny_text=None, destiny=None, **extra):
    return StatCard(
        card_id=card_id,
        title=title,
        type=type,
        subtype=subtype,
        side="Light",
        count=count,
        zone=zone,
        destiny_text=destiny_text,
        destiny=destiny,
        **extra,
    )


DECK = [
    # Three locations: 2+1+2 = 5 Light icons, 1+1+0 = 2 Dark icons; no destiny, no deploy cost.
    card(
        "L1",
        "•Tatooine",
        "Location",
        "System",
        zone="starting",
        light_icons=2,
        dark_icons=1,
        uniqueness_kind="unique",
    ),
    card(
        "L2",
        "•Tatooine: Mos Eisley",
        "Location",
        "Site",
        light_icons=1,
        dark_icons=1,
        uniqueness_kind="unique",
    ),
    card("L3", "•Hoth: Echo Base", "Location", "Site", light_icons=2, uniqueness_kind="unique"),
    card(
        "C1",
        "•Luke Skywalker",
        "Character",
        "Rebel",
        destiny_text="2",
        destiny=2,
        deploy=4,
        ability=6,
        uniqueness_kind="unique",
    ),
    # Two printings of the same unique title: 2 copies, 1 distinct title.
    card(
        "C2a",
        "•Obi-Wan Kenobi",
        "Character",
        "Jedi Master",
        destiny_text="π",
        destiny=math.pi,
        deploy=5,
        ability=6,
        uniqueness_kind="unique",
    ),
    card(
        "C2b",
        "•Obi-Wan Kenobi",
        "Character",
        "Jedi Master",
        destiny_text="π",
        destiny=math.pi,
        deploy=5,
        ability=6,
        uniqueness_kind="unique",
    ),
    card(
        "C3", "Rebel Trooper", "Character", "Rebel", count=4, destiny_text="2", destiny=2, deploy=1, ability=1
    ),
    card("C4", "EG-4", "Character", "Droid", destiny_text="2 or 5", destiny_values=(2, 5), deploy=0.5),
    card(
        "C5",
        "◇Rebel Tech",
        "Character",
        "Rebel",
        destiny_text="3",
        destiny=3,
        deploy=1,
        ability=1,
        uniqueness_kind="per-location",
    ),
    card(
        "V1",
        "••Snowspeeder",
        "Vehicle",
        "Combat Vehicle",
        count=2,
        destiny_text="4",
        destiny=4,
        deploy=2,
        uniqueness_kind="restricted",
        uniqueness_limit=2,
    ),
    card("E1", "Starting Effect", "Effect", zone="starting", destiny_text="½", destiny=0.5, deploy=0),
    card("I1", "Odd Interrupt", "Interrupt", "Used", destiny_text="*"),
    # Outside the deck: must count only in outside_total / outside_by_type.
    card(
        "S1",
        "•Do, Or Do Not",
        "Defensive Shield",
        zone="outside",
        destiny_text="6",
        destiny=6,
        deploy=0,
        uniqueness_kind="unique",
    ),
    card("X1", "Outside Effect", "Effect", zone="outside", destiny_text="7", destiny=7, deploy=3),
    card("Z1", "Zero Copies", "Character", count=0, destiny_text="7", destiny=7, ability=9),
]


@pytest.fixture(scope="module")
def stats():
    return deck_statistics(DECK)


def test_totals_and_types(stats):
    # 3 locations + 1 + 2 + 4 + 1 + 1 characters + 2 vehicles + 1 effect + 1 interrupt.
    assert stats["total"] == 16
    assert stats["outside_total"] == 2
    assert list(stats["by_type"].items()) == [
        ("Character", 9),
        ("Location", 3),
        ("Vehicle", 2),
        ("Effect", 1),  # ties by name
        ("Interrupt", 1),
    ]
    assert stats["by_subtype"] == {
        "Character": {"Rebel": 6, "Jedi Master": 2, "Droid": 1},
        "Location": {"Site": 2, "System": 1},
        "Vehicle": {"Combat Vehicle": 2},
        "Effect": {"": 1},
        "Interrupt": {"Used": 1},
    }
    assert list(stats["by_subtype"]["Character"]) == ["Rebel", "Jedi Master", "Droid"]
    assert list(stats["outside_by_type"].items()) == [("Defensive Shield", 1), ("Effect", 1)]


def test_destiny_histogram_and_average(stats):
    destiny = stats["destiny"]
    assert list(destiny["histogram"].items()) == [("0.5", 1), ("2", 5), ("3", 1), ("3.14159", 2), ("4", 2)]
    assert destiny["numeric_cards"] == 11
    assert destiny["non_numeric_cards"] == 2
    assert destiny["no_destiny"] == 3
    # (0.5 + 2×5 + 3 + 3.14159×2 + 4×2) / 11 = 27.78318 / 11
    assert destiny["average"] == 2.526
    # The "2 or 5" droid at 2 / at 5; the "*" interrupt (no known values) stays out: 12 cards.
    assert destiny["average_with_alternatives_low"] == 2.482  # 29.78318 / 12
    assert destiny["average_with_alternatives_high"] == 2.732  # 32.78318 / 12


def test_non_numeric_destinies_are_listed(stats):
    assert stats["destiny"]["non_numeric"] == [
        {"title": "EG-4", "printed": "2 or 5", "count": 1, "values": [2, 5]},
        {"title": "Odd Interrupt", "printed": "*", "count": 1, "values": []},
    ]


def test_at_least_counts_numeric_singles_over_the_whole_deck(stats):
    # Numerator: copies with a single numeric destiny ≥ X; denominator: all 16 deck cards.
    assert stats["destiny"]["at_least"] == {
        "0": 0.6875,  # 11 / 16
        "1": 0.625,  # 10 / 16: all but the ½
        "2": 0.625,
        "3": 0.3125,  # 3, π, π, 4, 4
        "4": 0.125,  # the two Snowspeeders
        "5": 0.0,  # the droid could be 5 but is not a single value
        "6": 0.0,  # the outside shield's 6 does not count
        "7": 0.0,
    }


def test_force_icons(stats):
    icons = stats["force_icons"]
    assert (icons["light"], icons["dark"]) == (5, 2)
    assert [(row["title"], row["count"], row["light"], row["dark"]) for row in icons["locations"]] == [
        ("•Hoth: Echo Base", 1, 2, 0),
        ("•Tatooine", 1, 2, 1),
        ("•Tatooine: Mos Eisley", 1, 1, 1),
    ]


def test_force_icons_are_count_weighted():
    sites = [card("L", "Site", "Location", count=3, light_icons=2, dark_icons=1)]
    icons = deck_statistics(sites)["force_icons"]
    assert (icons["light"], icons["dark"]) == (6, 3)


def test_deploy_curve(stats):
    assert list(stats["deploy_curve"].items()) == [
        ("0", 1),
        ("0.5", 1),
        ("1", 5),
        ("2", 2),
        ("4", 1),
        ("5", 2),
    ]
    assert stats["no_deploy_cost"] == 4  # 3 locations + the interrupt


def test_uniqueness(stats):
    assert stats["uniqueness"] == {
        "unique": 6,  # 3 locations, Luke, 2 Obi-Wan
        "restricted": 2,
        "per_location": 1,
        "non_unique": 7,  # 4 troopers, droid, effect, interrupt
        "distinct_unique_titles": 5,
    }


def test_characters_by_ability(stats):
    assert list(stats["characters_by_ability"].items()) == [("1", 5), ("6", 3)]


def test_outside_cards_change_nothing_but_the_outside_figures(stats):
    inside_only = deck_statistics(card for card in DECK if card.zone != "outside")
    for key in ("outside_total", "outside_by_type"):
        inside_only.pop(key)
    assert {k: v for k, v in stats.items() if k not in ("outside_total", "outside_by_type")} == inside_only


def test_result_is_json_ready(stats):
    assert json.loads(json.dumps(stats)) == stats


def test_empty_deck():
    stats = deck_statistics([])
    assert stats["total"] == 0
    assert stats["destiny"]["average"] is None
    assert stats["destiny"]["average_with_alternatives_low"] is None
    assert stats["destiny"]["histogram"] == {}
    assert set(stats["destiny"]["at_least"].values()) == {0.0}
    assert stats["force_icons"] == {"light": 0, "dark": 0, "locations": []}
    assert stats["deploy_curve"] == {} and stats["characters_by_ability"] == {}


def test_number_labels():
    assert [label(3.0), label(0.5), label(math.pi), label(2.25)] == ["3", "0.5", "3.14159", "2.25"]


def test_a_deploy_curve_shows_the_empty_costs_between_its_bars():
    from decks.deck.stats import with_gaps

    assert with_gaps({"0": 2, "3": 4, "6": 1}) == {"0": 2, "1": 0, "2": 0, "3": 4, "4": 0, "5": 0, "6": 1}
    assert with_gaps({"0.5": 1, "2": 1}) == {"0.5": 1, "2": 1}  # not whole numbers: left as it is
    assert with_gaps({}) == {}
    assert with_gaps({"0": 1, "1000": 1}) == {"0": 1, "1000": 1}  # a gap too wide to fill
