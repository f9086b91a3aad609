"""Who may call an operation: one login check for the whole API.

A view that answers only logged-in callers says so with `permission_classes = [LoginRequired]` (every method) or
`[LoginRequired.only("POST")]`, and names what the login is for in `login_to` ("see or change your collection").
An anonymous caller gets 401 `not-authenticated` whose message says how to log in, before the view reads anything
(its body included). A user logged in with an API token (cardsdb/api/token_auth.py) is logged in like any other;
`PasswordLoginRequired` (managing tokens) refuses a token with 403 `forbidden`, and `StaffRequired` (changing the
catalogue) refuses a user who is not staff with 403 `forbidden`.

The OpenAPI schema's lock (cardsdb/api/schema_auth.py) is read from these classes, so the two cannot drift. A view
that needs a login only sometimes (a query parameter about the caller's own data) calls `require_login` instead,
and shows no lock."""

from rest_framework import status
from rest_framework.permissions import BasePermission

from .errors import ApiError

ALL = frozenset({"GET", "POST", "PUT", "PATCH", "DELETE"})
HOW = (
    "send an API token (`Authorization: Token <key>`, made on /account/tokens/), your username and password "
    "(HTTP Basic), or the session cookie of a browser logged in on this site"
)
HOW_WITHOUT_TOKEN = (
    "send your username and password (HTTP Basic) or the session cookie of a browser logged in on this site "
    "(an API token cannot)"
)


def login_message(what: str, *, tokens: bool = True) -> str:
    return f"Log in to {what}: {HOW if tokens else HOW_WITHOUT_TOKEN}."


def require_login(request, what: str, *, tokens: bool = True) -> None:
    """401 `not-authenticated` for an anonymous caller: for a view that needs a login only for some requests."""
    if not request.user.is_authenticated:
        raise ApiError("not-authenticated", login_message(what, tokens=tokens), status.HTTP_401_UNAUTHORIZED)


class LoginRequired(BasePermission):
    """401 `not-authenticated` for an anonymous caller of the view's `methods` (all, unless `only` narrows them)."""

    methods: frozenset[str] = ALL
    tokens = True  # does an API token count as a login here? (the schema's tokenAuth lock follows it)
    default_what = "do this"

    @classmethod
    def only(cls, *methods: str) -> type["LoginRequired"]:
        """The same check for some methods only, e.g. LoginRequired.only("POST") on a list anyone may read."""
        wanted = frozenset(m.upper() for m in methods)
        assert wanted <= ALL, wanted
        name = f"{cls.__name__}For{''.join(m.title() for m in sorted(wanted))}"
        return type(name, (cls,), {"methods": wanted, "__doc__": cls.__doc__})

    @classmethod
    def applies(cls, view_class: type, method: str) -> bool:
        """Whether the view's `method` needs a login. HEAD is GET's; a method the view has not is its 405."""
        method = method.upper()
        method = "GET" if method == "HEAD" else method
        return method in cls.methods and callable(getattr(view_class, method.lower(), None))

    def has_permission(self, request, view) -> bool:
        if self.applies(type(view), request.method):
            require_login(request, getattr(view, "login_to", self.default_what), tokens=self.tokens)
        return True


class PasswordLoginRequired(LoginRequired):
    """A login that is not an API token: a leaked key must not be able to make itself successors."""

    tokens = False

    def has_permission(self, request, view) -> bool:
        super().has_permission(request, view)
        from .token_auth import ApiTokenAuthentication

        if self.applies(type(view), request.method) and isinstance(
            request.successful_authenticator, ApiTokenAuthentication
        ):
            raise ApiError(
                "forbidden",
                f"An API token cannot {getattr(view, 'login_to', self.default_what)}: log in with your password "
                "(HTTP Basic) or on the site.",
                status.HTTP_403_FORBIDDEN,
            )
        return True


class StaffRequired(LoginRequired):
    """A login (401 `not-authenticated` without one), of a staff user (403 `forbidden` for anyone else)."""

    def has_permission(self, request, view) -> bool:
        super().has_permission(request, view)
        if self.applies(type(view), request.method) and not request.user.is_staff:
            raise ApiError(
                "forbidden",
                f"Only staff users may {getattr(view, 'login_to', self.default_what)}.",
                status.HTTP_403_FORBIDDEN,
            )
        return True


def login_permission(view_class: type, method: str) -> type[LoginRequired] | None:
    """The view's LoginRequired (or a subclass) when `method` needs a login, else None."""
    for permission in getattr(view_class, "permission_classes", ()):
        if isinstance(permission, type) and issubclass(permission, LoginRequired):
            if permission.applies(view_class, method):
                return permission
    return None
