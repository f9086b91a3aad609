"""Destiny analysis (rules.odds.destiny) on a hand-built pile with every kind of printed destiny."""

from fractions import Fraction

import numpy as np
import pytest

from rules.odds.destiny import (
    RULE,
    DestinyCard,
    counted_value,
    counted_values,
    destiny_analysis,
    value_label,
)
from rules.odds.simulate import destiny_total_at_least


def pile():
    """10 copies: 3 ×2, 0, ½, π, "2 or 5", "*" (no value), no destiny, "*" with a value of 4, 6."""
    return [
        DestinyCard("tie", "3", 3.0),
        DestinyCard("tie", "3", 3.0),
        DestinyCard("zero", "0", 0.0),
        DestinyCard("half", "½", 0.5),
        DestinyCard("pi", "π", 3.14159),
        DestinyCard("choice", "2 or 5", None, (2.0, 5.0)),
        DestinyCard("star", "*", None),
        DestinyCard("location", None, None),
        DestinyCard("star-four", "*", 4.0),
        DestinyCard("six", "6", 6.0),
    ]


def test_distribution_counts_copies_by_counted_value():
    result = destiny_analysis(pile())
    assert result["copies"] == 10
    # zero, star and location count 0; "2 or 5" counts 5 (highest); "*" with a value counts it
    assert result["distribution"] == {"0": 3, "½": 1, "3": 2, "π": 1, "4": 1, "5": 1, "6": 1}
    assert list(result["distribution"]) == ["0", "½", "3", "π", "4", "5", "6"]  # ordered by value
    assert sum(result["distribution"].values()) == 10


def test_average_is_exact_then_rounded():
    result = destiny_analysis(pile())
    exact = (Fraction(0) * 3 + Fraction(1, 2) + 3 * 2 + Fraction("3.14159") + 4 + 5 + 6) / 10
    assert exact == Fraction(2464159, 1000000)
    assert result["average"] == round(float(exact), 4) == 2.4642
    assert destiny_analysis(pile())["lowest"]["average"] == round(float(exact - Fraction(3, 10)), 4) == 2.1642


def test_p_at_least_for_zero_to_seven_and_every_value():
    p = destiny_analysis(pile())["p_at_least"]
    assert set(p) == {0, 0.5, 1, 2, 3, 3.14159, 4, 5, 6, 7}
    assert p[0] == 1.0
    assert p[0.5] == 0.7
    assert p[1] == p[2] == p[3] == 0.6
    assert p[3.14159] == 0.4
    assert p[4] == 0.3
    assert p[5] == 0.2
    assert p[6] == 0.1
    assert p[7] == 0.0
    assert list(p) == sorted(p)


def test_lowest_variant_counts_alternatives_low():
    lowest = destiny_analysis(pile())["lowest"]
    assert lowest["distribution"] == {"0": 3, "½": 1, "2": 1, "3": 2, "π": 1, "4": 1, "6": 1}
    assert lowest["p_at_least"][2] == 0.6
    assert lowest["p_at_least"][3] == 0.5
    assert lowest["p_at_least"][5] == 0.1
    assert destiny_analysis(pile())["p_at_least"][5] == 0.2  # the highest variant counts "2 or 5" as 5


def test_non_numeric_cards_say_how_they_were_counted():
    result = destiny_analysis(pile())
    assert result["rule"] == RULE
    assert "highest" in RULE and "0" in RULE
    by_id = {entry["card_id"]: entry for entry in result["non_numeric"]}
    assert set(by_id) == {"choice", "star", "location", "star-four"}
    assert by_id["choice"]["counted_as"] == 5 and by_id["choice"]["lowest"] == 2
    assert by_id["star"]["counted_as"] == 0 and by_id["star"]["printed"] == "*"
    assert by_id["location"]["counted_as"] == 0 and by_id["location"]["printed"] is None
    assert by_id["star-four"]["counted_as"] == 4
    assert all(entry["copies"] == 1 for entry in result["non_numeric"])
    doubled = destiny_analysis(pile() + [DestinyCard("choice", "2 or 5", None, (2.0, 5.0))])
    assert [e["copies"] for e in doubled["non_numeric"] if e["card_id"] == "choice"] == [2]


def test_from_printed_reads_values_with_the_shared_parser():
    assert DestinyCard.from_printed("x", "½") == DestinyCard("x", "½", 0.5)
    assert DestinyCard.from_printed("x", "π").value == 3.14159
    assert DestinyCard.from_printed("x", "2 or 5") == DestinyCard("x", "2 or 5", None, (2.0, 5.0))
    assert DestinyCard.from_printed("x", "*") == DestinyCard("x", "*", None)
    assert DestinyCard.from_printed("x", None) == DestinyCard("x", None, None)


def test_counted_values_feed_the_destiny_simulation():
    cards = pile()
    assert counted_values(cards) == [3, 3, 0, 0.5, 3.14159, 5, 0, 0, 4, 6]
    assert counted_values(cards, "lowest")[5] == 2
    assert counted_value(cards[5], "lowest") == 2
    with pytest.raises(ValueError):
        counted_value(cards[5], "middle")
    # one draw ≥ 4: 4, 5 and 6 of the 10 copies
    estimate = destiny_total_at_least(
        counted_values(cards), 1, 4, trials=50_000, rng=np.random.default_rng(3)
    )
    assert abs(estimate.probability - 0.3) < 4.5 * (0.3 * 0.7 / 50_000) ** 0.5


def test_value_labels_and_empty_pile():
    assert [value_label(v) for v in (0, 0.5, 3, 4.5, 3.14159, 6.28318, 2.25)] == [
        "0",
        "½",
        "3",
        "4½",
        "π",
        "2π",
        "2.25",
    ]
    empty = destiny_analysis([])
    assert empty["copies"] == 0 and empty["distribution"] == {} and empty["average"] is None
    assert set(empty["p_at_least"].values()) == {0.0}
    with pytest.raises(ValueError):
        DestinyCard("bad", "3", float("inf"))
