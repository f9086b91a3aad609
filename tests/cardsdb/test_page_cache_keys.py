"""What a kept visitor page's key costs: only a page that lists public decks (the card page) reads the public
decks' state; a search page kept for visitors is answered without touching the decks."""

from django.db import connection
from django.test.utils import CaptureQueriesContext


def deck_queries(client, url) -> list[str]:
    with CaptureQueriesContext(connection) as seen:
        assert client.get(url).status_code == 200
    return [q["sql"] for q in seen.captured_queries if "decks_deck" in q["sql"]]


def test_a_kept_search_page_does_not_read_the_decks(client, catalogue, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    client.get("/", {"q": "vader", "game": "swccg"})
    assert deck_queries(client, "/?q=vader&game=swccg") == []


def test_a_kept_card_page_is_keyed_by_the_public_decks(client, catalogue, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    client.get("/cards/swccg/1_168/")
    queries = deck_queries(client, "/cards/swccg/1_168/")
    assert len(queries) == 1 and "is_public" in queries[0]
