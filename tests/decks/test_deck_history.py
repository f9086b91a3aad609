"""Deck history (decks/deck/snapshot.py, decks/history/diffs.py, decks/history/services.py, decks/history/api.py): every save keeps a version,
the diff between any two (cards per zone, fields, the legality change in the deck's format), restore under the
If-Match rules, duplicate, and two decks side by side."""

import json

import pytest

from decks.deck import services as deck_services
from decks.deck.snapshot import Snapshot
from decks.history.diffs import compare, diff, legality_change
from decks.models import Deck, DeckVersion
from tests.decks.helpers import as_items, client_for, sample

# ---- the values alone (no database) ----


def test_a_snapshot_adds_up_lines_and_sorts_them():
    snap = Snapshot.of(name="EBO", cards=[("2_1", "deck", 1), ("1_168", "deck", 2), ("2_1", "deck", 2)])
    assert [(c.code, c.zone, c.count) for c in snap.cards] == [("1_168", "deck", 2), ("2_1", "deck", 3)]
    assert Snapshot.from_stored(snap.stored()) == snap and snap.total == 5
    assert snap.ids() == (["1_168", "1_168", "2_1", "2_1", "2_1"], [])


def test_the_diff_counts_copies_per_zone_and_names_changed_fields():
    old = Snapshot.of(
        name="EBO", format_code="open", cards=[("a", "deck", 2), ("b", "deck", 1), ("c", "outside", 1)]
    )
    new = Snapshot.of(
        name="EBO 2", format_code="open", cards=[("a", "deck", 3), ("b", "starting", 1), ("d", "deck", 4)]
    )
    changes = diff(old, new)
    added = {(c.code, c.zone): (c.before, c.after, c.delta) for c in changes.added}
    removed = {(c.code, c.zone): (c.before, c.after, c.delta) for c in changes.removed}
    assert added == {("a", "deck"): (2, 3, 1), ("b", "starting"): (0, 1, 1), ("d", "deck"): (0, 4, 4)}
    assert removed == {("b", "deck"): (1, 0, -1), ("c", "outside"): (1, 0, -1)}
    assert [(f.field, f.before, f.after) for f in changes.fields] == [("name", "EBO", "EBO 2")]
    assert diff(new, new).empty and not changes.empty


def test_the_legality_change_names_codes_that_appeared_and_disappeared():
    legal = {"legal": True, "violations": []}
    illegal = {"legal": False, "violations": [{"code": "deck-size"}, {"code": "banned"}, {"code": "banned"}]}
    change = legality_change("open", legal, illegal)
    assert change.change == "legal→illegal" and change.appeared == ("banned", "deck-size")
    back = legality_change("open", illegal, legal)
    assert (
        back.change == "illegal→legal" and back.disappeared == ("banned", "deck-size") and not back.appeared
    )
    assert legality_change("open", illegal, illegal).change == "still illegal"


def test_compare_splits_cards_into_only_a_only_b_and_both():
    result = compare({"x": 2, "y": 1}, {"y": 3, "z": 1})
    assert result.only_a == (("x", 2),) and result.only_b == (("z", 1),) and result.both == (("y", 1, 3),)


# ---- saved decks ----


def create(client, **body):
    body = {"name": "EBO", "game": "swccg", "format": "open", "cards": [{"id": "1_168", "count": 2}], **body}
    return client.post("/api/decks/", body, format="json")


def versions_of(deck_id: int) -> list[int]:
    return sorted(DeckVersion.objects.filter(deck_id=deck_id).values_list("number", flat=True))


@pytest.mark.usefixtures("catalogue")
def test_every_save_keeps_a_version_with_what_the_deck_held(owner):
    client = client_for(owner)
    deck = create(client).json()
    url = deck["url"]
    assert versions_of(deck["id"]) == [1]
    client.patch(url, {"name": "EBO 2"}, format="json")
    client.patch(url, {"cards": [{"id": "1_169", "count": 3}]}, format="json", HTTP_IF_MATCH='"2"')
    client.patch(url, {}, format="json")  # nothing changed: no version
    client.patch(url, {"cards": [{"id": "1_168"}]}, format="json", HTTP_IF_MATCH='"1"')  # refused: no version
    assert versions_of(deck["id"]) == [1, 2, 3] and Deck.objects.get(pk=deck["id"]).version == 3
    kept = {v.number: v for v in DeckVersion.objects.filter(deck_id=deck["id"])}
    assert kept[1].name == "EBO" and kept[1].cards == [{"code": "1_168", "zone": "deck", "count": 2}]
    assert kept[2].name == "EBO 2" and kept[2].cards == kept[1].cards and kept[2].format_code == "open"
    assert kept[3].cards == [{"code": "1_169", "zone": "deck", "count": 3}]


@pytest.mark.usefixtures("catalogue")
def test_the_builder_page_and_a_setup_deck_keep_versions_too(owner, client, swdbg_catalogue):
    from tests.fuzz.conftest import SETUP

    client.force_login(owner)
    response = client.post(
        "/decks/new/",
        {
            "name": "Page deck",
            "format": "open",
            "decklist": "2x Darth Vader",
            "action": "save",
            "side": "Dark",
        },
    )
    assert response.status_code == 302
    deck = Deck.objects.get(name="Page deck")
    assert versions_of(deck.pk) == [1]
    assert DeckVersion.objects.get(deck=deck).cards == [{"code": "1_168", "zone": "deck", "count": 2}]
    setup = deck_services.deck_create_setup(owner=owner, name="Hoth", setup=SETUP)
    kept = DeckVersion.objects.get(deck=setup)
    assert kept.number == 1 and kept.setup == SETUP and kept.side == "Empire" and kept.cards


@pytest.mark.usefixtures("catalogue")
def test_versions_are_listed_a_page_at_a_time_and_read_one_by_one(owner):
    client = client_for(owner)
    deck = create(client).json()
    for n in range(2, 8):
        client.patch(deck["url"], {"notes": f"note {n}"}, format="json")
    listed = client.get(f"/api/decks/{deck['id']}/versions/", {"page_size": 3}).json()
    assert listed["count"] == 7 and [v["number"] for v in listed["results"]] == [7, 6, 5]
    assert listed["next"] and listed["results"][0]["cards"] == 2
    last = client.get(f"/api/decks/{deck['id']}/versions/", {"page_size": 3, "page": 3}).json()
    assert [v["number"] for v in last["results"]] == [1]
    one = client.get(listed["results"][2]["url"]).json()
    assert (
        one["number"] == 5
        and one["notes"] == "note 5"
        and one["card_list"][0]["title"].endswith("Darth Vader")
    )
    missing = client.get(f"/api/decks/{deck['id']}/versions/99/")
    assert missing.status_code == 404 and missing.json()["code"] == "version-not-found"
    bad = client.get(f"/api/decks/{deck['id']}/versions/", {"page": "x"})
    assert bad.status_code == 400 and bad.json()["code"] == "bad-parameter"


@pytest.mark.usefixtures("catalogue")
def test_the_diff_shows_cards_fields_and_the_legality_change(owner, swccg_dir):
    ebo = sample(swccg_dir)
    client = client_for(owner)
    deck = create(client, cards=as_items(ebo["cards"]), side="Light", format="classic").json()
    assert deck["legality"]["legal"] is True
    url = deck["url"]
    # Version 2: one card less (59 cards) and Darth Vader in a Light deck.
    cards = as_items(ebo["cards"][1:]) + [{"id": "1_168", "count": 1}]
    changed = client.patch(url, {"cards": cards, "name": "EBO bad"}, format="json", HTTP_IF_MATCH="*").json()
    now_codes = sorted({v["code"] for v in changed["legality"]["violations"]})
    assert now_codes  # the change made it illegal

    body = client.get(f"/api/decks/{deck['id']}/diff/", {"from": 1, "to": 2}).json()
    assert body["from"] == 1 and body["to"] == 2
    assert {(c["code"], c["delta"]) for c in body["added"]} == {("1_168", 1)}
    assert body["added"][0]["title"].endswith("Darth Vader")
    first = ebo["cards"][0]
    removed = {c["code"]: c for c in body["removed"]}
    assert list(removed) == [first] and removed[first]["delta"] == -1
    assert removed[first]["to"] == ebo["cards"].count(first) - 1
    assert body["fields"] == [{"field": "name", "from": "EBO", "to": "EBO bad"}]
    legality = body["legality"]
    assert legality["format"] == "classic" and legality["change"] == "legal→illegal"
    assert legality["appeared"] == now_codes and legality["disappeared"] == []
    assert {v["code"] for v in legality["to_violations"]} == set(now_codes)

    back = client.get(f"/api/decks/{deck['id']}/diff/", {"from": 2, "to": 1}).json()
    assert back["legality"]["change"] == "illegal→legal" and back["legality"]["disappeared"] == now_codes
    default = client.get(f"/api/decks/{deck['id']}/diff/").json()  # the latest against the one before
    assert (default["from"], default["to"]) == (1, 2)
    premiere = client.get(f"/api/decks/{deck['id']}/diff/", {"format": "premiere"}).json()
    assert premiere["legality"]["format"] == "premiere"
    unknown = client.get(f"/api/decks/{deck['id']}/diff/", {"format": "nope"})
    assert unknown.status_code == 400 and unknown.json()["code"] == "unknown-format"
    gone = client.get(f"/api/decks/{deck['id']}/diff/", {"from": 1, "to": 9})
    assert gone.status_code == 404 and gone.json()["code"] == "version-not-found"


@pytest.mark.usefixtures("catalogue")
def test_restore_is_a_new_version_under_the_if_match_rules(owner, other):
    client = client_for(owner)
    deck = create(client, notes="first").json()
    url, restore = deck["url"], f"/api/decks/{deck['id']}/restore/"
    client.patch(
        url, {"cards": [{"id": "1_169", "count": 3}], "notes": "second"}, format="json", HTTP_IF_MATCH='"1"'
    )

    missing = client.post(restore, {"version": 1}, format="json")
    assert missing.status_code == 428 and missing.json()["code"] == "precondition-required"
    stale = client.post(restore, {"version": 1}, format="json", HTTP_IF_MATCH='"1"')
    assert stale.status_code == 412 and stale.json()["code"] == "version-mismatch"
    for bad in ({}, {"version": "1"}, {"version": True}, {"version": 0}, {"version": 1, "extra": 1}, [1]):
        refused = client.post(restore, bad, format="json", HTTP_IF_MATCH='"2"')
        assert refused.status_code == 400 and refused.json()["code"] == "invalid-request", bad
    unknown = client.post(restore, {"version": 7}, format="json", HTTP_IF_MATCH='"2"')
    assert unknown.status_code == 404 and unknown.json()["code"] == "version-not-found"
    assert (
        client_for(other).post(restore, {"version": 1}, format="json", HTTP_IF_MATCH="*").status_code == 404
    )
    assert Deck.objects.get(pk=deck["id"]).version == 2  # nothing above wrote

    done = client.post(restore, {"version": 1}, format="json", HTTP_IF_MATCH='"2"')
    assert done.status_code == 200 and done["ETag"] == '"3"', done.content
    body = done.json()
    assert body["version"] == 3 and body["notes"] == "first"
    assert [(c["id"], c["count"]) for c in body["cards"]] == [("1_168", 2)]
    kept = DeckVersion.objects.get(deck_id=deck["id"], number=3)
    assert (
        kept.note == "restored version 1"
        and kept.cards == DeckVersion.objects.get(deck_id=deck["id"], number=1).cards
    )
    # Someone else's public deck: visible, but only its owner restores it.
    client.patch(url, {"is_public": True}, format="json")
    forbidden = client_for(other).post(restore, {"version": 1}, format="json", HTTP_IF_MATCH="*")
    assert forbidden.status_code == 403 and forbidden.json()["code"] == "forbidden"


@pytest.mark.usefixtures("catalogue")
def test_restoring_a_setup_deck_brings_back_its_setup(owner, swdbg_catalogue):
    from tests.fuzz.conftest import SETUP

    deck = deck_services.deck_create_setup(owner=owner, name="Hoth", setup=SETUP)
    other_setup = json.loads(json.dumps(SETUP))
    other_setup["players"][0]["starter"] = [{"card": "Imperial Shuttle", "count": 7}, "Stormtrooper"]
    deck_services.deck_update_setup(deck, setup=other_setup, expected_version=1)
    response = client_for(owner).post(
        f"/api/decks/{deck.pk}/restore/", {"version": 1}, format="json", HTTP_IF_MATCH='"2"'
    )
    assert response.status_code == 200, response.content
    deck.refresh_from_db()
    assert deck.setup == SETUP and deck.version == 3
    assert (
        DeckVersion.objects.get(deck=deck, number=3).cards
        == DeckVersion.objects.get(deck=deck, number=1).cards
    )


@pytest.mark.usefixtures("catalogue")
def test_duplicate_copies_a_visible_deck_into_a_private_one_of_yours(owner, other):
    deck = create(client_for(owner), notes="*mine*", is_public=True).json()
    private = create(client_for(owner), name="Secret").json()
    url = f"/api/decks/{deck['id']}/duplicate/"
    anonymous = client_for().post(url, {}, format="json")
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "not-authenticated"
    copy = client_for(other).post(url, {"name": "Lando's EBO"}, format="json")
    assert copy.status_code == 201, copy.content
    body = copy.json()
    assert body["owner"] == "lando" and body["name"] == "Lando's EBO" and body["is_public"] is False
    assert body["notes"] == "*mine*" and [(c["id"], c["count"]) for c in body["cards"]] == [("1_168", 2)]
    assert DeckVersion.objects.get(deck_id=body["id"]).note == f"duplicated from deck {deck['id']} version 1"
    default = client_for(other).post(url, format="json").json()  # no body: the default name
    assert default["name"] == "Copy of EBO"
    hidden = client_for(other).post(f"/api/decks/{private['id']}/duplicate/", {}, format="json")
    assert hidden.status_code == 404 and hidden.json()["code"] == "deck-not-found"
    for bad in ({"name": ""}, {"name": 5}, {"name": "x" * 101}, {"title": "x"}):
        refused = client_for(other).post(url, bad, format="json")
        assert refused.status_code == 400 and refused.json()["code"] == "invalid-request", bad


@pytest.mark.usefixtures("catalogue", "swtcg_catalogue")
def test_compare_two_decks_of_one_game(owner, other):
    a = create(client_for(owner), cards=[{"id": "1_168", "count": 2}, {"id": "1_169"}], is_public=True).json()
    b = create(client_for(other), cards=[{"id": "1_169", "count": 3}, {"id": "1_170"}]).json()
    body = client_for(other).get("/api/decks/compare/", {"a": a["id"], "b": b["id"]}).json()
    assert body["a"]["id"] == a["id"] and body["b"]["id"] == b["id"]
    assert [(c["card"], c["count"]) for c in body["only_a"]] == [("1_168", 2)]
    assert [(c["card"], c["count"]) for c in body["only_b"]] == [("1_170", 1)]
    assert [(c["card"], c["a"], c["b"]) for c in body["both"]] == [("1_169", 1, 3)]
    assert body["only_a"][0]["title"].endswith("Darth Vader")
    # Lando's deck is private: its owner may compare it, nobody else.
    hidden = client_for(owner).get("/api/decks/compare/", {"a": a["id"], "b": b["id"]})
    assert hidden.status_code == 404 and hidden.json()["code"] == "deck-not-found"
    assert client_for().get("/api/decks/compare/", {"a": a["id"], "b": b["id"]}).status_code == 404
    tcg = deck_services.deck_create(owner=other, name="TCG", game="swtcg")
    mixed = client_for(other).get("/api/decks/compare/", {"a": a["id"], "b": tcg.pk})
    assert mixed.status_code == 400 and mixed.json()["code"] == "different-games"
    for query in ({"a": a["id"]}, {"a": "x", "b": 1}, {"a": "9" * 30, "b": 1}):
        bad = client_for(other).get("/api/decks/compare/", query)
        assert bad.status_code == 400 and bad.json()["code"] == "bad-parameter", query


@pytest.mark.usefixtures("catalogue")
def test_private_decks_history_is_hidden_from_everyone_else(owner, other):
    deck = create(client_for(owner)).json()
    base = f"/api/decks/{deck['id']}"
    for client in (client_for(), client_for(other)):
        for url in (f"{base}/versions/", f"{base}/versions/1/", f"{base}/diff/?from=1&to=1"):
            response = client.get(url)
            assert response.status_code == 404 and response.json()["code"] == "deck-not-found", url
    client_for(owner).patch(deck["url"], {"is_public": True}, format="json")
    assert client_for(other).get(f"{base}/versions/").json()["count"] == 1  # the one saved public


@pytest.mark.usefixtures("catalogue")
def test_versions_saved_while_private_stay_hidden_once_the_deck_is_public(owner, other, client):
    """Making a deck public shows what it holds from then on; its earlier names, notes and cards stay the
    owner's, in the API and on the history and diff pages."""
    api = client_for(owner)
    deck = create(api, name="Secret plan", notes="sabotage the shield generator").json()
    base = f"/api/decks/{deck['id']}"
    api.patch(deck["url"], {"cards": [{"id": "1_169", "count": 1}]}, format="json", HTTP_IF_MATCH='"1"')
    api.patch(deck["url"], {"name": "EBO", "notes": "a fair deck", "is_public": True}, format="json")
    api.patch(deck["url"], {"notes": "a fair deck, tuned"}, format="json")
    for visitor in (client_for(), client_for(other)):
        listed = visitor.get(f"{base}/versions/").json()
        assert [v["number"] for v in listed["results"]] == [4, 3] and listed["count"] == 2
        for url in (f"{base}/versions/1/", f"{base}/versions/2/", f"{base}/diff/?from=1&to=4"):
            hidden = visitor.get(url)
            assert hidden.status_code == 404 and hidden.json()["code"] == "version-not-found", url
        shown = visitor.get(f"{base}/diff/").json()  # by default the latest two it may see
        assert (shown["from"], shown["to"]) == (3, 4)
        assert visitor.get(f"{base}/versions/3/").json()["notes"] == "a fair deck"
    pages = [
        f"/decks/{deck['id']}/history/",
        f"/decks/{deck['id']}/diff/",
        f"/decks/{deck['id']}/diff/?from=3",
    ]
    for url in pages:
        page = client.get(url).content.decode()
        assert "Secret plan" not in page and "sabotage" not in page, url
        assert 'data-version="2"' not in page and "from=2" not in page, url
    assert client.get(f"/decks/{deck['id']}/diff/?from=1&to=4").status_code == 404
    mine = api.get(f"{base}/versions/").json()["results"]  # the owner's own history keeps everything
    assert [(v["number"], v["is_public"]) for v in mine] == [(4, True), (3, True), (2, False), (1, False)]
    assert api.get(f"{base}/versions/1/").json()["notes"] == "sabotage the shield generator"
    client.force_login(owner)
    assert 'data-version="1"' in client.get(f"/decks/{deck['id']}/history/").content.decode()
