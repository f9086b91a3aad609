"""The builder for a newcomer, without JavaScript (#25): a deck built logged out survives log-in and sign-up, a
save refused for unread lines says so and which, and the card search starts on the deck's side."""

import re

import pytest
from django.contrib.auth.models import User

from decks.models import Deck

pytestmark = pytest.mark.django_db

VADER = "1_168"
BACK = "/decks/new/?game=swccg"


@pytest.fixture
def swccg(catalogue):
    """The SWCCG catalogue."""


def save(client, **fields):
    data = {"format": "open", "action": "save", "name": "Vader's fist", "side": "Dark", **fields}
    return client.post("/decks/new/", data)


def test_a_logged_out_save_keeps_the_deck_through_log_in(client, swccg):
    User.objects.create_user("newcomer", password="echo-base-4242")
    html = save(client, decklist="2x Darth Vader").content.decode()
    banner = re.search(r'<p class="notice error" id="login-needed".*?</p>', html, re.S).group(0)
    assert 'href="/accounts/login/?next=%2Fdecks%2Fnew%2F%3Fgame%3Dswccg"' in banner
    assert 'href="/accounts/signup/?next=%2Fdecks%2Fnew%2F%3Fgame%3Dswccg"' in banner

    response = client.post(
        "/accounts/login/", {"username": "newcomer", "password": "echo-base-4242", "next": BACK}
    )
    assert response.status_code == 302 and response.url == BACK
    html = client.get(BACK).content.decode()
    assert re.search(rf'<tr data-card="{VADER}".*?<span class="n">2</span>', html, re.S)
    assert 'value="Vader&#x27;s fist"' in html and "The deck you were building is back" in html
    assert client.get(BACK).content.decode().count(f'data-card="{VADER}"') == 0  # given back once

    save(client, cards_json=f'[{{"id": "{VADER}", "count": 2, "zone": "deck"}}]')
    assert Deck.objects.get(owner__username="newcomer").cards.get().count == 2


def test_sign_up_comes_back_to_the_builder_and_refuses_other_sites(client, swccg):
    save(client, decklist="1x Darth Vader")
    html = client.get("/accounts/signup/?next=" + BACK).content.decode()
    assert f'name="next" value="{BACK}"'.replace("&", "&amp;") in html
    form = {"username": "joiner", "password1": "echo-base-4242", "password2": "echo-base-4242"}
    response = client.post("/accounts/signup/", {**form, "next": BACK})
    assert response.url == BACK
    assert f'data-card="{VADER}"' in client.get(BACK).content.decode()

    client.logout()
    response = client.post(
        "/accounts/signup/", {**form, "username": "other", "next": "https://evil.example/"}
    )
    assert response.url == "/decks/"


def test_a_save_with_unread_lines_says_not_saved_and_which(client, swccg):
    User.objects.create_user("newcomer", password="echo-base-4242")
    client.login(username="newcomer", password="echo-base-4242")
    html = save(client, decklist="2x Darth Vader\n1x Darth Vadr").content.decode()
    assert "Not saved: 1 line of the list could not be read (“1x Darth Vadr”)" in html
    assert not Deck.objects.exists()
    # its closest cards as buttons (the script shows them and writes the chosen title into the line)
    assert re.search(r'<li data-code="unknown-card-name" data-text="1x Darth Vadr">', html)
    assert 'class="suggestion" data-title="Darth Vader"' in html


def test_the_card_search_starts_on_the_decks_side(client, swccg):
    html = client.post("/decks/new/", {"format": "open", "action": "check", "side": "Dark"}).content.decode()
    side_filter = re.search(r'<select id="card-side".*?</select>', html, re.S).group(0)
    assert re.search(r'<option value="Dark" selected>', side_filter)
    assert '<option value="">' in side_filter  # "any": every side
