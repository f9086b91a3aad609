"""The builder and deck pages without JavaScript: the card table after Check, paste that adds or replaces, the
search filters and per-type counts, card images (grid and hover previews), and the grouped legality panel."""

import json
import re

import pytest
from django.contrib.auth.models import User
from django.template.loader import render_to_string

from decks.models import Deck, DeckCard

pytestmark = pytest.mark.django_db

VADER, DECREE = "1_168", "5_120"  # •Darth Vader (Character), Imperial Decree (Effect)


@pytest.fixture
def swccg(catalogue):
    """The SWCCG catalogue."""


def post(client, **fields) -> str:
    data = {"format": "open", "action": "check", **fields}
    response = client.post("/decks/new/", data)
    assert response.status_code == 200
    return response.content.decode()


def table_rows(html: str) -> dict[str, str]:
    """card id → its count, as the server drew the table."""
    rows = re.findall(r'<tr data-card="([^"]+)".*?<span class="n">(\d+)</span>', html, re.S)
    return {card: count for card, count in rows}


def test_after_check_the_table_shows_the_cards_it_counts(client, swccg):
    html = post(client, decklist="2x Darth Vader\n1x Imperial Decree")
    assert table_rows(html) == {VADER: "2", DECREE: "1"}
    assert re.search(r'<table class="cards" id="deck-table"\s*>', html)  # not hidden
    assert re.search(r'<p id="deck-empty" class="small" hidden>', html)  # "No cards yet" is not shown
    assert "3 in the deck" in html
    # The list's cards are in the table now: the box keeps nothing to read twice.
    assert re.search(r'<textarea id="decklist" name="decklist" rows="8"></textarea>', html)


def test_an_empty_builder_says_no_cards_yet(client, swccg):
    html = client.get("/decks/new/").content.decode()
    assert re.search(r'<p id="deck-empty" class="small" >', html)
    assert re.search(r'<table class="cards" id="deck-table" hidden>', html)


@pytest.mark.parametrize(
    ("lang", "start", "finder"),
    [
        ("en", "No cards yet: ", "Find cards"),
        ("it", "Ancora nessuna carta: ", "Trova carte"),
        ("pl", "Jeszcze brak kart: ", "Znajdź karty"),
    ],
)
def test_the_empty_deck_s_hint_names_the_search_where_ever_it_sits(client, swccg, lang, start, finder):
    """The search is beside the deck on a wide screen and above it on a phone (site.css): the hint names it by its
    heading and links it, never by a side."""
    html = client.get("/decks/new/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    hint = re.search(r'<p id="deck-empty"[^>]*>(.*?)</p>', html, re.S)[1]
    assert hint.startswith(start) and f'<a href="#finder">{finder}</a>' in hint
    assert re.search(rf'<aside class="finder" id="finder">\s*<h2>{finder}</h2>', html)
    assert not re.search(r"right|left|destra|sinistra|prawej|lewej", hint), hint


def test_unread_lines_stay_in_the_box_and_the_read_ones_join_the_table(client, swccg):
    html = post(client, decklist="2x Darth Vader\n1x Darth Vadr")
    assert table_rows(html) == {VADER: "2"}
    assert ">1x Darth Vadr</textarea>" in html and 'data-code="unknown-card-name"' in html


@pytest.mark.parametrize(
    ("mode", "expected"), [("add", {VADER: "3", DECREE: "1"}), ("replace", {VADER: "2"})]
)
def test_paste_adds_or_replaces_as_chosen(client, swccg, mode, expected):
    current = json.dumps(
        [{"id": VADER, "count": 1, "zone": "deck"}, {"id": DECREE, "count": 1, "zone": "deck"}]
    )
    html = post(client, current_json=current, decklist="2x Darth Vader", paste_mode=mode)
    assert table_rows(html) == expected
    assert 'name="paste_mode" value="add" checked' in html  # the table holds the list now


def test_an_empty_paste_keeps_the_table(client, swccg):
    current = json.dumps([{"id": VADER, "count": 2, "zone": "deck"}])
    html = post(client, current_json=current, decklist="", paste_mode="replace")
    assert table_rows(html) == {VADER: "2"} and 'data-code="empty-deck"' not in html


def test_an_edited_deck_keeps_its_cards_when_saved_without_javascript(client, swccg):
    user = User.objects.create_user("leia", password="alderaan-123")
    client.force_login(user)
    deck = Deck.objects.create(owner=user, name="V", game_id="swccg")
    DeckCard.objects.create(deck=deck, card_id=_card_pk(VADER), code=VADER, count=2)
    page = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    current = re.search(r'name="current_json" id="current-json" value="([^"]*)"', page).group(1)
    saved = client.post(
        f"/decks/{deck.pk}/edit/",
        {
            "name": "V",
            "format": "open",
            "current_json": current.replace("&quot;", '"'),
            "decklist": "1x Imperial Decree",
            "paste_mode": "add",
            "action": "save",
            "version": deck.version,
        },
    )
    assert saved.status_code == 302
    assert {(dc.code, dc.count) for dc in deck.cards.all()} == {(VADER, 2), (DECREE, 1)}


def _card_pk(code: str) -> int:
    from cardsdb.models import Card

    return Card.objects.get(game_id="swccg", code=code).pk


def test_a_bad_current_table_is_reported(client, swccg):
    html = post(client, current_json="{oops", decklist="1x Darth Vader")
    assert 'data-code="bad-card-table"' in html


def test_filters_type_counts_and_previews(client, swccg):
    html = post(client, decklist="2x Darth Vader\n1x Imperial Decree\n1x Stormtrooper")
    types = re.search(r'<select id="card-type".*?</select>', html, re.S).group()
    sides = re.search(r'<select id="card-side".*?</select>', html, re.S).group()
    assert (
        '<option value="Character">Character</option>' in types
        and '<option value="Effect">Effect</option>' in types
    )
    # the deck's side (read from its cards) is the search's first filter (#25)
    assert '<option value="Dark" selected>Dark</option>' in sides
    assert '<option value="Light" >Light</option>' in sides
    counts = dict(re.findall(r'data-type="([^"]+)">[^<]*<strong>(\d+)</strong>', html))
    assert counts == {"Character": "3", "Effect": "1"}
    preview = re.search(rf'<tr data-card="{VADER}" data-zone="deck" data-preview="([^"]+)"', html).group(1)
    assert preview.startswith("http") or preview.endswith("/face.png")
    assert re.search(rf'<figure data-card="{VADER}" data-preview="[^"]+"><img src="[^"]+"', html)  # the grid


def test_the_search_filters_speak_the_query_language(client, swccg):
    """The script adds the filters as `type:"…"` and `side:"…"`: the API reads them."""
    body = client.get("/api/cards/", {"game": "swccg", "q": 'vader type:"Character" side:"Dark"'}).json()
    assert body["count"] >= 1 and all(
        c["type"] == "Character" and c["side"] == "Dark" for c in body["results"]
    )
    tcg = client.get("/api/cards/", {"game": "swtcg", "q": 'type:"Unit" side:"Yuuzhan Vong"'})
    assert tcg.status_code == 200


def test_the_legality_panel_groups_violations(client, swccg):
    html = post(client, decklist="2x Darth Vader\n1x Luke Skywalker")
    groups = re.findall(r'<details class="violation-group" data-code="([^"]+)" (open)?>', html)
    assert {code for code, _ in groups} == {"deck-size", "mixed-sides"} and all(o for _, o in groups)


def test_a_long_report_folds_its_big_groups():
    violations = [
        {"code": "copy-limit", "message": f"too many {i}", "cards": [], "hint": ""} for i in range(12)
    ]
    violations.append({"code": "deck-size", "message": "add cards", "cards": ["1_168"], "hint": "Add 3."})
    report = {"legal": False, "violations": violations, "format_version": "1"}
    html = render_to_string("decks/_legality.html", {"report": report, "format_name": "Open"})
    assert "Not legal in Open: 13 problems" in html
    assert '<details class="violation-group" data-code="copy-limit" >' in html  # folded: 12 of one kind
    assert '<details class="violation-group" data-code="deck-size" open>' in html
    assert html.count('<li data-code="copy-limit"') == 12 and "[1_168]" in html and "Add 3." in html


def test_the_deck_page_lists_cards_with_previews(client, swccg):
    user = User.objects.create_user("leia", password="alderaan-123")
    deck = Deck.objects.create(owner=user, name="V", game_id="swccg", is_public=True)
    DeckCard.objects.create(deck=deck, card_id=_card_pk(VADER), code=VADER, count=2)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert re.search(rf'<li data-card="{VADER}" data-preview="[^"]+">2×', page)
