"""Search answers (and the card API's answers) kept in Django's cache, keyed by the whole request URL and the
game's catalogue version.

The catalogue changes only through an import, which changes the version, so a kept answer is never stale; the
same popular searches are asked again and again, and an answer served from the cache costs a lookup instead of
a count, a page of cards and their serialisation. The cache (LocMem unless configured) bounds its own size.
A search of the user's collection (owned:, is:owned) is kept under that user's key only.
"""

import hashlib

from django.conf import settings
from django.core.cache import cache

from ..catalogue_versions import catalogue_version


def _whose(request) -> str:
    """Empty for a search that is the same for everyone; the user's id for one that may count their collection.

    Every keyword or is: value that reaches the collection holds the word "owned" (a test checks it), so a query
    without it never depends on the user; one with it (even as a plain word) is kept per user."""
    if "owned" not in request.GET.get("q", "").lower():
        return ""
    user = getattr(request, "user", None)
    return f"user:{user.pk}" if user is not None and user.is_authenticated else "anonymous"


def _key(request, game: str | None) -> str | None:
    version = catalogue_version(game) if game else None  # a search of every game is not kept
    if version is None:
        return None
    raw = f"{game}|{version}|{_whose(request)}|{request.build_absolute_uri()}"
    return "card-search:" + hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def cached_answer(request, game: str | None, compute):
    """compute() → a DRF Response; a 200 answer's data is kept for CARDSDB_SEARCH_CACHE_SECONDS (0: never)."""
    seconds = settings.CARDSDB_SEARCH_CACHE_SECONDS
    key = _key(request, game) if seconds > 0 else None
    if key is not None:
        data = cache.get(key)
        if data is not None:
            from rest_framework.response import Response

            return Response(data)
    response = compute()
    if key is not None and response.status_code == 200:
        cache.set(key, response.data, seconds)
    return response
