"""Sharing and managing decks: the public deck list (API and page) with its filters, the stable share address
/d/<share_id>/, "decks using this card" on card pages, and the deck page's history, diff, restore, delete,
duplicate and "active" controls. A private deck never shows through any of them, its share address included."""

import re

import pytest
from django.test import Client
from rest_framework.test import APIClient

from decks.deck import services as deck_services
from decks.models import Deck, DeckVersion

pytestmark = pytest.mark.usefixtures("catalogue")


def entries(*pairs):
    return [deck_services.Entry(code, count) for code, count in pairs]


def make(owner, name, *pairs, public=True, side="Dark", fmt="open", game="swccg", notes=""):
    return deck_services.deck_create(
        owner=owner,
        name=name,
        game=game,
        side=side,
        format_code=fmt,
        is_public=public,
        entries=entries(*pairs),
        notes=notes,
    )


@pytest.fixture
def decks(owner, other):
    return {
        "vader": make(owner, "Vader beats", ("1_168", 2), ("1_169", 1)),
        "tarkin": make(other, "Tarkin control", ("1_169", 3)),
        "light": make(other, "Luke deck", ("1_19", 1), side="Light", fmt="classic"),
        "secret": make(owner, "Secret Vader", ("1_168", 1), public=False),
    }


def names(body) -> list[str]:
    return sorted(d["name"] for d in body["results"])


# ---- the public list over the API ----


def test_the_public_list_filters_by_game_side_format_name_and_cards(decks):
    api = APIClient()
    every = api.get("/api/decks/public/").json()
    assert names(every) == ["Luke deck", "Tarkin control", "Vader beats"]  # never the private one
    assert every["count"] == 3 and every["results"][0]["share_url"].startswith("/d/")
    assert names(api.get("/api/decks/public/", {"side": "light"}).json()) == ["Luke deck"]
    assert names(api.get("/api/decks/public/", {"game": "swccg", "format": "classic"}).json()) == [
        "Luke deck"
    ]
    assert names(api.get("/api/decks/public/", {"q": "VADER"}).json()) == ["Vader beats"]
    using = api.get("/api/decks/public/", {"game": "swccg", "card": "1_169"}).json()
    assert names(using) == ["Tarkin control", "Vader beats"]
    both = api.get("/api/decks/public/?game=swccg&card=1_169&card=1_168").json()
    assert names(both) == ["Vader beats"] and both["results"][0]["cards"] == 3
    assert api.get("/api/decks/public/", {"game": "swtcg"}).json()["count"] == 0
    assert names(api.get("/api/decks/using/swccg/1_169/").json()) == ["Tarkin control", "Vader beats"]
    unknown = api.get("/api/decks/using/swccg/no_such/")
    assert unknown.status_code == 404 and unknown.json()["code"] == "card-not-found"
    page = api.get("/api/decks/public/", {"page_size": 2}).json()
    assert len(page["results"]) == 2 and page["next"]


@pytest.mark.parametrize(
    ("query", "code"),
    [
        ({"card": "1_168"}, "bad-parameter"),  # a card id needs its game
        ({"game": "swccg", "card": "no_such"}, "unknown-card"),
        ({"game": "swccg", "card": "1_168\x00"}, "bad-parameter"),
        ({"game": "swccg", "card": ["1_168"] * 11}, "bad-parameter"),
        ({"game": "swccg", "card": "x" * 65}, "bad-parameter"),
        ({"game": "swccg", "format": "nope"}, "unknown-format"),
        ({"game": "nope"}, "unknown-game"),
        ({"q": "x" * 101}, "bad-parameter"),
        ({"q": "va\x00der"}, "bad-parameter"),
        ({"page": "99999999999999999999"}, "bad-parameter"),
        ({"page_size": "0"}, "bad-parameter"),
    ],
)
def test_bad_public_list_queries_are_coded_400s(decks, query, code):
    response = APIClient().get("/api/decks/public/", query)
    assert response.status_code == 400 and response.json()["code"] == code, response.content[:300]
    assert response.json()["message"]


def test_bad_utf8_in_a_query_finds_nothing_rather_than_failing(decks):
    response = APIClient().get("/api/decks/public/?side=%ED%A0%80&q=%FF")  # a lone surrogate, a stray byte
    assert response.status_code == 200 and response.json()["count"] == 0


# ---- the share address ----


def test_the_share_address_shows_a_public_deck_and_nothing_once_it_is_private(client, decks, owner):
    deck = decks["vader"]
    url = f"/d/{deck.share_id}/"
    shown = client.get(url)
    assert shown.status_code == 200 and "Vader beats" in shown.content.decode()
    assert "Delete" not in shown.content.decode()  # read-only for visitors
    deck_services.deck_update(deck, is_public=False)
    assert client.get(url).status_code == 404
    assert client.get(f"/d/{decks['secret'].share_id}/").status_code == 404
    assert client.get("/d/nonexistent12/").status_code == 404
    assert client.get("/d/%00abc/").status_code == 404  # not a share id: no database query at all
    client.force_login(owner)
    # The share address is for the public deck only, for its owner too (the deck page itself is at /decks/<id>/).
    assert client.get(url).status_code == 404
    # The owner sees the link on the deck page only while it is public.
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert deck.share_id not in page and "Make it public" in page
    deck_services.deck_update(deck, is_public=True)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert f"/d/{deck.share_id}/" in page and 'id="share-link"' in page


def test_a_new_share_link_revokes_the_old_one(client, decks, owner, other):
    deck = decks["vader"]
    old = f"/d/{deck.share_id}/"
    api = APIClient()
    assert api.post(f"/api/decks/{deck.pk}/share-link/").json()["code"] == "not-authenticated"
    api.force_authenticate(other)
    assert api.post(f"/api/decks/{deck.pk}/share-link/").json()["code"] == "forbidden"
    api.force_authenticate(owner)
    answer = api.post(f"/api/decks/{deck.pk}/share-link/")
    assert answer.status_code == 200 and answer.json()["is_public"] is True
    new = answer.json()["share_url"]
    assert new != old and client.get(old).status_code == 404 and client.get(new).status_code == 200
    deck.refresh_from_db()
    assert deck.version == 1 and new == f"/d/{deck.share_id}/"  # not a change of the deck: the ETag stays
    # Private and public again keeps the link; the deck page's button (a POST with its CSRF token) renews it.
    deck_services.deck_update(deck, is_public=False)
    deck_services.deck_update(deck, is_public=True)
    assert client.get(new).status_code == 200
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(owner)
    page = browser.get(f"/decks/{deck.pk}/").content.decode()
    assert 'id="new-share-link"' in page
    assert browser.post(f"/decks/{deck.pk}/share-link/").status_code == 403  # no CSRF token: refused
    token = browser.cookies["csrftoken"].value
    done = browser.post(f"/decks/{deck.pk}/share-link/", {"csrfmiddlewaretoken": token})
    assert done.status_code == 302 and done["Location"] == f"/decks/{deck.pk}/"
    assert client.get(new).status_code == 404
    deck.refresh_from_db()
    assert client.get(f"/d/{deck.share_id}/").status_code == 200
    browser.force_login(other)  # someone else's deck: not found
    assert browser.post(f"/decks/{deck.pk}/share-link/", {"csrfmiddlewaretoken": token}).status_code == 404


def test_private_decks_never_show_through_any_history_page(client, decks, other):
    secret = decks["secret"]
    urls = [
        f"/decks/{secret.pk}/history/",
        f"/decks/{secret.pk}/diff/?from=1&to=1",
        f"/decks/{secret.pk}/delete/",
        f"/decks/compare/?a={secret.pk}&b={decks['vader'].pk}",
    ]
    for who in (None, other):
        if who is not None:
            client.force_login(who)
        for url in urls:
            assert client.get(url).status_code == 404, (who, url)
        for url in ("restore", "delete", "duplicate", "active"):
            response = client.post(f"/decks/{secret.pk}/{url}/", {"number": 1, "version": 1, "active": "1"})
            assert response.status_code in (302, 404), (who, url)
            assert response.status_code == 404 or "/accounts/login/" in response["Location"]
        public = client.get("/decks/public/?q=Secret").content.decode()
        assert "Secret Vader" not in public
    secret.refresh_from_db()
    assert secret.version == 1 and not secret.is_active and Deck.objects.filter(pk=secret.pk).exists()
    assert Deck.objects.filter(name__contains="Secret").count() == 1  # never duplicated


# ---- the pages ----


def test_history_diff_and_restore_pages(client, owner):
    deck = make(owner, "EBO", ("1_168", 2), public=False)
    deck_services.deck_update(deck, entries=entries(("1_169", 3)), notes="new notes")
    client.force_login(owner)
    history = client.get(f"/decks/{deck.pk}/history/").content.decode()
    assert 'data-version="2"' in history and 'data-version="1"' in history and "Restore" in history
    diff = client.get(f"/decks/{deck.pk}/diff/?from=1&to=2").content.decode()
    assert 'data-code="1_169"' in diff and "+3" in diff and 'data-field="notes"' in diff
    assert 'id="legality-change"' in diff
    missing = client.get(f"/decks/{deck.pk}/diff/?from=1&to=5")
    assert missing.status_code == 404 and 'id="diff-error"' in missing.content.decode()
    stale = client.post(f"/decks/{deck.pk}/restore/", {"number": 1, "version": 1})
    assert stale.status_code == 302 and Deck.objects.get(pk=deck.pk).version == 2
    done = client.post(f"/decks/{deck.pk}/restore/", {"number": 1, "version": 2})
    assert done.status_code == 302 and done["Location"] == f"/decks/{deck.pk}/"
    deck.refresh_from_db()
    assert deck.version == 3 and [(c.code, c.count) for c in deck.cards.all()] == [("1_168", 2)]
    assert DeckVersion.objects.get(deck=deck, number=3).note == "restored version 1"
    assert client.get(f"/decks/{deck.pk}/restore/").status_code == 405  # a change is a POST


def test_delete_asks_first_and_duplicate_and_active_work_from_the_deck_page(client, owner, other, decks):
    deck = decks["vader"]
    client.force_login(owner)
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    for control in ("Duplicate", "Delete…", "Mark active", "History"):
        assert control in page, control
    confirm = client.get(f"/decks/{deck.pk}/delete/")
    assert confirm.status_code == 200 and "Delete the deck" in confirm.content.decode()
    assert Deck.objects.filter(pk=deck.pk).exists()  # asking deletes nothing
    client.post(f"/decks/{deck.pk}/active/", {"active": "1"})
    deck.refresh_from_db()
    assert deck.is_active and deck.version == 1  # not a version: the deck's content is unchanged
    assert "Active (built from my collection)" in client.get(f"/decks/{deck.pk}/").content.decode()
    stale = client.post(f"/decks/{deck.pk}/delete/", {"version": 9})
    assert stale.status_code == 302 and Deck.objects.filter(pk=deck.pk).exists()
    gone = client.post(f"/decks/{deck.pk}/delete/", {"version": 1})
    assert gone.status_code == 302 and not Deck.objects.filter(pk=deck.pk).exists()

    client.force_login(other)
    tarkin = decks["tarkin"]
    assert client.post(f"/decks/{tarkin.pk}/active/", {"active": "1"}).status_code == 302
    luke = decks["light"]  # someone else's public deck: a visitor may copy it, not change it
    assert client.post(f"/decks/{decks['vader'].pk}/duplicate/").status_code == 404  # deleted
    client.force_login(owner)
    assert client.post(f"/decks/{luke.pk}/active/", {"active": "1"}).status_code == 404
    assert client.post(f"/decks/{luke.pk}/delete/", {"version": 1}).status_code == 404
    copy = client.post(f"/decks/{luke.pk}/duplicate/")
    new = Deck.objects.get(owner=owner, name="Copy of Luke deck")
    assert copy["Location"] == f"/decks/{new.pk}/" and not new.is_public
    assert [(c.code, c.count) for c in new.cards.all()] == [("1_19", 1)]


def test_the_public_deck_page_filters_by_card_names(client, decks):
    page = client.get("/decks/public/", {"game": "swccg", "card": "Darth Vader"}).content.decode()
    assert "Vader beats" in page and "Tarkin control" not in page and "Secret Vader" not in page
    nickname = client.get("/decks/public/", {"game": "swccg", "card": "darth vadr"}).content.decode()
    assert "Vader beats" in nickname  # the fuzzy name matcher
    by_id = client.get("/decks/public/", {"game": "swccg", "card": "1_169"}).content.decode()
    assert "Vader beats" in by_id and "Tarkin control" in by_id
    unknown = client.get("/decks/public/", {"game": "swccg", "card": "Qwxzzy Plth"}).content.decode()
    assert "No SWCCG card named “Qwxzzy Plth”." in unknown and "No public decks match." not in unknown
    no_game = client.get("/decks/public/", {"card": "Darth Vader"}).content.decode()
    # Issue #25: the problem alone, not "No public decks match." beside it.
    assert "Pick a game to search by card." in no_game and "No public decks match." not in no_game
    light = client.get("/decks/public/", {"side": "Light"}).content.decode()
    assert "Luke deck" in light and "Vader beats" not in light
    hostile = client.get("/decks/public/", {"q": "a\x00b", "card": "\x00", "game": "swccg\x00", "page": "²"})
    assert hostile.status_code == 200


def test_the_public_deck_page_says_which_card_a_name_matched(client, decks):
    """Issue #25: "vader" said "No public decks match" without saying it had picked •Vader, not •Darth Vader."""
    page = client.get("/decks/public/", {"game": "swccg", "card": "vader"}).content.decode()
    assert re.search(r'<p class="small matched-card">Card “vader”: [^<]*•Vader[^<]*\.</p>', page)
    if "Vader beats" not in page:
        assert "No public decks use these cards with these filters." in page
    assert "No public decks match." not in page
    by_name = client.get("/decks/public/", {"game": "swccg", "card": "Darth Vader"}).content.decode()
    assert "Card “Darth Vader”: •Darth Vader" in by_name and "Vader beats" in by_name


def test_the_public_deck_page_is_paginated(client, owner):
    for n in range(30):
        Deck.objects.create(owner=owner, name=f"Deck {n:02}", game_id="swccg", is_public=True)
    first = client.get("/decks/public/").content.decode()
    assert first.count("/d/") == 25 and "page 1 of 2" in first
    second = client.get("/decks/public/", {"page": 2}).content.decode()
    assert second.count("/d/") == 5


def test_the_card_page_lists_public_decks_using_it(client, owner, decks):
    page = client.get("/cards/swccg/1_169/").content.decode()
    assert 'id="decks-using"' in page and "Vader beats" in page and "Tarkin control" in page
    assert "Secret Vader" not in client.get("/cards/swccg/1_168/").content.decode()
    for n in range(6):
        make(owner, f"More Tarkin {n}", ("1_169", 1))
    many = client.get("/cards/swccg/1_169/").content.decode()
    assert "All 8 public decks using it" in many and "/decks/public/?game=swccg&amp;card=1_169" in many


def test_the_compare_page_shows_both_decks(client, owner, decks):
    client.force_login(owner)
    page = client.get("/decks/compare/", {"a": decks["vader"].pk, "b": decks["tarkin"].pk})
    html = page.content.decode()
    assert page.status_code == 200 and 'class="only-a"' in html and 'data-card="1_168"' in html
    assert 'data-card="1_169"' in html  # in both
    tcg = deck_services.deck_create(owner=owner, name="TCG", game="swtcg")
    mixed = client.get("/decks/compare/", {"a": decks["vader"].pk, "b": tcg.pk})
    assert mixed.status_code == 400 and 'id="compare-error"' in mixed.content.decode()


def test_the_decks_stamp_changes_when_a_deck_goes_private_or_is_deleted(decks):
    """Cached visitor pages (the card page's "decks using this card") are keyed by it (decks_stamp)."""
    from decks.history.services import decks_stamp

    first = decks_stamp()
    assert decks_stamp() == first
    deck_services.deck_update(decks["vader"], is_public=False)
    second = decks_stamp()
    assert second != first
    deck_services.deck_delete(decks["tarkin"])
    assert decks_stamp() not in (first, second)


def test_a_card_page_kept_for_visitors_drops_a_deck_made_private(client, settings, decks):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    vader = decks["vader"]
    assert vader.is_public
    assert f"/d/{vader.share_id}/" in client.get("/cards/swccg/1_168/").content.decode()
    deck_services.deck_update(vader, is_public=False)
    assert f"/d/{vader.share_id}/" not in client.get("/cards/swccg/1_168/").content.decode()
