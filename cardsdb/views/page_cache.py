"""Catalogue pages kept for visitors who are not logged in: the page of a card or a search is the same for all of
them until an import changes the catalogue, so the rendered HTML is kept in Django's cache under the URL and the
catalogue versions of every game. Logged-in users (their name in the header), pages with pending messages and
answers that set cookies are never kept. The key holds the interface language too, and for pages that list public
decks (a card page: "decks using this card") the public decks' state (PUBLIC_DECKS_STAMP), an aggregate the other pages
need not pay for.
"""

import functools
import hashlib

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse
from django.utils import translation

from ..catalogue_versions import catalogue_version
from ..extensions import PUBLIC_DECKS_STAMP
from ..games.registry import GAMES


def _key(request, public_decks: bool) -> str:
    versions = tuple(catalogue_version(game) for game in GAMES)
    decks = PUBLIC_DECKS_STAMP() if public_decks else ""
    # The same URL in another interface language is another page (LocaleMiddleware chose it before the view).
    raw = f"{versions}|{decks}|{translation.get_language()}|{request.get_full_path()}"
    return "page:" + hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def kept_for_visitors(view=None, *, public_decks: bool = False):
    """`@kept_for_visitors`, or `@kept_for_visitors(public_decks=True)` for a page that lists public decks."""
    if view is None:
        return functools.partial(kept_for_visitors, public_decks=public_decks)

    @functools.wraps(view)
    def wrapper(request, *args, **kwargs):
        seconds = settings.CARDSDB_SEARCH_CACHE_SECONDS
        if (
            seconds <= 0
            or request.method != "GET"
            or request.user.is_authenticated
            or len(get_messages(request))  # counts without marking them read
        ):
            return view(request, *args, **kwargs)
        key = _key(request, public_decks)
        kept = cache.get(key)
        if kept is not None:
            status, content_type, content = kept
            return HttpResponse(content, status=status, content_type=content_type)
        response = view(request, *args, **kwargs)
        if response.status_code == 200 and not response.cookies and not getattr(response, "streaming", False):
            cache.set(key, (response.status_code, response["Content-Type"], response.content), seconds)
        return response

    return wrapper
