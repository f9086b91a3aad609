"""Deck versions: only the fields a change sends are written, every answer carries the version as its ETag, and
a change of the cards must name (If-Match) the version it replaces, so no client overwrites a change it has not
seen (decks/deck/versions.py). The builder pages post the version they were drawn from.

The concurrency itself is tested for real on PostgreSQL: requests in threads, each with its own database
connection, on rows committed outside the test's transaction (so the other connections see them) and deleted
at the end. No test here flushes the database: the session's imported catalogue stays for the tests after."""

import json
import re
import threading
import uuid

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections
from rest_framework.test import APIClient

from decks.deck import services as deck_services
from decks.models import Deck

pytestmark = pytest.mark.usefixtures("catalogue")

postgres_only = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="row locks and concurrent connections are PostgreSQL's; SQLite's writers queue on one file lock",
)


@pytest.fixture
def owner(db):
    return User.objects.create_user("han", password="falcon-pass-123")


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def create(client, **body):
    body = {"name": "EBO", "game": "swccg", "format": "open", "cards": [{"id": "1_168", "count": 2}], **body}
    return client.post("/api/decks/", body, format="json")


def cards_of(deck_id: int) -> dict:
    return {(dc.code, dc.zone): dc.count for dc in Deck.objects.get(pk=deck_id).cards.all()}


# ---- deterministic, on both databases ----


def test_answers_carry_the_version_as_their_etag(owner):
    client = client_for(owner)
    created = create(client)
    assert created.status_code == 201 and created["ETag"] == '"1"' and created.json()["version"] == 1
    url = created.json()["url"]
    assert client.get(url)["ETag"] == '"1"'
    renamed = client.patch(url, {"name": "EBO 2"}, format="json")  # plain fields need no If-Match
    assert renamed.status_code == 200 and renamed["ETag"] == '"2"' and renamed.json()["version"] == 2
    unchanged = client.patch(url, {}, format="json")  # nothing changed: other clients' ETags stay valid
    assert unchanged["ETag"] == '"2"' and client.get(url)["ETag"] == '"2"'


def test_stale_or_missing_if_match_is_refused(owner):
    client = client_for(owner)
    deck = create(client).json()
    url, before = deck["url"], cards_of(deck["id"])
    client.patch(url, {"notes": "someone else's change"}, format="json")  # version 2
    new_cards = {"cards": [{"id": "1_169", "count": 3}]}

    missing = client.patch(url, new_cards, format="json")
    assert missing.status_code == 428 and missing.json()["code"] == "precondition-required"
    assert "If-Match header with the deck's ETag as you read it" in missing.json()["message"]
    assert client.patch(url, {"decklist": "1_168,1_168|200_95"}, format="json").status_code == 428
    stale = client.patch(url, new_cards, format="json", HTTP_IF_MATCH='"1"')
    assert stale.status_code == 412 and stale.json()["code"] == "version-mismatch"
    assert stale.json()["version"] == 2 and "now at 2" in stale.json()["message"]
    assert client.put(url, new_cards, format="json", HTTP_IF_MATCH='"1"').status_code == 412
    for bad in ('W/"2"', "two", '"2", "3"', '"' + "9" * 5000 + '"', ""):
        refused = client.patch(url, new_cards, format="json", HTTP_IF_MATCH=bad)
        assert refused.status_code == 412 and refused.json()["code"] == "precondition-failed", bad
    assert cards_of(deck["id"]) == before and client.get(url).json()["version"] == 2  # nothing written

    fresh = client.patch(url, new_cards, format="json", HTTP_IF_MATCH='"2"')
    assert (
        fresh.status_code == 200 and fresh["ETag"] == '"3"' and cards_of(deck["id"]) == {("1_169", "deck"): 3}
    )
    assert (
        client.patch(url, {"cards": []}, format="json", HTTP_IF_MATCH="3").status_code == 200
    )  # bare number
    anyway = client.patch(url, new_cards, format="json", HTTP_IF_MATCH="*")  # "whatever it holds now"
    assert anyway.status_code == 200 and anyway["ETag"] == '"5"'
    stale_name = client.patch(url, {"name": "Mine"}, format="json", HTTP_IF_MATCH='"4"')
    assert stale_name.status_code == 412 and client.get(url).json()["name"] == "EBO"

    assert client.delete(url, HTTP_IF_MATCH='"4"').status_code == 412 and Deck.objects.filter(pk=deck["id"])
    assert client.delete(url, HTTP_IF_MATCH='"5"').status_code == 204
    assert not Deck.objects.filter(pk=deck["id"]).exists()


def test_a_setup_change_needs_if_match(owner, swdbg_catalogue):
    from tests.decks.test_setup_api import setup

    client = client_for(owner)
    deck = client.post(
        "/api/decks/",
        {"name": "Hoth", "game": "swdbg", "format": "beginner", "setup": setup()},
        format="json",
    ).json()
    response = client.patch(deck["url"], {"setup": setup(bases_to_win=4)}, format="json")
    assert response.status_code == 428 and response.json()["code"] == "precondition-required"
    response = client.patch(deck["url"], {"setup": setup(bases_to_win=4)}, format="json", HTTP_IF_MATCH='"1"')
    assert response.status_code == 200 and response.json()["setup"]["bases_to_win"] == 4


def test_a_change_writes_only_its_own_fields(owner):
    """The lost update, interleaved by hand: a request holding the deck as it was before another request changed
    the notes saves a new name; the notes stay (before, `save()` wrote every field back)."""
    deck = deck_services.deck_create(owner=owner, name="EBO", game="swccg", entries=[])
    as_read = Deck.objects.get(pk=deck.pk)
    deck_services.deck_update(Deck.objects.get(pk=deck.pk), notes="drawn from the Yavin list")
    saved = deck_services.deck_update(as_read, name="EBO 2")
    deck.refresh_from_db()
    assert (deck.name, deck.notes, deck.version) == ("EBO 2", "drawn from the Yavin list", 3)
    assert saved.notes == "drawn from the Yavin list"  # the answer shows the deck as saved, not as read


# ---- the builder pages post the version they were drawn from ----


def hidden_version(html: str) -> str:
    return re.search(r'<input type="hidden" name="version" value="(\d*)">', html).group(1)


def test_the_builder_does_not_overwrite_a_change_made_since_it_was_opened(client, owner):
    client.force_login(owner)
    deck = create(client_for(owner)).json()
    opened = hidden_version(client.get(f"/decks/{deck['id']}/edit/").content.decode())
    assert opened == "1"
    api = client_for(owner)
    api.patch(deck["url"], {"cards": [{"id": "1_169", "count": 1}]}, format="json", HTTP_IF_MATCH='"1"')
    table = json.dumps([{"id": "1_168", "count": 3, "zone": "deck"}])  # as the builder's script posts it
    form = {"name": "EBO", "format": "open", "cards_json": table, "action": "save", "version": opened}
    response = client.post(f"/decks/{deck['id']}/edit/", form)
    html = response.content.decode()
    assert response.status_code == 200 and "Not saved: this deck was changed elsewhere" in html
    assert cards_of(deck["id"]) == {("1_169", "deck"): 1}  # the other change is kept
    assert hidden_version(html) == "2" and '"count": 3' in html  # the page keeps the user's cards
    response = client.post(f"/decks/{deck['id']}/edit/", {**form, "version": hidden_version(html)})
    assert response.status_code == 302 and cards_of(deck["id"]) == {("1_168", "deck"): 3}
    response = client.post(f"/decks/{deck['id']}/edit/", {k: v for k, v in form.items() if k != "version"})
    assert "Not saved" in response.content.decode()  # a form without the version saves nothing


def test_the_setup_builder_does_not_overwrite_a_change_made_since_it_was_opened(
    client, owner, swdbg_catalogue
):
    from tests.decks.test_setup_api import setup
    from tests.decks.test_setup_builder import form

    client.force_login(owner)
    api = client_for(owner)
    deck = api.post(
        "/api/decks/",
        {"name": "Hoth", "game": "swdbg", "format": "beginner", "setup": setup()},
        format="json",
    ).json()
    page = f"/decks/{deck['id']}/setup/"
    opened = hidden_version(client.get(page).content.decode())
    api.patch(deck["url"], {"notes": "bring the Rebel bases"}, format="json")
    response = client.post(page, form(action="save", name="Hoth 2", version=opened))
    html = response.content.decode()
    assert response.status_code == 200 and "Not saved: this setup was changed elsewhere" in html
    assert Deck.objects.get(pk=deck["id"]).name == "Hoth"
    response = client.post(page, form(action="save", name="Hoth 2", version=hidden_version(html)))
    assert response.status_code == 302 and Deck.objects.get(pk=deck["id"]).name == "Hoth 2"


# ---- for real: concurrent requests on PostgreSQL ----


def in_thread(function):
    """Run `function` on another thread, so on its own connection, in autocommit: what it writes is committed."""
    result = {}

    def run():
        try:
            result["value"] = function()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            result["error"] = exc
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in result:
        raise result["error"]
    return result.get("value")


def together(*requests):
    """Start the requests at the same moment, each on its own thread and connection; their responses in order."""
    barrier = threading.Barrier(len(requests))
    results: list = [None] * len(requests)

    def run(i, request):
        try:
            barrier.wait()
            results[i] = request()
        except BaseException as exc:  # noqa: BLE001 - a 500 raises in the test client: handed back
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, r)) for i, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results


@pytest.fixture
def committed_deck(db):
    """A user and their deck, committed (visible to every connection); deleted after the test."""

    def make():
        user = User.objects.create_user(f"racer-{uuid.uuid4().hex[:12]}")
        deck = deck_services.deck_create(
            owner=user, name="Race", game="swccg", entries=[deck_services.Entry("1_168", 2)]
        )
        return user, deck.pk

    user, deck_id = in_thread(make)
    yield user, deck_id
    in_thread(lambda: User.objects.filter(pk=user.pk).delete())  # the deck and its cards go with the user


@postgres_only
def test_concurrent_changes_of_different_fields_both_survive(committed_deck):
    user, deck_id = committed_deck
    url = f"/api/decks/{deck_id}/"
    for trial in range(20):
        name, notes = f"Race {trial}", f"notes of trial {trial}"
        answers = together(
            lambda n=name: client_for(user).patch(url, {"name": n}, format="json"),
            lambda n=notes: client_for(user).patch(url, {"notes": n}, format="json"),
        )
        assert [a.status_code for a in answers] == [200, 200]
        deck = Deck.objects.get(pk=deck_id)
        assert (deck.name, deck.notes) == (name, notes), f"trial {trial} lost a change"
        assert deck.version == 1 + 2 * (trial + 1)  # each change raised it once


@postgres_only
def test_concurrent_card_changes_from_one_version_one_wins_the_other_is_refused(committed_deck):
    user, deck_id = committed_deck
    url = f"/api/decks/{deck_id}/"
    lists = [[{"id": "1_169", "count": 3}], [{"id": "1_168", "count": 1}, {"id": "7_296", "count": 2}]]
    for trial in range(10):
        etag = client_for(user).get(url)["ETag"]
        answers = together(
            *(
                lambda cards=cards, etag=etag: client_for(user).patch(
                    url, {"cards": cards}, format="json", HTTP_IF_MATCH=etag
                )
                for cards in lists
            )
        )
        codes = sorted(a.status_code for a in answers)
        assert codes == [200, 412], f"trial {trial}: {codes}"
        loser = next(a for a in answers if a.status_code == 412)
        assert loser.json()["code"] == "version-mismatch"
        winner = lists[[a.status_code for a in answers].index(200)]
        assert cards_of(deck_id) == {(c["id"], "deck"): c["count"] for c in winner}  # one list, never a mix
