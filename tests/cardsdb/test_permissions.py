"""One login check for the API (cardsdb/api/permissions.py): every operation that needs a login refuses an
anonymous caller alike — 401 `not-authenticated`, WWW-Authenticate, a message saying how to log in — before its
body is read; the schema's lock (cardsdb/api/schema_auth.py) is read from the same permission."""

import re

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from cardsdb import token_services
from cardsdb.api.permissions import LoginRequired, login_permission
from cardsdb.api.schema_auth import _views_by_path, login_required, needs_login

pytestmark = pytest.mark.django_db


def concrete(path: str) -> str:
    return re.sub(r"\{\w+\}", "1", path)


def test_every_locked_operation_refuses_an_anonymous_caller_alike():
    guarded = [
        (path, method)
        for path, method in login_required()
        if login_permission(_views_by_path()[path], method) is not None
    ]
    # Every lock is a LoginRequired, the owner-only changes of a deck too.
    assert len(guarded) == len(login_required()) >= 33
    client = APIClient()
    for path, method in guarded:
        # A body that would be refused if it were read: the login comes first.
        response = client.generic(method, concrete(path), b"\xff{", content_type="application/json")
        assert response.status_code == 401, (method, path, response.status_code)
        body = response.json()
        assert body["code"] == "not-authenticated", (method, path)
        assert body["message"].startswith("Log in to ") and "HTTP Basic" in body["message"], body
        assert response["WWW-Authenticate"] == 'Basic realm="api"'
        permission = login_permission(_views_by_path()[path], method)
        assert ("Authorization: Token" in body["message"]) is permission.tokens  # how to send one, or not
        assert needs_login(path, method)


def test_only_narrows_the_methods_and_head_is_get():
    post_only = LoginRequired.only("post")
    assert post_only.methods == frozenset({"POST"}) and issubclass(post_only, LoginRequired)

    class View:
        def get(self): ...

        def post(self): ...

    assert post_only.applies(View, "POST") and not post_only.applies(View, "GET")
    assert LoginRequired.applies(View, "HEAD") and not LoginRequired.applies(
        View, "DELETE"
    )  # no delete: a 405
    assert not LoginRequired.applies(View, "OPTIONS")


def test_a_public_read_beside_a_locked_write_stays_public():
    client = APIClient()
    assert client.get("/api/decks/").status_code == 200
    assert client.post("/api/decks/", {}, format="json").status_code == 401
    assert client.head("/api/jobs/").status_code == 401
    assert client.put("/api/jobs/", {}, format="json").status_code == 405  # no such method: not a 401
    assert client.options("/api/jobs/").status_code == 200


def test_a_token_is_a_login_except_for_managing_tokens():
    user = User.objects.create_user("wedge", password="rogue-two-2")
    _, key = token_services.create_token(user, "script")
    client = APIClient(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/jobs/").status_code == 200
    assert client.get("/api/collection/", {"game": "swccg"}).status_code in (200, 404)  # logged in: not a 401
    refused = client.get("/api/tokens/")
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
    assert "An API token cannot" in refused.json()["message"]


def test_changing_a_public_deck_anonymously_is_a_401_and_another_users_change_a_403():
    """Only the owner changes a deck; an anonymous caller is told to log in (401, as docs/api.md promises), not
    refused as if logged in (403)."""
    from decks.models import Deck

    owner = User.objects.create_user("leia", password="alderaan-123")
    deck = Deck.objects.create(owner=owner, name="Public", game_id="swccg", is_public=True)
    url = f"/api/decks/{deck.pk}/"
    calls = [("PATCH", url), ("PUT", url), ("DELETE", url), ("POST", f"{url}restore/")]
    for method, path in calls:
        response = APIClient().generic(method, path, b'{"name": "x"}', content_type="application/json")
        assert response.status_code == 401, (method, path, response.status_code)
        assert response.json()["code"] == "not-authenticated" and response["WWW-Authenticate"]
    other = APIClient()
    other.force_authenticate(User.objects.create_user("lando", password="cloud-city-1"))
    for method, path in calls:
        response = other.generic(method, path, b'{"version": 1}', content_type="application/json")
        assert response.status_code == 403 and response.json()["code"] == "forbidden", (method, path)
    deck.refresh_from_db()
    assert deck.name == "Public" and deck.version == 1
