import pytest

from core.swtcg.cards import UnitCard, parse_title, persona_key, same_name, same_persona
from rules.swtcg.stacking import CODES, RuleViolation, StackedUnit, stack


def card(
    title, card_id=None, *, type="Character", speed=40, power=2, health=2, cost=5, text="", side="Light"
):
    name, version = parse_title(title)
    return UnitCard(card_id or title, name, version, type, speed, power, health, cost, text, side)


def codes(result):
    assert isinstance(result, list), result
    return [v.code for v in result]


# --- cards -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "parsed"),
    [
        ("Anakin Skywalker (A)", ("Anakin Skywalker", "A")),
        ("Luke Skywalker (d)", ("Luke Skywalker", "D")),
        ("  Darth  Vader   (B) ", ("Darth Vader", "B")),
        ("Clone Trooper", ("Clone Trooper", None)),
        ("Droid (AB)", ("Droid (AB)", None)),
        ("(A)", ("(A)", None)),
    ],
)
def test_parse_title(title, parsed):
    assert parse_title(title) == parsed


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Darth Vader", "Anakin Skywalker"),
        ("Beru Lars", "Beru Whitesun"),
        ("Padmé Amidala", "Padmé Skywalker"),
        ("Padme Amidala", "Padmé Skywalker"),
        ("PADMÉ SKYWALKER", "padme amidala"),
        ("Luke Skywalker", "luke  skywalker"),
    ],
)
def test_persona_pairs_share_a_key(a, b):
    assert persona_key(a) == persona_key(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Luke Skywalker", "Anakin Skywalker"),
        ("Padmé Amidala", "Beru Lars"),
        ("Darth Vader", "Darth Sidious"),
        ("Owen Lars", "Beru Lars"),
    ],
)
def test_different_personas(a, b):
    assert persona_key(a) != persona_key(b)


def test_same_name_is_narrower_than_same_persona():
    anakin, vader = card("Anakin Skywalker (A)"), card("Darth Vader (B)")
    assert same_persona(anakin, vader)
    assert not same_name(anakin, vader)
    assert same_name(anakin, card("anakin skywalker (C)"))
    padme, padme_plain = card("Padmé Amidala (A)"), card("Padme Amidala (B)")
    assert same_name(padme, padme_plain)
    assert same_persona(padme, card("Padme Skywalker (A)"))
    assert not same_name(padme, card("Padme Skywalker (A)"))


# --- stacking: the stacked unit --------------------------------------------------------------------------------


def test_rules_example_luke_on_luke():
    luke_d = card("Luke Skywalker (D)", "ANH-D", speed=40, power=2, health=2, cost=6, text="Top text")
    luke_a = card("Luke Skywalker (A)", "ANH-A", speed=20, power=5, health=7, cost=3, text="Ignored")
    unit = stack([luke_d, luke_a])
    assert unit == StackedUnit(
        name="Luke Skywalker",
        type="Character",
        speed=50,
        power=3,
        health=3,
        build_cost=7,
        text="Top text",
        cards=("ANH-D", "ANH-A"),
        underneath=1,
    )


def test_four_card_stack_takes_the_top_card_and_three_bonuses():
    cards = [
        card("Obi-Wan Kenobi (C)", type="Ground", speed=30, power=4, health=5, cost=8, text="top"),
        card("Obi-Wan Kenobi (A)", type="Space", speed=90, power=9, health=9, cost=1),
        card("Obi-Wan Kenobi (B)", speed=10, power=1, health=1, cost=2),
        card("Obi-Wan Kenobi (D)", speed=10, power=1, health=1, cost=2),
    ]
    unit = stack(cards)
    assert isinstance(unit, StackedUnit)
    assert (unit.type, unit.speed, unit.power, unit.health, unit.build_cost, unit.text) == (
        "Ground",
        60,
        7,
        8,
        11,
        "top",
    )
    assert unit.underneath == 3
    assert unit.cards == tuple(c.card_id for c in cards)


def test_single_card_is_a_unit_with_nothing_underneath():
    unit = stack([card("Clone Trooper", speed=30, power=3, health=3, cost=2)])
    assert isinstance(unit, StackedUnit)
    assert (unit.speed, unit.power, unit.health, unit.build_cost, unit.underneath) == (30, 3, 3, 2, 0)


def test_missing_stats_stay_missing():
    unit = stack([card("Han Solo (A)", speed=None, cost=None), card("Han Solo (B)")])
    assert isinstance(unit, StackedUnit)
    assert unit.speed is None and unit.build_cost is None
    assert unit.power == 3


@pytest.mark.parametrize(
    ("top", "under", "name"),
    [
        ("Darth Vader (B)", "Anakin Skywalker (A)", "Darth Vader"),
        ("Anakin Skywalker (A)", "Darth Vader (B)", "Anakin Skywalker"),
        ("Beru Lars (A)", "Beru Whitesun (B)", "Beru Lars"),
        ("Beru Whitesun (A)", "Beru Lars (B)", "Beru Whitesun"),
        ("Padmé Amidala (A)", "Padmé Skywalker (B)", "Padmé Amidala"),
        ("Padme Skywalker (A)", "Padmé Amidala (B)", "Padme Skywalker"),
        ("Padme Amidala (A)", "Padme Skywalker (B)", "Padme Amidala"),
    ],
)
def test_persona_pairs_stack(top, under, name):
    unit = stack([card(top), card(under)])
    assert isinstance(unit, StackedUnit), unit
    assert unit.name == name
    assert unit.underneath == 1


def test_accented_and_plain_names_are_one_name():
    unit = stack([card("Padmé Amidala (A)"), card("Padme Amidala (B)")])
    assert isinstance(unit, StackedUnit), unit


# --- stacking: violations --------------------------------------------------------------------------------------


def test_empty_stack():
    result = stack([])
    assert codes(result) == ["empty-stack"]


def test_not_unique():
    result = stack([card("Clone Trooper", "ct-1"), card("Clone Trooper", "ct-2")])
    assert codes(result) == ["not-unique", "not-unique"]
    assert [v.cards for v in result] == [("ct-1",), ("ct-2",)]
    assert "not unique" in result[0].message


def test_not_unique_card_under_a_unique_one():
    result = stack([card("Luke Skywalker (A)", "luke"), card("Luke Skywalker", "plain")])
    assert codes(result) == ["not-unique"]
    assert result[0].cards == ("plain",)


def test_stack_too_large():
    cards = [card(f"Yoda ({v})") for v in "ABCDE"]
    result = stack(cards)
    assert codes(result) == ["stack-too-large"]
    assert result[0].cards == tuple(c.card_id for c in cards)
    assert "at most 4" in result[0].message and "take out 1 card" in result[0].message


def test_four_cards_is_not_too_large():
    assert isinstance(stack([card(f"Yoda ({v})") for v in "ABCD"]), StackedUnit)


def test_different_names():
    result = stack([card("Luke Skywalker (A)", "luke"), card("Leia Organa (B)", "leia")])
    assert codes(result) == ["different-names"]
    assert result[0].cards == ("luke", "leia")
    assert "Leia Organa (B)" in result[0].message


def test_different_names_even_for_the_other_half_of_a_pair_family():
    # Owen Lars is not Beru's persona; Darth Sidious is not Vader's.
    assert codes(stack([card("Beru Lars (A)"), card("Owen Lars (A)")])) == ["different-names"]
    assert codes(stack([card("Darth Vader (A)"), card("Darth Sidious (A)")])) == ["different-names"]


def test_same_version_twice():
    result = stack([card("Han Solo (A)", "h1"), card("Han Solo (B)", "h2"), card("han solo (a)", "h3")])
    assert codes(result) == ["same-version-twice"]
    assert result[0].cards == ("h1", "h3")


def test_same_card_twice():
    han = card("Han Solo (A)", "h1")
    result = stack([han, han])
    assert codes(result) == ["same-version-twice"]
    assert result[0].cards == ("h1", "h1")


def test_pair_versions_are_distinct_cards():
    # Interpretation: a version is a name and a letter, so Anakin Skywalker (A) and Darth Vader (A) differ.
    assert isinstance(stack([card("Darth Vader (A)"), card("Anakin Skywalker (A)")]), StackedUnit)


def test_all_violations_at_once():
    cards = [
        card("Luke Skywalker (A)", "l-a"),
        card("Luke Skywalker (A)", "l-a2"),
        card("Rebel Trooper", "trooper"),
        card("Leia Organa (A)", "leia"),
        card("Luke Skywalker (B)", "l-b"),
    ]
    result = stack(cards)
    assert sorted(codes(result)) == sorted(
        ["not-unique", "stack-too-large", "different-names", "different-names", "same-version-twice"]
    )
    by_code = {}
    for v in result:
        by_code.setdefault(v.code, []).append(v.cards)
    assert by_code["not-unique"] == [("trooper",)]
    assert by_code["different-names"] == [("l-a", "trooper"), ("l-a", "leia")]
    assert by_code["same-version-twice"] == [("l-a", "l-a2")]


def test_every_code_is_registered_and_unknown_codes_are_refused():
    assert set(CODES) == {
        "empty-stack",
        "not-unique",
        "stack-too-large",
        "different-names",
        "same-version-twice",
    }
    with pytest.raises(ValueError):
        RuleViolation("no-such-code", "x")
