"""Search answers kept in the cache (cardsdb/search/results_cache.py): the same answer until an import changes
the catalogue version, never a refusal kept, never a search of every game kept."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardsdb.models import Card, ImportRun


def titles(client, **params):
    response = client.get("/api/cards/", {"game": "swccg", **params})
    assert response.status_code == 200
    return [card["title"] for card in response.json()["results"]]


def test_an_answer_is_kept_until_an_import_changes_the_catalogue(client, catalogue, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    first = titles(client, q="id:1_168")
    assert first and "Vader" in first[0]
    Card.objects.filter(game_id="swccg", code="1_168").update(title="Renamed Without An Import")
    assert titles(client, q="id:1_168") == first  # kept: nothing but an import changes cards
    ImportRun.objects.create(game_id="swccg", source="test")
    assert titles(client, q="id:1_168") == ["Renamed Without An Import"]


def test_nothing_is_kept_when_the_setting_is_zero(client, catalogue, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 0
    assert titles(client, q="id:1_168")
    Card.objects.filter(game_id="swccg", code="1_168").update(title="Renamed Without An Import")
    assert titles(client, q="id:1_168") == ["Renamed Without An Import"]


def test_refusals_are_not_kept(client, catalogue, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    for _ in range(2):
        response = client.get("/api/cards/", {"game": "swccg", "q": "name:/(?P<n>a)/"})
        assert response.status_code == 400 and response.json()["code"] == "bad-query"


def test_a_card_page_is_kept_for_visitors_until_an_import(client, catalogue, settings, django_user_model):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    url = "/cards/swccg/1_168/"
    assert "Darth Vader" in client.get(url).content.decode()
    Card.objects.filter(game_id="swccg", code="1_168").update(title="Renamed Without An Import")
    assert "Renamed Without An Import" not in client.get(url).content.decode()  # kept
    # A logged-in user's page carries their name: never kept, never served from what was kept.
    client.force_login(django_user_model.objects.create_user("leia", password="x" * 12))
    page = client.get(url).content.decode()
    assert "Renamed Without An Import" in page and "leia" in page
    client.logout()
    ImportRun.objects.create(game_id="swccg", source="test")
    assert "Renamed Without An Import" in client.get(url).content.decode()


def test_a_search_page_is_kept_but_not_its_refusals(client, catalogue, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    bad = client.get("/", {"q": "name:/(?P<n>a)/", "game": "swccg"})
    assert bad.status_code == 400
    Card.objects.filter(game_id="swccg", code="1_168").update(title="Renamed Without An Import")
    good = client.get("/", {"q": "id:1_168", "game": "swccg"})
    assert good.status_code == 200 and "Renamed Without An Import" in good.content.decode()


def test_a_card_deleted_in_the_admin_changes_the_catalogue_version(admin_client, catalogue):
    from cardsdb.catalogue_versions import catalogue_version

    before = catalogue_version("swccg")
    card = (
        Card.objects.filter(game_id="swccg")
        .filter(deck_cards__isnull=True, earlier_versions__isnull=True)
        .first()
    )
    response = admin_client.post(f"/admin/cardsdb/card/{card.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302 and not Card.objects.filter(pk=card.pk).exists()
    assert catalogue_version("swccg") != before


def test_a_card_answer_is_kept_until_an_import_and_a_404_is_not(client, catalogue, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    url = "/api/cards/swccg/1_168/"
    first = client.get(url)
    assert first.status_code == 200 and "Vader" in first.json()["title"]
    Card.objects.filter(game_id="swccg", code="1_168").update(title="Renamed Without An Import")
    with CaptureQueriesContext(connection) as queries:
        kept = client.get(url)
    assert kept.json() == first.json()
    assert not [q for q in queries.captured_queries if 'FROM "cardsdb_card"' in q["sql"]]  # no card read
    ImportRun.objects.create(game_id="swccg", source="test")
    assert client.get(url).json()["title"] == "Renamed Without An Import"
    for _ in range(2):
        missing = client.get("/api/cards/swccg/no_such_card/")
        assert missing.status_code == 404 and missing.json()["code"] == "card-not-found"
