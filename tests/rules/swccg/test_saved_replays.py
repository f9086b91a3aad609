"""SWCCG replays for people over HTTP: the viewer's answer for a record (POST /api/games/swccg/replay/view), and
saved replays with a share link (/api/games/swccg/replays/), against the real catalogue, on SQLite and
PostgreSQL alike. Hostile bodies, titles and ids are refused with a code, never a 500, and never saved."""

import json
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from rules.api.swccg_replays import MAX_SAVED_BYTES, MAX_SAVED_REPLAYS
from rules.models import SavedReplay

from .replay_records import VIOLATION_INDEX, sample_record

VIEW = "/api/games/swccg/replay/view"
REPLAYS = "/api/games/swccg/replays/"
GEMP = Path(__file__).parent / "fixtures" / "gemp"


def post_json(client, url, body, status):
    raw = body if isinstance(body, (str, bytes)) else json.dumps(body)
    response = client.post(url, raw, content_type="application/json")
    assert response.status_code == status, response.content[:500]
    return response.json() if response.content else None


def post_file(client, data: bytes, status, title=None):
    url = REPLAYS + (f"?title={title}" if title is not None else "")
    response = client.post(url, data, content_type="application/octet-stream")
    assert response.status_code == status, response.content[:500]
    return response.json()


@pytest.fixture
def leia(db):
    return User.objects.create(username="leia")


@pytest.fixture
def han(db):
    return User.objects.create(username="han")


@pytest.fixture
def as_leia(leia):
    client = APIClient()
    client.force_login(leia)
    return client


# ---- the viewer's answer ----


def test_the_viewer_gets_the_whole_record_refereed_in_words_with_its_cards(client, catalogue):
    body = post_json(client, VIEW, sample_record(), 200)
    replay = body["replay"]
    assert replay["mode"] == "check" and replay["events"] == len(body["events"]) == 12
    assert [(v["index"], v["code"]) for v in replay["violations"]] == [
        (VIOLATION_INDEX, "too-much-activation")
    ]
    assert replay["violations"][0]["rule"]["rule"]  # the rulebook's rule in English comes along
    assert [t["player"] for t in replay["turns"]] == ["dark", "light"]
    words = [e["words"] for e in body["events"]]
    assert words[0] == "Dark Side starts at •Tatooine: Mos Eisley."
    assert words[7] == "Dark Side deploys Imperial Trooper Guard to •Tatooine: Cantina."
    assert "Stormtrooper (copy 2)" in words[4]  # the second copy of 1_194 in the opening hand
    assert words[VIOLATION_INDEX] == "Light Side activates 9 Force."
    assert body["players"] == [
        {"name": "Vader's player", "side": "dark"},
        {"name": "Luke's player", "side": "light"},
    ]
    vader = body["cards"]["1_168"]
    assert vader["title"] == "•Darth Vader" and vader["face"] == "/cards/swccg/1_168/face.png"
    assert vader["url"] == "/cards/swccg/1_168/"
    assert set(body["cards"]) == {i for p in sample_record()["players"] for i in p["deck"]}


def test_the_table_for_each_step_is_the_referees_own_answer(client, catalogue):
    """The viewer steps with ?mode=check&upto=n: the table after event n, the cards named as the viewer's."""
    raw = json.dumps(sample_record())
    after_deploys = post_json(client, "/api/games/swccg/replay?mode=check&upto=8", raw, 200)["table"]
    cantina = [loc for loc in after_deploys["locations"] if loc["card"] == "1_128#1"][0]
    assert [c["card"] for c in cantina["cards"]["dark"]] == ["1_181#1", "1_194#1"]
    before = post_json(client, "/api/games/swccg/replay?mode=check&upto=6", raw, 200)["table"]
    assert [loc["cards"]["dark"] for loc in before["locations"]] == [[], []]
    assert before["players"]["dark"]["force_pile"] == 3


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "swccg"}, 400, "bad-record"),
        ([], 400, "bad-record"),
        ({**sample_record(), "players": [{"side": "dark", "deck": ["9_9999"]}, {"side": "light", "deck": []}]},
         400, "unknown-card"),
        ({**sample_record(), "events": [{"type": "end_turn", "player": "dark"}] * 20_001}, 400, "too-many-events"),
        (json.dumps(sample_record()).replace('"1_295"', '"\\ud800"', 1), 400, "bad-unicode"),
        ("[" * 50_000 + "]" * 50_000, 400, "too-deep"),
        ("{not json", 400, "parse-error"),
        (json.dumps({**sample_record(), "events": [{"type": "end_turn", "player": "dark"}] * 100_000}), 413,
         "request-too-large"),
    ],
    ids=["not-a-record", "a-list", "unknown-card", "too-many-events", "lone-surrogate", "deep", "bad-json", "huge"],
)  # fmt: skip
def test_records_the_viewer_cannot_show_are_refused_with_a_code(client, catalogue, body, status, code):
    assert post_json(client, VIEW, body, status)["code"] == code


def test_hostile_text_in_a_record_stays_text(client, catalogue):
    record = sample_record()
    record["events"][6]["note"] = "<script>alert(1)</script>" + "x" * 150
    record["players"][0]["name"] = "<img src=x onerror=alert(1)>"
    body = post_json(client, VIEW, record, 200)
    note = body["events"][6]["words"]
    assert note.startswith("Dark Side activates 3 Force. — <script>") and note.endswith("…")
    assert len(note) < 200
    # Text: the page sets it as textContent.
    assert body["players"][0]["name"] == "<img src=x onerror=alert(1)>"


# ---- saving, listing, reading, deleting ----


def test_a_saved_record_is_listed_read_shared_and_deleted(as_leia, leia, catalogue):
    saved = post_json(as_leia, REPLAYS, {"title": "  Cantina brawl  ", "record": sample_record()}, 201)
    assert saved["kind"] == "record" and saved["title"] == "Cantina brawl" and saved["game"] == "swccg"
    assert saved["events"] == 12 and saved["violations"] == 1
    row = SavedReplay.objects.get(pk=saved["id"])
    assert row.owner == leia and row.record == sample_record() and row.size > 1000
    assert saved["share_url"] == f"http://testserver/games/swccg/replay/{row.token}/"
    assert len(row.token) >= 32
    listed = as_leia.get(REPLAYS).json()["replays"]
    assert [r["id"] for r in listed] == [saved["id"]] and "record" not in listed[0]
    one = as_leia.get(saved["url"]).json()
    assert one["record"] == sample_record() and one["share_url"] == saved["share_url"]
    assert as_leia.delete(saved["url"]).status_code == 204
    assert not SavedReplay.objects.exists()
    gone = as_leia.get(saved["url"])
    assert gone.status_code == 404 and gone.json()["code"] == "replay-not-found"


def test_without_a_title_a_record_is_named_by_its_players(as_leia, catalogue):
    saved = post_json(as_leia, REPLAYS, {"record": sample_record()}, 201)
    assert saved["title"] == "Vader's player vs Luke's player"
    record = sample_record()
    record["players"][0]["name"] = "\x07Vader\n" + "r" * 190
    record["players"][1].pop("name")  # the side names the player
    saved = post_json(as_leia, REPLAYS, {"record": record}, 201)
    assert saved["title"] == "Vader" + "r" * 43 + " vs light"  # 50 characters of each name, controls dropped


def test_a_gemp_file_is_saved_as_it_was_sent(as_leia, catalogue):
    data = (GEMP / "game.xml.gz").read_bytes()
    saved = post_file(as_leia, data, 201, title="Mos%20Eisley")
    assert saved["kind"] == "gemp" and saved["title"] == "Mos Eisley"
    assert saved["events"] == 43 and saved["violations"] is None and saved["size"] == len(data)
    assert bytes(SavedReplay.objects.get(pk=saved["id"]).gemp_file) == data
    assert "record" not in as_leia.get(saved["url"]).json()
    plain = post_file(as_leia, (GEMP / "game.xml").read_bytes(), 201)
    assert " vs " in plain["title"]  # its players


def test_each_token_is_new_and_unguessable(as_leia, catalogue):
    tokens = {post_json(as_leia, REPLAYS, {"record": sample_record()}, 201)["share_url"] for _ in range(3)}
    assert len(tokens) == 3
    assert all(len(t.rstrip("/").rsplit("/", 1)[1]) >= 32 for t in tokens)


def test_saving_and_listing_need_a_login(client, catalogue):
    for response in (
        client.post(REPLAYS, json.dumps({"record": sample_record()}), content_type="application/json"),
        client.post(REPLAYS, (GEMP / "game.xml.gz").read_bytes(), content_type="application/octet-stream"),
        client.post(REPLAYS, "\\ud800", content_type="application/json"),  # the body is never read
        client.get(REPLAYS),
        client.get(REPLAYS + "1/"),
        client.delete(REPLAYS + "1/"),
    ):
        assert response.status_code == 401 and response.json()["code"] == "not-authenticated"
        assert "WWW-Authenticate" in response
    assert not SavedReplay.objects.exists()


def test_someone_elses_replay_is_not_found_rather_than_forbidden(as_leia, han, catalogue):
    saved = post_json(as_leia, REPLAYS, {"record": sample_record()}, 201)
    other = APIClient()
    other.force_login(han)
    huge = REPLAYS + "9" * 40 + "/"  # past any database integer
    for response in (
        other.get(saved["url"]),
        other.delete(saved["url"]),
        other.get(huge),
        other.delete(huge),
    ):
        assert response.status_code == 404 and response.json()["code"] == "replay-not-found"
    assert other.get(REPLAYS).json() == {"replays": []}
    assert SavedReplay.objects.count() == 1


def test_a_user_keeps_at_most_so_many_replays(as_leia, leia, catalogue):
    SavedReplay.objects.bulk_create(
        SavedReplay(
            owner=leia, game_id="swccg", kind="record", title=f"r{i}", record={}, size=2, token=f"t{i}"
        )
        for i in range(MAX_SAVED_REPLAYS)
    )
    full = post_json(as_leia, REPLAYS, {"record": sample_record()}, 409)
    assert full["code"] == "too-many-replays" and full["limit"] == MAX_SAVED_REPLAYS
    assert post_file(as_leia, (GEMP / "game.xml.gz").read_bytes(), 409)["code"] == "too-many-replays"
    assert SavedReplay.objects.count() == MAX_SAVED_REPLAYS
    SavedReplay.objects.filter(title="r0").delete()
    post_json(as_leia, REPLAYS, {"record": sample_record()}, 201)


def test_a_user_keeps_at_most_so_many_bytes(as_leia, leia, catalogue):
    data = (GEMP / "game.xml.gz").read_bytes()
    keep = {"owner": leia, "game_id": "swccg", "kind": "record", "record": {}}
    SavedReplay.objects.create(**keep, title="big", size=MAX_SAVED_BYTES - len(data), token="big")
    full = post_file(as_leia, data, 201)  # exactly at the limit: kept
    over = post_file(as_leia, data, 409)
    assert over["code"] == "too-many-replays" and over["limit_bytes"] == MAX_SAVED_BYTES
    assert post_json(as_leia, REPLAYS, {"record": sample_record()}, 409)["code"] == "too-many-replays"
    assert SavedReplay.objects.count() == 2
    as_leia.delete(full["url"])
    post_json(as_leia, REPLAYS, {"record": sample_record()}, 201)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"record": {"game": "swccg"}}, 400, "bad-record"),
        ({"record": sample_record(), "owner": 2}, 400, "invalid-request"),
        ({"title": "x"}, 400, "invalid-request"),
        ({"title": "x" * 121, "record": sample_record()}, 400, "invalid-request"),
        ({"title": "bell\u0007", "record": sample_record()}, 400, "invalid-request"),
        ({"title": ["a list"], "record": sample_record()}, 400, "invalid-request"),
        ('{"title": "\\ud800", "record": {}}', 400, "bad-unicode"),
        ('{"title": "a\\u0000b", "record": {}}', 400, "bad-unicode"),
        ("[" * 100_000 + "]" * 100_000, 400, "too-deep"),
        ("", 400, "invalid-request"),
        ({"record": {**sample_record(), "events": [{"type": "end_turn", "player": "dark"}] * 20_001}}, 400,
         "too-many-events"),
        (json.dumps({"record": {**sample_record(), "events": [{"type": "end_turn", "player": "dark"}] * 100_000}}),
         413, "request-too-large"),
    ],
    ids=["bad-record", "unknown-key", "no-record", "long-title", "control-character", "title-not-text",
         "lone-surrogate", "nul", "deep", "empty", "too-many-events", "huge"],
)  # fmt: skip
def test_records_that_cannot_be_saved(as_leia, catalogue, body, status, code):
    assert post_json(as_leia, REPLAYS, body, status)["code"] == code
    assert not SavedReplay.objects.exists()


@pytest.mark.parametrize(
    ("data", "title", "status", "code"),
    [
        (b"", None, 400, "bad-replay"),
        (b"hello", None, 400, "not-a-replay"),
        ((GEMP / "billion_laughs.xml").read_bytes(), None, 400, "bad-replay"),
        ((GEMP / "external_entity.xml").read_bytes(), None, 400, "bad-replay"),
        ((GEMP / "game.xml.gz").read_bytes(), "a%00b", 400, "bad-parameter"),
        ((GEMP / "game.xml.gz").read_bytes(), "x" * 121, 400, "bad-parameter"),
        (b"\0" * (4 * 1024 * 1024 + 1), None, 413, "request-too-large"),
    ],
    ids=["empty", "not-xml", "billion-laughs", "external-entity", "nul-title", "long-title", "huge"],
)
def test_gemp_files_that_cannot_be_saved(as_leia, catalogue, data, title, status, code):
    assert post_file(as_leia, data, status, title)["code"] == code
    assert not SavedReplay.objects.exists()


def test_a_title_in_bad_utf8_is_kept_as_replacement_characters(as_leia, catalogue):
    data = (GEMP / "game.xml.gz").read_bytes()
    saved = post_file(as_leia, data, 201, title="%ED%A0%80")  # a lone surrogate in UTF-8
    assert saved["title"] == "\ufffd" * 3


def test_other_content_types_are_refused(as_leia, catalogue):
    response = as_leia.post(REPLAYS, "title=x", content_type="text/plain")
    assert response.status_code == 415 and response.json()["code"] == "unsupported-media-type"
