"""The bounds that keep a replay request small (#23): a GEMP file over any bound on what it holds, a SWCCG record
asking the referee for too much work, an answer too large to send, and numbers that are digits only outside
ASCII. Each is refused early with a coded 4xx that names the bound: never read whole, never a 500."""

import functools
import json
import time
import zlib
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from cardsdb.api import answer_size
from cardsdb.api.errors import ApiError
from rules.api.swccg_games import MAX_VIOLATIONS_SHOWN
from rules.models import SavedReplay
from rules.swccg import gemp_replay, gemp_words
from rules.swccg.gemp_replay import ReplayError, read_replay
from rules.swccg.record import MAX_LIST, MAX_LISTED_CARDS, MAX_OF_KIND, RecordError, check_shape

from .tables import record, replay

GEMP = "/api/games/swccg/gemp-replay"
REPLAY = "/api/games/swccg/replay"
REPLAYS = "/api/games/swccg/replays/"
FIXTURES = Path(__file__).parent / "fixtures" / "gemp"


def gemp(*events: str) -> bytes:
    return b"<gameReplay>" + "".join(events).encode() + b"</gameReplay>"


def gemp_error(data: bytes) -> ReplayError:
    with pytest.raises(ReplayError) as caught:
        read_replay(data)
    return caught.value


@functools.cache
def millions_of_participants() -> bytes:
    """The issue's file: 16 KB of zlib whose P event lists 8.3 million participants (24 s and 3.6 GB before)."""
    players = b"a," * 8_300_000
    return zlib.compress(b"<gameReplay><ge type='P' participantId='a' allParticipantIds='" + players + b"'/>"
                         b"</gameReplay>", 9)  # fmt: skip


def draws(events: int, cards: int, opening: bool = True) -> dict:
    """A record whose events each draw `cards` cards (none of them in the deck: each is a violation), after the
    opening of tables.py (16 cards listed) unless told."""
    listed = [f"9_{i}" for i in range(cards)]
    event = {"type": "draw", "player": "dark", "kind": "destiny", "cards": listed}
    return record(*[event] * events, stored=True, opening=opening)


# ---- GEMP files: every bound on what the file holds ----


def test_millions_of_participants_are_refused_at_once():
    data = millions_of_participants()
    assert len(data) < 40_000
    started = time.monotonic()
    error = gemp_error(data)
    assert time.monotonic() - started < 2
    assert (error.code, error.bound, error.limit) == ("replay-too-large", "value_chars", 10_000)
    assert "allParticipantIds has 16,600,000 bytes; at most 10,000 characters." == error.message


def test_an_over_long_value_is_named_in_either_quotes_and_unclosed():
    long = "x" * 100_001
    for quoted, size in (
        (f'"{long}"', 100_001),
        (f"'{long}'", 100_001),
        (f"'{long}", 100_016),
    ):  # unclosed: to the end
        error = gemp_error(gemp(f"<ge type='P' text = {quoted}/>"))
        assert (error.bound, error.limit) == ("value_chars", 10_000)
        assert error.message == f"text has {size:,} bytes; at most 10,000 characters."


def test_millions_of_empty_elements_stop_at_the_element_bound():
    """4 million empty parts in 16 MB of XML (11.5 s before): the parse stops at the bound."""
    data = gemp(*["<ge type='GS'>" + "<p/>" * 5_000 + "</ge>"] * 800)
    assert len(data) <= gemp_replay.MAX_INFLATED_BYTES
    started = time.monotonic()
    error = gemp_error(data)
    assert time.monotonic() - started < 2
    assert (error.code, error.bound, error.limit) == (
        "replay-too-large",
        "elements",
        gemp_replay.MAX_ELEMENTS,
    )


@pytest.mark.parametrize(
    ("setting", "limit", "at_the_bound", "past_it"),
    [
        ("MAX_ELEMENTS", 3, ['<ge type="M"/>'] * 2, ['<ge type="M"/>'] * 3),  # the root counts
        ("MAX_ATTRIBUTES", 3, ['<ge type="M" a="" b=""/>'], ['<ge type="M" a="" b="" c=""/>']),
        ("MAX_VALUES", 4, ['<ge type="M" a=""/>'] * 2, ['<ge type="M" a=""/>', '<ge type="M" a="" b=""/>']),
        ("MAX_NAME_CHARS", 10, ['<ge type="M" abcdefghij=""/>'], ['<ge type="M" abcdefghijk=""/>']),
        ("MAX_NAME_CHARS", 10, ['<ge type="M"><abcdefghij/></ge>'], ['<ge type="M"><abcdefghijk/></ge>']),
        ("MAX_VALUE_CHARS", 5, ['<ge type="M" message="12345"/>'], ['<ge type="M" message="123456"/>']),
        ("MAX_PLAYERS", 2, ['<ge type="P" allParticipantIds="a,b"/>'], ['<ge type="P" allParticipantIds="a,b,c"/>']),
        ("MAX_LISTED", 3, ['<ge type="RCFP" otherCardIds="1,2,3"/>'], ['<ge type="RCFP" otherCardIds="1,2,3,4"/>']),
        ("MAX_LISTED", 3, ['<ge type="RLFP" locationIndexes="1,2,3"/>'], ['<ge type="X" locationIndexes=",,,"/>']),
    ],
)  # fmt: skip
def test_each_bound_reads_up_to_it_and_refuses_past_it(monkeypatch, setting, limit, at_the_bound, past_it):
    monkeypatch.setattr(gemp_replay, setting, limit)
    assert len(read_replay(gemp(*at_the_bound)).events) == len(at_the_bound)
    error = gemp_error(gemp(*past_it))
    assert (error.code, error.limit) == ("replay-too-large", limit)
    assert error.bound and f"{limit}" in error.message


def test_a_file_over_a_bound_is_a_413_naming_it(client, catalogue):
    response = client.post(GEMP, millions_of_participants(), content_type="application/octet-stream")
    assert response.status_code == 413
    body = response.json()
    assert (body["code"], body["bound"], body["limit"]) == ("replay-too-large", "value_chars", 10_000)
    assert "allParticipantIds" in body["message"]


def test_a_saved_replay_file_is_read_within_the_same_bounds(db, catalogue):
    client = APIClient()
    client.force_login(User.objects.create(username="leia"))
    players = zlib.compress(gemp('<ge type="P" allParticipantIds="' + ",".join("abcdefghij") + '"/>'))
    response = client.post(REPLAYS, players, content_type="application/octet-stream")
    assert response.status_code == 413
    assert (response.json()["code"], response.json()["bound"], response.json()["limit"]) == (
        "replay-too-large",
        "players",
        gemp_replay.MAX_PLAYERS,
    )
    assert not SavedReplay.objects.exists()


# ---- answers: at most MAX_ANSWER_BYTES, counted as the bytes sent ----


def test_the_answer_size_is_counted_in_utf8_bytes():
    answer_size.check_answer_size({"é": "é"}, "", limit=11)  # {"é":"é"}: 9 characters, 11 bytes
    with pytest.raises(ApiError) as caught:
        answer_size.check_answer_size({"é": "é"}, "Ask for less.", limit=10)
    error = caught.value
    assert (error.code, error.status_code, error.details) == ("answer-too-large", 413, {"limit": 10})
    assert str(error.detail) == "The answer would be 11 bytes; one answer is at most 10. Ask for less."


def test_a_gemp_answer_over_the_bound_is_a_413(client, catalogue, monkeypatch):
    data = (FIXTURES / "game.xml.gz").read_bytes()
    assert client.post(GEMP, data, content_type="application/octet-stream").status_code == 200
    monkeypatch.setattr(answer_size, "MAX_ANSWER_BYTES", 2_000)
    response = client.post(GEMP, data, content_type="application/octet-stream")
    assert response.status_code == 413
    assert (response.json()["code"], response.json()["limit"]) == ("answer-too-large", 2_000)
    assert "?limit=" in response.json()["message"]


def test_unknown_events_show_their_values_cut(client, catalogue):
    data = gemp('<ge type="NEW" value="' + "x" * 5_000 + '"/>')
    body = client.post(GEMP, data, content_type="application/octet-stream").json()
    assert body["events"][0]["attributes"]["value"] == "x" * gemp_words.WORDS_LIMIT + "…"


# ---- SWCCG records: the referee's work bounded before it starts, the violations listed capped ----


def test_the_cards_listed_by_a_record_are_bounded_before_the_referee_starts():
    full, rest = divmod(MAX_LISTED_CARDS, MAX_LIST)
    at_the_bound = draws(full, MAX_LIST, opening=False)
    at_the_bound["events"].append({**at_the_bound["events"][-1], "cards": ["9_0"] * rest})
    check_shape(at_the_bound)
    at_the_bound["events"][-1]["cards"].append("9_0")
    with pytest.raises(RecordError) as caught:
        check_shape(at_the_bound)
    error = caught.value
    assert (error.code, error.bound, error.limit) == ("record-too-large", "listed_cards", MAX_LISTED_CARDS)


@pytest.mark.parametrize(
    "event",
    [
        {"type": "battle", "player": "dark", "location": "1_128"},
        {"type": "sabacc", "player": "dark", "dark": ["1_1"], "light": ["1_2"], "winner": None},
    ],
    ids=["battle", "sabacc"],
)
def test_the_costliest_events_are_counted_before_the_referee_starts(event):
    limit = MAX_OF_KIND[event["type"]]
    check_shape(record(*[event] * limit))
    with pytest.raises(RecordError) as caught:
        check_shape(record(*[event] * (limit + 1)))
    error = caught.value
    assert (error.code, error.bound, error.limit) == ("record-too-large", f"{event['type']}_events", limit)
    assert f"{limit + 1:,} {event['type']} events" in error.message


def test_many_modifiers_keep_each_event_cheap():
    """10,000 modifiers lasting the game, then 9,000 activations: each activation sums the icons' modifiers of
    every location (a list scanned for each made this minutes of work)."""
    modifiers = [{"type": "modify", "card": "1_168", "stat": "power", "by": 1, "until": "game"}] * 10_000
    activations = [{"type": "activate", "player": "dark", "amount": 0}] * 9_000
    started = time.monotonic()
    replayed = replay(*modifiers, *activations)
    assert time.monotonic() - started < 2
    assert replayed.table.modified("power", card="1_168#1") == 10_000
    assert replayed.table.modified("icons", location="1_295#1", player="dark") == 0


def test_the_issues_record_is_a_413_at_once(client, catalogue):
    """2,100 draws of 130 cards, 2.85 MB: 10 s and an 84 MB answer before."""
    body = json.dumps(draws(2_100, 130))
    started = time.monotonic()
    response = client.post(REPLAY + "?mode=check", body, content_type="application/json")
    assert time.monotonic() - started < 2
    assert response.status_code == 413
    body = response.json()
    assert (body["code"], body["bound"], body["limit"]) == (
        "record-too-large",
        "listed_cards",
        MAX_LISTED_CARDS,
    )
    assert body["message"] == "The events list 273,016 cards together; a record lists at most 20,000."


def test_a_record_at_the_bound_is_refereed_quickly_and_its_violations_capped(client, catalogue):
    body = json.dumps(draws(MAX_LISTED_CARDS // MAX_LIST, MAX_LIST))  # 19,890 cards none of the decks hold
    started = time.monotonic()
    response = client.post(REPLAY + "?mode=check", body, content_type="application/json")
    assert time.monotonic() - started < 2
    assert response.status_code == 200 and len(response.content) < answer_size.MAX_ANSWER_BYTES
    replay = response.json()
    assert replay["violations_total"] == MAX_LISTED_CARDS // MAX_LIST * MAX_LIST and replay["legal"] is False
    assert len(replay["violations"]) == MAX_VIOLATIONS_SHOWN
    assert {v["code"] for v in replay["violations"]} == {"unknown-card"}


def test_a_record_answer_over_the_bound_is_a_413(client, catalogue, monkeypatch):
    monkeypatch.setattr(answer_size, "MAX_ANSWER_BYTES", 500)
    for url in (REPLAY, REPLAY + "/view"):
        response = client.post(url, json.dumps(record(stored=True)), content_type="application/json")
        assert response.status_code == 413 and response.json()["code"] == "answer-too-large"


# ---- numbers: ASCII digits only ----


@pytest.mark.parametrize(
    "query", ["?offset=²", "?limit=²", "?limit=①", "?limit=١", "?offset=1_0", "?limit=%201"]
)
def test_gemp_paging_takes_ascii_digits_only(client, catalogue, query):
    data = (FIXTURES / "game.xml.gz").read_bytes()
    response = client.post(GEMP + query, data, content_type="application/octet-stream")
    assert response.status_code == 400 and response.json()["code"] == "bad-parameter"


@pytest.mark.parametrize("upto", ["²", "①", "١", "1_0", "%201"])
def test_upto_takes_ascii_digits_only(client, catalogue, upto):
    response = client.post(
        f"{REPLAY}?mode=check&upto={upto}", record(stored=True), content_type="application/json"
    )
    assert response.status_code == 400 and response.json()["code"] == "bad-parameter"


def test_sabacc_card_indexes_take_ascii_digits_only(client, catalogue):
    hands = {
        "dark": {"cards": ["1_195", "5_106"], "assigned": {"wild": {"١": 3}}},
        "light": {"cards": ["5_5", "2_14"]},
    }
    response = client.post("/api/rules/swccg/sabacc", hands, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "invalid-request"
