"""The SW:DBG pages: the replay viewer (pasted records and AI games) and playing against an AI."""

import json
import re

import pytest
from django.contrib.auth.models import User

from rules.models import SavedGame
from rules.setups import default_setup, engine_setup
from rules.swdbg.game import Game
from rules.swdbg.players import GreedyPlayer
from rules.swdbg.record import make_record


@pytest.fixture
def record(swdbg_catalogue):
    setup = default_setup("beginner")
    game = Game.new(engine_setup(setup), 8)
    seats = [GreedyPlayer(1), GreedyPlayer(2)]
    while game.outcome() is None:
        game.apply(seats[game.to_move()].choose(game))
    return make_record(game, setup, [{"kind": "greedy"}, {"kind": "greedy"}])


def test_the_replay_form(client):
    page = client.get("/games/swdbg/replay/")
    assert page.status_code == 200 and b'name="record"' in page.content


def test_a_pasted_record_steps_through(client, record):
    page = client.post("/games/swdbg/replay/", {"record": json.dumps(record), "step": "3", "viewer": "0"})
    text = page.content.decode()
    assert page.status_code == 200
    assert re.search(r'id="step">3</b> of ' + str(len(record["actions"])), text)
    assert "Galaxy row" in text and "Balance of the Force" in text
    # seat 0 sees its own hand, not the other's
    assert text.count("<i>hidden</i>") == 1
    first = client.post("/games/swdbg/replay/", {"record": json.dumps(record)}).content.decode()
    assert 'id="step">0</b>' in first and "wins on turn" not in first  # opens at the start, winner unsaid
    last = client.post(
        "/games/swdbg/replay/", {"record": json.dumps(record), "viewer": "referee", "step": "99999"}
    ).content.decode()
    assert "wins on turn" in last and "<i>hidden</i>" not in last


def test_a_broken_record_says_why(client, record):
    page = client.post("/games/swdbg/replay/", {"record": "{not json"})
    assert page.status_code == 200 and "not valid JSON" in page.content.decode()
    bad = dict(record, record_version=3)
    page = client.post("/games/swdbg/replay/", {"record": json.dumps(bad)})
    assert page.status_code == 400 and "record_version" in page.content.decode()
    record["actions"].insert(2, {"type": "resolve", "target": "base"})
    page = client.post("/games/swdbg/replay/", {"record": json.dumps(record)}).content.decode()
    assert "Illegal action #3" in page and "nothing-committed" in page


def test_watching_an_ai_game(client, swdbg_catalogue):
    page = client.get("/games/swdbg/replay/?seed=4&players=greedy,random&format=beginner&step=10")
    assert page.status_code == 200 and 'id="step">10</b>' in page.content.decode()
    for step in ("²", "9" * 5000, "-1"):  # not a step number: the first step
        page = client.get(f"/games/swdbg/replay/?seed=4&players=greedy,random&format=beginner&step={step}")
        assert page.status_code == 200 and 'id="step">0</b>' in page.content.decode()
    bad_seeds = ("seed=x", "seed=²", "seed=" + "9" * 5000, "seed=99999999999")
    for bad in (*bad_seeds, "seed=4&players=human,greedy", "seed=1&format=nope"):
        assert client.get(f"/games/swdbg/replay/?{bad}").status_code == 400


def test_playing_in_the_browser_without_javascript(client, swdbg_catalogue):
    client.force_login(User.objects.create_user("luke", password="x"))
    started = client.post("/games/", {"faction": "Rebel", "opponent": "greedy", "format": "beginner"})
    saved = SavedGame.objects.get()
    assert started.status_code == 302 and started["Location"] == f"/games/{saved.pk}/"
    page = client.get(f"/games/{saved.pk}/").content.decode()
    actions = re.findall(r'name="action" value="([^"]+)"', page)
    assert actions, "the Rebel player is to move after the Empire AI's first turn"
    first = json.loads(actions[0].replace("&quot;", '"'))
    before = saved.actions
    client.post(f"/games/{saved.pk}/", {"action": json.dumps(first)})
    saved.refresh_from_db()
    assert saved.record["actions"][before] == first and saved.actions > before
    refused = client.post(f"/games/{saved.pk}/", {"action": '{"type": "play", "card": 9999}'}, follow=True)
    assert "Not allowed" in refused.content.decode()
    assert client.get("/games/").status_code == 200


def test_pages_need_the_owner(client, swdbg_catalogue):
    assert client.post("/games/", {"faction": "Empire"}).status_code == 302  # to the login page
    owner = User.objects.create_user("vader", password="x")
    client.force_login(owner)
    client.post("/games/", {"faction": "Empire", "opponent": "random"})
    saved = SavedGame.objects.get()
    client.force_login(User.objects.create_user("piett", password="x"))
    assert client.get(f"/games/{saved.pk}/").status_code == 404
    assert client.get(f"/games/{saved.pk}/replay/").status_code == 404


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ('{"game": "swdbg\\ud800"}', "lone surrogate"),
        ("[" * 100_000 + "]" * 100_000, "nested more than"),
        ("9" * 5000, "not valid JSON"),
    ],
    ids=["surrogate", "nested-100000", "huge-number"],
)
def test_hostile_records_on_the_replay_page(client, text, says):
    page = client.post("/games/swdbg/replay/", {"record": text})
    html = page.content.decode()
    assert page.status_code in (200, 400) and says in html


@pytest.mark.parametrize(
    "action",
    ['{"type": "play\\ud800"}', "[" * 100_000 + "]" * 100_000, '{"type": "play", "card": 1e999}', "null"],
)
def test_hostile_actions_on_the_game_page(client, swdbg_catalogue, action):
    client.force_login(User.objects.create_user("lando", password="x"))
    client.post("/games/", {"faction": "Empire", "opponent": "random"})
    saved = SavedGame.objects.get()
    before = list(saved.record["actions"])
    page = client.post(f"/games/{saved.pk}/", {"action": action}, follow=True)
    assert page.status_code == 200
    assert "could not be read" in page.content.decode() or "Not allowed" in page.content.decode()
    saved.refresh_from_db()
    assert saved.record["actions"] == before  # nothing played


def test_the_header_and_the_games_page_lead_to_every_game(client):
    page = client.get("/games/").content.decode()  # anyone may look; playing needs an account
    assert '<a href="/games/">Games</a>' in page
    for link in (
        "/games/swdbg/replay/#watch",
        '"/games/swdbg/replay/"',
        "/games/swccg/replay/",
        "/accounts/login/",
    ):
        assert link in page


def test_a_turn_jump_and_the_factions_of_an_unfinished_game(client, record):
    record["actions"] = record["actions"][:40]
    del record["result"]
    page = client.post("/games/swdbg/replay/", {"record": json.dumps(record), "step": "40", "viewer": "1"})
    text = page.content.decode()
    assert "Empire against Rebel" in text and "as Rebel sees it" in text and "view: 1" not in text
    turns = re.findall(r'<option value="(\d+)"(?: selected)?>(\d+) · (\w+)</option>', text)
    assert turns[0] == ("0", "1", "Empire") and turns[1][1:] == ("2", "Rebel")
    jump = client.post(
        "/games/swdbg/replay/", {"record": json.dumps(record), "go": "turn", "turn_step": turns[1][0]}
    )
    assert re.search(r'id="turn">2</b>', jump.content.decode())


def test_watching_the_search_player(client, swdbg_catalogue):
    page = client.get("/games/swdbg/replay/")
    assert "<option>search,greedy</option>" in page.content.decode()
    page = client.get("/games/swdbg/replay/?seed=2&players=search,greedy&format=beginner")
    assert page.status_code == 200 and 'id="step">0</b>' in page.content.decode()


def test_a_saved_setup_is_played_from_its_deck_page(client, swdbg_catalogue):
    import html as html_lib

    from decks.deck.services import deck_create_setup

    owner = User.objects.create_user("mon", password="x")
    client.force_login(owner)
    builder = client.get(
        "/decks/setup/new/"
    ).content.decode()  # the builder's default beginner setup, as saved
    setup = json.loads(
        html_lib.unescape(
            re.search(r'<textarea[^>]*name="setup_json"[^>]*>(.*?)</textarea>', builder, re.S)[1]
        )
    )
    deck = deck_create_setup(owner=owner, setup=setup, format_code="beginner", name="Beginners", notes="",
                             is_public=False)  # fmt: skip
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert f'href="/games/?setup={deck.pk}"' in page and "Play this setup" in page
    form = client.get(f"/games/?setup={deck.pk}").content.decode()
    assert f'name="setup" value="{deck.pk}"' in form and '<option value="Rebel">Rebel</option>' in form
    started = client.post("/games/", {"setup": deck.pk, "faction": "Rebel", "opponent": "random"})
    game = SavedGame.objects.get(owner=owner)
    assert started["Location"] == f"/games/{game.pk}/" and game.record["setup"]["format"] == "beginner"
    for bad in ("x", "²", "999999"):
        assert client.get(f"/games/?setup={bad}").status_code == 404
    client.force_login(User.objects.create_user("other", password="x"))
    assert client.get(f"/games/?setup={deck.pk}").status_code == 404  # a private setup is its owner's


def test_levels_are_named_for_people(client, swdbg_catalogue):
    client.force_login(User.objects.create_user("levels", password="x"))
    page = client.get("/games/").content.decode()
    offered = re.findall(r'<option value="(\w+)"(?: selected)?>(\w+) — ', page)
    assert offered == [("random", "Trainee"), ("greedy", "Easy"), ("search", "Normal")]
    client.post("/games/", {"faction": "Rebel", "opponent": "search", "format": "beginner"})
    saved = SavedGame.objects.get()
    assert saved.opponent == "search"  # the player's name is kept; the pages say the level
    assert "<td>Normal</td>" in client.get("/games/").content.decode()
    assert "level Normal" in client.get(f"/games/{saved.pk}/").content.decode()
