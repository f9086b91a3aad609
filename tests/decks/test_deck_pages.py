"""The deck pages: check without an account, save when logged in, the deck page's legality and charts."""

import json
import re

import pytest
from django.contrib.auth.models import User

from cardsdb.models import Card
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
    assert "Not saved yet: saving needs an account" in response.content.decode()
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
        {
            "name": "EBO 2",
            "format": "classic",
            "decklist": "1x Luke Skywalker",
            "action": "save",
            "version": deck.version,  # as the edit page holds it
        },
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


@pytest.mark.parametrize("field", ["name", "notes", "format", "side", "decklist", "is_public"])
def test_a_nul_in_any_builder_field_is_a_form_error_on_both_databases(client, field):
    """PostgreSQL refuses a NUL in text (it was a 500 there) while SQLite stores it: refused alike on both."""
    client.force_login(User.objects.create_user("leia", password="alderaan-123"))
    posted = {
        "name": "EBO",
        "format": "open",
        "side": "Dark",
        "decklist": "1_168,1_168|",
        "is_public": "on",
        "action": "save",
    }
    posted[field] = posted.get(field, "x") + "\x00"
    response = client.post("/decks/new/", posted)
    html = response.content.decode()
    label = {"decklist": "deck list"}.get(field, field)
    assert response.status_code == 200 and f"The field {label} held a NUL character" in html
    assert not Deck.objects.exists()
    saved = client.post("/decks/new/", {**posted, field: posted[field].replace("\x00", "")})
    assert saved.status_code == 302 and Deck.objects.count() == 1  # the same form without it saves


def test_a_nul_in_an_edited_decks_fields_is_a_form_error(client):
    user = User.objects.create_user("leia", password="alderaan-123")
    client.force_login(user)
    deck = Deck.objects.create(owner=user, name="EBO", game_id="swccg")
    posted = {"name": "EBO", "notes": "Hoth\x00", "format": "open", "cards_json": "", "action": "save"}
    html = client.post(f"/decks/{deck.pk}/edit/", {**posted, "version": deck.version}).content.decode()
    assert "The field notes held a NUL character (shown as \ufffd)" in html and "Hoth\ufffd" in html
    deck.refresh_from_db()
    assert deck.notes == "" and deck.version == 1


@pytest.mark.parametrize(
    ("query", "note"),
    [
        ({"sample": "1", "seed": "²"}, True),
        ({"sample": "1", "seed": "٣"}, True),
        ({"sample": "1", "seed": "9" * 5000}, True),
        ({"sample": "1", "seed": "-5"}, True),
        ({"sample": "1", "seed": "12345"}, False),
        ({"g1": "1_168", "n1": "9" * 5000}, False),
        ({"g1": "1_168", "n1": "²"}, False),
        ({"format": "classic\x00"}, False),
    ],
    ids=[
        "superscript-two",
        "arabic-three",
        "5000-digits",
        "negative",
        "a-seed",
        "n-5000-digits",
        "n-sup",
        "nul",
    ],
)
def test_the_deck_page_reads_hostile_query_parameters(client, query, note):
    owner = User.objects.create_user("luke", password="tatooine-123")
    deck = Deck.objects.create(owner=owner, name="Open", game_id="swccg", is_public=True)
    for code in ("1_168", "1_169", "1_170", "1_171", "1_172"):
        deck.cards.create(card=Card.objects.get(game_id="swccg", code=code), code=code, count=4)
    response = client.get(f"/decks/{deck.pk}/", query)
    html = response.content.decode()
    assert response.status_code == 200
    assert ("the seed given was not a seed" in html) is note
    if query.get("seed") == "12345":
        assert "(seed 12345)" in html
    if "n1" in query:  # an unreadable count is "at least 1"
        assert re.search(r'name="n1"[^>]*value="1"', html) or 'value="1" selected' in html


def test_the_builder_saves_a_card_named_on_two_lines_without_javascript(client):
    user = User.objects.create_user("lando", password="bespin-123")
    client.force_login(user)
    decklist = "2x Darth Vader\n1x Darth Vader\n"
    response = client.post(
        "/decks/new/", {"name": "V", "format": "classic", "decklist": decklist, "action": "save"}
    )
    deck = Deck.objects.get(owner=user)
    assert response.status_code == 302
    assert [(dc.code, dc.count) for dc in deck.cards.all()] == [("1_168", 3)]
