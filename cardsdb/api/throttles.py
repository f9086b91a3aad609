"""Rate limits for the API, counted in a cache every server process shares (settings.CACHES["rates"]: Redis when
REDIS_URL is set, else a database table), so a limit is per client, not per gunicorn worker.

Who is counted: a logged-in caller (API token, HTTP Basic or the session) per user, in the `user` scope; an
anonymous one per client address (an IPv6 client by its /64, cardsdb/auth.py), in the `anon` scope, or in the
tighter `anon-check` scope on the views that say `throttle_scope = "check"` (the legality checks, which cost the
most CPU). Rates are settings.CARDSDB_API_RATES ("6000/hour", or None for no limit), from the environment.

A window opens at a client's first request and lasts the rate's period; past the limit, requests get 429
`rate-limited` with Retry-After until the window ends (cardsdb/api/errors.py). Windows start per client rather
than on the clock, so no client gets two windows' worth in a moment. On Redis the count is exact (INCR); on the
database cache two requests at the same instant may count once. A cache that fails lets requests through: the
limits protect the service and must not be what takes it down.
"""

import logging
import math
import re
import time

from django.conf import settings
from django.contrib.auth import get_user
from django.core.cache import caches
from rest_framework.throttling import BaseThrottle

from ..auth import client_address

logger = logging.getLogger(__name__)

PERIODS = {
    "s": 1,
    "second": 1,
    "m": 60,
    "min": 60,
    "minute": 60,
    "h": 3600,
    "hour": 3600,
    "d": 86400,
    "day": 86400,
}
RATE = re.compile(r"(\d+)/(\w+)")


def parse_rate(rate: str | None) -> tuple[int, int] | None:
    """'6000/hour' → (6000, 3600); None or 'off' → None (no limit). ValueError for anything else."""
    if rate is None or rate.strip().lower() in {"", "off", "none"}:
        return None
    match = RATE.fullmatch(rate.strip())
    if not match or match.group(2).lower() not in PERIODS:
        raise ValueError(f"A rate is a number of requests per s, m, h or d (e.g. 6000/hour), not {rate!r}.")
    return int(match.group(1)), PERIODS[match.group(2).lower()]


def count_request(cache, key: str, period: int, now: float) -> tuple[int, float]:
    """This request's number in its client's window, and when the window ends."""
    until = cache.get(f"{key}:until")
    if until is None or until <= now:
        until = now + period
        cache.set_many({key: 1, f"{key}:until": until}, period)
        return 1, until
    try:
        return cache.incr(key), until  # Redis: atomic, keeps the key's expiry
    except ValueError:  # the count went (the database cache culls) while its window is open
        cache.set(key, 1, max(1, math.ceil(until - now)))
        return 1, until


def caller(request):
    """The logged-in user, else None. Views that read only a token (token_auth.TOKEN_ONLY: the operations that
    need no login) or no credentials at all (the builder's page endpoint) still count a logged-in browser by its
    session."""
    if request.user.is_authenticated:
        return request.user
    django_request = request._request
    if hasattr(django_request, "session"):
        user = get_user(django_request)
        if user.is_authenticated:
            return user
    return None


class ApiRateThrottle(BaseThrottle):
    """Every API view's throttle (REST_FRAMEWORK DEFAULT_THROTTLE_CLASSES)."""

    def allow_request(self, request, view):
        user = caller(request)
        if user is not None:
            scope, ident = "user", f"user:{user.pk}"
        else:
            scope = "anon-check" if getattr(view, "throttle_scope", None) == "check" else "anon"
            ident = f"ip:{client_address(request) or 'unknown'}"
        rate = settings.CARDSDB_API_RATES.get(scope)
        limit_period = parse_rate(rate)
        if limit_period is None:
            return True
        limit, period = limit_period
        now = time.time()
        try:
            count, until = count_request(
                caches[settings.CARDSDB_RATE_CACHE], f"rate:{scope}:{ident}", period, now
            )
        except Exception:
            logger.warning("Rate limit not counted: the cache failed", exc_info=True)
            return True
        if count <= limit:
            return True
        self._wait = max(1, math.ceil(until - now))
        # For the 429's body (cardsdb/api/errors.py).
        request.rate_limit = {"scope": scope, "rate": rate.strip()}
        return False

    def wait(self):
        return self._wait
