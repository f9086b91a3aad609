"""Logging in: the API's 401 names HTTP Basic, wrong credentials on a read count as none, and failed log-ins are
throttled per client address and per username (cardsdb/auth.py)."""

import base64
import time
from unittest import mock

import pytest
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client, RequestFactory, override_settings

from cardsdb.auth import client_address

PASSWORD = "falcon-pass-123"
LIMIT = 10  # settings.LOGIN_FAILURE_LIMIT


@pytest.fixture(autouse=True)
def fresh_counts(db):
    """The counts live in the shared cache (a database table unless REDIS_URL is set): no test sees another's
    failures."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def han(db):
    return User.objects.create_user("han", password=PASSWORD)


def basic(username: str | bytes, password: str = PASSWORD, **extra) -> dict:
    raw = username if isinstance(username, bytes) else f"{username}:{password}".encode()
    return {"HTTP_AUTHORIZATION": "Basic " + base64.b64encode(raw).decode(), **extra}


def create_deck(client: Client, **headers):
    body = '{"name": "Hunt Down", "game": "swccg", "format": "open", "cards": []}'
    return client.post("/api/decks/", body, content_type="application/json", **headers)


def test_an_anonymous_write_is_a_401_that_names_basic(db):
    response = create_deck(Client())
    assert response.status_code == 401 and response.json()["code"] == "not-authenticated"
    assert response["WWW-Authenticate"] == 'Basic realm="api"'


def test_wrong_credentials_on_a_write_are_a_401_that_names_basic(han):
    response = create_deck(Client(), **basic("han", "wrong-password"))
    assert response.status_code == 401 and response.json()["code"] == "authentication-failed"
    assert response["WWW-Authenticate"] == 'Basic realm="api"'


@pytest.mark.parametrize(
    "credentials",
    [
        ("han", "wrong-password"),
        ("nobody", "x"),
        (b"no colon",),
        (b"\xff\xfe:\xed\xa0\x80",),
        ("h\x00n", "x"),
    ],
    ids=["wrong-password", "unknown-user", "no-colon", "bad-utf8-and-surrogate", "nul"],
)
def test_wrong_credentials_on_a_public_read_get_the_anonymous_answer(han, catalogue, credentials):
    private = create_deck(Client(), **basic("han")).json()
    for url in ("/api/decks/", "/api/cards/swccg/1_168/", private["url"]):
        anonymous = Client().get(url)
        response = Client().get(url, **basic(*credentials))
        assert response.status_code == anonymous.status_code, url
        assert response.json() == anonymous.json(), url
    assert Client().get(private["url"], **basic("han")).status_code == 200


def test_right_credentials_still_log_in(han, catalogue):
    response = create_deck(Client(), **basic("han"))
    assert response.status_code == 201 and response.json()["owner"] == "han"


def test_failed_basic_logins_are_throttled(han, catalogue):
    client = Client()
    for _ in range(LIMIT):
        assert Client().get("/api/decks/", **basic("han", "wrong-password")).status_code == 200
    with mock.patch.object(ModelBackend, "authenticate", autospec=True) as checked:
        for headers in (basic("han", "wrong-password"), basic("han")):  # even the right password now
            response = client.get("/api/decks/", **headers)
            assert response.status_code == 429 and response.json()["code"] == "throttled"
            assert 1 <= int(response["Retry-After"]) <= 60
        assert create_deck(client, **basic("han")).status_code == 429
        checked.assert_not_called()  # refused before any password hash
    # Without credentials, the same client is served as before.
    assert client.get("/api/decks/").status_code == 200
    # When the window has passed, the right password works again.
    later = time.time() + 61
    with mock.patch("time.time", lambda: later):
        assert create_deck(client, **basic("han")).status_code == 201


def test_the_limit_counts_per_address_and_per_username(han, catalogue):
    User.objects.create_user("leia", password=PASSWORD)
    for _ in range(LIMIT):
        create_deck(Client(), **basic("han", "wrong-password", REMOTE_ADDR="10.0.0.1"))
    # Another username from that address, and that username from another address, are both refused.
    assert create_deck(Client(), **basic("leia", REMOTE_ADDR="10.0.0.1")).status_code == 429
    assert create_deck(Client(), **basic("han", REMOTE_ADDR="10.0.0.2")).status_code == 429
    # Another username from another address is not.
    assert create_deck(Client(), **basic("leia", REMOTE_ADDR="10.0.0.2")).status_code == 201
    # Below the limit nothing is refused: one failure fewer for a fresh pair.
    for _ in range(LIMIT - 1):
        create_deck(Client(), **basic("chewie", "x", REMOTE_ADDR="10.0.0.3"))
    assert create_deck(Client(), **basic("chewie", "x", REMOTE_ADDR="10.0.0.3")).status_code == 401


def test_failed_form_logins_are_throttled(han):
    client = Client()
    for _ in range(LIMIT):
        response = client.post("/accounts/login/", {"username": "han", "password": "wrong-password"})
        assert response.status_code == 200 and b"Too many failed" not in response.content
    with mock.patch.object(ModelBackend, "authenticate", autospec=True) as checked:
        response = client.post("/accounts/login/", {"username": "han", "password": PASSWORD})
        checked.assert_not_called()
    assert response.status_code == 429 and 1 <= int(response["Retry-After"]) <= 60
    assert b"Too many failed log-ins" in response.content
    assert "_auth_user_id" not in client.session
    # The API shares the count: it is one password.
    assert create_deck(Client(), **basic("han")).status_code == 429


def test_a_successful_form_login_below_the_limit(han):
    client = Client()
    for _ in range(LIMIT - 1):
        client.post("/accounts/login/", {"username": "han", "password": "wrong-password"})
    response = client.post("/accounts/login/", {"username": "han", "password": PASSWORD})
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(han.pk)


def test_the_client_address_is_not_taken_from_a_forgeable_header():
    request = RequestFactory().get("/", REMOTE_ADDR="192.0.2.7", HTTP_X_FORWARDED_FOR="198.51.100.1")
    assert client_address(request) == "192.0.2.7"
    with override_settings(TRUSTED_PROXY=True):
        # The proxy appends the address it saw; what the client sent comes before it.
        forged = RequestFactory().get(
            "/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="1.2.3.4, 198.51.100.1"
        )
        assert client_address(forged) == "198.51.100.1"
    ipv6 = RequestFactory().get("/", REMOTE_ADDR="2001:db8:1:2:3:4:5:6")
    assert client_address(ipv6) == "2001:db8:1:2::/64"
    assert client_address(RequestFactory().get("/", REMOTE_ADDR="not an address")) is None
