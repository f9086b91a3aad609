"""GET /api/decks/?changed_since=<ISO 8601> for sync: the user's decks saved after that time, oldest change
first; bad times are a coded 400. Deletion is final (decks are deleted, not marked), so deleted decks are not
listed."""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from decks.deck.services import decks_changed_since
from decks.models import Deck
from tests.decks.helpers import client_for

URL = "/api/decks/"


def deck(owner, name, *, game="swccg", public=False, at=None) -> Deck:
    made = Deck.objects.create(owner=owner, name=name, game_id=game, is_public=public)
    if at is not None:  # auto_now: only a queryset update sets another time
        Deck.objects.filter(pk=made.pk).update(updated_at=at)
        made.refresh_from_db()
    return made


def names(response) -> list[str]:
    assert response.status_code == 200, response.content[:300]
    return [d["name"] for d in response.json()]


T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def test_only_your_decks_changed_after_the_time_oldest_first(owner, other):
    deck(owner, "old", at=T0 - timedelta(days=1))
    deck(owner, "later", at=T0 + timedelta(hours=2))
    deck(owner, "sooner", at=T0 + timedelta(hours=1))
    deck(owner, "tcg", game="swtcg", at=T0 + timedelta(hours=3))
    deck(other, "theirs, public", public=True, at=T0 + timedelta(hours=1))
    api = client_for(owner)
    assert names(api.get(URL, {"changed_since": "2026-01-01T12:00:00Z"})) == ["sooner", "later", "tcg"]
    assert names(api.get(URL, {"changed_since": "2026-01-01T12:00:00Z", "game": "swtcg"})) == ["tcg"]
    # The same instant with an offset, and without one (UTC).
    assert names(api.get(URL, {"changed_since": "2026-01-01T14:30:00+02:00"})) == ["sooner", "later", "tcg"]
    assert names(api.get(URL, {"changed_since": "2026-01-01T13:00:00"})) == ["later", "tcg"]
    assert names(api.get(URL, {"changed_since": "2026-01-01"})) == ["sooner", "later", "tcg"]


def test_a_save_lists_the_deck_again_and_its_time_continues_the_sync(owner):
    made = deck(owner, "EBO", at=T0)
    api = client_for(owner)
    listed = api.get(URL, {"changed_since": "2026-01-01T00:00:00Z"}).json()
    assert [d["id"] for d in listed] == [made.pk]
    since = listed[-1]["updated_at"]  # what a client keeps: the server's time, to the microsecond
    assert names(api.get(URL, {"changed_since": since})) == []
    made.name = "EBO 2"
    made.save()
    assert names(api.get(URL, {"changed_since": since})) == ["EBO 2"]
    made.delete()  # deletion is final: nothing reports it
    assert names(api.get(URL, {"changed_since": since})) == []


def test_a_full_answer_keeps_every_deck_of_its_last_time(owner):
    for i in range(3):
        deck(owner, f"a{i}", at=T0 + timedelta(minutes=i))
    for i in range(3):
        deck(owner, f"tie{i}", at=T0 + timedelta(hours=1))
    found = decks_changed_since(Deck.objects.filter(owner=owner), T0, limit=4)
    # a1, a2 and every deck at the 4th deck's time: a client going on from that time misses none.
    assert [d.name for d in found] == ["a1", "a2", "tie0", "tie1", "tie2"]
    assert [d.name for d in decks_changed_since(Deck.objects.all(), T0, limit=10)] == [
        "a1",
        "a2",
        "tie0",
        "tie1",
        "tie2",
    ]


def test_changed_since_needs_login(db):
    response = client_for(None).get(URL, {"changed_since": "2026-01-01T00:00:00Z"})
    assert response.status_code == 401 and response.json()["code"] == "not-authenticated"


@pytest.mark.parametrize(
    "value",
    [
        "",
        "yesterday",
        "2026-13-01T00:00:00Z",
        "2026-02-30T00:00:00Z",
        "2026-01-01T25:00:00Z",
        "99999-01-01T00:00:00Z",
        "+99999-01-01T00:00:00Z",
        "9999-12-31T23:59:59-23:59",  # past year 9999 once in UTC
        "0001-01-01T00:00:00+23:59",  # before year 1 once in UTC
        "2026-01-01T00:00:00+99:00",
        "2026-01-01T00:00:00Z\x00",
        "\x00",
        "2026-01-01T00:00:00" + "0" * 10_000,
        "9" * 10_000,
        "２０２６-01-01",  # full-width digits
        "2026-01-01T00:00:00\u00a0Z",
        "\ud800",
    ],
)
def test_bad_times_are_a_coded_400(owner, value):
    response = client_for(owner).get(URL, {"changed_since": value.encode("utf-8", "surrogatepass")})
    assert response.status_code == 400, value
    body = response.json()
    assert body["code"] == "bad-parameter" and "changed_since" in body["message"]


def test_a_lone_surrogate_in_the_raw_query_is_a_coded_400(owner):
    response = client_for(owner).get(URL + "?changed_since=%ED%A0%80")
    assert response.status_code == 400 and response.json()["code"] == "bad-parameter"


def test_without_changed_since_the_list_is_as_before(owner, other):
    deck(owner, "mine")
    deck(other, "theirs, public", public=True)
    deck(other, "theirs, private")
    assert sorted(names(client_for(owner).get(URL))) == ["mine", "theirs, public"]
    assert names(client_for(None).get(URL)) == ["theirs, public"]


def test_a_time_in_the_future_lists_nothing(owner):
    deck(owner, "EBO")
    future = (timezone.now() + timedelta(days=1)).isoformat()
    assert names(client_for(owner).get(URL, {"changed_since": future})) == []
