"""Each mismatch between the API and its schema that the fuzz run found, as its own request: the answer must be
one the schema documents (status, content type, body)."""

import re

import pytest

from cardsdb.api.errors import ERROR_CODES
from cardsdb.api.schema import NOT_ONLY_SPACES

from .openapi import CHECKS, SCHEMA

pytestmark = pytest.mark.usefixtures("catalogue", "swtcg_catalogue", "swdbg_catalogue")


def call(method: str, path: str, headers=None, **parts):
    """One request through the application, validated against the schema; the response."""
    case = SCHEMA[path][method].Case(**parts)
    return case.call_and_validate(headers=headers or {}, checks=CHECKS)


def raw_schema() -> dict:
    return SCHEMA.raw_schema


def test_the_deck_list_is_the_array_the_schema_says(deck_ids):
    response = call("GET", "/api/decks/")
    assert isinstance(response.json(), list) and len(response.json()) == 2  # the two public decks


@pytest.mark.parametrize("game", ["swccg", "swtcg", "swdbg"])
def test_every_format_of_every_game_has_the_fields_the_schema_requires(game):
    formats = call("GET", "/api/formats/", query={"game": game}).json()
    assert formats and {f["game"] for f in formats} == {game}
    for fmt in formats:
        call("GET", "/api/formats/{game}/{code}/", path_parameters={"game": game, "code": fmt["code"]})


def test_links_with_spaces_are_valid_urls():
    # GEMP writes "…/2-1B (Too-Onebee) (Errata)/image.png" for this card.
    from cardsdb.models import Card

    card = Card.objects.filter(game_id="swccg", printable_slip_url__contains=" ").first()
    body = call(
        "GET", "/api/cards/{game}/{code}/", path_parameters={"game": "swccg", "code": card.code}
    ).json()
    assert body["printable_slip_url"] and " " not in body["printable_slip_url"]
    assert "%20" in body["printable_slip_url"]
    variants = [v for v in body["variants"] if v["printable_slip_url"]]
    assert all(" " not in v["printable_slip_url"] for v in variants)


@pytest.mark.parametrize(
    ("deck", "kind", "media_type"),
    [
        (0, "text", "text/plain"),
        (0, "gemp", "text/plain"),
        (0, "xml", "application/xml"),
        (0, "json", "application/json"),
        (1, "lackey-dek", "application/xml"),
        (1, "lackey-txt", "text/plain"),
        (0, "pdf", "application/pdf"),
    ],
)
def test_exports_answer_the_media_type_the_schema_documents(deck_ids, basic_auth, deck, kind, media_type):
    response = call(
        "GET",
        "/api/decks/{deck_id}/export/",
        basic_auth,
        path_parameters={"deck_id": deck_ids[deck]},
        query={"as": kind},
    )
    headers = {name.lower(): value for name, value in response.headers.items()}
    assert response.status_code == 200 and headers["content-type"][0].startswith(media_type)


def test_a_proxy_sheet_of_no_cards_is_refused_not_a_crash(deck_ids, basic_auth):
    from decks.models import Deck

    Deck.objects.get(pk=deck_ids[0]).cards.all().delete()
    response = call(
        "GET",
        "/api/decks/{deck_id}/export/",
        basic_auth,
        path_parameters={"deck_id": deck_ids[0]},
        query={"as": "pdf"},
    )
    assert response.status_code == 400 and response.json()["code"] == "cannot-export"


@pytest.mark.parametrize(
    ("path", "parts", "status", "code"),
    [
        ("/api/sets/", {"query": {"game": "pazaak"}}, 400, "unknown-game"),
        (
            "/api/cards/{game}/{code}/",
            {"path_parameters": {"game": "pazaak", "code": "1"}},
            400,
            "unknown-game",
        ),
        ("/api/cards/{game}/{code}/", {"path_parameters": {"game": "swccg", "code": "9_999"}}, 404, None),
        ("/api/formats/{game}/{code}/", {"path_parameters": {"game": "pazaak", "code": "x"}}, 400, None),
        ("/api/formats/{game}/{code}/", {"path_parameters": {"game": "swccg", "code": "x"}}, 400, None),
        ("/api/cards/", {"query": {"game": "swccg", "page": 9999}}, 404, "not-found"),
    ],
)
def test_refusals_are_documented(path, parts, status, code):
    response = call("GET", path, **parts)
    assert response.status_code == status
    assert response.json()["code"] == (code or response.json()["code"])


def test_every_refusal_of_every_operation_is_the_error_shape():
    schema = raw_schema()
    error = schema["components"]["schemas"]["Error"]
    assert set(error["required"]) == {"code", "message"}
    enum = schema["components"]["schemas"][error["properties"]["code"]["$ref"].rsplit("/", 1)[1]]["enum"]
    assert set(enum) == set(ERROR_CODES)
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            codes = {code for code in operation["responses"] if code.startswith("4")}
            assert "406" in codes, (method, path)
            if "requestBody" in operation:
                assert {"400", "413", "415"} <= codes, (method, path)
            for code in codes:
                content = operation["responses"][code]["content"]
                assert list(content) == ["application/json"], (method, path, code)
                assert content["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}


def test_no_request_body_is_a_free_object():
    schema = raw_schema()
    components = schema["components"]["schemas"]
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            if "requestBody" not in operation:
                continue
            content = operation["requestBody"]["content"]
            if "application/json" not in content:  # a file body (a GEMP replay): bytes, described as binary
                assert content == {
                    "application/octet-stream": {"schema": {"type": "string", "format": "binary"}}
                }
                continue
            body = content["application/json"]["schema"]
            body = components[body["$ref"].rsplit("/", 1)[1]] if "$ref" in body else body
            assert body.get("properties"), (method, path)


def test_bodies_the_server_checks_key_by_key_are_closed(basic_auth):
    components = raw_schema()["components"]["schemas"]
    for name in ("DeckCreateIn", "DeckChangeIn", "DeckCardIn"):
        assert components[name]["additionalProperties"] is False, name
    # and the server does refuse an unknown key, as the schema says
    response = call("POST", "/api/decks/", basic_auth, body={"name": "x", "game": "swccg", "colour": "red"})
    assert response.status_code == 400 and response.json()["code"] == "invalid-request"


# ---- what the schema allows is what the server accepts (issue #23's mismatches) ----


def _parameter(path: str, method: str, name: str) -> dict:
    operation = raw_schema()["paths"][path][method]
    return next(p for p in operation["parameters"] if p["name"] == name)


def test_page_and_page_size_say_their_bounds_and_zero_is_refused(deck_ids):
    for path in ("/api/cards/", "/api/decks/public/", "/api/collection/", "/api/decks/{deck_id}/versions/"):
        for name, high in (("page", 1_000_000), ("page_size", 500)):
            assert _parameter(path, "get", name)["schema"] == {
                "type": "integer",
                "minimum": 1,
                "maximum": high,
            }
    for query in ({"game": "swccg", "page": "0"}, {"game": "swccg", "page_size": "0"}):
        response = call("GET", "/api/cards/", query=query)
        assert response.status_code == 400 and response.json()["code"] == "bad-parameter"


def test_an_empty_game_is_not_every_game():
    for path in ("/api/formats/", "/api/sets/"):
        assert sorted(_parameter(path, "get", "game")["schema"]["enum"]) == ["swccg", "swdbg", "swtcg"]
        response = call("GET", path, query={"game": ""})
        assert response.status_code == 400 and response.json()["code"] == "unknown-game", path


def test_mine_is_true_or_false(deck_ids, basic_auth):
    assert _parameter("/api/decks/", "get", "mine")["schema"]["enum"] == ["true", "false", "1", "0"]
    refused = call("GET", "/api/decks/", basic_auth, query={"mine": "null"})
    assert refused.status_code == 400 and refused.json()["code"] == "bad-parameter"
    assert len(call("GET", "/api/decks/", basic_auth, query={"mine": "true"}).json()) == 3


def test_explicit_nulls_are_refused_where_the_schema_allows_none(deck_ids, basic_auth):
    duplicate = call(
        "POST", "/api/decks/{deck_id}/duplicate/", basic_auth, path_parameters={"deck_id": deck_ids[0]},
        body={"name": None},
    )  # fmt: skip
    assert duplicate.status_code == 400 and duplicate.json()["code"] == "invalid-request"
    for field in ("side", "outside_deck", "decklist", "setup"):
        body = {"game": "swccg", "format": "open", "cards": ["1_168"], field: None}
        refused = call("POST", "/api/legality/", body=body)
        assert refused.status_code == 400 and field in refused.json()["errors"], field


def test_a_restore_needs_if_match_and_the_schema_says_so(deck_ids, basic_auth):
    if_match = _parameter("/api/decks/{deck_id}/restore/", "post", "If-Match")
    assert if_match["in"] == "header" and if_match["required"] is True


def test_a_legality_job_takes_any_objects_and_answers_each_deck_in_its_place():
    """The job's decks are checked one by one, as the batch's: the schema says objects, not LegalityRequests
    (a deck without `game` gets an error object in the result, the others are still checked)."""
    components = raw_schema()["components"]["schemas"]
    job = components["LegalityJobRequest"]
    assert job["additionalProperties"] is False
    assert job["properties"]["decks"]["items"] == {"type": "object", "additionalProperties": {}}
    assert job["properties"]["decks"]["minItems"] == 1 and job["properties"]["decks"]["maxItems"] == 5_000


def test_text_that_may_not_be_blank_says_so_and_nested_lists_say_their_bounds():
    components = raw_schema()["components"]["schemas"]
    card = components["CardInBattleIn"]["properties"]["card"]
    assert card["minLength"] == 1 and card["pattern"] == NOT_ONLY_SPACES
    texts = ["x", " x ", "\ufeff", "\x1f", "\x85 ", " \t", "\u3000"]
    assert [bool(re.search(NOT_ONLY_SPACES, t)) for t in texts] == [bool(t.strip()) for t in texts]
    assert components["CaptureIn"]["properties"]["captured"]["minItems"] == 1
    change = components["CollectionChangeIn"]
    assert change["additionalProperties"] is False and change["properties"]["delta"]["maximum"] == 9_999
