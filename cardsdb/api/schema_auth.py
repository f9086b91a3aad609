"""Which API operations need a login, as the OpenAPI schema (and so Swagger UI's lock) says.

Every view accepts HTTP Basic, an API token and the session, but most answer anyone: cards, sets, formats,
legality, odds, public decks. An operation lists `basicAuth`/`tokenAuth`/`cookieAuth` as its security only when it
refuses an anonymous caller; the others show no lock. That is read from the views themselves: an operation whose
view's permission_classes hold a LoginRequired for its method (cardsdb/api/permissions.py, 401
`not-authenticated`) is locked, without `tokenAuth` when that permission refuses tokens (managing tokens).
Owner-only changes (a deck's PATCH, DELETE, restore) hold a LoginRequired too, so an anonymous caller gets the
same 401 there. tests/decks/test_schema_auth.py calls every operation of the schema anonymously and holds the lock
to what the views answer.
"""

import functools

from drf_spectacular.authentication import SessionScheme

from cardsdb.auth import BasicScheme

from .permissions import ALL, LoginRequired, login_permission
from .token_auth import TokenScheme


@functools.cache
def _views_by_path() -> dict[str, type]:
    """Each schema path's view class, from the URLconf as the schema generator walks it."""
    from drf_spectacular.generators import SchemaGenerator

    generator = SchemaGenerator()
    generator._initialise_endpoints()
    found = {}
    for path, _regex, method, callback in generator.endpoints:
        view_class = getattr(callback, "cls", None)
        if view_class is not None:
            found[generator.coerce_path(path, method, view_class)] = view_class
    return found


def login_permission_of(path: str, method: str, view_class: type | None = None) -> type[LoginRequired] | None:
    if view_class is None:
        view_class = _views_by_path().get(path)
    return login_permission(view_class, method) if view_class is not None else None


def needs_login(path: str, method: str, view_class: type | None = None) -> bool:
    """True when the operation refuses an anonymous caller."""
    return login_permission_of(path, method.upper(), view_class) is not None


def login_required() -> list[tuple[str, str]]:
    """Every (schema path, method) that needs a login (for docs and tests)."""
    return sorted(
        (path, method)
        for path, view_class in _views_by_path().items()
        for method in sorted(ALL)
        if callable(getattr(view_class, method.lower(), None)) and needs_login(path, method, view_class)
    )


def _view_class(auto_schema) -> type | None:
    view = getattr(auto_schema, "view", None)
    return type(view) if view is not None else None


class _OnlyWhenLoginNeeded:
    """The scheme's security requirement only on operations that need a login; None elsewhere, so the
    operation's security is the anonymous `{}` alone and Swagger UI draws no lock."""

    priority = 1  # before the plain schemes

    def get_security_requirement(self, auto_schema):
        if needs_login(auto_schema.path, auto_schema.method, _view_class(auto_schema)):
            return super().get_security_requirement(auto_schema)
        return None


class BasicLoginScheme(_OnlyWhenLoginNeeded, BasicScheme):
    target_class = "cardsdb.auth.BasicAuthentication"


class SessionLoginScheme(_OnlyWhenLoginNeeded, SessionScheme):
    target_class = "rest_framework.authentication.SessionAuthentication"


class TokenLoginScheme(_OnlyWhenLoginNeeded, TokenScheme):
    target_class = "cardsdb.api.token_auth.ApiTokenAuthentication"

    def get_security_requirement(self, auto_schema):
        permission = login_permission_of(auto_schema.path, auto_schema.method, _view_class(auto_schema))
        if permission is not None and not permission.tokens:
            return None  # a token cannot manage tokens (cardsdb/api/tokens.py)
        return super().get_security_requirement(auto_schema)
