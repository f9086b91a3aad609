"""What makes a search answer cheaper without changing it (issue #13): the page and its count read in one query
(cardsdb/api/pagination.py CountingPaginator), each card's list entry kept per catalogue version
(cardsdb/api/card_entries.py), the game and its version read once per request (cardsdb.catalogue_versions.remembered_reads),
and the time budget's transaction without the extra reads when it is the outermost (cardsdb/search/budget.py)."""

import pytest
from django.core.paginator import EmptyPage, PageNotAnInteger, Paginator
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardsdb.api import card_entries
from cardsdb.api.card_entries import list_entries
from cardsdb.api.pagination import CountingPaginator
from cardsdb.api.serializers import CardListSerializer
from cardsdb.models import Card, ImportRun
from cardsdb.search.budget import SearchTimeout, search_budget
from cardsdb.selectors import card_search


def outcome(paginator, number):
    try:
        page = paginator.page(number)
    except (EmptyPage, PageNotAnInteger) as exc:
        return type(exc).__name__
    return [c.pk for c in page], paginator.count, paginator.num_pages, page.has_next(), page.has_previous()


@pytest.mark.parametrize("query", ["vader", "t:character side:dark", "nomatchxyzzy", "", "order:-power"])
def test_the_counting_paginator_gives_django_s_pages_and_counts(catalogue, query):
    for per_page in (1, 7, 50):
        for number in (1, 2, 3, 40, 10_000, 0, -1, "x", "2", 1.5, None):
            ours = outcome(CountingPaginator(card_search(query=query, game="swccg"), per_page), number)
            django = outcome(Paginator(card_search(query=query, game="swccg"), per_page), number)
            assert ours == django, (query, per_page, number)


def test_a_page_and_its_count_take_one_query(catalogue):
    paginator = CountingPaginator(card_search(query="vader", game="swccg"), 10)
    with CaptureQueriesContext(connection) as queries:
        page = paginator.page(2)
        assert paginator.count > 10 and len(page) == 10
    assert len(queries.captured_queries) == 1
    assert "OVER ()" in queries.captured_queries[0]["sql"]


def api_results(client, **params):
    response = client.get("/api/cards/", {"game": "swccg", **params})
    assert response.status_code == 200
    return response.json()


def test_kept_entries_are_the_serializer_s_own(client, catalogue, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    for params in ({"q": "vader"}, {"q": "", "page_size": "500", "page": "2"}, {"q": "t:starship"}):
        for extra in ({}, {"again": "1"}):  # the second answer is not a kept answer, but kept entries
            body = api_results(client, **params, **extra)
            codes = [card["id"] for card in body["results"]]
            cards = Card.objects.select_related("card_set").filter(game_id="swccg", code__in=codes)
            by_code = {c.code: c for c in cards}
            fresh = CardListSerializer([by_code[code] for code in codes], many=True).data
            assert body["results"] == [dict(entry) for entry in fresh]


def test_entries_follow_the_catalogue_version_and_the_setting(client, catalogue, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    first = api_results(client, q="id:1_168")["results"][0]
    Card.objects.filter(game_id="swccg", code="1_168").update(title="Renamed Without An Import")
    # Another URL (no kept answer) still shows the kept entry: only an import changes cards.
    assert api_results(client, q="id:1_168", other="1")["results"][0] == first
    ImportRun.objects.create(game_id="swccg", source="test")
    assert api_results(client, q="id:1_168", other="2")["results"][0]["title"] == "Renamed Without An Import"
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 0  # nothing kept: each answer serialises its cards
    Card.objects.filter(game_id="swccg", code="1_168").update(title="Renamed Again")
    assert api_results(client, q="id:1_168")["results"][0]["title"] == "Renamed Again"


def test_no_entry_is_kept_for_a_game_without_an_import(catalogue, settings, monkeypatch):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    monkeypatch.setattr(card_entries, "catalogue_version", lambda game: None)
    cards = list(Card.objects.filter(game_id="swccg", code="1_168"))
    assert list_entries(cards)[0]["title"] != "Changed"
    Card.objects.filter(game_id="swccg", code="1_168").update(title="Changed")
    assert list_entries(cards)[0]["title"] == "Changed"


def test_a_search_reads_the_game_and_its_version_once(client, catalogue, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    for _ in range(2):  # an answer computed, then the kept one
        with CaptureQueriesContext(connection) as queries:
            api_results(client, q="vader")
        sql = [q["sql"] for q in queries.captured_queries]
        assert sum('FROM "cardsdb_importrun"' in s for s in sql) == 1
        assert not any('FROM "cardsdb_game"' in s for s in sql)  # the import run's game exists


@pytest.mark.django_db(transaction=True)
def test_the_budget_s_own_transaction_ends_its_timeout():
    """Outside any transaction (a request) the budget's transaction is the outermost: its end ends the
    timeout, and a search past it is still stopped."""
    if connection.vendor != "postgresql":
        pytest.skip("statement_timeout is PostgreSQL's")
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('statement_timeout')")
        (before,) = cursor.fetchone()
    with search_budget(10_000):
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_setting('statement_timeout')")
            assert cursor.fetchone() == ("10s",)
    with pytest.raises(SearchTimeout):
        with search_budget(20):
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_sleep(1)")
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('statement_timeout')")
        assert cursor.fetchone() == (before,)
