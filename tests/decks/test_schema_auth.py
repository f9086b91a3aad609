"""The OpenAPI schema draws Swagger UI's lock only on operations that need a login (cardsdb/api/schema_auth.py),
and the list of those operations agrees with what the views answer an anonymous caller."""

import re

import pytest
from django.contrib.auth.models import User
from drf_spectacular.generators import SchemaGenerator

from cardsdb.api.schema_auth import needs_login
from decks.models import Deck

pytestmark = pytest.mark.django_db

LOCK_SCHEMES = {"basicAuth", "cookieAuth"}


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            yield path, method.upper(), operation


def locked(operation) -> bool:
    """As Swagger UI draws it: a lock unless the security is absent or only the anonymous `{}`."""
    return any(requirement.keys() & LOCK_SCHEMES for requirement in operation.get("security", []))


def test_public_operations_show_no_lock(schema):
    public = {(p, m) for p, m, op in operations(schema) if not locked(op)}
    for expected in [
        ("/api/cards/", "GET"),
        ("/api/sets/", "GET"),
        ("/api/formats/", "GET"),
        ("/api/legality/", "POST"),
        ("/api/decks/", "GET"),
        ("/api/decks/{deck_id}/", "GET"),
        ("/api/decks/import/", "POST"),
        ("/api/simulate/opening-hand", "POST"),
    ]:
        assert expected in public
    for _path, _method, operation in operations(schema):
        if not locked(operation):
            assert operation.get("security", [{}]) == [{}]


def test_operations_that_need_a_login_show_the_lock(schema):
    locks = {(p, m) for p, m, op in operations(schema) if locked(op)}
    for expected in [
        ("/api/decks/", "POST"),
        ("/api/decks/{deck_id}/", "PATCH"),
        ("/api/decks/{deck_id}/", "DELETE"),
        ("/api/collection/", "GET"),
    ]:
        assert expected in locks
    assert all(needs_login(p, m) for p, m in locks)
    # The schemes stay described, for the operations that use them.
    assert LOCK_SCHEMES <= set(schema["components"]["securitySchemes"])


def _path_for(path: str, deck_id: int) -> str:
    values = {"deck_id": str(deck_id), "game": "swccg", "code": "1_168", "kind": "opening-hand"}
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1), "1"), path)


def test_every_operation_answers_an_anonymous_caller_as_its_lock_says(client, schema, catalogue):
    """Unlocked: never 401 `not-authenticated`. Locked: never served to an anonymous caller (401, or for
    another owner's deck 403/404)."""
    owner = User.objects.create_user("leia", password="alderaan-123")
    deck = Deck.objects.create(owner=owner, name="Public", game_id="swccg", is_public=True)
    for path, method, operation in operations(schema):
        url = _path_for(path, deck.pk)
        call = getattr(client, method.lower())
        response = call(url, {}, content_type="application/json") if method != "GET" else call(url)
        refused = response.status_code == 401 and response.json().get("code") == "not-authenticated"
        if locked(operation):
            assert response.status_code in (401, 403, 404), (method, path, response.status_code)
        else:
            assert not refused, (method, path)
