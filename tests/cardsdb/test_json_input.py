"""Client JSON (cardsdb.jsonsafe and the API's parser): what no request may smuggle past the first read."""

import json

import pytest

from cardsdb import jsonsafe


def refusal(text) -> jsonsafe.JSONInputError:
    with pytest.raises(jsonsafe.JSONInputError) as caught:
        jsonsafe.loads(text)
    return caught.value


@pytest.mark.parametrize(
    "text",
    [
        '"\\ud800"',
        '{"a": ["x", "\\udfff"]}',
        '{"\\ud800": 1}',
        '["ok", {"deep": {"deeper": "\\ud83d"}}]',
    ],
    ids=["top", "in-list", "in-key", "nested"],
)
def test_lone_surrogates_are_refused_wherever_they_are(text):
    error = refusal(text)
    assert error.code == "bad-unicode" and "lone surrogate" in error.message


def test_a_surrogate_pair_is_a_real_character_and_passes():
    assert jsonsafe.loads('"\\ud83d\\ude00"') == "\U0001f600"


def test_nul_characters_are_refused_in_values_and_keys():
    assert refusal('{"name": "a\\u0000b"}').code == "bad-unicode"
    assert refusal('{"a\\u0000": 1}').code == "bad-unicode"


def test_invalid_utf8_bytes_are_refused():
    assert refusal(b'{"name": "\xff"}').code == "bad-unicode"


@pytest.mark.parametrize("depth", [jsonsafe.MAX_DEPTH + 1, 5_000, 100_000])
def test_nesting_past_the_limit_is_refused(depth):
    error = refusal("[" * depth + "]" * depth)
    assert error.code == "too-deep" and str(jsonsafe.MAX_DEPTH) in error.message


def test_nesting_at_the_limit_is_accepted():
    depth = jsonsafe.MAX_DEPTH
    value = jsonsafe.loads("[" * depth + "]" * depth)
    for _ in range(depth - 1):
        value = value[0]
    assert value == []


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", "-Infinity", "1" * 5000, "{not json", ""])
def test_what_is_not_json_is_a_parse_error(text):
    assert refusal(text).code == "parse-error"


def test_big_but_readable_numbers_pass():
    assert jsonsafe.loads("1" * 4000) == int("1" * 4000)


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ('{"game": "\\ud800", "format": "open", "cards": []}', "bad-unicode"),
        ('{"game": "swccg", "format": "open", "cards": ["1_168\\u0000"]}', "bad-unicode"),
        ('{"game": "swccg", "format": "open", "cards": ' + "[" * 200 + "]" * 200 + "}", "too-deep"),
        ("", "invalid-request"),  # no body at all: DRF never calls the parser; the view names the fields
    ],
    ids=["surrogate", "nul", "deep", "empty"],
)
def test_the_api_parser_answers_a_coded_400(client, body, code):
    response = client.post("/api/legality/", body, content_type="application/json")
    assert response.status_code == 400
    data = response.json()
    assert data["code"] == code and data["message"]


def test_the_api_parser_still_reads_good_json(client, catalogue):
    body = json.dumps({"game": "swccg", "format": "open", "cards": ["1_168"] * 60})
    response = client.post("/api/legality/", body, content_type="application/json")
    assert response.status_code == 200 and "legal" in response.json()
