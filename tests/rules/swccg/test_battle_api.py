"""POST /api/rules/swccg/battle against the real SWCCG catalogue, with the rulebook's worked examples."""

import json

import pytest

URL = "/api/rules/swccg/battle"
VADER = "1_168"  # •Darth Vader: power 6, ability 6, forfeit 8, "Immune to attrition < 5."
STORMTROOPER = "1_194"  # power 1, ability 1, forfeit 2
TROOPER_GUARD = (
    "1_181"  # Imperial Trooper Guard: power 0, ability 1, forfeit 1; "Power +4 when defending a battle."
)
BOSHEK = "1_4"  # •BoShek: power 2, ability 4, forfeit 3
LUKE = "1_19"  # •Luke Skywalker: power 3, ability 4, forfeit 7
RED_5 = "2_71"  # •Red 5: power 3, forfeit 6


def post(client, body, status=200):
    response = client.post(URL, body, content_type="application/json")
    assert response.status_code == status, response.content
    return response.json()


def test_the_rulebooks_battle_diagram(client, catalogue):
    body = post(
        client,
        {
            "dark": {"cards": [{"card": TROOPER_GUARD, "power": 4}, {"card": STORMTROOPER}]},  # defending: +4
            "light": {"cards": [{"card": BOSHEK}], "destinies": [2]},
        },
    )
    dark, light = body["sides"]["dark"], body["sides"]["light"]
    assert body["winner"] == "dark"
    assert (dark["total"], light["total"]) == (5, 4)
    assert dark["destinies_allowed"] == 0 and light["destinies_allowed"] == 1
    assert light["battle_damage"] == 1 and light["force_to_lose"] == 1
    assert dark["attrition"] == 2 and dark["attrition_forfeits"] == [STORMTROOPER]
    assert [c["card_id"] for c in dark["cards"]] == [TROOPER_GUARD, STORMTROOPER]
    assert dark["cards"][0]["power"] == 4 and dark["cards"][0]["title"] == "Imperial Trooper Guard"


@pytest.mark.parametrize(("destiny", "forfeits", "immune"), [(4, [STORMTROOPER], [VADER]), (5, [VADER], [])])
def test_vaders_immunity_read_from_his_card_text(client, catalogue, destiny, forfeits, immune):
    body = post(
        client,
        {
            "dark": {"cards": [{"card": VADER}, {"card": STORMTROOPER}]},
            "light": {"cards": [{"card": LUKE}], "destinies": [destiny]},
        },
    )
    dark = body["sides"]["dark"]
    assert dark["cards"][0]["immune_to_attrition"] == 5
    assert dark["attrition"] == destiny
    assert dark["attrition_forfeits"] == forfeits and dark["immune"] == immune


def test_modifiers_and_overrides_from_card_text(client, catalogue):
    # The modifiers alone (`apply_text: false`): the same numbers the text gives (test_battle_text_api.py)
    body = post(
        client,
        {
            "apply_text": False,
            "dark": {
                "cards": [{"card": VADER, "immune_to_attrition": None}],
                "destinies": [3],
                "destiny_bonus": 1,
            },
            "light": {
                "cards": [{"card": RED_5, "power": 3, "aboard": [{"card": LUKE}], "immune_to_attrition": 4}],
                "destinies": [2],
            },
        },
    )
    dark, light = body["sides"]["dark"], body["sides"]["light"]
    assert dark["total"] == 6 + 4 and dark["cards"][0]["immune_to_attrition"] is None
    assert (
        light["power"] == 6 and light["ability"] == 4
    )  # Luke aboard adds ability, his text +3 power to Red 5
    assert light["attrition"] == 4 and light["immune"] == []  # immune < 4 does not cover attrition 4
    assert dark["attrition"] == 2 and dark["attrition_forfeits"] == [VADER]
    assert light["cards"][0]["aboard"][0]["card_id"] == LUKE


def test_a_battle_the_rules_cannot_resolve_is_a_coded_400(client, catalogue):
    body = post(
        client,
        {"dark": {"cards": [{"card": VADER}], "destinies": [1, 2]}, "light": {"cards": [{"card": LUKE}]}},
        400,
    )
    assert body["code"] == "battle-not-resolvable" and body["rule"] == "too-many-destinies"
    assert "may draw 1 battle destiny" in body["message"]


def test_unknown_cards_are_listed(client, catalogue):
    body = post(
        client,
        {
            "dark": {"cards": [{"card": "999_1"}]},
            "light": {"cards": [{"card": LUKE, "aboard": [{"card": "x_y"}]}]},
        },
        400,
    )
    assert body["code"] == "unknown-card" and body["cards"] == ["999_1", "x_y"]


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"dark": {"cards": []}, "light": {"cards": [{"card": LUKE}]}},
        {"dark": {"cards": [{"card": VADER}] * 61}, "light": {"cards": [{"card": LUKE}]}},
        {"dark": {"cards": [{"card": VADER, "power": 10**30}]}, "light": {"cards": [{"card": LUKE}]}},
        {"dark": {"cards": [{"card": VADER}], "destinies": [1] * 12}, "light": {"cards": [{"card": LUKE}]}},
        {
            "dark": {"cards": [{"card": VADER, "aboard": [{"card": LUKE, "aboard": []}]}]},
            "light": {"cards": []},
        },
        {"dark": {"cards": [{"card": VADER, "hit": "yes please"}]}, "light": {"cards": [{"card": LUKE}]}},
        {"dark": {"cards": [{"card": VADER}]}, "light": {"cards": [{"card": LUKE}]}, "extra": 1},
        {"dark": {"cards": [{"card": "1" * 65}]}, "light": {"cards": [{"card": LUKE}]}},
    ],
)
def test_malformed_battles_are_refused(client, catalogue, body):
    assert post(client, body, 400)["code"] == "invalid-request"


def test_hostile_json_is_refused(client, catalogue):
    raw = '{"dark": {"cards": [{"card": "\\ud800"}]}, "light": {"cards": [{"card": "1_19"}]}}'
    response = client.post(URL, raw, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "bad-unicode"
    deep = '{"dark": ' * 200 + "1" + "}" * 200
    response = client.post(URL, deep, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "too-deep"
    response = client.post(
        URL, json.dumps({"dark": {"cards": [{"card": "x"}] * 200_000}}), content_type="application/json"
    )
    assert response.status_code in (400, 413) and response.json()["code"] in (
        "invalid-request",
        "request-too-large",
    )
