"""The SW:DBG play table's JSON endpoints: the state as the owner's seat sees it, moves with the AI's frames,
undo, resign, rematch and the outcome."""

import json

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from rules import saved_games
from rules.models import SavedGame


@pytest.fixture
def started(client, swdbg_catalogue):
    """A beginner game: the owner plays the Rebels, the greedy Empire AI has moved first."""
    client.force_login(User.objects.create_user("wedge", password="x"))
    client.post("/games/", {"faction": "Rebel", "opponent": "greedy", "format": "beginner"})
    return SavedGame.objects.get()


def state(client, saved, **params):
    answer = client.get(f"/games/{saved.pk}/table/", params)
    assert answer.status_code == 200
    return answer.json()


def move(client, saved, *actions):
    return client.post(f"/games/{saved.pk}/table/move", json.dumps({"actions": list(actions)}),
                       content_type="application/json")  # fmt: skip


def _first(table, kind):
    for entries in table["actions"]["cards"].values():
        for entry in entries:
            if entry["kind"] == kind:
                return entry
    return None


def test_the_state_is_the_owners_table_with_each_action_on_its_card(client, started):
    table = state(client, started, faces="1")
    board = table["board"]
    me, ai = board["players"][table["seat"]], board["players"][1 - table["seat"]]
    assert (
        me["faction"] == "Rebel" and me["mine"] and me["hand"] and ai["hand"] is None
    )  # the AI's hand hidden
    assert board["to_move"] == table["seat"] and table["outcome"] is None
    # The Empire AI's first turn is in the log, in words.
    assert table["log"] and any("Empire" in line["text"] for line in table["log"])
    faces = table["faces"]
    assert all(faces[str(card)]["title"] for card in me["hand"])
    assert any(face["text"] for face in faces.values()), "the catalogue's ability text is on the cards"
    play = _first(table, "play")
    assert play["name"].startswith("Play ") and play["name"].endswith(
        faces[str(play["action"]["card"])]["title"]
    )
    assert str(play["action"]["card"]) in table["actions"]["cards"]
    assert [a["kind"] for a in table["actions"]["general"]] == ["end_turn"]
    assert "faces" not in state(client, started)  # sent once, with the page


def test_a_move_plays_the_ai_reply_as_frames_and_updates_the_record(client, started):
    before = state(client, started)
    plays = before["actions"]["play_all"]
    assert plays, "a starting hand holds resource cards"
    answer = move(client, started, *plays)
    assert answer.status_code == 200
    body = answer.json()
    assert body["stopped"] is None and len(body["frames"]) == len(plays)
    started.refresh_from_db()
    assert started.actions == before["actions_count"] + len(plays)
    assert body["state"]["board"]["players"][started.seat]["resources"] > 0
    end = move(client, started, {"type": "end_turn"}).json()
    ai_frames = [f for f in end["frames"] if f["seat"] != started.seat]
    assert ai_frames and all(f["text"] and f["board"]["players"] for f in ai_frames)
    assert end["state"]["board"]["to_move"] == started.seat or end["state"]["outcome"]
    assert end["state"]["log"] is None  # the script adds the frames' lines to its log
    assert state(client, started)["log"][-1]["text"] == end["frames"][-1]["text"]


def test_an_illegal_move_is_refused_with_a_code(client, started):
    answer = move(client, started, {"type": "play", "card": 9999})
    assert answer.status_code == 400 and answer.json()["code"] == "bad-action"
    answer = move(client, started, {"type": "resolve", "target": "base"})
    assert answer.status_code == 400 and answer.json()["code"] == "nothing-committed"
    started.refresh_from_db()
    before = started.actions
    # A later action refused: the ones before it are kept and the answer says where it stopped.
    plays = state(client, started)["actions"]["play_all"][:1]
    body = move(client, started, *plays, {"type": "play", "card": plays[0]["card"]}).json()
    assert body["stopped"]["code"] == "not-in-hand"
    started.refresh_from_db()
    assert started.actions == before + 1


@pytest.mark.parametrize(
    "body, code",
    [
        ("{not json", "parse-error"),
        ("[" * 5000 + "]" * 5000, "too-large"),
        ('{"actions": ' + "[" * 50 + "]" * 50 + "}", "too-deep"),
        ('{"actions": [{"type": "select", "option": "\\ud800"}]}', "bad-unicode"),
        ('{"actions": [{"type": "select", "option": "force"}]}', "not-an-option"),
        ('{"actions": []}', "bad-move"),
        ('{"actions": {"type": "end_turn"}}', "bad-move"),
        (json.dumps({"actions": [{"type": "end_turn"}] * 13}), "bad-move"),
        ('{"actions": [7]}', "bad-action"),
        (b'{"actions": ["\xff"]}', "bad-unicode"),
    ],
)
def test_hostile_moves_are_refused_with_a_code(client, started, body, code):
    answer = client.post(f"/games/{started.pk}/table/move", body, content_type="application/json")
    assert answer.status_code == 400 and answer.json()["code"] == code


def test_undo_takes_back_the_owners_last_move_and_the_ai_replies(client, started):
    assert state(client, started)["can_undo"] is False  # only the AI has moved
    refused = client.post(f"/games/{started.pk}/undo", HTTP_ACCEPT="application/json")
    assert refused.status_code == 409 and refused.json()["code"] == "nothing-to-undo"
    opening = started.record["actions"]
    move(client, started, {"type": "end_turn"})
    started.refresh_from_db()
    assert len(started.record["actions"]) > len(opening) + 1  # the AI answered
    answer = client.post(f"/games/{started.pk}/undo", HTTP_ACCEPT="application/json")
    assert answer.status_code == 200
    started.refresh_from_db()
    assert started.record["actions"] == opening and answer.json()["state"]["board"]["to_move"] == started.seat
    # Without JavaScript the same form answers with the game page.
    move(client, started, {"type": "end_turn"})
    assert client.post(f"/games/{started.pk}/undo")["Location"] == f"/games/{started.pk}/"
    started.refresh_from_db()
    assert started.record["actions"] == opening


def test_resigning_ends_the_game_and_the_outcome_screen_offers_a_rematch(client, started):
    answer = client.post(f"/games/{started.pk}/resign", HTTP_ACCEPT="application/json")
    outcome = answer.json()["state"]["outcome"]
    assert (
        outcome["reason"] == "resigned" and outcome["winner"] == 1 - started.seat and not outcome["you_won"]
    )
    assert [b["faction"] for b in outcome["bases_destroyed"]] == ["Empire", "Rebel"]
    started.refresh_from_db()
    assert started.resigned and started.status == SavedGame.Status.FINISHED
    assert move(client, started, {"type": "end_turn"}).json()["code"] == "game-over"
    assert client.post(f"/games/{started.pk}/resign", HTTP_ACCEPT="application/json").status_code == 409
    page = client.get(f"/games/{started.pk}/").content.decode()
    assert "You resigned." in page and f"/games/{started.pk}/rematch" in page and "/replay/" in page
    rematch = client.post(f"/games/{started.pk}/rematch")
    fresh = SavedGame.objects.exclude(pk=started.pk).get()
    assert rematch["Location"] == f"/games/{fresh.pk}/"
    assert (fresh.seat, fresh.opponent, fresh.record["setup"]) == (
        started.seat,
        "greedy",
        started.record["setup"],
    )
    assert fresh.status == SavedGame.Status.PLAYING


def test_the_page_plays_the_ai_opening_once(client, started):
    def embedded():
        page = client.get(f"/games/{started.pk}/").content.decode()
        text = page.split('id="dbg-table-state" type="application/json">', 1)[1].split("</script>", 1)[0]
        return json.loads(text)

    first = embedded()
    assert first["opening"] and all(f["seat"] != started.seat for f in first["opening"])
    assert len(first["opening"]) == len(started.record["actions"]) and first["faces"]
    assert "opening" not in embedded()  # seen once: a reload shows the table as it is


def test_another_users_game_is_not_found(client, started):
    client.force_login(User.objects.create_user("piett", password="x"))
    assert client.get(f"/games/{started.pk}/table/").status_code == 404
    assert move(client, started, {"type": "end_turn"}).status_code == 404
    for what in ("undo", "resign", "rematch"):
        assert client.post(f"/games/{started.pk}/{what}").status_code == 404
    client.logout()
    assert client.get(f"/games/{started.pk}/table/").status_code == 404


def test_the_table_speaks_the_pages_language(client, started):
    table = client.get(f"/games/{started.pk}/table/", HTTP_ACCEPT_LANGUAGE="it").json()
    play = _first(table, "play")
    assert play["name"].startswith("Gioca ") and play["short"] == "Gioca"
    assert [a["name"] for a in table["actions"]["general"]] == ["Termina il turno"]
    assert any("Impero" in line["text"] for line in table["log"])


def test_refusals_in_the_page_language_and_a_reopening_undo_counts_open_games(client, started, monkeypatch):
    client.post(f"/games/{started.pk}/resign", HTTP_ACCEPT="application/json")
    answer = client.post(
        f"/games/{started.pk}/resign", HTTP_ACCEPT="application/json", HTTP_ACCEPT_LANGUAGE="it"
    )
    assert answer.status_code == 409 and answer.json() == {
        "code": "game-over",
        "message": "Questa partita è finita.",
    }
    finished = SavedGame.objects.create(game=started.game, owner=started.owner, seat=started.seat,
                                        opponent="greedy", record=started.record, status="finished")  # fmt: skip
    move_made = dict(finished.record, actions=[*finished.record["actions"], {"type": "end_turn"}])
    SavedGame.objects.filter(pk=finished.pk).update(record=move_made)
    monkeypatch.setattr("rules.saved_games.MAX_OPEN_GAMES", 0)
    refused = client.post(f"/games/{finished.pk}/undo", HTTP_ACCEPT="application/json")
    assert refused.status_code == 409 and refused.json()["code"] == "too-many-games"


def test_a_hint_names_a_legal_move_and_why(client, started):
    table = state(client, started)
    advice = client.get(table["urls"]["hint"]).json()
    game = saved_games.rebuild(started)
    assert advice["action"] in game.legal_actions() and advice["name"] and advice["why"]
    assert advice["reason"] in (
        "searched",
        "play-first",
        "pay-from-hand",
        "lethal",
        "only-move",
        "single-choice",
    )
    assert client.get(table["urls"]["hint"]).json() == advice  # the same position, the same hint
    page = client.get(f"/games/{started.pk}/?hint=1", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Il computer farebbe:" in page
    move(client, started, {"type": "end_turn"})
    started.refresh_from_db()
    if saved_games.rebuild(started).to_move() != started.seat:
        assert client.get(table["urls"]["hint"]).status_code == 409


def test_a_searched_hint_says_what_it_weighed(swdbg_setups):
    from rules.swdbg.game import Game
    from rules.swdbg.players import GreedyPlayer
    from rules.swdbg_hint import hint

    game = Game.new(swdbg_setups["beginner"], 11)
    greedy = GreedyPlayer(1)
    while True:  # the first position the search weighs rather than follows a rule
        with translation.override("en"):
            advice = hint(game)
        if advice["reason"] == "searched":
            break
        game.apply(greedy.choose(game))
    assert advice["action"] in game.legal_actions() and len(advice["choices"]) >= 2
    assert "sampled games" in advice["why"]
    scores = [c["score"] for c in advice["choices"]]
    assert scores == sorted(scores, reverse=True)


def test_the_evaluation_parts_sum_to_the_evaluation(swdbg_setups):
    from rules.swdbg.game import Game
    from rules.swdbg.players import RandomPlayer
    from rules.swdbg.search import evaluate, evaluate_parts

    game, player = Game.new(swdbg_setups["full-galaxy"], 5), RandomPlayer(5)
    for _ in range(300):
        if game.outcome() is not None:
            break
        for seat in (0, 1):
            assert sum(evaluate_parts(game.state, seat)) == pytest.approx(
                evaluate(game.state, seat), abs=1e-9
            )
        game.apply(player.choose(game))
