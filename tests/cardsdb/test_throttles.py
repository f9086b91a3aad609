"""API rate limits (cardsdb/api/throttles.py): past a scope's rate a 429 `rate-limited` with Retry-After, counted
per user or per address in the shared "rates" cache that every server process sees. The suite runs with the
limits off (tests/conftest.py); each test here sets low ones."""

import base64
import os
import sqlite3
import subprocess
import sys
import threading
import time
from unittest import mock

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from cardsdb import token_services
from cardsdb.api.throttles import ApiRateThrottle, count_request, parse_rate

PASSWORD = "rates-pass-123"
CHECK = {"game": "swccg", "format": "open", "cards": ["1_168"]}


@pytest.fixture
def rates(settings):
    """Low limits for the test: it changes them in place."""
    settings.CARDSDB_API_RATES = {"user": "5/hour", "anon": "3/hour", "anon-check": "2/hour"}
    return settings.CARDSDB_API_RATES


@pytest.fixture
def han(db, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    return User.objects.create_user("han", password=PASSWORD)


def assert_limited(response, scope: str, rate: str, period: int):
    assert response.status_code == 429, response.content[:300]
    body = response.json()
    assert body["code"] == "rate-limited" and body["scope"] == scope and body["rate"] == rate
    wait = int(response["Retry-After"])
    assert 1 <= wait <= period and body["retry_after"] == wait
    assert f"retry in {wait} seconds" in body["message"]


def test_anonymous_callers_are_limited_per_address(rates, db):
    client = APIClient(REMOTE_ADDR="192.0.2.1")
    for _ in range(3):
        assert client.get("/api/games/").status_code == 200
    response = client.get("/api/games/")
    assert_limited(response, "anon", "3/hour", 3600)
    assert "API token have a higher limit" in response.json()["message"]
    # Every operation counts in the scope: another one is refused too, and a refused request is not served.
    assert client.get("/api/sets/").status_code == 429
    # Another address has its own count.
    assert APIClient(REMOTE_ADDR="192.0.2.2").get("/api/games/").status_code == 200
    # An IPv6 client counts by its /64.
    for suffix in range(3):
        assert APIClient(REMOTE_ADDR=f"2001:db8:1:2::{suffix + 1}").get("/api/games/").status_code == 200
    assert APIClient(REMOTE_ADDR="2001:db8:1:2::99").get("/api/games/").status_code == 429


def test_the_window_ends_and_the_count_starts_again(rates, db):
    client = APIClient()
    for _ in range(3):
        client.get("/api/games/")
    assert client.get("/api/games/").status_code == 429
    later = time.time() + 3601
    with mock.patch("time.time", lambda: later):
        assert client.get("/api/games/").status_code == 200


def test_legality_checks_have_the_tighter_anonymous_limit(rates, catalogue):
    client = APIClient()
    for _ in range(2):
        assert client.post("/api/legality/", CHECK, format="json").status_code == 200
    assert_limited(client.post("/api/legality/", CHECK, format="json"), "anon-check", "2/hour", 3600)
    batch = {"decks": [CHECK]}
    assert_limited(client.post("/api/legality/batch/", batch, format="json"), "anon-check", "2/hour", 3600)
    # Other operations count apart.
    assert client.get("/api/games/").status_code == 200


def test_logged_in_callers_count_per_user_whatever_the_login(rates, han, catalogue):
    key = token_services.create_token(han, "script")[1]
    basic = "Basic " + base64.b64encode(f"han:{PASSWORD}".encode()).decode()
    session = APIClient(REMOTE_ADDR="192.0.2.9")
    session.force_login(han)
    calls = [
        lambda: APIClient(REMOTE_ADDR="192.0.2.7").get("/api/games/", HTTP_AUTHORIZATION=f"Token {key}"),
        lambda: APIClient(REMOTE_ADDR="192.0.2.8").get("/api/games/", HTTP_AUTHORIZATION=basic),
        lambda: session.get("/api/games/"),
        # A check by a token or a logged-in browser counts as its user's, not in anon-check.
        lambda: APIClient().post("/api/legality/", CHECK, format="json", HTTP_AUTHORIZATION=f"Bearer {key}"),
        lambda: session.post("/api/legality/", CHECK, format="json"),
    ]
    for call in calls:
        assert call().status_code == 200
    for call in calls:
        assert_limited(call(), "user", "5/hour", 3600)
    # Anonymous callers from those addresses are counted apart.
    assert APIClient(REMOTE_ADDR="192.0.2.7").get("/api/games/").status_code == 200
    assert APIClient().post("/api/legality/", CHECK, format="json").status_code == 200


def test_a_token_counts_in_its_users_scope_where_no_login_is_needed(rates, han):
    """The operations that need no login (calculators, replays, simulations, reading a deck list) read a token,
    so its holder gets the higher limit the 429's message promises, not the anonymous one of their address."""
    key = token_services.create_token(han, "script")[1]
    client = APIClient(REMOTE_ADDR="192.0.2.30", HTTP_AUTHORIZATION=f"Token {key}")
    for _ in range(5):  # more than the anonymous 3/hour
        assert client.get("/api/games/swdbg/record-schema").status_code == 200
    assert_limited(client.get("/api/games/swdbg/record-schema"), "user", "5/hour", 3600)
    assert_limited(client.post("/api/rules/swccg/sabacc", {}, format="json"), "user", "5/hour", 3600)
    assert_limited(client.post("/api/decks/import/", {}, format="json"), "user", "5/hour", 3600)
    # The address's anonymous count is untouched, and a wrong token is a 401 there as anywhere.
    assert APIClient(REMOTE_ADDR="192.0.2.30").get("/api/games/swdbg/record-schema").status_code == 200
    wrong = APIClient(HTTP_AUTHORIZATION="Token cdb_wrong").get("/api/games/swdbg/record-schema")
    assert wrong.status_code == 401 and wrong.json()["code"] == "token-invalid"


def test_a_token_users_limit_is_generous_by_default():
    from cardsdb import settings as project

    assert project.CARDSDB_API_RATES == {"user": "6000/hour", "anon": "1200/hour", "anon-check": "300/hour"}
    assert parse_rate("6000/hour") == (6000, 3600) and parse_rate("off") is None and parse_rate(None) is None
    assert parse_rate("10/s") == (10, 1) and parse_rate("7/day") == (7, 86400)
    for bad in ("6000", "x/hour", "10/fortnight", "-1/h"):
        with pytest.raises(ValueError):
            parse_rate(bad)


def test_rates_come_from_the_environment(monkeypatch):
    import importlib

    from django.core.exceptions import ImproperlyConfigured

    from cardsdb import settings as project

    monkeypatch.setenv("CARDSDB_RATE_USER", "100/minute")
    monkeypatch.setenv("CARDSDB_RATE_ANON_CHECK", "off")
    try:
        importlib.reload(project)
        assert project.CARDSDB_API_RATES["user"] == "100/minute"
        assert project.CARDSDB_API_RATES["anon-check"] is None
        monkeypatch.setenv("CARDSDB_RATE_ANON", "lots")
        with pytest.raises(ImproperlyConfigured, match="CARDSDB_RATE_ANON"):
            importlib.reload(project)
    finally:
        monkeypatch.undo()
        importlib.reload(project)


def test_a_limit_set_to_off_lets_everything_through(rates, db):
    rates["anon"] = None
    client = APIClient()
    for _ in range(10):
        assert client.get("/api/games/").status_code == 200


def test_the_login_throttle_keeps_its_own_code(rates, han, catalogue):
    """Failed log-ins are refused as `throttled` (cardsdb/auth.py), not as a rate limit."""
    rates["anon"] = rates["user"] = None
    wrong = "Basic " + base64.b64encode(b"han:wrong").decode()
    for _ in range(10):
        Client().get("/api/decks/", HTTP_AUTHORIZATION=wrong)
    response = Client().get("/api/decks/", HTTP_AUTHORIZATION=wrong)
    assert response.status_code == 429 and response.json()["code"] == "throttled"


def test_a_failing_cache_lets_requests_through(rates, db):
    with mock.patch("cardsdb.api.throttles.count_request", side_effect=ConnectionError("cache down")):
        for _ in range(5):
            assert APIClient().get("/api/games/").status_code == 200


def test_the_429_is_in_the_schema_of_every_operation():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    for item in schema["paths"].values():
        for operation in item.values():
            assert "rate-limited" in operation["responses"]["429"]["description"]
    assert "Rate limits" in schema["info"]["description"]
    login = schema["paths"]["/api/decks/"]["post"]["responses"]["429"]["description"]
    assert "`rate-limited`" in login and "`throttled`" in login


# ---- one count for every process ----


def test_the_caches_are_shared_never_per_process():
    for alias in ("default", "rates"):
        backend = settings.CACHES[alias]["BACKEND"]
        assert backend.endswith(("db.DatabaseCache", "redis.RedisCache")), backend
    assert settings.CARDSDB_RATE_CACHE == "rates"


def test_two_cache_clients_see_one_count(rates, db):
    """The count the API made is the one a second, separate client of the cache reads and adds to: another
    server process would count on."""
    client = APIClient(REMOTE_ADDR="192.0.2.50")
    for _ in range(2):
        assert client.get("/api/games/").status_code == 200
    other = caches.create_connection("rates")  # a new client: its own connection pool on Redis
    assert other is not caches["rates"]
    key = "rate:anon:ip:192.0.2.50"
    assert other.get(key) == 2
    count, _ = count_request(other, key, 3600, time.time())
    assert count == 3
    assert client.get("/api/games/").status_code == 429


# Committed, so another connection sees it; the flush after the test empties only the sessions table, not the
# catalogue the suite imported.
@pytest.mark.django_db(transaction=True, available_apps=["django.contrib.sessions"])
def test_a_count_from_another_database_connection_is_seen(rates):
    """On the database cache: the count is in a table, so a server on another connection (another thread here,
    another process in production) counts on from it."""
    if not isinstance(caches["rates"], DatabaseCache):
        pytest.skip("the rates cache is Redis (REDIS_URL): test_two_cache_clients_see_one_count covers it")

    def request():
        anonymous = mock.Mock(user=mock.Mock(is_authenticated=False), META={"REMOTE_ADDR": "192.0.2.60"})
        anonymous._request = object()  # no session
        return anonymous

    for _ in range(3):
        assert ApiRateThrottle().allow_request(request(), view=None)
    seen = {}

    def elsewhere():
        from django.db import connections

        try:
            assert connections["default"] is not connection
            other = caches.create_connection("rates")
            seen["count"] = other.get("rate:anon:ip:192.0.2.60")
            seen["allowed"] = ApiRateThrottle().allow_request(request(), view=None)
        finally:
            connections.close_all()

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert seen == {"count": 3, "allowed": False}


def test_the_test_database_has_the_cache_tables(db):
    """pytest-django makes the test database with createcachetable (SQLite and PostgreSQL alike)."""
    if not isinstance(caches["rates"], DatabaseCache):
        pytest.skip("the caches are Redis (REDIS_URL)")
    tables = set(connection.introspection.table_names())
    assert {"cardsdb_cache", "cardsdb_rates_cache"} <= tables


def test_migrate_makes_the_cache_tables(tmp_path):
    """Every migrate makes them (cardsdb/apps.py), so a database set up by any script has them."""
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'fresh.sqlite3'}",
        "CARDSDB_VAR_DIR": str(tmp_path),
    }
    env.pop("REDIS_URL", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    with sqlite3.connect(tmp_path / "fresh.sqlite3") as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"cardsdb_cache", "cardsdb_rates_cache"} <= tables
