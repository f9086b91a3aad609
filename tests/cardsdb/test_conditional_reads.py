"""Conditional reads (cardsdb/api/conditional.py): ETag and Last-Modified on the catalogue's, the formats' and the
public decks' reads, 304 to a matching If-None-Match or If-Modified-Since, and a new ETag after an import or a
deck save. Answers that depend on the user (a search of their collection) carry none."""

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.http import http_date
from rest_framework.test import APIClient

from cardsdb.models import Card, ImportRun
from decks.models import CollectionItem, Deck

pytestmark = pytest.mark.usefixtures("catalogue")

READS = [
    "/api/cards/?game=swccg&q=vader",
    "/api/cards/?q=vader",
    "/api/cards/swccg/1_168/",
    "/api/cards/named?game=swccg&fuzzy=vader",
    "/api/sets/?game=swccg",
    "/api/sets/",
    "/api/sets/swccg/1/",
    "/api/formats/?game=swccg",
    "/api/formats/swccg/classic/",
    "/api/decks/public/?game=swccg",
    "/api/decks/using/swccg/1_168/",
]


def client(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def first(api, url, **headers):
    response = api.get(url, **headers)
    assert response.status_code == 200, response.content[:300]
    return response


def import_happened(game="swccg"):
    """What an import records (cardsdb/importers/sync.py): a new catalogue version."""
    ImportRun.objects.create(game_id=game, source="test")


@pytest.mark.parametrize("url", READS)
def test_a_read_has_validators_and_answers_304_to_them(url):
    api = client()
    response = first(api, url)
    etag, last_modified = response["ETag"], response["Last-Modified"]
    assert etag.startswith('W/"') and len(etag) > 20
    assert "no-cache" in response["Cache-Control"]
    again = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag and again["Last-Modified"] == last_modified
    assert api.get(url, HTTP_IF_MODIFIED_SINCE=last_modified).status_code == 304
    assert api.get(url, HTTP_IF_NONE_MATCH='W/"something-else"').status_code == 200
    assert api.get(url, HTTP_IF_NONE_MATCH=f'"x", {etag}').status_code == 304  # one of a list


def test_the_304_is_answered_before_the_work():
    api = client()
    etag = first(api, "/api/cards/?game=swccg&q=vader")["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert api.get("/api/cards/?game=swccg&q=vader", HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert len(queries) == 1, [q["sql"] for q in queries]  # the catalogue version, no card


@pytest.mark.parametrize(
    "url",
    [
        "/api/cards/?game=swccg&q=vader",
        "/api/cards/?q=vader",
        "/api/cards/swccg/1_168/",
        "/api/sets/",
        "/api/formats/?game=swccg",
        "/api/decks/public/?game=swccg",
    ],
)
def test_an_import_changes_the_etag(url):
    api = client()
    response = first(api, url)
    import_happened()
    after = first(api, url, HTTP_IF_NONE_MATCH=response["ETag"])  # 200: the old ETag no longer holds
    assert after["ETag"] != response["ETag"]


def test_an_import_of_another_game_leaves_a_games_etag():
    api = client()
    etag = first(api, "/api/cards/swccg/1_168/")["ETag"]
    import_happened("swtcg")
    assert api.get("/api/cards/swccg/1_168/", HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_if_modified_since_before_the_import_is_not_304():
    api = client()
    ImportRun.objects.filter(game_id="swccg").update(finished_at="2020-01-01T00:00:00Z")
    response = first(api, "/api/cards/swccg/1_168/")
    assert response["Last-Modified"] == "Wed, 01 Jan 2020 00:00:00 GMT"
    import_happened()
    assert api.get("/api/cards/swccg/1_168/", HTTP_IF_MODIFIED_SINCE=http_date(1577836800)).status_code == 200


def test_etags_differ_by_query_language_and_media_type():
    api = client()
    etags = {
        first(api, "/api/cards/?game=swccg&q=vader")["ETag"],
        first(api, "/api/cards/?game=swccg&q=luke")["ETag"],
        first(api, "/api/cards/?game=swccg&q=vader&page_size=10")["ETag"],
        first(api, "/api/cards/?game=swccg&q=vader", HTTP_ACCEPT_LANGUAGE="it")["ETag"],
        first(api, "/api/cards/?game=swccg&q=vader", HTTP_ACCEPT_LANGUAGE="pl")["ETag"],
        first(api, "/api/cards/?game=swccg&q=vader", HTTP_ACCEPT="text/html")["ETag"],
    }
    assert len(etags) == 6
    italian = first(api, "/api/cards/swccg/1_168/", HTTP_ACCEPT_LANGUAGE="it")
    refused = api.get(
        "/api/cards/swccg/1_168/", HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=italian["ETag"]
    )
    assert refused.status_code == 200
    assert "Accept" in italian["Vary"] and "Accept-Language" in italian["Vary"]


def test_a_search_of_the_collection_is_never_validated():
    """is:owned answers differ per user and change with their collection, not the catalogue: no ETag, so no
    user's 304 can stand for another's answer."""
    han, lando = User.objects.create(username="han"), User.objects.create(username="lando")
    CollectionItem.objects.create(owner=han, card=Card.objects.get(game_id="swccg", code="1_168"), quantity=1)
    url = "/api/cards/?game=swccg&q=is:owned"
    mine = first(client(han), url)
    assert "ETag" not in mine and "Last-Modified" not in mine and mine.json()["count"] == 1
    theirs = client(lando).get(url, HTTP_IF_NONE_MATCH="*", HTTP_IF_MODIFIED_SINCE=http_date(4102444800))
    assert theirs.status_code == 200 and theirs.json()["count"] == 0
    assert "ETag" not in first(client(han), "/api/cards/?game=swccg&q=owned>=1")


def test_a_logged_in_read_is_private():
    han = User.objects.create(username="han")
    response = first(client(han), "/api/cards/swccg/1_168/")
    assert "private" in response["Cache-Control"] and "ETag" in response
    assert "private" not in first(client(), "/api/cards/swccg/1_168/")["Cache-Control"]


@pytest.mark.parametrize(
    ("url", "status", "code"),
    [
        ("/api/cards/swccg/9_999/", 404, "card-not-found"),
        ("/api/cards/?game=pazaak", 400, "unknown-game"),
        ("/api/cards/?game=swccg%00", 400, "unknown-game"),
        ("/api/sets/swccg/999/", 404, "set-not-found"),
        ("/api/formats/swccg/nope/", 400, "unknown-format"),
    ],
)
def test_refusals_carry_no_validators_even_with_a_star(url, status, code):
    response = client().get(url, HTTP_IF_NONE_MATCH="*")
    assert response.status_code == status and response.json()["code"] == code
    assert "ETag" not in response


def test_if_match_that_fails_on_a_read_is_a_coded_412():
    response = client().get("/api/cards/swccg/1_168/", HTTP_IF_MATCH='"nope"')
    assert response.status_code == 412 and response.json()["code"] == "precondition-failed"


@pytest.mark.parametrize(
    "header",
    # WSGI gives headers as latin-1: "\xed\xa0\x80" is a lone surrogate's UTF-8 bytes.
    ["\xed\xa0\x80", "W/" * 5000, '"' * 10_000, "*, " * 3000, 'W/"\x00"', "Fri, 31 Dec 99999 23:59:59 GMT"],
)
def test_hostile_validators_are_answered_not_a_crash(header):
    api = client()
    assert api.get("/api/sets/swccg/1/", HTTP_IF_NONE_MATCH=header).status_code in (200, 304)
    assert api.get("/api/sets/swccg/1/", HTTP_IF_MODIFIED_SINCE=header).status_code == 200


def test_a_public_deck_save_changes_the_public_decks_etag():
    han = User.objects.create(username="han")
    deck = Deck.objects.create(owner=han, name="EBO", game_id="swccg", is_public=True)
    api = client()
    urls = ["/api/decks/public/?game=swccg", "/api/decks/public/"]
    etags = [first(api, url)["ETag"] for url in urls]
    assert all(api.get(u, HTTP_IF_NONE_MATCH=e).status_code == 304 for u, e in zip(urls, etags, strict=True))
    deck.name = "EBO 2"
    deck.save()
    renamed = [first(api, url, HTTP_IF_NONE_MATCH=e) for url, e in zip(urls, etags, strict=True)]
    assert renamed[0].json()["results"][0]["name"] == "EBO 2"
    deck.is_public = False
    deck.save()
    hidden = first(api, urls[0], HTTP_IF_NONE_MATCH=renamed[0]["ETag"])
    assert hidden.json()["count"] == 0
    Deck.objects.create(owner=han, name="Private", game_id="swccg")  # a private save: nothing public changed
    assert api.get(urls[0], HTTP_IF_NONE_MATCH=hidden["ETag"]).status_code == 304


def test_a_deleted_public_deck_changes_the_etag():
    han = User.objects.create(username="han")
    old = Deck.objects.create(owner=han, name="Old", game_id="swccg", is_public=True)
    Deck.objects.create(owner=han, name="New", game_id="swccg", is_public=True)
    api = client()
    etag = first(api, "/api/decks/public/")["ETag"]
    old.delete()  # not the newest: the newest change stays, the count does not
    assert first(api, "/api/decks/public/", HTTP_IF_NONE_MATCH=etag).json()["count"] == 1


def test_the_schema_documents_the_304(db):
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path in (
        "/api/cards/",
        "/api/cards/{game}/{code}/",
        "/api/sets/",
        "/api/formats/",
        "/api/decks/public/",
    ):
        assert "304" in schema["paths"][path]["get"]["responses"], path
