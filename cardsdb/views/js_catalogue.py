"""The scripts' translations: Django's JavaScript catalogue (gettext, ngettext, interpolate) of the project's
locale/<lang>/LC_MESSAGES/djangojs.po, which every page loads before its scripts (templates/base.html).

Every page asks for it, so it is addressed by language and version, /jsi18n/<lang>/?v=<version>: the language is
the page's (a page kept for visitors in Italian names the Italian catalogue, whatever the browser's language), and
the version changes with the compiled translations and Django, so a browser keeps the current one for a year and
a new translation is a new address. Another version (a page kept from before a deploy) is answered with the current
catalogue, kept five minutes. The body is made once per process and language (with DEBUG on, every time: `make
messages` takes effect without a restart); ETag answers revalidations.
"""

import hashlib
from pathlib import Path

import django
from django.conf import settings
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.urls import reverse
from django.utils import translation
from django.utils.http import parse_etags
from django.views.decorators.http import require_safe
from django.views.i18n import JavaScriptCatalog

YEAR = 365 * 24 * 3600
SHORT = 300

# Only the project's own catalogue (settings.LOCALE_PATHS): these apps hold no locale/ folder, and naming them keeps
# out the admin's djangojs messages, which no page of the site uses.
_catalogue_view = JavaScriptCatalog.as_view(packages=["cardsdb", "decks", "rules"])
_versions: dict[str, str] = {}
_bodies: dict[str, tuple[bytes, str]] = {}


def languages() -> set[str]:
    return {code for code, _name in settings.LANGUAGES}


def catalogue_version(lang: str) -> str:
    """A digest of what makes the catalogue: Django's version (its script) and the compiled djangojs of `lang`."""
    if lang in _versions and not settings.DEBUG:
        return _versions[lang]
    digest = hashlib.sha256(f"{django.get_version()}|{lang}".encode())
    for folder in settings.LOCALE_PATHS:
        mo = Path(folder) / lang / "LC_MESSAGES" / "djangojs.mo"
        if mo.is_file():
            digest.update(mo.read_bytes())
    version = digest.hexdigest()[:16]
    if not settings.DEBUG:
        _versions[lang] = version
    return version


def catalogue_url(lang: str) -> str:
    try:
        lang = translation.get_supported_language_variant(lang)
    except LookupError:
        lang = settings.LANGUAGE_CODE
    return f"{reverse('javascript-catalogue', args=[lang])}?v={catalogue_version(lang)}"


def _catalogue(request, lang: str) -> tuple[bytes, str]:
    if lang in _bodies and not settings.DEBUG:
        return _bodies[lang]
    with translation.override(lang):
        response = _catalogue_view(request)
    body = (response.content, response["Content-Type"])
    if not settings.DEBUG:
        _bodies[lang] = body
    return body


@require_safe
def javascript_catalogue(request, lang: str):
    if lang not in languages():
        raise Http404("No such language.")
    version = catalogue_version(lang)
    etag = f'"{version}"'
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        response = HttpResponseNotModified()
    else:
        content, content_type = _catalogue(request, lang)
        response = HttpResponse(content, content_type=content_type)
    response["ETag"] = etag
    response["Content-Language"] = lang
    current = request.GET.get("v") == version
    response["Cache-Control"] = (
        f"public, max-age={YEAR}, immutable" if current else f"public, max-age={SHORT}"
    )
    return response
