"""Which API operations need a login, as the OpenAPI schema (and so Swagger UI's lock) says.

Every view accepts HTTP Basic, an API token and the session, but most answer anyone: cards, sets, formats,
legality, odds, public decks. An operation lists `basicAuth`/`tokenAuth`/`cookieAuth` as its security only when it
refuses an anonymous caller (401 `not-authenticated`); the others show no lock. The views check the login in their own code
(`_require_login`), so the operations that do are listed here; tests/decks/test_schema_auth.py calls every
operation of the schema anonymously and holds this list to what the views answer.
"""

import re

from drf_spectacular.authentication import SessionScheme

from cardsdb.auth import BasicScheme

from .token_auth import TokenScheme

ALL = frozenset({"GET", "POST", "PUT", "PATCH", "DELETE"})

# (path as the schema writes it, as a regular expression; methods that need a login)
LOGIN_REQUIRED: tuple[tuple[str, frozenset[str]], ...] = (
    (r"/api/collection/.*", ALL),
    (r"/api/decks/", frozenset({"POST"})),
    (r"/api/decks/\{deck_id\}/", frozenset({"PUT", "PATCH", "DELETE"})),
    (r"/api/decks/\{deck_id\}/(duplicate|restore)/", ALL),
    (r"/api/decks/\{deck_id\}/missing/(export/)?", ALL),
    (r"/api/games/saved/", ALL),
    (r"/api/games/\{game_id\}/.*", ALL),
    (r"/api/games/swdbg/", frozenset({"POST"})),
    (r"/api/games/swccg/replays/", ALL),
    (r"/api/games/swccg/replays/\{replay_id\}/", ALL),
    (r"/api/tokens/(\{token_id\}/)?", ALL),
    (r"/api/jobs/(\{job_id\}/)?", ALL),
    (r"/api/legality/jobs/", ALL),
)
_COMPILED = tuple((re.compile(pattern), methods) for pattern, methods in LOGIN_REQUIRED)


def needs_login(path: str, method: str) -> bool:
    """True when the operation refuses an anonymous caller."""
    method = method.upper()
    return any(pattern.fullmatch(path) and method in methods for pattern, methods in _COMPILED)


class _OnlyWhenLoginNeeded:
    """The scheme's security requirement only on operations that need a login; None elsewhere, so the
    operation's security is the anonymous `{}` alone and Swagger UI draws no lock."""

    priority = 1  # before the plain schemes

    def get_security_requirement(self, auto_schema):
        if needs_login(auto_schema.path, auto_schema.method):
            return super().get_security_requirement(auto_schema)
        return None


class BasicLoginScheme(_OnlyWhenLoginNeeded, BasicScheme):
    target_class = "cardsdb.auth.BasicAuthentication"


class SessionLoginScheme(_OnlyWhenLoginNeeded, SessionScheme):
    target_class = "rest_framework.authentication.SessionAuthentication"


class TokenLoginScheme(_OnlyWhenLoginNeeded, TokenScheme):
    target_class = "cardsdb.api.token_auth.ApiTokenAuthentication"

    def get_security_requirement(self, auto_schema):
        if auto_schema.path.startswith("/api/tokens/"):
            return None  # a token cannot manage tokens (cardsdb/api/tokens.py)
        return super().get_security_requirement(auto_schema)
