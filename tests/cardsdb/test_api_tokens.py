"""API tokens (cardsdb/tokens.py, token_services.py, api/token_auth.py, api/tokens.py, views/tokens.py): made on
the account page or with the API, the key shown once and kept only as a hash, `Token`/`Bearer` on the API,
revoked keys refused, last use noted at most once a minute, names and counts bounded, hostile input refused."""

import base64
import hashlib
import json
import re
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from cardsdb import token_services, tokens
from cardsdb.models import ApiToken

PASSWORD = "tokens-pass-123"
KEY = re.compile(r"cdb_[A-Za-z0-9_-]{43}")
DECK = {"name": "Hunt Down", "game": "swccg", "format": "open", "cards": []}


@pytest.fixture(autouse=True)
def _fast_hasher(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def han(db):
    return User.objects.create_user("han", password=PASSWORD)


@pytest.fixture
def leia(db):
    return User.objects.create_user("leia", password=PASSWORD)


def basic(user) -> dict:
    raw = base64.b64encode(f"{user.username}:{PASSWORD}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {raw}"}


def with_key(key: str, keyword: str = "Token") -> dict:
    return {"HTTP_AUTHORIZATION": f"{keyword} {key}"}


def make(user, name="script") -> str:
    return token_services.create_token(user, name)[1]


def assert_error(response, status: int, code: str):
    assert response.status_code == status, response.content[:300]
    body = response.json()
    assert body["code"] == code and body["message"], body


def stored_text() -> str:
    """Every value of every API token row, as the database has them."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {ApiToken._meta.db_table}")
        return repr(cursor.fetchall())


# ---- the account page ----


def test_the_page_needs_a_login(client, db):
    response = client.get("/account/tokens/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client.post("/account/tokens/", {"name": "x"}).status_code == 302
    assert not ApiToken.objects.exists()


def test_a_token_made_on_the_page_is_shown_once_and_kept_hashed(client, han):
    client.force_login(han)
    response = client.post("/account/tokens/", {"name": "deck sync"})
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    html = response.content.decode()
    key = KEY.search(html).group(0)
    token = ApiToken.objects.get(owner=han)
    assert token.name == "deck sync" and token.prefix == key[:12] and token.last_used is None
    assert token.key_hash == hashlib.sha256(key.encode()).hexdigest()
    assert key not in stored_text() and key[12:] not in stored_text()
    # Shown once: the list shows the prefix, never the key.
    listing = client.get("/account/tokens/").content.decode()
    assert key not in listing and f"{key[:12]}…" in listing and "deck sync" in listing
    assert not KEY.search(listing)
    # The key works on the API.
    assert APIClient().get("/api/tokens/", **with_key(key)).status_code == 403  # a token, not a password


def test_revoking_on_the_page(client, han, leia):
    key = make(han)
    theirs = token_services.create_token(leia, "leia's")[0]
    client.force_login(han)
    token = ApiToken.objects.get(owner=han)
    response = client.post(f"/account/tokens/{token.pk}/revoke/", follow=True)
    assert response.status_code == 200 and "The token was revoked" in response.content.decode()
    assert not ApiToken.objects.filter(owner=han).exists()
    assert_error(APIClient().get("/api/decks/", **with_key(key)), 401, "token-invalid")
    # Someone else's token, an unknown one and a GET are refused; nothing is revoked.
    response = client.post(f"/account/tokens/{theirs.pk}/revoke/", follow=True)
    assert "You have no such token." in response.content.decode()
    assert client.post(f"/account/tokens/{10**30}/revoke/", follow=True).status_code == 200
    assert client.get(f"/account/tokens/{theirs.pk}/revoke/").status_code == 405
    assert ApiToken.objects.filter(pk=theirs.pk).exists()


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("", "This field is required."),
        ("   ", "Give the token a name"),
        ("x" * 101, "at most 100"),
        ("x" * 10_000, "10,000 characters"),
        ("a\nb", "U+000A"),
        ("nul\x00", "Null characters are not allowed."),
    ],
    ids=["empty", "blank", "101-chars", "10k-chars", "newline", "nul"],
)
def test_the_page_refuses_bad_names(client, han, name, says):
    client.force_login(han)
    response = client.post("/account/tokens/", {"name": name})
    assert response.status_code == 400 and says in response.content.decode()
    assert not ApiToken.objects.exists()


def test_the_page_reads_bad_utf8_without_a_server_error(client, han):
    """A form body with the UTF-8 of a lone surrogate (ED A0 80) or invalid bytes: read as replacement
    characters, never a surrogate in the database."""
    client.force_login(han)
    for raw in (b"name=%ED%A0%80", b"name=%FF%FE", b"name=ok%ED%B0%80ok"):
        response = client.post("/account/tokens/", raw, content_type="application/x-www-form-urlencoded")
        assert response.status_code in (200, 400)
    for token in ApiToken.objects.all():
        token.name.encode("utf-8")  # no lone surrogate


def test_the_page_keeps_names_unique_and_counts_bounded(client, han, leia):
    client.force_login(han)
    assert client.post("/account/tokens/", {"name": "ci"}).status_code == 200
    response = client.post("/account/tokens/", {"name": " ci "})
    assert response.status_code == 400 and "already have a token named" in response.content.decode()
    for n in range(tokens.MAX_TOKENS - 1):
        make(han, f"t{n}")
    response = client.post("/account/tokens/", {"name": "one more"})
    assert response.status_code == 409 and "as many as one user may" in response.content.decode()
    assert ApiToken.objects.filter(owner=han).count() == tokens.MAX_TOKENS
    make(leia, "ci")  # names and counts are per user


# ---- the API ----


def test_tokens_are_made_listed_and_revoked_with_the_api(han):
    api = APIClient()
    response = api.post("/api/tokens/", {"name": "importer"}, format="json", **basic(han))
    assert response.status_code == 201, response.content
    made = response.json()
    key = made["key"]
    assert KEY.fullmatch(key) and made["prefix"] == key[:12] and made["last_used"] is None
    assert set(made) == {"id", "name", "prefix", "created", "last_used", "key"}
    assert key not in stored_text()
    listed = api.get("/api/tokens/", **basic(han)).json()
    assert [t["name"] for t in listed] == ["importer"] and "key" not in listed[0]
    assert key not in json.dumps(listed)
    assert api.delete(f"/api/tokens/{made['id']}/", **basic(han)).status_code == 204
    assert_error(api.delete(f"/api/tokens/{made['id']}/", **basic(han)), 404, "token-not-found")
    assert_error(api.delete(f"/api/tokens/{10**30}/", **basic(han)), 404, "token-not-found")
    assert api.get("/api/tokens/", **basic(han)).json() == []


def test_the_session_manages_tokens_too(han, leia):
    api = APIClient()
    api.force_login(han)
    assert api.post("/api/tokens/", {"name": "a"}, format="json").status_code == 201
    theirs = token_services.create_token(leia, "a")[0]
    assert_error(api.delete(f"/api/tokens/{theirs.pk}/"), 404, "token-not-found")
    assert ApiToken.objects.filter(pk=theirs.pk).exists()
    assert [t["name"] for t in api.get("/api/tokens/").json()] == ["a"]


def test_managing_tokens_needs_a_password_or_session_login(han):
    api = APIClient()
    for response in (api.get("/api/tokens/"), api.post("/api/tokens/", {"name": "x"}, format="json")):
        assert_error(response, 401, "not-authenticated")
    assert_error(api.delete("/api/tokens/1/"), 401, "not-authenticated")
    # A token cannot make its successors nor revoke its owner's other tokens.
    key = make(han, "leaked")
    other = token_services.create_token(han, "other")[0]
    assert_error(api.get("/api/tokens/", **with_key(key)), 403, "forbidden")
    assert_error(api.post("/api/tokens/", {"name": "x"}, format="json", **with_key(key)), 403, "forbidden")
    assert_error(api.delete(f"/api/tokens/{other.pk}/", **with_key(key)), 403, "forbidden")
    assert ApiToken.objects.filter(owner=han).count() == 2


@pytest.mark.parametrize("keyword", ["Token", "Bearer", "token", "BEARER"])
def test_a_token_logs_in_on_a_write(han, catalogue, keyword):
    key = make(han)
    response = APIClient().post("/api/decks/", DECK, format="json", **with_key(key, keyword))
    assert response.status_code == 201, response.content
    assert response.json()["owner"] == "han"


def test_a_revoked_or_wrong_token_is_a_401(han, catalogue):
    key = make(han)
    api = APIClient()
    token = ApiToken.objects.get(owner=han)
    assert api.delete(f"/api/tokens/{token.pk}/", **basic(han)).status_code == 204
    for headers in (
        with_key(key),
        with_key(key, "Bearer"),
        with_key(key[:-1] + ("A" if key[-1] != "A" else "B")),
        with_key("cdb_"),
        with_key("not-a-key"),
        {"HTTP_AUTHORIZATION": "Token"},
        {"HTTP_AUTHORIZATION": f"Token {key} extra"},
        with_key("cdb_" + "x" * 10_000),
    ):
        response = api.post("/api/decks/", DECK, format="json", **headers)
        assert_error(response, 401, "token-invalid")
        assert response["WWW-Authenticate"] == 'Basic realm="api"'
        # Reads too: a script learns its key stopped working.
        assert_error(api.get("/api/decks/", **headers), 401, "token-invalid")
    assert not ApiToken.objects.exists()


def test_an_inactive_users_token_is_refused(han, db):
    key = make(han)
    han.is_active = False
    han.save()
    assert_error(APIClient().get("/api/decks/", **with_key(key)), 401, "token-invalid")


def test_last_used_is_noted_at_most_once_a_minute(han, db):
    key = make(han)
    api = APIClient()
    start = timezone.now()
    with mock.patch("cardsdb.token_services.timezone.now", return_value=start):
        assert api.get("/api/decks/", **with_key(key)).status_code == 200
    token = ApiToken.objects.get(owner=han)
    assert token.last_used == start
    table = ApiToken._meta.db_table
    with (
        mock.patch("cardsdb.token_services.timezone.now", return_value=start + timedelta(seconds=59)),
        CaptureQueriesContext(connection) as queries,
    ):
        for _ in range(3):
            assert api.get("/api/decks/", **with_key(key)).status_code == 200
    assert not [q for q in queries if q["sql"].startswith("UPDATE") and table in q["sql"]]
    token.refresh_from_db()
    assert token.last_used == start
    later = start + timedelta(seconds=61)
    with mock.patch("cardsdb.token_services.timezone.now", return_value=later):
        assert api.get("/api/decks/", **with_key(key)).status_code == 200
    token.refresh_from_db()
    assert token.last_used == later
    listed = api.get("/api/tokens/", **basic(han)).json()
    assert listed[0]["last_used"] is not None


BAD_BODIES = [
    ({"name": ""}, "invalid-request"),
    ({"name": "   "}, "invalid-request"),
    ({"name": "x" * 101}, "invalid-request"),
    ({"name": "x" * 10_000}, "invalid-request"),
    ({"name": "tab\there"}, "invalid-request"),
    ({"name": 7}, "invalid-request"),
    ({"name": None}, "invalid-request"),
    ({"name": ["x"] * 100_000}, "invalid-request"),
    ({"name": {"a": {"b": {"c": "d"}}}}, "invalid-request"),
    ({}, "invalid-request"),
    ({"name": "ok", "scope": "admin"}, "invalid-request"),
    (["name"], "invalid-request"),
]


@pytest.mark.parametrize(("body", "code"), BAD_BODIES, ids=[str(i) for i in range(len(BAD_BODIES))])
def test_bad_names_and_bodies_are_coded_400s(han, body, code):
    response = APIClient().post("/api/tokens/", body, format="json", **basic(han))
    assert_error(response, 400, code)
    assert not ApiToken.objects.exists()


@pytest.mark.parametrize(
    "raw",
    [
        b'{"name": "\\ud800"}',
        b'{"name": "ok\\udfffok"}',
        b'{"\\ud800": "x"}',
        b'{"name": "nul\\u0000"}',
        b'{"name": ' * 50 + b'"x"' + b"}" * 50,
        b"[" * 100_000 + b"]" * 100_000,
        b'{"name": "' + "é".encode() * 60 + b'\xff"}',
    ],
    ids=["surrogate", "surrogate-inside", "surrogate-key", "nul", "nested-50", "nested-100000", "bad-utf8"],
)
def test_hostile_json_is_refused(han, raw):
    api = APIClient()
    api.force_login(han)
    response = api.post("/api/tokens/", raw, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] in {
        "bad-unicode",
        "too-deep",
        "parse-error",
    }
    assert not ApiToken.objects.exists()


def test_names_are_unique_per_user_and_kept_stripped(han, leia):
    api = APIClient()
    assert (
        api.post("/api/tokens/", {"name": "  sync  "}, format="json", **basic(han)).json()["name"] == "sync"
    )
    response = api.post("/api/tokens/", {"name": "sync"}, format="json", **basic(han))
    assert_error(response, 400, "invalid-request")
    assert "already have a token named" in response.json()["message"]
    assert api.post("/api/tokens/", {"name": "sync"}, format="json", **basic(leia)).status_code == 201
    # Any printable text is a name, emoji and other scripts too.
    assert api.post("/api/tokens/", {"name": "Δ 🚀 x" * 10}, format="json", **basic(han)).status_code == 201


def test_one_user_has_at_most_20_tokens(han, leia):
    for n in range(tokens.MAX_TOKENS):
        make(han, f"t{n}")
    response = APIClient().post("/api/tokens/", {"name": "21st"}, format="json", **basic(han))
    assert_error(response, 409, "token-limit")
    assert response.json()["limit"] == tokens.MAX_TOKENS
    assert ApiToken.objects.filter(owner=han).count() == tokens.MAX_TOKENS
    assert APIClient().post("/api/tokens/", {"name": "t0"}, format="json", **basic(leia)).status_code == 201
    # Revoking one makes room.
    APIClient().delete(f"/api/tokens/{ApiToken.objects.filter(owner=han).first().pk}/", **basic(han))
    assert APIClient().post("/api/tokens/", {"name": "21st"}, format="json", **basic(han)).status_code == 201


# ---- the plain rules ----


def test_keys_are_random_and_recognisable():
    keys = {tokens.new_key() for _ in range(100)}
    assert len(keys) == 100 and all(KEY.fullmatch(k) for k in keys)
    key = next(iter(keys))
    assert tokens.shown_prefix(key) == key[:12] and tokens.looks_like_key(key)
    assert tokens.key_hash(key) == hashlib.sha256(key.encode()).hexdigest()
    assert tokens.key_hash("\ud800")  # hashing never fails


@pytest.mark.parametrize(
    "name", ["\ud800", "a\udfffb", "a\x00", "a\x1bb", "", " ", "x" * 101, 5, None, ["x"]]
)
def test_clean_name_refuses(name):
    with pytest.raises(tokens.TokenNameError):
        tokens.clean_name(name)


@pytest.mark.parametrize(
    ("header", "parsed"),
    [
        ("Token abc", ("Token", "abc")),
        ("bearer abc", ("bearer", "abc")),
        ("  Token   abc  ", ("Token", "abc")),
        ("Token", ("Token", "")),
        ("Token a b", ("Token", "")),
        ("Token " + "x" * 201, ("Token", "")),
        ("Basic abc", None),
        ("Tokenabc", None),
    ],
)
def test_the_authorization_header(header, parsed):
    assert tokens.parse_authorization(header) == parsed


# ---- the schema ----


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def test_the_docs_show_the_token_scheme(schema):
    scheme = schema["components"]["securitySchemes"]["tokenAuth"]
    assert (
        scheme["type"] == "http" and scheme["scheme"] == "bearer" and "Token <key>" in scheme["description"]
    )
    names = lambda op: {name for requirement in op.get("security", []) for name in requirement}  # noqa: E731
    assert "tokenAuth" in names(schema["paths"]["/api/decks/"]["post"])
    assert names(schema["paths"]["/api/cards/"]["get"]) == set()
    # A token cannot manage tokens: those operations name the password and the session only.
    for method in ("get", "post"):
        assert names(schema["paths"]["/api/tokens/"][method]) == {"basicAuth", "cookieAuth"}
    assert names(schema["paths"]["/api/tokens/{token_id}/"]["delete"]) == {"basicAuth", "cookieAuth"}
    assert "token-invalid" in schema["paths"]["/api/decks/"]["post"]["responses"]["401"]["description"]
