"""Catalogue pages kept for visitors who are not logged in: the page of a card or a search is the same for all of
them until an import changes the catalogue, so the rendered HTML is kept in Django's cache under the URL and the
catalogue versions of every game. Logged-in users (their name in the header), pages with pending messages and
answers that set cookies are never kept. The key holds the interface language and the public decks' state (decks_stamp) too.
"""

import functools
import hashlib

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpResponse
from django.utils import translation

from ..games.registry import GAMES
from ..selectors import catalogue_version


def _key(request) -> str:
    from decks.history_services import decks_stamp  # card pages list the public decks using the card

    versions = tuple(catalogue_version(game) for game in GAMES)
    # The same URL in another interface language is another page (LocaleMiddleware chose it before the view).
    raw = f"{versions}|{decks_stamp()}|{translation.get_language()}|{request.get_full_path()}"
    return "page:" + hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def kept_for_visitors(view):
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
        key = _key(request)
        kept = cache.get(key)
        if kept is not None:
            status, content_type, content = kept
            return HttpResponse(content, status=status, content_type=content_type)
        response = view(request, *args, **kwargs)
        if response.status_code == 200 and not response.cookies and not getattr(response, "streaming", False):
            cache.set(key, (response.status_code, response["Content-Type"], response.content), seconds)
        return response

    return wrapper
