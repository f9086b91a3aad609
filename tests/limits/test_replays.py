"""Saved SWCCG replays' limits (rules/api/swccg_replays.py): MAX_SAVED_REPLAYS per user and MAX_SAVED_BYTES in
all, a title of MAX_TITLE characters; and the SW:DBG games a user may have in progress (rules/saved_games.py).
Each accepted at the limit and refused one past it."""

import pytest

from cardsdb.api.errors import ApiError
from rules import saved_games
from rules.api import swccg_replays as replays
from rules.models import SavedGame, SavedReplay
from rules.setups import SetupRefused


def _keep(user, n: int, size: int = 1) -> None:
    SavedReplay.objects.bulk_create(
        SavedReplay(owner=user, game_id="swccg", kind=SavedReplay.Kind.RECORD, title="t", size=size)
        for _ in range(n)
    )


def _refused(user, size: int) -> ApiError:
    with pytest.raises(ApiError) as caught:
        replays._check_room(user, size)
    return caught.value


def test_a_user_may_keep_max_saved_replays_one_more_is_refused(user):
    _keep(user, replays.MAX_SAVED_REPLAYS - 1)
    replays._check_room(user, 1)  # the last one fits
    _keep(user, 1)
    refusal = _refused(user, 1)
    assert refusal.code == "too-many-replays" and refusal.details == {"limit": replays.MAX_SAVED_REPLAYS}


def test_saved_bytes_may_reach_the_limit_one_more_is_refused(user):
    _keep(user, 2, size=replays.MAX_SAVED_BYTES // 4)
    room = replays.MAX_SAVED_BYTES - 2 * (replays.MAX_SAVED_BYTES // 4)
    replays._check_room(user, room)
    refusal = _refused(user, room + 1)
    assert refusal.code == "too-many-replays" and refusal.details == {"limit_bytes": replays.MAX_SAVED_BYTES}


def test_a_title_of_max_characters_is_kept_one_more_is_refused():
    title = "t" * replays.MAX_TITLE
    assert replays.clean_title(f" {title} ", "bad-parameter") == title
    with pytest.raises(ApiError):
        replays.clean_title(title + "t", "bad-parameter")


# ---- SW:DBG games against the AI (rules/saved_games.py) ----


def _games(user, n: int, status: str) -> None:
    SavedGame.objects.bulk_create(
        SavedGame(game_id="swdbg", owner=user, seat=0, opponent="random", record={}, status=status)
        for _ in range(n)
    )


def _start(user):
    return saved_games.start(user, faction="Empire", opponent="random", format_code="", seed=1,
                             setup={"format": "no-such-format"})  # fmt: skip


def test_a_user_may_have_max_open_games_one_more_is_refused(user):
    _games(user, 3, SavedGame.Status.FINISHED)
    _games(user, saved_games.MAX_OPEN_GAMES - 1, SavedGame.Status.PLAYING)
    with pytest.raises(SetupRefused):  # past the count: the setup is read (and refused, to keep this cheap)
        _start(user)
    _games(user, 1, SavedGame.Status.PLAYING)
    with pytest.raises(saved_games.GameRefused) as caught:
        _start(user)
    assert caught.value.code == "too-many-games"
