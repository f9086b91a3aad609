"""Addresses every site answers: /favicon.ico for clients that ask for it where a page names no icon."""

from django.http import HttpResponsePermanentRedirect
from django.templatetags.static import static


def favicon(request):
    # static() is called per request, not at import: with the production manifest storage it needs
    # collectstatic's manifest, which `manage.py check --deploy` and the tests may run without.
    return HttpResponsePermanentRedirect(static("cardsdb/favicon.svg"))
