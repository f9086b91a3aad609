"""The SW:DBG setup builder takes no more than the format's bases per player, and a saved setup's page shows
both players' decks."""

import json
import re

import pytest
from django.contrib.auth.models import User

from decks.models import Deck

from .test_setup_builder import EMPIRE_BASES, REBEL_BASES, form

pytestmark = pytest.mark.django_db

SIXTH_EMPIRE_BASE = "sw23_death-star"


@pytest.fixture(autouse=True)
def _catalogue(swdbg_catalogue):
    """The SW:DBG cards and formats the test session imported."""


@pytest.fixture
def leia(db):
    return User.objects.create_user("leia", password="alderaan-123")


def test_more_bases_than_the_format_takes_is_a_coded_error(client):
    html = client.post(
        "/decks/setup/new/", form(p0_bases=[*EMPIRE_BASES, SIXTH_EMPIRE_BASE])
    ).content.decode()
    [error] = re.findall(
        r'<p class="error" role="alert" data-code="too-many-bases" data-player="(\d)">([^<]*)', html
    )
    assert error[0] == "1" and "6 bases chosen" in error[1] and "at most 5" in error[1]
    assert 'data-max="5"' in html


def test_the_json_cannot_list_more_bases_either(client, leia):
    client.force_login(leia)
    shown = form()
    setup = {
        "players": [
            {"faction": "Empire", "bases": [*EMPIRE_BASES, SIXTH_EMPIRE_BASE]},
            {"faction": "Rebel", "bases": REBEL_BASES[:6] + ["sw23_dantooine"]},
        ],
        "bases_to_win": 3,
    }
    html = client.post(
        "/decks/setup/new/", {**shown, "action": "save", "name": "x", "setup_json": json.dumps(setup)}
    ).content.decode()
    players = re.findall(r'data-code="too-many-bases" data-player="(\d)"', html)
    assert players == ["1", "2"] and "Not saved" in html and not Deck.objects.exists()


def test_a_legal_setup_still_saves(client, leia):
    client.force_login(leia)
    response = client.post("/decks/setup/new/", form(action="save", name="Game"))
    assert response.status_code == 302 and Deck.objects.count() == 1


def test_the_saved_page_shows_both_players(client, leia):
    client.force_login(leia)
    client.post("/decks/setup/new/", form(action="save", name="Game"))
    deck = Deck.objects.get()
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    sections = dict(
        re.findall(r'<section class="setup-player" data-player="(\d)">(.*?)</section>', page, re.S)
    )
    assert set(sections) == {"1", "2"}
    assert "Player 1: Empire" in sections["1"] and "Player 2: Rebel" in sections["2"]
    assert "7× Imperial Shuttle" in sections["1"] and "7× Alliance Shuttle" in sections["2"]
    assert "Dantooine" in sections["2"] and "Lothal" in sections["1"]
