"""POST /api/rules/swtcg/stack and /confrontation against the real SWTCG catalogue."""

import pytest

STACK = "/api/rules/swtcg/stack"
CONFRONT = "/api/rules/swtcg/confrontation"
VADER_A, VADER_B, VADER_C = "ANH_7", "ANH_67", "ANH_125"  # cost 8 / 6 / 5; speed 50 / 40 / 40
ANAKIN_A = "AOTC_1"  # Light Side, cost 7
LUKE_A = "ANH_26"


def post(client, url, body, status=200):
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == status, response.content
    return response.json()


def test_stack_of_two_vaders(client, swtcg_catalogue):
    body = post(client, STACK, {"cards": [VADER_A, VADER_B]})
    assert body["legal"] is True
    unit = body["unit"]
    assert (unit["name"], unit["type"]) == ("Darth Vader", "Character")
    assert (unit["speed"], unit["power"], unit["health"], unit["build_cost"]) == (60, 7, 7, 9)
    assert unit["cards"] == [VADER_A, VADER_B] and unit["underneath"] == 1
    assert unit["text"]


def test_anakin_under_vader_is_one_name(client, swtcg_catalogue):
    body = post(client, STACK, {"cards": [VADER_A, ANAKIN_A]})
    assert body["legal"] is True
    assert body["unit"]["name"] == "Darth Vader"


def test_stack_violations_are_data(client, swtcg_catalogue):
    body = post(client, STACK, {"cards": [VADER_A, LUKE_A, VADER_A, VADER_B, VADER_C]})
    assert body["legal"] is False
    codes = {v["code"] for v in body["violations"]}
    assert codes == {"stack-too-large", "different-names", "same-version-twice"}


def test_non_unique_cards_do_not_stack(client, swtcg_catalogue):
    body = post(client, STACK, {"cards": ["ANH_149", "ANH_149"]})
    assert [v["code"] for v in body["violations"]][0] == "not-unique"


@pytest.mark.parametrize(
    "body, code",
    [
        ({"cards": ["NOPE_1", VADER_A]}, "unknown-card"),
        ({"cards": []}, "invalid-request"),
        ({"cards": "ANH_7"}, "invalid-request"),
        ({}, "invalid-request"),
    ],
)
def test_stack_bad_input_is_a_400(client, swtcg_catalogue, body, code):
    assert post(client, STACK, body, 400)["code"] == code


def confrontation(bids, dark=(VADER_A,), light=(ANAKIN_A,), dark_force=5, light_force=5):
    return {
        "dark": {"cards": list(dark)},
        "light": {"cards": list(light)},
        "dark_force": dark_force,
        "light_force": light_force,
        "bids": [{"side": side, "amount": amount} for side, amount in bids],
    }


def test_confrontation_tie_goes_to_the_dark_side(client, swtcg_catalogue):
    # Vader (A) costs 8, Anakin (A) 7: Dark 0 + 8 = Light 1 + 7.
    body = post(client, CONFRONT, confrontation([("Dark", 0), ("Light", 1), ("Dark", None), ("Light", None)]))
    assert body["totals"] == {"Dark": 8, "Light": 8}
    assert body["winner"] == "Dark"
    assert body["pays"] == {"Dark": 0, "Light": 0}
    assert body["retreats"] == "Light" and body["retreats_untapped"] is True


def test_confrontation_counts_the_stack(client, swtcg_catalogue):
    # Light stacks two Anakins: build cost 7 + 1; it outbids Dark's 0 with 2 → 10 against 8.
    bids = [("Dark", 0), ("Light", 2), ("Dark", None), ("Light", None)]
    body = post(client, CONFRONT, confrontation(bids, light=(ANAKIN_A, "AOTC_2")))
    assert body["totals"] == {"Dark": 8, "Light": 10}
    assert body["winner"] == "Light" and body["pays"] == {"Dark": 0, "Light": 2}
    assert body["retreats"] == "Dark"


@pytest.mark.parametrize(
    "bids, rule, index",
    [
        ([("Light", 0)], "wrong-turn", 0),
        ([("Dark", 0), ("Light", 0)], "bid-too-low", 1),
        ([("Dark", 0), ("Light", None), ("Dark", 6)], "bid-above-force", 2),
        ([("Dark", 2)], "opening-bid", 0),
        ([("Dark", 0), ("Light", None)], "bidding-not-finished", 2),
    ],
)
def test_illegal_bids_are_rejected_with_the_index(client, swtcg_catalogue, bids, rule, index):
    body = post(client, CONFRONT, confrontation(bids), 400)
    assert body["code"] == "illegal-bid"
    assert (body["rule"], body["index"]) == (rule, index)


def test_different_units_do_not_confront(client, swtcg_catalogue):
    body = post(
        client, CONFRONT, confrontation([("Dark", 0), ("Light", None), ("Dark", None)], light=(LUKE_A,)), 400
    )
    assert (body["code"], body["rule"]) == ("no-confrontation", "not-same-unit")


@pytest.mark.parametrize(
    "dark, light, rule",
    [
        (("BOY_34",), ("BOY_34",), "not-unique-unit"),  # X-wing Squadron has no version letter
        (("ANH_26",), ("ANH_26",), "wrong-side"),  # Luke is no Dark Side unit
        ((VADER_A,), ("ANH_17",), "not-unique-unit"),  # a Battle card
    ],
)
def test_only_unique_units_of_their_own_side_confront(client, swtcg_catalogue, dark, light, rule):
    body = post(
        client, CONFRONT, confrontation([("Dark", 0), ("Light", None), ("Dark", None)], dark, light), 400
    )
    assert (body["code"], body["rule"]) == ("no-confrontation", rule)


def test_an_illegal_stack_cannot_confront(client, swtcg_catalogue):
    body = post(client, CONFRONT, confrontation([], dark=(VADER_A, VADER_A)), 400)
    assert body["code"] == "illegal-stack" and body["side"] == "Dark"
    assert body["violations"][0]["code"] == "same-version-twice"


def test_confrontation_bad_body(client, swtcg_catalogue):
    body = confrontation([("Dark", 0)])
    body["bids"][0]["side"] = "Grey"
    assert post(client, CONFRONT, body, 400)["code"] == "invalid-request"
    assert post(client, CONFRONT, {"dark": {"cards": [VADER_A]}}, 400)["code"] == "invalid-request"


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda b: b.update(colour="red"), "colour"),
        (lambda b: b["dark"].update(top="ANH_7"), "dark.top"),
        (lambda b: b["bids"][1].update(bluff=True), "bids.1.bluff"),
    ],
    ids=["top-level", "in-a-unit", "in-a-bid"],
)
def test_unknown_keys_are_refused_where_they_are(client, swtcg_catalogue, change, where):
    body = confrontation([("Dark", 0), ("Light", None), ("Dark", None)])
    change(body)
    refused = post(client, CONFRONT, body, 400)
    assert refused["code"] == "invalid-request" and refused["message"].startswith(f"{where}: Unknown field")
    refused = post(client, STACK, {"cards": [VADER_A], "cardz": [VADER_B]}, 400)
    assert refused["message"] == "cardz: Unknown field; expected cards."


@pytest.mark.parametrize("url", [STACK, CONFRONT, "/api/legality/", "/api/simulate/opening-hand"])
def test_json_nested_too_deeply_is_a_400(client, url):
    body = '{"cards": ' + "[" * 5000 + "]" * 5000 + "}"
    response = client.post(url, body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "too-deep"


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("post", "/api/rules/swtcg/stack/"),
        ("post", "/api/rules/swtcg/confrontation/"),
        ("patch", "/api/decks/abc/"),
    ],
)
def test_a_mistyped_url_is_a_json_404_even_for_writes(method, url):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    response = getattr(client, method)(url, "{}", content_type="application/json")
    assert response.status_code == 404 and response.json()["code"] == "not-found"


def test_wrong_basic_credentials_have_their_own_code(client, db):
    import base64

    token = base64.b64encode(b"nobody:wrong-password").decode()
    # On a write (on a read they count as none: tests/cardsdb/test_auth.py).
    response = client.post(
        "/api/decks/", {}, content_type="application/json", HTTP_AUTHORIZATION=f"Basic {token}"
    )
    assert response.status_code == 401 and response["WWW-Authenticate"] == 'Basic realm="api"'
    assert response.json()["code"] == "authentication-failed"
