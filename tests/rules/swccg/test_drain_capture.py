"""Force drains and captures: the plain rules (rules/swccg/control.py, capture.py) and their calculators,
POST /api/rules/swccg/drain and /capture, against the real catalogue."""

import pytest

from rules.swccg.capture import Captured, CaptureError, Escort, capture
from rules.swccg.cards import DARK, LIGHT
from rules.swccg.control import Present, drain

from .tables import CARDS

TROOPER = Present("1_194", "Stormtrooper", 1, True)
LUKE = Present("1_19", "•Luke Skywalker", 4, True)
DROID = Present("1_176", "Death Star R2 Unit", 0, True)  # ability 0: no presence


def test_drain_where_you_control_for_the_opponents_icons():
    result = drain(DARK, "Cantina", {DARK: 2, LIGHT: 2}, {DARK: (TROOPER,), LIGHT: ()})
    assert result.allowed and result.amount == 2 and result.controls == DARK
    assert drain(DARK, "Cantina", {DARK: 2, LIGHT: 2}, {DARK: (TROOPER,), LIGHT: ()}, bonus=1).amount == 3


@pytest.mark.parametrize(
    ("icons", "cards", "more", "codes"),
    [
        ({DARK: 2, LIGHT: 2}, {DARK: (TROOPER,), LIGHT: (LUKE,)}, {}, ["no-control"]),  # both present
        ({DARK: 2, LIGHT: 2}, {DARK: (DROID,), LIGHT: ()}, {}, ["no-control"]),  # ability 0 is no presence
        ({DARK: 2, LIGHT: 0}, {DARK: (TROOPER,), LIGHT: ()}, {}, ["no-opponent-icons"]),
        ({DARK: 2, LIGHT: 2}, {DARK: (TROOPER,), LIGHT: ()}, {"cancelled": True}, ["drain-cancelled"]),
        ({DARK: 2, LIGHT: 2}, {DARK: (TROOPER,), LIGHT: ()}, {"drained_this_turn": True}, ["drained-twice"]),
    ],
)
def test_no_drain(icons, cards, more, codes):
    result = drain(DARK, "Cantina", icons, cards, **more)
    assert not result.allowed and result.amount == 0 and [r.code for r in result.reasons] == codes


VADER, STORMTROOPER, GUARD = CARDS["1_168"], CARDS["1_194"], CARDS["1_181"]
HAN, LUKE_CARD, TROOPER_L = CARDS["1_11"], CARDS["1_19"], CARDS["1_28"]


def test_capture_options_and_choices():
    escorts = (Escort(VADER), Escort(STORMTROOPER), Escort(GUARD))  # the Guard is no warrior
    han, luke = Captured(HAN), Captured(LUKE_CARD)
    options = capture(DARK, (han, luke), escorts, at_prison=False)
    assert options.options["1_11"] == {"seize": ["1_168", "1_194"], "imprison": False}
    assert options.escaped == ("1_11", "1_19")  # no choice made: everyone escapes
    result = capture(DARK, (han, luke), escorts, at_prison=False, seize={"1_11": "1_168"})
    assert (
        result.seized == {"1_11": "1_168"} and result.escaped == ("1_19",) and result.still_count == ("1_11",)
    )


def test_carried_characters_are_captured_too_and_cards_on_captives_still_count():
    luke = Captured(
        LUKE_CARD, carrying=(TROOPER_L, CARDS["1_143"])
    )  # a trooper carried; a (made-up) card on him
    result = capture(DARK, (luke,), (Escort(VADER), Escort(STORMTROOPER)), at_prison=True, seize={"1_19": "1_168"},
                     imprison=("1_28",))  # fmt: skip
    assert set(result.options) == {"1_19", "1_28"}
    assert result.imprisoned == ("1_28",) and result.escaped == ()
    assert result.still_count == ("1_19", "1_28", "1_143")


@pytest.mark.parametrize(
    ("capturer", "captured", "escorts", "more", "code"),
    [
        (LIGHT, (Captured(HAN),), (), {}, "light-side-capture"),
        (DARK, (Captured(STORMTROOPER),), (), {}, "not-capturable"),
        (DARK, (Captured(CARDS["1_128"]),), (), {}, "not-capturable"),
        (DARK, (Captured(HAN),), (Escort(GUARD),), {"seize": {"1_11": "1_181"}}, "not-an-escort"),
        (
            DARK,
            (Captured(HAN),),
            (Escort(VADER, escorting=True),),
            {"seize": {"1_11": "1_168"}},
            "not-an-escort",
        ),
        (
            DARK,
            (Captured(HAN), Captured(LUKE_CARD)),
            (Escort(VADER),),
            {"seize": {"1_11": "1_168", "1_19": "1_168"}},
            "one-captive-each",
        ),
        (DARK, (Captured(HAN),), (), {"imprison": ("1_11",)}, "not-a-prison"),
        (DARK, (Captured(HAN),), (), {"imprison": ("1_19",)}, "not-captured"),
        (
            DARK,
            (Captured(HAN),),
            (Escort(VADER),),
            {"seize": {"1_11": "1_168"}, "imprison": ("1_11",), "at_prison": True},
            "seized-and-imprisoned",
        ),
        (DARK, (), (), {}, "bad-capture"),
    ],
)
def test_captures_the_rules_refuse(capturer, captured, escorts, more, code):
    more = {"at_prison": False, **more}
    with pytest.raises(CaptureError) as error:
        capture(capturer, captured, escorts, **more)
    assert error.value.code == code and error.value.message


# ---- over HTTP ----


def post(client, url, body, status=200):
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == status, response.content
    return response.json()


def test_the_drain_calculator(client, catalogue):
    body = {"side": "dark", "location": "1_128", "cards": {"dark": [{"card": "1_194"}], "light": []}}
    found = post(client, "/api/rules/swccg/drain", body)
    assert found["allowed"] and found["amount"] == 2 and found["location"]["title"] == "•Tatooine: Cantina"
    contested = {**body, "cards": {"dark": [{"card": "1_194"}], "light": [{"card": "1_28"}]}}
    found = post(client, "/api/rules/swccg/drain", contested)
    assert not found["allowed"] and found["reasons"][0]["code"] == "no-control"
    cancelled = post(client, "/api/rules/swccg/drain", {**body, "icons": {"light": -2}})
    assert [r["code"] for r in cancelled["reasons"]] == ["no-opponent-icons"]
    aboard = {
        "side": "light",
        "location": "1_127",
        "cards": {"light": [{"card": "1_143", "aboard": ["1_11"]}]},
    }
    assert post(client, "/api/rules/swccg/drain", aboard)["amount"] == 1  # Han aboard the Falcon: presence
    assert (
        post(client, "/api/rules/swccg/drain", {**body, "location": "1_194"}, 400)["code"]
        == "invalid-request"
    )
    assert (
        post(client, "/api/rules/swccg/drain", {**body, "location": "9_999"}, 400)["code"] == "unknown-card"
    )


def test_the_capture_calculator(client, catalogue):
    body = {
        "captured": [{"card": "1_11"}],
        "escorts": [{"card": "1_168"}, {"card": "1_181"}],
        "location": "6_164",
    }
    found = post(client, "/api/rules/swccg/capture", body)
    assert found["at_prison"] is True  # Jabba's Palace: Dungeon is a prison
    assert found["options"]["1_11"] == {"seize": ["1_168"], "imprison": True}
    jailed = post(client, "/api/rules/swccg/capture", {**body, "imprison": ["1_11"]})
    assert jailed["imprisoned"] == ["1_11"] and jailed["escaped"] == []
    refused = post(
        client, "/api/rules/swccg/capture", {**body, "location": "1_128", "imprison": ["1_11"]}, 400
    )
    assert refused["code"] == "capture-not-allowed" and refused["rule"] == "not-a-prison"
    light = post(client, "/api/rules/swccg/capture", {**body, "capturer": "light"}, 400)
    assert light["rule"] == "light-side-capture"
    assert (
        post(client, "/api/rules/swccg/capture", {**body, "captured": []}, 400)["code"] == "invalid-request"
    )
    huge = {**body, "seize": {f"k{i}": "1_168" for i in range(10_000)}}
    assert post(client, "/api/rules/swccg/capture", huge, 400)["code"] == "invalid-request"
