"""Logging in: failed attempts are throttled, and wrong HTTP Basic credentials on a read count as none.

A password check costs a deliberately slow hash. Without a limit, wrong passwords could be tried for ever and
each try would burn CPU. Failures are counted in the cache per client address (an IPv6 client by its /64) and
per username, in fixed windows of LOGIN_FAILURE_WINDOW seconds; past LOGIN_FAILURE_LIMIT failures in a window,
attempts are refused before any hashing until the window ends. The API answers 429 with Retry-After, the
login page a form error (status 429). The counts live in the `default` cache, which every server process
shares (Redis or a database table, settings.CACHES).
"""

import hashlib
import ipaddress
import math
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth import views as auth_views
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.forms import AuthenticationForm
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, ValidationError
from drf_spectacular.authentication import BasicScheme as SpectacularBasicScheme
from rest_framework import authentication, exceptions
from rest_framework.permissions import SAFE_METHODS

THROTTLED = "throttled"  # the login form's error code


def client_address(request) -> str | None:
    """The client's address; behind a trusted proxy, the one it appended last to X-Forwarded-For."""
    meta = getattr(request, "META", None) or {}
    address = meta.get("REMOTE_ADDR", "")
    if settings.TRUSTED_PROXY and meta.get("HTTP_X_FORWARDED_FOR"):
        address = meta["HTTP_X_FORWARDED_FOR"].split(",")[-1].strip()
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None
    # One IPv6 subscriber holds a whole /64: count it as one client.
    return str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else str(ip)


def _keys(request, username: str | None) -> list[str]:
    keys = []
    address = client_address(request)
    if address:
        keys.append(f"login-failures:ip:{address}")
    if username:
        # Hashed: any text is a safe cache key.
        keys.append(f"login-failures:user:{hashlib.sha256(username.encode('utf-8', 'replace')).hexdigest()}")
    return keys


def retry_after(request, username: str | None) -> int:
    """Seconds until this client and username may try again; 0 when they may now."""
    keys = _keys(request, username)
    stored = cache.get_many([*keys, *(f"{key}:until" for key in keys)])
    now = time.time()
    # A window ends at its stored time, whatever the cache's own expiry (the database cache's incr() resets it).
    waits = [
        math.ceil(stored[f"{key}:until"] - now)
        for key in keys
        if stored.get(key, 0) >= settings.LOGIN_FAILURE_LIMIT and stored.get(f"{key}:until", now) > now
    ]
    return max(1, max(waits)) if waits else 0


def record_failure(request, username: str | None) -> None:
    window = settings.LOGIN_FAILURE_WINDOW
    now = time.time()
    for key in _keys(request, username):
        until = cache.get(f"{key}:until")
        if until is None or until <= now:  # a new window
            cache.set_many({key: 1, f"{key}:until": now + window}, window)
            continue
        try:
            cache.incr(key)  # atomic on Redis
        except ValueError:  # the count expired while its window is open
            cache.set(key, 1, max(1, math.ceil(until - now)))


class ThrottledModelBackend(ModelBackend):
    """Django's backend, refusing without hashing while the client or the username is throttled."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None:
            username = kwargs.get(get_user_model().USERNAME_FIELD)
        if username is None or password is None:
            return None  # not a password log-in
        if "\x00" in username:  # no user has one, and PostgreSQL refuses it in a query
            record_failure(request, username)
            return None
        if retry_after(request, username):
            raise PermissionDenied  # stops django.contrib.auth.authenticate(): no other backend is asked
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            record_failure(request, username)
        return user


class LoginThrottled(exceptions.Throttled):
    default_detail = "Too many failed log-ins from this address or for this user."


class BasicAuthentication(authentication.BasicAuthentication):
    """HTTP Basic for the API. Wrong credentials on a read (GET, HEAD, OPTIONS) are ignored: the answer is the
    one an anonymous request gets (a public read needs no login); on a write they are a 401. While throttled,
    every request with credentials is a 429."""

    def authenticate(self, request):
        try:
            return super().authenticate(request)
        except exceptions.AuthenticationFailed:
            if request.method in SAFE_METHODS:
                return None
            raise

    def authenticate_credentials(self, userid, password, request=None):
        wait = retry_after(request, userid)
        if wait:
            raise LoginThrottled(wait=wait)
        return super().authenticate_credentials(userid, password, request)


class BasicScheme(SpectacularBasicScheme):
    """The schema's `basicAuth` for the class above (drf-spectacular matches exact classes)."""

    target_class = "cardsdb.auth.BasicAuthentication"


class ThrottledAuthenticationForm(AuthenticationForm):
    def clean(self):
        wait = retry_after(self.request, self.cleaned_data.get("username"))
        if wait:
            self.retry_after = wait
            raise ValidationError(
                "Too many failed log-ins from this address or for this user: try again in %(wait)d seconds.",
                code=THROTTLED,
                params={"wait": wait},
            )
        return super().clean()


class LoginView(auth_views.LoginView):
    """The login page; a throttled attempt answers 429 with Retry-After and says when to try again."""

    authentication_form = ThrottledAuthenticationForm

    def form_invalid(self, form):
        response = super().form_invalid(form)
        if form.has_error("__all__", THROTTLED):
            response.status_code = 429
            response["Retry-After"] = str(form.retry_after)
        return response
