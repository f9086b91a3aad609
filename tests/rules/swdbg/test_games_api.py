"""The SW:DBG games API: replaying records (anyone), playing against an AI (logged-in owners only)."""

import copy
import time

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from rules.api import games as games_api
from rules.models import SavedGame
from rules.saved_games import MAX_OPEN_GAMES
from rules.setups import default_setup, engine_setup
from rules.swdbg.game import Game
from rules.swdbg.players import GreedyPlayer
from rules.swdbg.record import make_record


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def player(db):
    return User.objects.create_user("leia", password="x")


@pytest.fixture
def logged_in(api, player):
    api.force_authenticate(player)
    return api


@pytest.fixture
def record(swdbg_catalogue):
    setup = default_setup("beginner")
    game = Game.new(engine_setup(setup), 5)
    players = [GreedyPlayer(1), GreedyPlayer(2)]
    while game.outcome() is None:
        game.apply(players[game.to_move()].choose(game))
    return make_record(game, setup, [{"kind": "greedy"}, {"kind": "greedy"}])


def post(api, url, body, **query):
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return api.post(url, body, format="json")


def test_replay_gives_the_outcome_turns_and_log(api, record):
    answer = post(api, "/api/games/swdbg/replay", record)
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["ok"] and body["outcome"] == record["result"] and body["violations"] == []
    assert body["actions_replayed"] == len(record["actions"]) == len(body["log"])
    assert body["turns"][0]["faction"] == "Empire" and body["turns"][-1]["turn"] == record["result"]["turn"]


def test_replay_reports_an_illegal_action_with_its_index(api, record):
    bad = copy.deepcopy(record)
    bad["actions"].insert(4, {"type": "resolve", "target": "base"})
    body = post(api, "/api/games/swdbg/replay", bad).json()
    assert not body["ok"] and body["actions_replayed"] == 4
    assert body["violations"] == [
        {"index": 4, "code": "nothing-committed", "rule": "Resolve an Attack",
         "message": "No card is committed to an attack on that target."}
    ]  # fmt: skip
    checked = post(api, "/api/games/swdbg/replay", bad, mode="check").json()
    assert [v["index"] for v in checked["violations"]] == [4]
    assert checked["mode"] == "check" and checked["outcome"] == record["result"]


@pytest.mark.parametrize(
    "change, code",
    [
        (lambda r: r.update(record_version=7), "bad-record"),
        (lambda r: r["setup"].update(format="no-such-format"), "bad-setup"),
        (lambda r: r["setup"]["players"][0].update(faction="Hutts"), "bad-setup"),
        (lambda r: r["setup"].update(options={"turn_limit": 10**40}), "bad-setup"),
        (lambda r: r.update(actions=[{"type": "end_turn"}] * 20_001), "too-many-actions"),
    ],
)
def test_replay_refuses_bad_records_with_a_code(api, record, change, code):
    bad = copy.deepcopy(record)
    change(bad)
    answer = post(api, "/api/games/swdbg/replay", bad)
    assert answer.status_code == 400 and answer.json()["code"] == code


def test_replay_refuses_a_bad_mode_and_a_huge_body(api, record):
    assert post(api, "/api/games/swdbg/replay", record, mode="lenient").json()["code"] == "bad-parameter"
    huge = api.post("/api/games/swdbg/replay", "x" * 2_000_001, content_type="application/json")
    assert huge.status_code == 413


def test_record_schema_is_published(api):
    schema = api.get("/api/games/swdbg/record-schema").json()
    assert schema["properties"]["game"] == {"const": "swdbg"}


def test_the_record_schema_is_a_conditional_read(api):
    """The one public read of /api/games/ (the others are a user's own games): ETag, and 304 to it."""
    first = api.get("/api/games/swdbg/record-schema")
    etag = first["ETag"]
    assert first.status_code == 200 and etag.startswith('W/"') and "no-cache" in first["Cache-Control"]
    again = api.get("/api/games/swdbg/record-schema", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    other = api.get("/api/games/swdbg/record-schema", HTTP_IF_NONE_MATCH='W/"something-else"')
    assert other.status_code == 200 and other.json() == first.json()


def test_playing_a_game_against_the_ai(logged_in, swdbg_catalogue):
    started = post(logged_in, "/api/games/swdbg/", {"faction": "Rebel", "opponent": "greedy", "seed": 3})
    assert started.status_code == 201, started.json()
    body = started.json()
    assert body["seat"] == 1 and body["view"]["to_move"] == 1  # the Empire AI played its first turn already
    assert body["log"] and body["log"][-1] == "Empire ends the turn."
    assert body["view"]["players"][0]["hand"] is None  # the AI's hand is hidden
    game_id = body["id"]
    turns = 0
    while body["outcome"] is None and turns < 60:
        legal = body["legal_actions"]
        action = next((a for a in legal if a["type"] == "play"), None)
        action = action or ({"type": "end_turn"} if {"type": "end_turn"} in legal else legal[0])
        answer = post(logged_in, f"/api/games/{game_id}/actions", {"action": action})
        assert answer.status_code == 200, answer.json()
        body = answer.json()
        turns += action["type"] == "end_turn"
    saved = SavedGame.objects.get(pk=game_id)
    assert saved.actions == body["actions"] == len(saved.record["actions"])
    # a saved game replays to the state the API shows
    state = logged_in.get(f"/api/games/{game_id}/states/{saved.actions}").json()
    assert state["view"] == logged_in.get(f"/api/games/{game_id}/").json()["view"]


def test_an_illegal_action_is_refused_with_the_rule(logged_in, swdbg_catalogue):
    body = post(logged_in, "/api/games/swdbg/", {"faction": "Empire", "opponent": "random", "seed": 1}).json()
    answer = post(logged_in, f"/api/games/{body['id']}/actions", {"action": {"type": "purchase", "card": 0}})
    assert answer.status_code == 400
    assert answer.json()["code"] == "illegal-action"
    assert answer.json()["violation"]["code"] in {"not-in-galaxy-row", "enemy-card", "not-enough-resources"}
    hostile = post(logged_in, f"/api/games/{body['id']}/actions", {"action": {"type": "play", "card": True}})
    assert hostile.json()["violation"]["code"] == "bad-action"
    assert SavedGame.objects.get(pk=body["id"]).actions == body["actions"]  # nothing changed


def test_the_record_is_kept_until_the_game_is_over(logged_in, swdbg_catalogue):
    body = post(logged_in, "/api/games/swdbg/", {"faction": "Empire", "seed": 1}).json()
    answer = logged_in.get(f"/api/games/{body['id']}/record")
    assert answer.status_code == 409 and answer.json()["code"] == "game-in-progress"
    other_view = logged_in.get(f"/api/games/{body['id']}/states/0?viewer=1")
    assert other_view.status_code == 409
    assert logged_in.get(f"/api/games/{body['id']}/states/99999").json()["code"] == "bad-parameter"


def test_games_belong_to_their_owner(api, logged_in, swdbg_catalogue):
    body = post(logged_in, "/api/games/swdbg/", {"faction": "Empire", "seed": 1}).json()
    intruder = APIClient()
    intruder.force_authenticate(User.objects.create_user("han", password="x"))
    for url in (f"/api/games/{body['id']}/", f"/api/games/{body['id']}/record"):
        assert intruder.get(url).json()["code"] == "game-not-found"
    assert APIClient().get(f"/api/games/{body['id']}/").status_code == 401
    assert APIClient().post("/api/games/swdbg/", {"faction": "Empire"}, format="json").status_code == 401
    assert APIClient().get("/api/games/").json()[0]["code"]  # the catalogue's list of games is still there
    assert [g["id"] for g in logged_in.get("/api/games/saved/").json()["games"]] == [body["id"]]


@pytest.mark.parametrize(
    "body, code",
    [
        ({"faction": "Hutts"}, "bad-game"),
        ({"faction": "Empire", "opponent": "deep-blue"}, "invalid-request"),
        ({"faction": "Empire", "format": "no-such"}, "bad-setup"),
        ({"faction": "Empire", "seed": -1}, "invalid-request"),
        ({"faction": "Empire", "seed": 10**30}, "invalid-request"),
        ({"faction": "Empire", "sneaky": 1}, "invalid-request"),
    ],
)
def test_bad_new_games_are_refused_with_a_code(logged_in, swdbg_catalogue, body, code):
    answer = post(logged_in, "/api/games/swdbg/", body)
    assert answer.status_code == 400 and answer.json()["code"] == code


def test_lone_surrogates_are_refused(logged_in, api, swdbg_catalogue):
    raw = '{"faction": "Empire", "setup": {"players": "\\ud800"}}'
    answer = logged_in.post("/api/games/swdbg/", raw, content_type="application/json")
    assert answer.status_code == 400 and answer.json()["code"] == "bad-unicode"
    answer = api.post("/api/games/swdbg/replay", raw, content_type="application/json")
    assert answer.status_code == 400 and answer.json()["code"] == "bad-unicode"


def test_open_games_are_limited(logged_in, player, swdbg_catalogue):
    first = post(logged_in, "/api/games/swdbg/", {"faction": "Empire", "seed": 1}).json()
    saved = SavedGame.objects.get(pk=first["id"])
    SavedGame.objects.bulk_create(
        [SavedGame(game_id="swdbg", owner=player, seat=0, opponent="greedy", record=saved.record)
         for _ in range(MAX_OPEN_GAMES - 1)]
    )  # fmt: skip
    answer = post(logged_in, "/api/games/swdbg/", {"faction": "Empire"})
    assert answer.status_code == 409 and answer.json()["code"] == "too-many-games"


def test_a_small_simulation_over_the_api(api, swdbg_catalogue):
    answer = post(api, "/api/games/swdbg/simulate", {"players": ["greedy", "random"], "games": 4, "seed": 2})
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["games"] == 4 and body["draws"] + sum(p["wins"] for p in body["players"].values()) == 4
    assert body["players"]["greedy"]["wins"] == 4  # greedy beats random, from either seat
    low, high = body["players"]["greedy"]["interval_95"]
    assert 0.4 < low < 1.0 and high == 1.0


@pytest.mark.parametrize(
    "body, status, code",
    [
        ({"players": ["search", "greedy"], "games": 3}, 413, "simulation-too-large"),
        ({"players": ["greedy"], "games": 3}, 400, "invalid-request"),
        ({"players": ["greedy", "alphago"], "games": 3}, 400, "invalid-request"),
        ({"players": ["greedy", "greedy"], "games": 10**12}, 400, "invalid-request"),
        ({"players": ["greedy", "greedy"], "games": 1, "format": "nope"}, 400, "bad-setup"),
    ],
)
def test_simulations_are_bounded(api, swdbg_catalogue, body, status, code):
    answer = post(api, "/api/games/swdbg/simulate", body)
    assert answer.status_code == status and answer.json()["code"] == code


def test_search_in_a_request_is_budgeted(api, swdbg_catalogue, monkeypatch):
    """One search-vs-search game took 12.9 s inside a request: its search is budgeted per decision, and past the
    request's deadline (shortened here) the search players play by instinct. More games: the job, named."""
    monkeypatch.setattr(games_api, "SEARCH_SECONDS", 0.3)
    started = time.monotonic()
    answer = post(api, "/api/games/swdbg/simulate", {"players": ["search", "search"], "games": 1, "seed": 1})
    assert time.monotonic() - started < 2 and answer.status_code == 200, answer.json()
    budget = answer.json()["search_budget"]
    assert budget["actions_per_decision"] == games_api.SEARCH_ACTIONS_PER_DECISION and budget["searched"] > 0
    refused = post(api, "/api/games/swdbg/simulate", {"players": ["search", "greedy"], "games": 2}).json()
    assert refused["code"] == "simulation-too-large" and refused["job"] == "/api/games/swdbg/simulations/"
    greedy = post(api, "/api/games/swdbg/simulate", {"players": ["greedy", "greedy"], "games": 1}).json()
    assert "search_budget" not in greedy


def test_an_action_while_the_ai_is_to_move_is_refused(logged_in, swdbg_catalogue):
    body = post(logged_in, "/api/games/swdbg/", {"faction": "Rebel", "seed": 2}).json()
    saved = SavedGame.objects.get(pk=body["id"])
    saved.record["actions"] = []  # back to the opening: the Empire (the AI) is to move
    saved.save()
    answer = post(logged_in, f"/api/games/{saved.pk}/actions", {"action": {"type": "end_turn"}})
    assert answer.status_code == 409 and answer.json()["code"] == "not-your-move"
