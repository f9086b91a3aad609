"""Each mismatch between the API and its schema that the fuzz run found, as its own request: the answer must be
one the schema documents (status, content type, body)."""

import pytest

from cardsdb.api.errors import ERROR_CODES

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
                assert content == {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}


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
