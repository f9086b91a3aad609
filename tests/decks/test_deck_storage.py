"""How much of decks one account keeps (decks/deck/storage.py): each bound at its exact value — the bound itself
accepted, one past it refused with its code, nothing saved — over the API and as a form error on the pages."""

import pytest

from decks.deck import services as deck_services
from decks.models import Deck, DeckVersion
from tests.decks.helpers import client_for

pytestmark = pytest.mark.usefixtures("catalogue")

# The bounds as docs/api.md states them (decks/deck/storage.py holds them).
NOTES_BYTES = 64 * 1024
DECKS = 500
VERSIONS = 100
USER_BYTES = 64 * 1024 * 1024

DECK = {"name": "EBO", "game": "swccg", "format": "open", "cards": [{"id": "1_168", "count": 2}]}
FORM = {"name": "Page deck", "format": "open", "decklist": "2x Darth Vader", "action": "save", "side": "Dark"}


def test_notes_hold_64_kib_of_utf8_and_one_byte_more_is_refused(owner):
    api = client_for(owner)
    full = "é" * (NOTES_BYTES // 2)  # two bytes each: exactly the bound, half as many characters
    created = api.post("/api/decks/", {**DECK, "notes": full}, format="json")
    assert created.status_code == 201 and created.json()["notes"] == full
    url = created.json()["url"]
    refused = api.patch(url, {"notes": full + "x", "name": "Renamed"}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "notes-too-long"
    assert refused.json()["limit"] == 65_536 and "65,537 bytes" in refused.json()["message"]
    again = api.post("/api/decks/", {**DECK, "notes": "x" * 65_537}, format="json")
    assert again.status_code == 400 and again.json()["code"] == "notes-too-long"
    deck = Deck.objects.get(owner=owner)
    assert deck.name == "EBO" and deck.version == 1 and DeckVersion.objects.filter(deck=deck).count() == 1


def test_the_builder_page_says_why_long_notes_are_not_saved(owner, client):
    client.force_login(owner)
    refused = client.post("/decks/new/", {**FORM, "notes": "x" * 65_537})
    assert refused.status_code == 200 and "65,536" in refused.content.decode()
    assert not Deck.objects.filter(owner=owner).exists()
    assert client.post("/decks/new/", {**FORM, "notes": "x" * 65_536}).status_code == 302


def _fill_decks(owner, count: int) -> None:
    """`count` bare decks of `owner`, written at once (what they hold does not matter to the count)."""
    Deck.objects.bulk_create(Deck(owner=owner, name=f"Deck {n}", game_id="swccg") for n in range(count))


def test_a_user_keeps_500_decks_and_the_501st_is_refused(owner, other, client):
    _fill_decks(owner, DECKS - 1)
    api = client_for(owner)
    assert api.post("/api/decks/", DECK, format="json").status_code == 201  # the 500th
    refused = api.post("/api/decks/", DECK, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "too-many-decks"
    assert refused.json()["limit"] == 500
    source = deck_services.deck_create(owner=other, name="Theirs", game="swccg", is_public=True)
    copy = api.post(f"/api/decks/{source.pk}/duplicate/", {}, format="json")
    assert copy.status_code == 409 and copy.json()["code"] == "too-many-decks"
    client.force_login(owner)
    page = client.post("/decks/new/", FORM)
    assert page.status_code == 200 and "You keep 500 decks" in page.content.decode()
    assert Deck.objects.filter(owner=owner).count() == 500


def test_a_deck_keeps_its_newest_100_versions(owner):
    deck = deck_services.deck_create(owner=owner, name="EBO", game="swccg")
    DeckVersion.objects.bulk_create(DeckVersion(deck=deck, number=n, name="EBO") for n in range(2, VERSIONS))
    Deck.objects.filter(pk=deck.pk).update(version=VERSIONS - 1)
    deck_services.deck_update(deck, notes="the 100th")
    numbers = list(DeckVersion.objects.filter(deck=deck).values_list("number", flat=True).order_by("number"))
    assert numbers == list(range(1, 101))  # the bound itself: every version kept
    deck_services.deck_update(deck, notes="the 101st")
    numbers = list(DeckVersion.objects.filter(deck=deck).values_list("number", flat=True).order_by("number"))
    assert numbers == list(range(2, 102))  # one past it: the oldest went, the save did not stop


def test_a_users_kept_versions_hold_64_mib_and_a_save_past_it_changes_nothing(owner):
    api = client_for(owner)
    deck = api.post("/api/decks/", DECK, format="json").json()
    first = DeckVersion.objects.get(deck_id=deck["id"]).size
    notes = "x" * 1000
    size = first + len(notes)  # the next save's version: the same deck with these notes
    filler = Deck.objects.create(owner=owner, name="Filler", game_id="swccg")
    big = DeckVersion.objects.create(deck=filler, number=1, name="Filler", size=0)

    def used_before_save(total: int) -> None:
        DeckVersion.objects.filter(pk=big.pk).update(size=total - first)

    used_before_save(USER_BYTES - size + 1)  # one byte past the bound once saved
    refused = api.patch(deck["url"], {"notes": notes}, format="json")
    assert refused.status_code == 409 and refused.json()["code"] == "deck-storage-full", refused.content
    assert refused.json()["limit_bytes"] == 64 * 1024 * 1024
    assert refused.json()["used_bytes"] == USER_BYTES - size + 1
    unchanged = Deck.objects.get(pk=deck["id"])
    assert unchanged.version == 1 and unchanged.notes == ""
    assert not DeckVersion.objects.filter(deck_id=deck["id"], number=2).exists()
    used_before_save(USER_BYTES - size)  # exactly the bound once saved
    saved = api.patch(deck["url"], {"notes": notes}, format="json")
    assert saved.status_code == 200 and saved.json()["version"] == 2
    assert DeckVersion.objects.get(deck_id=deck["id"], number=2).size == size
    total = sum(DeckVersion.objects.filter(deck__owner=owner).values_list("size", flat=True))
    assert total == USER_BYTES
