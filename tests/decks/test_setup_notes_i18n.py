"""A SW:DBG setup's summary notes and the setup builder's notices in the page's language (issue #12).

The notes are written in English by the plain-Python checker (decks/legality/swdbg/) with their variable parts
beside them (`LegalityReport.notes`); the pages say them in Italian or Polish (decks/legality/messages.py
`note_message`), in English exactly as the checker wrote them, and the API's summary keeps the English texts
byte for byte. Real data: the imported SW:DBG catalogue (its Clone Wars factions hold only the five beginner
bases and no galaxy cards of their own, the original edition's beginner base lists are not in the data).
"""

import json
import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.utils import translation
from django.utils.html import escape
from rest_framework.test import APIClient

from cardsdb.labels import shown
from decks.deck import services as deck_services
from decks.legality.messages import NOTES, note_message, shown_report
from decks.legality.pool import format_rules, setup_pool
from decks.legality.swdbg import SetupPool, check_setup
from decks.models import Format
from tests.decks.test_setup_builder import form
from tests.decks.test_swdbg_setup import (
    EMPIRE_STARTER,
    REBEL_STARTER,
    REPUBLIC_BASES,
    REPUBLIC_STARTER,
    SEPARATIST_BASES,
    SEPARATIST_STARTER,
    player,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("swdbg_catalogue")]

LANGUAGES = ("it", "pl")
# A Clone Wars Full Galaxy game to three bases: the catalogue holds five bases of each faction (of ten), not the
# galaxy cards of either faction nor the edition's neutral ones, and the rulebook recommends four bases.
CLONE_WARS = {
    "players": [
        player("Separatist", SEPARATIST_STARTER, SEPARATIST_BASES),
        player("Republic", REPUBLIC_STARTER, REPUBLIC_BASES),
    ],
    "bases_to_win": 3,
}
# The original edition in the beginner format: its beginner base lists are not in the data.
ORIGINAL = {
    "players": [
        player("Empire", EMPIRE_STARTER, ["Lothal"]),
        player("Rebel", REBEL_STARTER, ["Dantooine"]),
    ],
    "bases_to_win": 3,
}


def rules(code: str):
    return format_rules(Format.objects.get(game="swdbg", code=code))


def clone_wars_report():
    return check_setup(CLONE_WARS, rules("full-galaxy"), setup_pool())


def reports() -> list:
    pool = setup_pool()
    # The catalogue without the Empire's starter cards: the starter deck cannot be checked, and a note says so.
    no_starters = SetupPool(
        [c for c in pool.cards.values() if not (c.deck == "starter" and c.faction == "Empire")]
    )
    return [
        clone_wars_report(),
        check_setup(ORIGINAL, rules("beginner"), pool),
        check_setup(ORIGINAL, rules("beginner"), no_starters),
    ]


@pytest.fixture
def notes() -> list:
    return [note for report in reports() for note in report.notes]


def test_every_note_is_built_by_the_checker_and_reads_in_english_as_the_checker_wrote_it(notes):
    assert {note.key for note in notes} == set(NOTES)
    for report in reports():
        assert report.summary["notes"] == [note.message for note in report.notes]
    with translation.override("en"):
        for note in notes:
            assert note_message(note) == note.message, note.key
    # The texts the checker has always written (tests/decks/test_swdbg_setup.py checks them too).
    report = clone_wars_report()
    assert (
        "The catalogue holds only 5 Separatist bases and lacks the others: Full Galaxy needs 10, so a base "
        "deck of all 5 is accepted here, not checked against 10."
    ) in report.summary["notes"]
    assert (
        "Full Galaxy: the rulebook recommends playing to 4 bases (this setup: 3)." in report.summary["notes"]
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_in_italian_and_polish_each_note_is_translated_with_its_numbers_and_names(notes, lang):
    for note in notes:
        with translation.override(lang):
            text = note_message(note)
            faction = shown(dict(note.params)["faction"], "side") if "faction" in dict(note.params) else None
        assert text != note.message and "%(" not in text, (lang, note.key, text)
        for name, value in note.params:
            if name == "faction":
                assert faction in text, (lang, note.key, text)
            else:
                assert str(value) in text, (lang, note.key, name, text)


def test_polish_and_italian_counts_take_their_plural_forms():
    (short, *_) = [n for n in clone_wars_report().notes if n.key == "bases-short-catalogue"]
    with translation.override("pl"):
        assert "tylko 5 baz frakcji" in note_message(short)
    with translation.override("it"):
        assert "solo 5 basi della fazione" in note_message(short)


def page_notes(html: str) -> list[str]:
    found = re.search(r'<ul class="notes">(.*?)</ul>', html, re.S)
    return re.findall(r"<li>(.*?)</li>", found.group(1), re.S) if found else []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_setup_builder_shows_the_notes_and_notices_in_the_pages_language(client, lang):
    body = {"format": "full-galaxy", "setup_json": json.dumps(CLONE_WARS), "action": "check"}
    english = client.post("/decks/setup/new/", body).content.decode()
    report = clone_wars_report()
    assert page_notes(english) == [escape(n) for n in report.summary["notes"]]
    assert "The setup JSON was edited: it replaces the form&#x27;s choices." in english
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
    html = client.post("/decks/setup/new/", body).content.decode()
    with translation.override(lang):
        expected = [note_message(n) for n in report.notes]
        edited = translation.gettext("The setup JSON was edited: it replaces the form's choices.")
    assert len(expected) == 6 and page_notes(html) == [escape(t) for t in expected]
    assert not set(page_notes(html)) & set(page_notes(english))
    assert escape(edited) in html and "The setup JSON was edited" not in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_builders_faction_and_format_notices_in_the_pages_language(client, lang):
    english = client.post("/decks/setup/new/", form(p0_faction="Separatist", format="full-galaxy")).content
    english = english.decode()
    assert (
        "Player 1 now plays Separatist: their starter deck and bases are Separatist&#x27;s defaults."
        in english
    )
    assert "Player 2&#x27;s base deck is Full Galaxy&#x27;s default for Rebel." in english
    html = client.post(
        "/decks/setup/new/",
        form(p0_faction="Separatist", format="full-galaxy"),
        HTTP_ACCEPT_LANGUAGE=lang,
    ).content.decode()
    with translation.override(lang):
        separatist, rebel = shown("Separatist", "side"), shown("Rebel", "side")
        now = translation.gettext(
            "Player %(number)s now plays %(faction)s: their starter deck and bases are %(faction)s's defaults."
        ) % {"number": 1, "faction": separatist}
        default = translation.gettext(
            "Player %(number)s's base deck is %(format)s's default for %(faction)s."
        ) % {
            "number": 2,
            "format": "Full Galaxy",
            "faction": rebel,
        }
    assert escape(now) in html and escape(default) in html
    assert "now plays" not in html and "base deck is Full Galaxy" not in html


def test_the_setup_deck_page_in_italian_and_polish_and_its_api_in_english(client):
    owner = User.objects.create_user("dooku", password="serenno-pass-123")
    deck = deck_services.deck_create_setup(
        owner=owner, name="Clone Wars", setup=CLONE_WARS, format_code="full-galaxy", is_public=True
    )
    report = clone_wars_report()
    english = client.get(f"/decks/{deck.pk}/").content.decode()
    assert page_notes(english) == [escape(n) for n in report.summary["notes"]]
    for lang in LANGUAGES:
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = lang
        html = client.get(f"/decks/{deck.pk}/").content.decode()
        with translation.override(lang):
            assert page_notes(html) == [escape(note_message(n)) for n in report.notes]
            assert shown_report(report)["summary"]["notes"] == [note_message(n) for n in report.notes]
    # The API: the English notes, the same bytes whatever the language cookie.
    api = APIClient()
    plain = api.get(f"/api/decks/{deck.pk}/")
    assert plain.json()["legality"]["summary"]["notes"] == report.summary["notes"]
    assert plain.json()["legality"]["summary"] == report.as_dict()["summary"]
    api.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    italian = api.get(f"/api/decks/{deck.pk}/")
    assert italian.status_code == 200 and italian.content == plain.content
    body = {"game": "swdbg", "format": "full-galaxy", "setup": CLONE_WARS}
    checked = api.post("/api/legality/", body, format="json")
    assert checked.json()["summary"]["notes"] == report.summary["notes"]
    del api.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert api.post("/api/legality/", body, format="json").content == checked.content
