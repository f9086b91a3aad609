"""POST /api/rules/swccg/battle applying the cards' own game text (rules/swccg/battle_text.py): what the request
decides is applied and said, what it cannot decide is asked, answers and modifiers come after the text."""

import json

import pytest

from .test_battle_api import BOSHEK, LUKE, RED_5, STORMTROOPER, TROOPER_GUARD, URL, VADER, post

JAWA = "12_108"  # Jawa: "Power +1 at Tatooine." (read as power +1, condition at Tatooine)
CANTINA = "1_128"  # •Tatooine: Cantina
DEATH_STAR_BAY = "1_285"  # •Death Star: Docking Bay 327


def keys(changes):
    return [c["key"] for c in changes]


def test_vaders_plus_one_to_each_destiny_draw_without_being_told(client, catalogue):
    body = post(
        client,
        {
            "dark": {"cards": [{"card": VADER}, {"card": STORMTROOPER}], "destinies": [3]},
            "light": {"cards": [{"card": LUKE}], "destinies": [2]},
        },
    )
    dark = body["sides"]["dark"]
    assert dark["destiny_total"] == 4 and dark["total"] == 6 + 1 + 4
    assert body["sides"]["light"]["attrition"] == 4
    vader = next(c for c in body["applied"] if c["key"] == "1_168:0")
    assert vader["card"] == VADER and vader["kind"] == "adds-to-destiny" and vader["amount"] == 1
    assert vader["sentence"] == "When in battle, adds 1 to each of your battle destiny draws."
    assert vader["to_side"] == "dark" and vader["condition"]["kind"] == "in-battle"
    # his pilot bonus changes nothing with him at the location itself: neither applied nor asked
    assert not [c for c in body["applied"] + body["questions"] if c["kind"] == "pilot-power"]
    told = post(client, {"apply_text": False, **json.loads(json.dumps(body_of(VADER, 3)))})
    assert told["sides"]["dark"]["destiny_total"] == 3 and told["applied"] == [] and told["questions"] == []


def body_of(dark_card, destiny):
    return {
        "dark": {"cards": [{"card": dark_card}, {"card": STORMTROOPER}], "destinies": [destiny]},
        "light": {"cards": [{"card": LUKE}], "destinies": [2]},
    }


def test_the_text_gives_what_the_modifiers_used_to(client, catalogue):
    # test_battle_api's test_modifiers_and_overrides_from_card_text without the modifiers the text states
    body = post(
        client,
        {
            "dark": {"cards": [{"card": VADER}], "destinies": [3]},
            "light": {"cards": [{"card": RED_5, "aboard": [{"card": LUKE}]}], "destinies": [2]},
        },
    )
    dark, light = body["sides"]["dark"], body["sides"]["light"]
    assert dark["total"] == 6 + 4
    assert light["power"] == 6 and light["cards"][0]["power"] == 6  # Luke piloting: +3 to Red 5
    assert light["cards"][0]["immune_to_attrition"] == 4  # "Immune to attrition < 4 if Luke piloting."
    assert {"1_19:1", "2_71:2"} <= set(keys(body["applied"]))
    alone = post(client, {"dark": {"cards": [{"card": VADER}]}, "light": {"cards": [{"card": RED_5}]}})
    assert alone["sides"]["light"]["cards"][0]["immune_to_attrition"] is None  # nobody piloting


def test_a_question_asked_and_answered_gives_the_rulebooks_diagram(client, catalogue):
    battle = {
        "dark": {"cards": [{"card": TROOPER_GUARD}, {"card": STORMTROOPER}]},
        "light": {"cards": [{"card": BOSHEK}], "destinies": [2]},
    }
    asked = post(client, battle)
    question = next(q for q in asked["questions"] if q["key"] == f"{TROOPER_GUARD}:0")
    assert question["sentence"] == "Power +4 when defending a battle." and question["amount"] == 4
    assert question["to"] == [TROOPER_GUARD] and question["condition"]["subject"] == "defending a battle"
    assert asked["sides"]["dark"]["total"] == 1 and asked["winner"] == "light"
    answered = post(client, battle | {"conditions": {f"{TROOPER_GUARD}:0": True}})
    assert answered["winner"] == "dark" and answered["sides"]["dark"]["total"] == 5
    assert answered["sides"]["light"]["battle_damage"] == 1
    assert f"{TROOPER_GUARD}:0" in keys(answered["applied"]) and answered["questions"] == []
    refused = post(client, body_of(VADER, 3) | {"conditions": {"1_168:0": False}})  # an answer overrides
    assert refused["sides"]["dark"]["destiny_total"] == 3


def test_modifiers_given_come_after_the_text(client, catalogue):
    body = body_of(VADER, 3)
    body["dark"] |= {"destiny_bonus": 1}
    body["dark"]["cards"][0] |= {"power": 2, "immune_to_attrition": None}
    found = post(client, body)["sides"]["dark"]
    assert found["destiny_total"] == 3 + 1 + 1 and found["power"] == 6 + 2 + 1
    assert found["cards"][0]["immune_to_attrition"] is None  # the override replaces the text's immunity


def test_the_location_decides_where_the_text_holds(client, catalogue):
    battle = {"dark": {"cards": [{"card": VADER}]}, "light": {"cards": [{"card": JAWA}]}}
    unnamed = post(client, battle)
    assert f"{JAWA}:2" in keys(unnamed["questions"]) and unnamed["sides"]["light"]["power"] == 1
    at_tatooine = post(client, battle | {"location": CANTINA})
    assert at_tatooine["sides"]["light"]["power"] == 2 and f"{JAWA}:2" in keys(at_tatooine["applied"])
    elsewhere = post(client, battle | {"location": DEATH_STAR_BAY})
    assert elsewhere["sides"]["light"]["power"] == 1 and f"{JAWA}:2" not in keys(elsewhere["questions"])
    not_a_location = post(client, battle | {"location": VADER}, 400)
    assert not_a_location["code"] == "invalid-request" and "location" in not_a_location["errors"]


def test_the_exact_odds_use_the_texts_destiny_bonus(client, catalogue):
    battle = {
        "dark": {"cards": [{"card": VADER}]},
        "light": {"cards": [{"card": LUKE}]},
        "simulate": {"dark": [STORMTROOPER, LUKE], "light": [STORMTROOPER]},
    }
    plain = post(client, battle | {"apply_text": False})
    text = post(client, battle | {"apply_text": True})
    attrition = lambda answer: [row["value"] for row in answer["sides"]["light"]["attrition"]]  # noqa: E731
    assert attrition(text) == [value + 1 for value in attrition(plain)]
    assert "1_168:0" in keys(text["applied"]) and plain["applied"] == []


@pytest.mark.parametrize(
    "conditions",
    [
        {f"1_168:{i}": True for i in range(10_000)},
        {"1_168:0": "yes"},
        {"1_168:0": 1},
        {"1_168:0": None},
        [True],
        "1_168:0",
    ],
)
def test_hostile_answers_are_refused_with_a_code(client, catalogue, conditions):
    found = post(client, body_of(VADER, 3) | {"conditions": conditions}, 400)
    assert found["code"] == "invalid-request"


def test_answers_naming_no_effect_are_listed_unused(client, catalogue):
    odd = {"1_168": True, "1_168:x": False, ":0": True, "1_168:0000": True, "9_9:1": True, "1_168:0": True}
    found = post(client, body_of(VADER, 3) | {"conditions": odd})
    assert found["unused_conditions"] == [k for k in odd if k != "1_168:0"]
    assert found["sides"]["dark"]["destiny_total"] == 4


def test_hostile_text_flags_and_lone_surrogates(client, catalogue):
    assert post(client, body_of(VADER, 3) | {"apply_text": "yes"}, 400)["code"] == "invalid-request"
    assert post(client, body_of(VADER, 3) | {"location": "9_999"}, 400)["code"] == "unknown-card"
    raw = json.dumps(body_of(VADER, 3))[:-1] + ', "conditions": {"\\ud800:0": true}}'
    response = client.post(URL, raw, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "bad-unicode"


def test_a_bracketed_alternative_replaces_the_main_number(client, catalogue):
    # Vader: "Adds 3 to power of anything he pilots (or 4 to power … if Vader's Custom TIE)"
    custom_tie, black_2 = "1_306", "1_299"  # printed power 2 and 1
    battle = {"light": {"cards": [{"card": LUKE}]}}
    aboard = lambda ship: {"dark": {"cards": [{"card": ship, "aboard": [{"card": VADER}]}]}}  # noqa: E731
    custom = post(client, battle | aboard(custom_tie))
    assert custom["sides"]["dark"]["cards"][0]["power"] == 2 + 4
    assert [c["amount"] for c in custom["applied"] if c["kind"] == "pilot-power"] == [4]
    other = post(client, battle | aboard(black_2))
    assert other["sides"]["dark"]["cards"][0]["power"] == 1 + 3
