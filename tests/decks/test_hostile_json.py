"""Hostile JSON against every endpoint that reads a JSON body, anonymous and logged in: a lone surrogate
("\\ud800" as a JSON escape in the raw body, in a value or in a key), a NUL character, and nesting 40 and 100,000
deep are each a coded 400 (`bad-unicode`, `too-deep`) from the API's parser (cardsdb/jsonsafe.py), never a 500;
where a login or ownership comes first, its own coded answer, the body unread. The pages that read JSON from a
form field (the builder's card table, the setup builder's JSON) show the error on the page instead.

A test checks that the list of endpoints is complete: a new JSON endpoint fails it until it is added here."""

import json
import re

import pytest
from django.contrib.auth.models import User
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient
from rest_framework.views import APIView

from cardsdb.models import Card
from decks.models import Deck, DeckCard

pytestmark = pytest.mark.usefixtures("catalogue")

BODIES = {
    "surrogate-in-a-value": (b'{"game": "swccg", "name": "\\ud800", "cards": ["1_168"]}', "bad-unicode"),
    "surrogate-in-a-key": (b'{"game": "swccg", "\\udfff": 1}', "bad-unicode"),
    "surrogate-deep-inside": (b'{"game": "swccg", "cards": [{"id": "1_168\\udbff"}]}', "bad-unicode"),
    "nul": (b'{"game": "swccg", "name": "Vader\\u0000", "decklist": "1x Vader"}', "bad-unicode"),
    "nested-40": (b'{"a": ' * 40 + b"1" + b"}" * 40, "too-deep"),
    "nested-100000": (b"[" * 100_000 + b"]" * 100_000, "too-deep"),
}

# (method, url; {deck} is a public deck of another user) → what an anonymous client gets when the body is read
# only after a login or ownership check.
ENDPOINTS = {
    ("post", "/api/legality/"): None,
    ("post", "/api/legality/batch/"): None,
    ("post", "/api/decks/"): (401, "not-authenticated"),
    ("patch", "/api/decks/{deck}/"): (401, "not-authenticated"),
    ("put", "/api/decks/{deck}/"): (401, "not-authenticated"),
    ("post", "/api/decks/{deck}/restore/"): (401, "not-authenticated"),
    ("post", "/api/decks/{deck}/duplicate/"): (401, "not-authenticated"),
    ("post", "/api/decks/import/"): None,
    ("post", "/api/simulate/opening-hand"): None,
    ("post", "/api/simulate/destiny"): None,
    ("post", "/api/simulate/sample-hands"): None,
    ("post", "/api/decks/{deck}/simulate/opening-hand/"): None,
    ("post", "/api/decks/{deck}/simulate/destiny/"): None,
    ("post", "/api/decks/{deck}/simulate/sample-hands/"): None,
    ("post", "/api/rules/swtcg/stack"): None,
    ("post", "/api/rules/swtcg/confrontation"): None,
    ("post", "/api/games/swdbg/replay"): None,
    ("post", "/api/rules/swccg/battle"): None,
    ("post", "/api/rules/swccg/sabacc"): None,
    ("post", "/api/rules/swccg/drain"): None,
    ("post", "/api/rules/swccg/capture"): None,
    ("post", "/api/games/swccg/replay"): None,
    ("post", "/api/games/swccg/replay/view"): None,
    ("post", "/api/games/swccg/replays/"): (401, "not-authenticated"),
    ("post", "/api/games/swdbg/simulate"): None,
    ("post", "/api/games/swdbg/"): (401, "not-authenticated"),
    ("post", "/api/games/{deck}/actions"): (401, "not-authenticated"),  # any number: a game id
    ("post", "/api/collection/changes/"): (401, "not-authenticated"),
    ("post", "/api/collection/import/"): (401, "not-authenticated"),
    ("post", "/api/tokens/"): (401, "not-authenticated"),
    ("post", "/api/legality/jobs/"): (401, "not-authenticated"),
    ("post", "/api/games/swdbg/simulations/"): (401, "not-authenticated"),
    ("post", "/api/imports/"): (401, "not-authenticated"),
}
# Staff only: a logged-in player is refused (403) before the body is read; tests/cardsdb/test_import_jobs.py sends
# these bodies as staff.
STAFF_ONLY = {("post", "/api/imports/")}


@pytest.fixture
def han(db):
    return User.objects.create(username="han")  # no password: no hashing in each of these many tests


@pytest.fixture
def public_deck(han) -> Deck:
    """Han's public deck: anyone may read and simulate it, only Han may change it. Written directly: the
    card pool a service would build is dropped after every test, and these tests never need it."""
    deck = Deck.objects.create(owner=han, name="EBO", game_id="swccg", is_public=True)
    DeckCard.objects.create(
        deck=deck, card=Card.objects.get(game_id="swccg", code="1_168"), code="1_168", count=2
    )
    return deck


@pytest.mark.parametrize("logged_in", [False, True], ids=["anonymous", "logged-in"])
@pytest.mark.parametrize("body", BODIES, ids=list(BODIES))
@pytest.mark.parametrize(("method", "url"), ENDPOINTS, ids=[f"{m} {u}" for m, u in ENDPOINTS])
def test_hostile_json_is_a_coded_4xx(han, public_deck, method, url, body, logged_in):
    client = APIClient()
    if logged_in:
        client.force_login(han)
    raw, code = BODIES[body]
    response = getattr(client, method)(
        url.format(deck=public_deck.pk), raw, content_type="application/json", HTTP_IF_MATCH="*"
    )
    refused_first = ENDPOINTS[(method, url)]
    expected = refused_first if refused_first and not logged_in else (400, code)
    if logged_in and (method, url) in STAFF_ONLY:
        expected = (403, "forbidden")
    assert (response.status_code, response.json()["code"]) == expected, response.content[:300]
    assert response.json()["message"]
    public_deck.refresh_from_db()
    assert public_deck.version == 1 and public_deck.name == "EBO"  # nothing written


def _api_routes(resolver: URLResolver, prefix: str = ""):
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            yield from _api_routes(pattern, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), getattr(pattern.callback, "view_class", None)


def test_every_json_endpoint_is_listed():
    """Every API view with a method that reads a body (POST, PUT, PATCH) is in ENDPOINTS."""
    readers = {
        "/" + route.replace("<int:deck_id>", "{deck}").replace("<int:game_id>", "{deck}")
        for route, view in _api_routes(get_resolver())
        if route.startswith("api/")
        and isinstance(view, type)
        and issubclass(view, APIView)
        and {"post", "put", "patch"} & set(dir(view))
        and view.parser_classes
        != []  # bodies that are files, not JSON: their own hostile tests (GEMP replays)
    }
    listed = {re.sub(r"simulate/[a-z-]+/$", "simulate/<str:kind>/", url) for _, url in ENDPOINTS}
    assert readers == listed


# ---- the pages that read JSON from a form field ----


@pytest.mark.parametrize(
    ("table", "says"),
    [
        ('[{"id": "1_168\\ud800", "count": 1}]', "lone surrogate"),
        ('[{"id": "1_168", "count": 1, "zone": "\\udfff"}]', "lone surrogate"),
        ('[{"id": "1_168\\u0000", "count": 1}]', "NUL character"),
        ("[" * 100_000 + "]" * 100_000, "nested more than"),
    ],
    ids=["surrogate-in-an-id", "surrogate-in-a-zone", "nul", "nested-100000"],
)
@pytest.mark.parametrize("action", ["check", "save"])
def test_the_builders_card_table_refuses_hostile_json_on_the_page(client, han, table, says, action):
    client.force_login(han)
    response = client.post(
        "/decks/new/", {"name": "EBO", "format": "open", "cards_json": table, "action": action}
    )
    html = response.content.decode()
    assert response.status_code == 200 and 'data-code="bad-card-table"' in html and says in html
    assert not Deck.objects.exists()


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"players": [{"faction": "Empire\\ud800"}], "bases_to_win": 3}', "lone surrogate"),
        ('{"players": [], "\\udc00": 1}', "lone surrogate"),
        ("[" * 100_000 + "]" * 100_000, "nested more than"),
    ],
    ids=["surrogate-in-a-value", "surrogate-in-a-key", "nested-100000"],
)
def test_the_setup_builders_json_refuses_hostile_json_on_the_page(client, han, swdbg_catalogue, text, says):
    from tests.decks.test_setup_builder import form

    client.force_login(han)
    response = client.post("/decks/setup/new/", form(action="save", name="Hoth", setup_json=text))
    html = response.content.decode()
    assert response.status_code == 200 and 'id="json-error"' in html and says in html
    assert "Fix the setup JSON before saving." in html and not Deck.objects.exists()


def test_the_deck_api_reads_no_nul_through_another_content_type(han):
    """The deck API reads JSON only: a form-encoded body (where a NUL needs no escape) is a 415, not a 500."""
    client = APIClient()
    client.force_login(han)
    response = client.post("/api/decks/", {"name": "a\x00b", "game": "swccg"}, format="multipart")
    assert response.status_code == 415 and response.json()["code"] == "unsupported-media-type"
    assert json.loads(response.content)["message"]
