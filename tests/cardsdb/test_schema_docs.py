"""The API docs (/api/schema/, /api/docs/): every operation under one tag that SPECTACULAR_SETTINGS["TAGS"]
describes, and an example answer for every error code (cardsdb/api/error_examples.py) shown beside the responses
that carry it; the examples a request can cause are what the API answers to it."""

import base64

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from cardsdb.api.error_examples import ERROR_EXAMPLES
from cardsdb.api.errors import ERROR_CODES

METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return response.json()


def operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield f"{method.upper()} {path}", operation


def test_every_operation_has_one_described_tag(schema):
    described = {tag["name"]: tag.get("description", "") for tag in settings.SPECTACULAR_SETTINGS["TAGS"]}
    assert all(len(text) > 20 for text in described.values()), described
    assert [tag["name"] for tag in schema["tags"]] == list(described)
    untagged = {name: op.get("tags") for name, op in operations(schema) if len(op.get("tags", [])) != 1}
    assert not untagged
    unknown = {name: op["tags"][0] for name, op in operations(schema) if op["tags"][0] not in described}
    assert not unknown  # a new path gets its tag in cardsdb/api/schema_tags.py PATH_TAGS
    used = {op["tags"][0] for _name, op in operations(schema)}
    assert used == set(described)  # no described tag is left empty
    assert schema["paths"]["/api/rules/swccg/battle"]["post"]["tags"] == ["SWCCG rules"]
    assert schema["paths"]["/api/games/"]["get"]["tags"] == ["cards"]
    assert schema["paths"]["/api/decks/{deck_id}/versions/"]["get"]["tags"] == ["history"]


def test_every_error_code_has_an_example_the_docs_show(schema):
    examples = schema["components"]["examples"]
    assert set(ERROR_EXAMPLES) == set(ERROR_CODES)
    for code in ERROR_CODES:
        example = examples[f"error-{code}"]
        body = example["value"]
        error = body if ERROR_EXAMPLES[code].answer_of is None else _inner_error(body)
        assert error["code"] == code and error["message"], code
        assert example["description"] == ERROR_CODES[code]
    shown = {}
    for name, operation in operations(schema):
        for status, response in operation["responses"].items():
            for media in response.get("content", {}).values():
                for code, ref in media.get("examples", {}).items():
                    if ref.get("$ref", "").startswith("#/components/examples/error-"):
                        assert ref["$ref"] == f"#/components/examples/error-{code}"
                        assert str(ERROR_EXAMPLES[code].status) == status, (name, code)
                        shown.setdefault(code, []).append(name)
    described = schema["components"]["schemas"]["Error"]["description"]
    unshown = [code for code in ERROR_CODES if code not in shown]
    assert unshown == ["method-not-allowed"]  # no operation answers a method its path does not take
    assert "`method-not-allowed` (405)" in described and '"Method \\"DELETE\\" not allowed."' in described
    battle = schema["paths"]["/api/rules/swccg/battle"]["post"]["responses"]
    assert {"battle-not-resolvable", "unknown-card", "invalid-request", "parse-error"} <= set(
        battle["400"]["content"]["application/json"]["examples"]
    )
    assert (
        "job-lost"
        in schema["paths"]["/api/jobs/{job_id}/"]["get"]["responses"]["200"]["content"]["application/json"][
            "examples"
        ]
    )


def _inner_error(answer: dict) -> dict:
    """The error a 200 answer carries: a failed job's, or a legality batch's unchecked deck's."""
    if "error" in answer:
        return answer["error"]
    return next(r["error"] for r in answer["results"] if isinstance(r, dict) and "error" in r)


BATTLE = {
    "dark": {"cards": [{"card": "1_168"}], "destinies": [3]},
    "light": {"cards": [{"card": "1_19"}], "destinies": [4]},
}
J = "application/json"
DECK = ["1_168"] * 10 + ["1_194"] * 50
BASIC = "Basic " + base64.b64encode(b"nobody:wrong").decode()
# (code, method, path, the test client's arguments): a request that gets exactly the code's example.
ANONYMOUS = [
    ("bad-query", "get", "/api/cards/", {"data": {"game": "swccg", "q": "(vader"}}),
    ("search-needs-login", "get", "/api/cards/", {"data": {"game": "swccg", "q": "is:owned"}}),
    ("bad-parameter", "get", "/api/cards/", {"data": {"game": "swccg", "page_size": "0"}}),
    ("unknown-game", "get", "/api/cards/", {"data": {"game": "pazaak"}}),
    ("card-not-found", "get", "/api/cards/swccg/9_999/", {}),
    ("set-not-found", "get", "/api/sets/swccg/999/", {}),
    ("no-match", "get", "/api/cards/named", {"data": {"game": "swccg", "exact": "qwzxqwzx"}}),
    ("ambiguous-name", "get", "/api/cards/named", {"data": {"game": "swccg", "exact": "lando calrissian"}}),
    ("not-found", "get", "/api/nowhere/", {}),
    ("method-not-allowed", "delete", "/api/cards/swccg/1_168/", {}),
    ("not-acceptable", "get", "/api/games/", {"HTTP_ACCEPT": "application/xml"}),
    ("parse-error", "post", "/api/rules/swccg/battle", {"data": '{"dark": ', "content_type": J}),
    ("bad-unicode", "post", "/api/rules/swccg/battle", {"data": '{"dark": "\\ud800"}', "content_type": J}),
    ("too-deep", "post", "/api/rules/swccg/battle", {"data": "[" * 200 + "]" * 200, "content_type": J}),
    (
        "unsupported-media-type",
        "post",
        "/api/rules/swccg/battle",
        {"data": "dark=1", "content_type": "text/plain"},
    ),
    (
        "request-too-large",
        "post",
        "/api/rules/swccg/battle",
        {"data": '{"dark": "' + "x" * 1_000_001 + '"}', "content_type": J},
    ),
    (
        "invalid-request",
        "post",
        "/api/rules/swccg/battle",
        {"data": {"dark": {"cards": []}, "light": BATTLE["light"]}, "content_type": J},
    ),
    (
        "unknown-format",
        "post",
        "/api/legality/",
        {"data": {"game": "swdbg", "format": "nope", "cards": ["1_168"]}, "content_type": J},
    ),
    (
        "unknown-card",
        "post",
        "/api/rules/swccg/battle",
        {"data": {**BATTLE, "dark": {"cards": [{"card": "999_999"}]}}, "content_type": J},
    ),
    ("deck-not-found", "get", "/api/decks/999999/", {}),
    ("precondition-failed", "get", "/api/cards/swccg/1_168/", {"HTTP_IF_MATCH": '"nope"'}),
    ("not-authenticated", "get", "/api/tokens/", {}),
    (
        "authentication-failed",
        "post",
        "/api/decks/",
        {"data": {}, "content_type": J, "HTTP_AUTHORIZATION": BASIC},
    ),
    ("token-invalid", "get", "/api/decks/", {"HTTP_AUTHORIZATION": "Token not-a-real-token"}),
    (
        "starting-not-in-deck",
        "post",
        "/api/simulate/opening-hand",
        {
            "data": {"game": "swccg", "cards": DECK, "starting": ["1_19"], "targets": [{"cards": ["1_168"]}]},
            "content_type": J,
        },
    ),
    (
        "hand-too-large",
        "post",
        "/api/simulate/opening-hand",
        {
            "data": {"game": "swccg", "cards": DECK, "hand_size": 61, "targets": [{"cards": ["1_168"]}]},
            "content_type": J,
        },
    ),
    (
        "bad-trials",
        "post",
        "/api/simulate/opening-hand",
        {
            "data": {"game": "swccg", "cards": DECK, "trials": 0, "targets": [{"cards": ["1_168"]}]},
            "content_type": J,
        },
    ),
    (
        "no-destiny",
        "post",
        "/api/simulate/destiny",
        {"data": {"game": "swtcg", "cards": ["x"], "draws": 1}, "content_type": J},
    ),
    (
        "battle-not-resolvable",
        "post",
        "/api/rules/swccg/battle",
        {"data": {**BATTLE, "dark": {"cards": [{"card": "1_168"}], "destinies": [3, 4]}}, "content_type": J},
    ),
    (
        "sabacc-not-playable",
        "post",
        "/api/rules/swccg/sabacc",
        {
            "data": {
                "dark": {"cards": ["5_99", "1_195"], "assigned": {"wild": {"0": 9}}},
                "light": {"cards": ["2_14", "5_12"]},
                "wild": ["5_99"],
            },
            "content_type": J,
        },
    ),
    (
        "capture-not-allowed",
        "post",
        "/api/rules/swccg/capture",
        {"data": {"capturer": "light", "captured": [{"card": "1_11"}]}, "content_type": J},
    ),
    ("bad-record", "post", "/api/games/swccg/replay", {"data": {}, "content_type": J}),
    (
        "not-a-replay",
        "post",
        "/api/games/swccg/gemp-replay",
        {"data": b"hello", "content_type": "application/octet-stream"},
    ),
]
LOGGED_IN = [
    (
        "decklist-problems",
        "post",
        "/api/decks/",
        {
            "data": {"game": "swccg", "name": "Dark", "decklist": "2x Darth Vader\n1x Darth Vadr\n"},
            "content_type": J,
        },
    ),
    ("token-not-found", "delete", "/api/tokens/5/", {}),
    ("job-not-found", "get", "/api/jobs/nope/", {}),
]


@pytest.mark.parametrize(
    ("code", "method", "path", "arguments"), ANONYMOUS + LOGGED_IN, ids=[r[0] for r in ANONYMOUS + LOGGED_IN]
)
def test_the_examples_are_what_the_api_answers(client, catalogue, code, method, path, arguments):
    if (code, method, path, arguments) in LOGGED_IN:
        client.force_login(User.objects.create_user("mon", password="mothma-12345"))
    response = getattr(client, method)(path, **arguments)
    example = ERROR_EXAMPLES[code]
    assert (response.status_code, response.json()) == (example.status, example.body)
