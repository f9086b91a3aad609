"""The deck pages: check without an account, save when logged in, the deck page's legality and charts."""

import json

import pytest
from django.contrib.auth.models import User

from decks.models import Deck

pytestmark = pytest.mark.usefixtures("catalogue")


@pytest.fixture
def sample(swccg_dir):
    decks = json.loads((swccg_dir / "gemp" / "sample_decks.json").read_text())["decks"]
    return next(d for d in decks if d["name"].startswith("Classic EBO"))


def test_anonymous_check_shows_every_violation_and_unread_lines(client):
    response = client.post(
        "/decks/new/",
        {"format": "open", "decklist": "2x Darth Vader\n1x Darth Vadr\n1x Luke Skywalker", "action": "check"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-code="unknown-card-name"' in html and "Line 2" in html
    assert 'data-code="deck-size"' in html and 'data-code="mixed-sides"' in html
    assert "Not legal in Open" in html


def test_anonymous_save_asks_to_log_in(client, sample):
    response = client.post(
        "/decks/new/",
        {"name": "EBO", "format": "classic", "decklist": ",".join(sample["cards"]), "action": "save"},
    )
    assert "Log in or sign up to save decks" in response.content.decode()
    assert not Deck.objects.exists()


def test_save_edit_and_view(client, sample):
    user = User.objects.create_user("leia", password="alderaan-123")
    client.force_login(user)
    response = client.post(
        "/decks/new/",
        {"name": "EBO", "format": "classic", "decklist": ",".join(sample["cards"]), "action": "save"},
    )
    deck = Deck.objects.get(owner=user)
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/"
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "Legal in Classic" in page and "60 cards" in page and page.count("<svg") == 7
    other = client.get(f"/decks/{deck.pk}/", {"format": "premiere"}).content.decode()
    assert "Not legal in Premiere" in other and 'data-code="set-not-legal"' in other
    edit = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert "Characters (" in edit or "Character" in edit  # the list comes back as text to edit
    client.post(
        f"/decks/{deck.pk}/edit/",
        {"name": "EBO 2", "format": "classic", "decklist": "1x Luke Skywalker", "action": "save"},
    )
    deck.refresh_from_db()
    assert deck.name == "EBO 2" and sum(dc.count for dc in deck.cards.all()) == 1


def test_private_deck_pages_are_hidden(client):
    owner = User.objects.create_user("luke", password="tatooine-123")
    deck = Deck.objects.create(owner=owner, name="Secret", game_id="swccg")
    assert client.get(f"/decks/{deck.pk}/").status_code == 404
    client.force_login(User.objects.create_user("jabba", password="hutt-12345678"))
    assert client.get(f"/decks/{deck.pk}/").status_code == 404
    assert client.get(f"/decks/{deck.pk}/edit/").status_code == 404


def test_signup_logs_in(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "chewie", "password1": "wookiee-roar-42", "password2": "wookiee-roar-42"},
    )
    assert response.status_code == 302 and response["Location"] == "/decks/"
    assert "chewie" in client.get("/decks/").content.decode()


def test_card_table_from_the_script_is_checked_and_bad_tables_are_reported(client):
    table = json.dumps(
        [{"id": "1_168", "count": 2, "zone": "deck"}, {"id": "200_95", "count": 1, "zone": "outside"}]
    )
    html = client.post(
        "/decks/new/", {"format": "open", "cards_json": table, "action": "check"}
    ).content.decode()
    assert 'data-code="deck-size"' in html and "The deck has 2 cards" in html
    html = client.post(
        "/decks/new/", {"format": "open", "cards_json": "{oops", "action": "check"}
    ).content.decode()
    assert 'data-code="bad-card-table"' in html
    bad_count = json.dumps([{"id": "1_168", "count": 0}])
    html = client.post(
        "/decks/new/", {"format": "open", "cards_json": bad_count, "action": "check"}
    ).content.decode()
    assert 'data-code="bad-card-table"' in html and "count must be" in html
