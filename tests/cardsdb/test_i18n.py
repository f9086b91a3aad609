"""The interface in English, Italian and Polish: the browser's language or the picker's (remembered in a
cookie); the pages kept for visitors are kept per language; every message of the catalogues is translated."""

from pathlib import Path

import polib
import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db

LOCALE = Path(settings.BASE_DIR) / "locale"


@pytest.mark.parametrize(
    ("accept", "decks", "lang"),
    [("", "Decks", "en"), ("it-IT,it;q=0.9", "Mazzi", "it"), ("pl", "Talie", "pl"), ("fr", "Decks", "en")],
)
def test_the_browser_language_chooses_the_interface(client, accept, decks, lang):
    response = client.get("/sets/", HTTP_ACCEPT_LANGUAGE=accept)
    html = response.content.decode()
    assert response.status_code == 200
    assert f">{decks}</a>" in html
    assert f'<html lang="{lang}">' in html
    assert response["Content-Language"] == lang


def test_the_picker_remembers_the_choice(client):
    response = client.get("/language/", {"language": "pl", "next": "/sets/"})
    assert response.status_code == 302
    assert response["Location"] == "/sets/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "pl"
    # The cookie wins over the browser's language from then on.
    assert ">Talie</a>" in client.get("/sets/", HTTP_ACCEPT_LANGUAGE="it").content.decode()


def test_the_picker_is_on_every_page_without_a_csrf_cookie(client):
    response = client.get("/sets/")
    assert 'action="/language/"' in response.content.decode()
    assert settings.CSRF_COOKIE_NAME not in response.cookies  # the page stays cacheable for visitors


@pytest.mark.parametrize(
    "query",
    [
        "language=fr&next=/",
        "language=&next=/",
        "language=it%ED%B0%80&next=/",  # a lone surrogate, as UTF-8 bytes
        "language=it%00",
        "language=" + "x" * 10_000,
        "next=/",
    ],
)
def test_an_unknown_language_is_refused_with_the_choices(client, query):
    response = client.get(f"/language/?{query}")
    assert response.status_code == 400
    assert "en, it, pl" in response.content.decode()


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/", "javascript:alert(1)", ""])
def test_the_picker_only_goes_back_to_this_site(client, target):
    response = client.get("/language/", {"language": "it", "next": target})
    assert response.status_code == 302
    assert response["Location"] == "/"


def test_a_page_kept_for_visitors_is_kept_per_language(client, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    english = client.get("/sets/").content.decode()
    italian = client.get("/sets/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    again = client.get("/sets/").content.decode()
    assert ">Decks</a>" in english and ">Mazzi</a>" in italian
    assert again == english


@pytest.mark.parametrize("lang", ["it", "pl"])
def test_every_message_is_translated_and_compiled(lang):
    po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
    untranslated = [e.msgid for e in po if not e.translated()]
    assert not untranslated, f"{lang}: translate these (make messages): {untranslated[:10]}"
    mo = polib.mofile(str(LOCALE / lang / "LC_MESSAGES" / "django.mo"))
    compiled = {(e.msgctxt, e.msgid): (e.msgstr, tuple(sorted(e.msgstr_plural.items()))) for e in mo}
    for entry in po:
        if entry.obsolete:
            continue
        key = (entry.msgctxt, entry.msgid)
        assert key in compiled, f"{lang}: {entry.msgid!r} is not in django.mo: run make messages"
        assert compiled[key] == (entry.msgstr, tuple(sorted(entry.msgstr_plural.items()))), entry.msgid
