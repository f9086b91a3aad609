"""The SWCCG referee and sabacc over HTTP, against the real catalogue: POST /api/games/swccg/replay,
GET /api/games/swccg/record-schema, POST /api/rules/swccg/sabacc."""

import json

import jsonschema
import pytest

from rules.swccg.cards import DARK, LIGHT

from .tables import record, turn

REPLAY = "/api/games/swccg/replay"
SABACC = "/api/rules/swccg/sabacc"


def post(client, url, body, status=200):
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == status, response.content
    return response.json()


def _rulebook_battle():
    """The rulebook's battle diagram as a record (see test_referee.py), satisfied or not."""
    return (
        turn(DARK, {"type": "activate", "amount": 3}, {"type": "deploy", "card": "1_181", "to": "1_128"},
             {"type": "deploy", "card": "1_194#1", "to": "1_128"})
        + turn(LIGHT, {"type": "activate", "amount": 3}, {"type": "deploy", "card": "1_127"})
        + turn(DARK, {"type": "activate", "amount": 3})
        + turn(LIGHT, {"type": "activate", "amount": 5}, {"type": "deploy", "card": "1_4", "to": "1_128"}, end=False)
        + [
            {"type": "modify", "card": "1_181", "stat": "power", "by": 4, "until": "battle"},
            {"type": "battle", "player": LIGHT, "location": "1_128"},
            {"type": "draw", "player": LIGHT, "kind": "battle_destiny", "cards": ["1_28#2"], "value": 2},
        ]
    )  # fmt: skip


def test_the_rulebooks_battle_replays_against_the_stored_cards(client, catalogue):
    satisfied = [
        {"type": "forfeit", "player": DARK, "card": "1_194#1"},
        {"type": "lose_force", "player": LIGHT, "amount": 1, "from": "reserve"},
        {"type": "battle_end", "location": "1_128"},
    ]
    body = post(client, REPLAY, record(*_rulebook_battle(), *satisfied, stored=True))
    assert body["legal"] is True and body["violations"] == [] and body["mode"] == "strict"
    battle = body["turns"][-1]["battles"][0]
    assert battle["totals"] == {"dark": 5, "light": 4} and battle["winner"] == "dark"
    cantina = next(loc for loc in body["table"]["locations"] if loc["card"] == "1_128#1")
    assert cantina["title"] == "•Tatooine: Cantina" and cantina["icons"] == {"dark": 2, "light": 2}
    assert [c["card"] for c in cantina["cards"]["light"]] == ["1_4#1"]


def test_violations_come_with_the_rulebooks_words(client, catalogue):
    events = [*_rulebook_battle(), {"type": "battle_end", "location": "1_128"}]
    strict = post(client, REPLAY, record(*events, stored=True))
    assert strict["legal"] is False and strict["stopped_at"] == len(events) + 5
    violation = strict["violations"][0]
    assert violation["code"] == "attrition-unsatisfied" and violation["index"] == strict["stopped_at"]
    assert violation["rule"]["section"] == "Attrito" and "riscatto" in violation["rule"]["words"]
    checking = post(client, REPLAY + "?mode=check", record(*events, stored=True))
    assert [v["code"] for v in checking["violations"]] == [
        "attrition-unsatisfied",
        "battle-damage-unsatisfied",
    ]
    upto = post(client, REPLAY + "?mode=check&upto=5", record(*events, stored=True))
    assert upto["events_checked"] == 6 and upto["violations"] == []


def test_the_record_schema_describes_the_records(client, catalogue):
    schema = client.get("/api/games/swccg/record-schema").json()
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(record(*_rulebook_battle(), stored=True), schema)
    assert "deploy" in {e.get("title") for e in schema["properties"]["events"]["items"]["oneOf"]}


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"game": "swccg"}, "bad-record"),
        ([], "bad-record"),
        ({**record(), "events": [{"type": "activate", "player": "dark", "amount": "3"}]}, "bad-record"),
        ({**record(), "events": [{"type": "end_turn", "player": "dark"}] * 20_001}, "too-many-events"),
        (record(), "unknown-card"),  # the made-up Luke of the unit tests is no stored card
    ],
)
def test_records_that_cannot_be_replayed(client, catalogue, body, code):
    assert post(client, REPLAY, body, 400)["code"] == code


def test_bad_parameters_and_hostile_input(client, catalogue):
    assert post(client, REPLAY + "?mode=lenient", record(stored=True), 400)["code"] == "bad-parameter"
    assert post(client, REPLAY + "?upto=-1", record(stored=True), 400)["code"] == "bad-parameter"
    raw = json.dumps(record(stored=True)).replace('"1_295"', '"\\ud800"', 1)
    response = client.post(REPLAY, raw, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "bad-unicode"
    huge = json.dumps({**record(stored=True), "events": [{"type": "end_turn", "player": "dark"}] * 200_000})
    response = client.post(REPLAY, huge, content_type="application/json")
    assert response.status_code == 413 and response.json()["code"] == "request-too-large"


# ---- sabacc ----

CLOUD_CITY = {
    "wild": ["5_99", "5_5", "5_127", "5_30"],
    "wild_range": [1, 6],
    "clones": ["5_105"],
    "stakes": ["5_106"],
}


def test_a_hand_of_sabacc_against_the_stored_cards(client, catalogue):
    # Dark: Tonnika Sisters 2 + Binders 6 + an Ugnaught (a clone): copying the Tonnikas' 2 makes 10, copying Binders'
    # 6 would go over. Light: Lando (wild, 1 to 6) + R2-D2 ("2 or 5"): 6 + 5 = 11.
    body = post(
        client,
        SABACC,
        {"dark": {"cards": ["1_195", "5_106", "5_105"]}, "light": {"cards": ["5_5", "2_14"]}, **CLOUD_CITY},
    )
    assert body["light"]["total"] == 11 and body["dark"]["total"] == 10
    assert body["winner"] == "light" and body["reason"] == "closest-to-11"
    assert [c["card_id"] for c in body["forfeit"]["options"]] == ["5_106"]  # the stake, Binders
    assert body["forfeit"]["options"][0]["pile"] == "used"


def test_perfect_sabacc_and_chosen_values(client, catalogue):
    body = post(
        client,
        SABACC,
        {
            "dark": {"cards": ["4_137", "11_68"]},  # Apology Accepted 6 + A Million Voices Crying Out 5
            "light": {"cards": ["5_5", "2_14"], "assigned": {"wild": {"0": 6}, "printed": {"1": 5}}},
            **CLOUD_CITY,
        },
    )
    assert body["dark"]["perfect_sabacc"] is True and body["light"]["perfect_sabacc"] is False
    assert body["winner"] == "dark" and body["reason"] == "perfect-sabacc"
    assert body["forfeit"]["pick"] == 2


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"dark": {"cards": ["1_195"]}, "light": {"cards": ["5_5", "2_14"]}}, 400, "invalid-request"),
        ({"dark": {"cards": ["1_195", "9_999"]}, "light": {"cards": ["5_5", "2_14"]}}, 400, "unknown-card"),
        (
            {
                "dark": {"cards": ["1_195", "5_106"], "assigned": {"wild": {"0": 3}}},
                "light": {"cards": ["5_5", "2_14"]},
            },
            400,
            "sabacc-not-playable",
        ),
        (
            {
                "dark": {"cards": ["1_195", "5_106"], "assigned": {"wild": {"x": 3}}},
                "light": {"cards": ["5_5", "2_14"]},
            },
            400,
            "invalid-request",
        ),
        (
            {
                "dark": {"cards": ["1_195", "5_106"]},
                "light": {"cards": ["5_5", "2_14"]},
                "wild_range": [1, 10**9],
            },
            400,
            "invalid-request",
        ),
    ],
)
def test_sabacc_the_rules_cannot_settle(client, catalogue, body, status, code):
    found = post(client, SABACC, body, status)
    assert found["code"] == code
