"""Battle odds before the destinies are drawn (rules/swccg/battle_odds.py), exact, and over HTTP."""

from fractions import Fraction as F

import pytest

from rules.swccg.battle import BattleError, BattleSide, InBattle
from rules.swccg.battle_odds import battle_odds, destiny_total_distribution
from rules.swccg.cards import DARK, LIGHT


def card(card_id, power=0, ability=0, forfeit=0, **more):
    return InBattle(card_id=card_id, title=card_id, power=power, ability=ability, forfeit=forfeit, **more)


def test_destiny_totals_without_replacement():
    assert destiny_total_distribution([1, 1, 2, 3], 2) == {2: F(1, 6), 3: F(2, 6), 4: F(2, 6), 5: F(1, 6)}
    assert destiny_total_distribution([1, 2], 0) == {0: 1}
    assert destiny_total_distribution([4], 3) == {4: 1}  # only what is left is drawn
    many = destiny_total_distribution([0, 1, 2, 3, 4, 5, 6, 7] * 7, 3)
    assert sum(many.values()) == 1 and min(many) == 0 and max(many) == 21


def test_the_rulebooks_battle_before_the_draw():
    # Power 5 without destiny against BoShek (power 2, ability 4), whose Reserve Deck counts 0, 2, 2 and 6.
    you = BattleSide(
        cards=(card("guard", power=4, ability=1, forfeit=1), card("trooper", power=1, ability=1, forfeit=2))
    )
    boshek = BattleSide(cards=(card("boshek", power=2, ability=4, forfeit=3),))
    odds = battle_odds(you, boshek, {DARK: [1, 1, 3], LIGHT: [0, 2, 2, 6]})
    assert odds.winner == {DARK: F(3, 4), LIGHT: F(1, 4)}
    dark, light = odds.sides[DARK], odds.sides[LIGHT]
    assert (dark.draws, light.draws) == (0, 1)
    assert dark.attrition == {0: F(1, 4), 2: F(1, 2), 6: F(1, 4)}
    assert light.battle_damage == {3: F(1, 4), 1: F(1, 2), 0: F(1, 4)}
    # attrition 2: the trooper covers it; attrition 6: both, all they have
    assert dark.forfeited == {"trooper": F(3, 4), "guard": F(1, 4)}
    assert light.expected_force_to_lose == F(3, 4) + F(1, 2)


def test_destiny_bonuses_apply_to_each_draw():
    vader = BattleSide(
        cards=(card("a", power=1, ability=4), card("b", power=1, ability=4)),
        extra_destinies=1,
        destiny_bonus=1,
    )
    odds = battle_odds(vader, BattleSide(cards=(card("c", power=9),)), {DARK: [2, 2, 2], LIGHT: []})
    assert odds.sides[DARK].draws == 2 and odds.sides[LIGHT].attrition == {6: 1}  # (2 + 1) × 2
    assert odds.winner == {LIGHT: 1}  # power 2 + destiny 6 = 8 against 9


def test_limits_are_checked_before_the_work():
    big = BattleSide(cards=(card("a", ability=4),), extra_destinies=5)
    values = [i / 7 for i in range(100)]
    with pytest.raises(BattleError) as error:
        battle_odds(big, big, {DARK: values, LIGHT: values})
    assert error.value.code == "too-many-outcomes"
    with pytest.raises(BattleError) as error:
        battle_odds(big, big, {DARK: values * 2, LIGHT: values})
    assert error.value.code == "too-many-cards"


def test_battle_odds_over_http(client, catalogue):
    # The rulebook's diagram before BoShek draws; his Reserve Deck: Rebel Trooper (destiny 1), Leia (1), Red 5 (2).
    body = {
        "dark": {"cards": [{"card": "1_181", "power": 4}, {"card": "1_194"}]},
        "light": {"cards": [{"card": "1_4"}]},
        "simulate": {"dark": ["1_194", "1_194"], "light": ["1_28", "1_17", "2_71"]},
    }
    response = client.post("/api/rules/swccg/battle", body, content_type="application/json")
    assert response.status_code == 200, response.content
    found = response.json()
    # BoShek: 2 + 1 (2 chances in 3) or 2 + 2: never above 4, so the Dark Side's 5 always wins
    assert found["winner"] == {"dark": {"p": 1.0, "exact": "1/1"}}
    assert found["sides"]["light"]["draws"] == 1
    assert found["sides"]["dark"]["attrition"] == [
        {"value": 1, "p": 2 / 3, "exact": "2/3"},
        {"value": 2, "p": 1 / 3, "exact": "1/3"},
    ]
    both = {**body, "light": {"cards": [{"card": "1_4"}], "destinies": [2]}}
    response = client.post("/api/rules/swccg/battle", both, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "invalid-request"
    unknown = {**body, "simulate": {"dark": ["nope"], "light": []}}
    response = client.post("/api/rules/swccg/battle", unknown, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "unknown-card"
