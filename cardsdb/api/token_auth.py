"""`Authorization: Token <key>` (or `Bearer <key>`) for scripts: a key made on /account/tokens/ or with
POST /api/tokens/ (cardsdb/tokens.py). A wrong, revoked or malformed key is a 401 `token-invalid` on every
method, reads too: a script should learn its key stopped working, not silently get the anonymous answer."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from ..token_services import token_for_key
from ..tokens import parse_authorization


class TokenInvalid(exceptions.AuthenticationFailed):
    """401 `token-invalid` (cardsdb/api/errors.py spells DRF's codes with hyphens), with WWW-Authenticate."""

    default_code = "token_invalid"


class ApiTokenAuthentication(authentication.BaseAuthentication):
    def authenticate(self, request):
        header = request.META.get("HTTP_AUTHORIZATION", "")
        parsed = parse_authorization(header) if header else None
        if parsed is None:
            return None  # no header, or another scheme (Basic)
        keyword, key = parsed
        token = token_for_key(key) if key else None
        if token is None:
            raise TokenInvalid(
                f"The {keyword} in the Authorization header is not a valid API token: it is mistyped or was "
                "revoked. Make a new one on /account/tokens/ and send `Authorization: Token <key>`."
            )
        return token.owner, token

    def authenticate_header(self, request):
        return 'Token realm="api"'


# The authentication of the operations that need no login (calculators, odds, replays, simulations, deck list
# reading): a token is read so that its holder counts in their own, higher rate-limit scope
# (cardsdb/api/throttles.py) — not HTTP Basic (a password hash per request) and not the session (CSRF on every
# POST; the throttle finds a logged-in browser by its session anyway).
TOKEN_ONLY = (ApiTokenAuthentication,)


class TokenScheme(OpenApiAuthenticationExtension):
    """The schema's `tokenAuth` (Swagger UI sends it as `Bearer <key>`; `Token <key>` works the same)."""

    target_class = "cardsdb.api.token_auth.ApiTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "An API token made on /account/tokens/ or with POST /api/tokens/, sent as "
            "`Authorization: Token <key>` or `Authorization: Bearer <key>`. A wrong or revoked token is a 401 "
            "`token-invalid`.",
        }
