"""The language picker: remembers the interface language in Django's language cookie and goes back.

A GET, unlike Django's `set_language` (a POST with a CSRF token): the picker is on every page, and a CSRF cookie
on every page would stop the catalogue pages from being kept for visitors (cardsdb/views/page_cache.py). Changing
a display preference by a link is harmless, and `next` must be a local address.
"""

from django.conf import settings
from django.http import HttpResponseBadRequest, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

LANGUAGE_CODES = frozenset(code for code, _name in settings.LANGUAGES)


def choose_language(request):
    language = request.GET.get("language", "")
    if language not in LANGUAGE_CODES:
        choices = ", ".join(sorted(LANGUAGE_CODES))
        return HttpResponseBadRequest(
            _("Unknown language %(language)r: choose one of %(choices)s.")
            % {"language": language[:20], "choices": choices},
            content_type="text/plain; charset=utf-8",
        )
    target = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=False):
        target = "/"
    response = HttpResponseRedirect(target)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite="Lax",
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=False,
    )
    return response
