"""The battle rules of the SWCCG rulebook (rules/swccg/battle.py), with the rulebook's own worked examples."""

import pytest

from rules.swccg.battle import BattleError, BattleSide, InBattle, resolve, smallest_forfeits
from rules.swccg.cards import DARK, LIGHT


def card(card_id, power=0, ability=0, forfeit=0, **more):
    return InBattle(card_id=card_id, title=card_id, power=power, ability=ability, forfeit=forfeit, **more)


def test_the_rulebooks_battle_diagram():
    # "you made a total power of 5 and drew no destiny. Your opponent made a total power of 2. But, since
    # BoShek's ability is 4, your opponent could draw destiny ... a destiny of 2 ... combined power of 4 ...
    # your opponent would lose 1 Force ... your attrition is 2."
    you = BattleSide(
        cards=(
            card("trooper-a", power=3, ability=1, forfeit=2),
            card("trooper-b", power=2, ability=1, forfeit=1),
        )
    )
    opponent = BattleSide(cards=(card("boshek", power=2, ability=4, forfeit=3),), destinies=(2,))
    result = resolve(you, opponent)
    dark, light = result.sides[DARK], result.sides[LIGHT]
    assert result.winner == DARK
    assert (dark.total, light.total) == (5, 4)
    assert (dark.destinies_allowed, light.destinies_allowed) == (0, 1)
    assert light.battle_damage == 1 and dark.battle_damage == 0
    assert dark.attrition == 2 and light.attrition == 0  # the winner suffers attrition too
    assert dark.attrition_forfeits == ("trooper-a",)  # forfeit 2 covers it exactly
    assert light.force_to_lose == 1 and dark.force_to_lose == 0


@pytest.mark.parametrize(
    ("destiny", "forfeited", "immune", "ignored"),
    [
        # "If your opponent draws a destiny of 4 ... the stormtrooper would be forfeited ... The remaining 2 is
        # ignored; it cannot affect Vader because of his immunity to attrition < 5."
        (4, ("stormtrooper",), ("vader",), 2),
        # "if the destiny drawn is 5, Vader is no longer immune ... Vader would be forfeited and the stormtrooper
        # would stay."
        (5, ("vader",), (), 0),
    ],
)
def test_vaders_immunity_to_attrition(destiny, forfeited, immune, ignored):
    vader = card("vader", power=6, ability=6, forfeit=8, immune_to_attrition=5)
    trooper = card("stormtrooper", power=1, ability=1, forfeit=2)
    rebels = BattleSide(cards=(card("luke", power=3, ability=4, forfeit=6),), destinies=(destiny,))
    result = resolve(BattleSide(cards=(vader, trooper), destinies=(0,)), rebels)
    dark = result.sides[DARK]
    assert dark.attrition == destiny
    assert dark.attrition_forfeits == forfeited
    assert dark.immune == immune
    assert dark.attrition_ignored == ignored


def test_one_battle_destiny_at_ability_8_not_two():
    jedi = BattleSide(cards=(card("a", power=4, ability=4), card("b", power=4, ability=4)), destinies=(3, 4))
    with pytest.raises(BattleError) as error:
        resolve(jedi, BattleSide(cards=(card("c", power=1),)))
    assert error.value.code == "too-many-destinies"
    assert "may draw 1 battle destiny" in error.value.message
    ok = resolve(
        BattleSide(cards=jedi.cards, destinies=(3, 4), extra_destinies=1), BattleSide(cards=(card("c"),))
    )
    assert ok.sides[DARK].destinies_allowed == 2 and ok.sides[DARK].destiny_total == 7


def test_no_destiny_below_ability_4_unless_card_text_allows_it():
    weak = BattleSide(cards=(card("a", power=2, ability=3),), destinies=(5,))
    strong = BattleSide(cards=(card("b", power=2, ability=4),))
    with pytest.raises(BattleError) as error:
        resolve(weak, strong)
    assert error.value.code == "too-many-destinies"
    # extra draws need the ability to draw at all; a card that lets a side draw without it is another thing
    with pytest.raises(BattleError):
        resolve(BattleSide(cards=weak.cards, destinies=(5,), extra_destinies=1), strong)
    allowed = resolve(BattleSide(cards=weak.cards, destinies=(5,), destinies_if_unable=1), strong)
    assert allowed.sides[DARK].total == 7 and allowed.sides[LIGHT].attrition == 5


def test_a_tie_causes_no_battle_damage_but_attrition_on_both_sides():
    result = resolve(
        BattleSide(cards=(card("a", power=3, ability=4, forfeit=2),), destinies=(2,)),
        BattleSide(cards=(card("b", power=2, ability=4, forfeit=4),), destinies=(3,)),
    )
    assert result.winner is None
    assert result.sides[DARK].battle_damage == result.sides[LIGHT].battle_damage == 0
    assert (result.sides[DARK].attrition, result.sides[LIGHT].attrition) == (3, 2)
    assert result.sides[DARK].attrition_ignored == 1  # forfeit 2 is all the Dark Side has there
    assert result.sides[LIGHT].attrition_forfeits == ("b",)


def test_a_destiny_of_zero_causes_no_attrition():
    result = resolve(
        BattleSide(cards=(card("a", power=5, ability=4, forfeit=2),), destinies=(0,)),
        BattleSide(cards=(card("b", power=1, ability=1, forfeit=1),)),
    )
    assert result.sides[LIGHT].attrition == 0
    assert result.sides[LIGHT].battle_damage == 4 and result.sides[LIGHT].force_to_lose == 4


def test_hit_cards_add_power_are_forfeited_and_count_against_damage_and_attrition():
    hit = card("hit", power=4, ability=2, forfeit=3, hit=True)
    loser = BattleSide(cards=(hit, card("other", power=1, ability=2, forfeit=2)))
    winner = BattleSide(cards=(card("w", power=9, ability=4, forfeit=5),), destinies=(4,))
    result = resolve(winner, loser)
    light = result.sides[LIGHT]
    assert light.power == 5  # the hit card still counts
    assert light.hit == ("hit",)
    assert light.attrition == 4
    assert light.attrition_forfeits == ("other",)  # hit card's 3 leaves 1 of attrition: the 2 covers it
    assert light.battle_damage == 13 - 5
    assert light.force_to_lose == 8 - 3 - 2  # the forfeits count against battle damage


def test_characters_aboard_add_ability_not_power():
    pilot = card("pilot", power=3, ability=3)
    ship = card("x-wing", power=3, ability=1, aboard=(pilot,))
    result = resolve(
        BattleSide(cards=(card("tie", power=2, ability=1),)), BattleSide(cards=(ship,), destinies=(1,))
    )
    assert result.sides[LIGHT].power == 3 and result.sides[LIGHT].ability == 4
    assert result.sides[LIGHT].destinies_allowed == 1


def test_bonuses_from_card_text():
    vader = BattleSide(
        cards=(card("vader", power=6, ability=6, forfeit=8),),
        destinies=(2,),
        destiny_bonus=1,
        power_bonus=2,
        attrition_bonus=1,
        damage_bonus=1,
    )
    result = resolve(vader, BattleSide(cards=(card("luke", power=3, ability=4, forfeit=6),), destinies=(1,)))
    assert result.sides[DARK].destiny_total == 3 and result.sides[DARK].total == 11
    assert result.sides[LIGHT].attrition == 4
    assert result.sides[LIGHT].battle_damage == 11 - 4 + 1


def test_smallest_forfeits_prefers_the_least_value_then_fewer_cards():
    cards = [
        card("five", forfeit=5),
        card("two", forfeit=2),
        card("three", forfeit=3),
        card("four", forfeit=4),
    ]
    chosen, left = smallest_forfeits(cards, 5)
    assert [c.card_id for c in chosen] == ["five"] and left == 0
    chosen, _ = smallest_forfeits(cards, 6)
    assert sorted(c.card_id for c in chosen) == ["four", "two"]
    chosen, left = smallest_forfeits(cards, 20)
    assert len(chosen) == 4 and left == 6
    chosen, _ = smallest_forfeits([card("half", forfeit=0.5), card("one", forfeit=1)], 0.5)
    assert [c.card_id for c in chosen] == ["half"]


def test_the_forfeit_search_is_bounded_for_the_largest_accepted_battle():
    many = tuple(card(f"c{i}", power=1, ability=1, forfeit=(i % 30) + 0.5) for i in range(60))
    result = resolve(
        BattleSide(cards=many), BattleSide(cards=(card("x", power=1, ability=4),), destinies=(999,))
    )
    dark = result.sides[DARK]
    assert dark.attrition == 999
    assert len(dark.attrition_forfeits) == 60 and dark.attrition_ignored == 999 - sum(c.forfeit for c in many)


@pytest.mark.parametrize(
    ("dark", "code"),
    [
        (BattleSide(cards=()), "no-battle"),
        (BattleSide(cards=tuple(card(f"c{i}") for i in range(61))), "too-many-cards"),
        (BattleSide(cards=(card("x", power=10**9),)), "bad-number"),
        (BattleSide(cards=(card("x", forfeit=-1),)), "bad-number"),
        (BattleSide(cards=(card("x", forfeit=0.3),)), "bad-number"),
        (BattleSide(cards=(card("x"),), destinies=(float(10**6),)), "bad-number"),
        (BattleSide(cards=(card("x"),), extra_destinies=11), "bad-number"),
        (BattleSide(cards=(card("x", aboard=tuple(card(f"p{i}") for i in range(60))),)), "too-many-cards"),
    ],
)
def test_battles_the_rules_cannot_resolve(dark, code):
    with pytest.raises(BattleError) as error:
        resolve(dark, BattleSide(cards=(card("light\ud800", power=1),)))
    assert error.value.code == code
    assert error.value.message
