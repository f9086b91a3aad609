"""The SW:DBG play table: its page, its JSON endpoints (for the page's script, rules/static/rules/dbg-table.js),
and undo, resign and rematch, which answer a form with a redirect and the script with JSON.

GET state: the table as the owner's seat sees it (rules/table_state.py). POST move {"actions": [action, …]}: the
owner's actions in order (one, or "play all"), then the AI's reply; the answer has each action with its log line
and the table after it (`frames`), then the new state. Every refusal is JSON with a code and a message.
"""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_POST

from cardsdb import jsonsafe
from rules import saved_games, swdbg_hint, table_state, table_words
from rules.models import SavedGame
from rules.setups import SetupRefused
from rules.swdbg.errors import IllegalAction
from rules.swdbg_levels import level_name
from rules.swdbg_words import action_words, prompt_words

from .games import board

MAX_MOVE_BODY = 8_192  # bytes: a dozen actions are a few hundred
MAX_MOVE_ACTIONS = 12  # "play all" sends the hand's resource cards; a hand holds 5 or so
MAX_MOVE_DEPTH = 6  # {"actions": [{"type": …}]} is 3 deep


def _refused(code: str, message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"code": code, "message": message}, status=status)


def _own(request, game_id: int) -> SavedGame | None:
    if not request.user.is_authenticated:
        return None
    return SavedGame.objects.filter(pk=game_id, owner=request.user).first()


def _not_found() -> JsonResponse:
    return _refused("not-found", "No such game of yours.", status=404)


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def state_of(saved: SavedGame, *, with_faces: bool) -> dict:
    game, log, mine = table_state.replayed(saved)
    return table_state.table(saved, game, log, mine, with_faces=with_faces)


@login_required
def game_page(request, game_id: int):
    """The table: with JavaScript the script draws it from `table` and moves through the endpoints below;
    without, the board and one form per action (each a page load), as before the table."""
    saved = SavedGame.objects.filter(pk=game_id, owner=request.user).first()
    if saved is None:
        raise Http404("No such game of yours.")
    log = []
    if request.method == "POST":
        try:
            action = jsonsafe.loads(request.POST.get("action", ""))
            saved, game, log = saved_games.play(saved.pk, request.user, action)
        except jsonsafe.JSONInputError:
            messages.error(request, gettext("That action could not be read."))
        except IllegalAction as exc:
            messages.error(
                request,
                gettext("Not allowed: %(why)s (%(code)s, rulebook: %(rule)s)")
                % {"why": exc.message, "code": exc.code, "rule": exc.rule},
            )
        except saved_games.GameRefused as exc:
            messages.error(request, table_words.refusal(exc.code, exc.message))
        request.session[f"game-{saved.pk}-log"] = log
        return redirect("game-play", saved.pk)
    game, log, mine = table_state.replayed(saved)
    outcome = saved_games.outcome(saved, game)
    actions = []
    if outcome is None and game.to_move() == saved.seat:
        for action in game.legal_actions():
            actions.append(
                {"json": json.dumps(action), "label": action_words(game, action), "type": action["type"]}
            )
    context = {
        "saved": saved,
        "board": board(game, game.view(saved.seat)),
        "actions": actions,
        "prompt": prompt_words(game) if actions else None,
        "log": request.session.pop(f"game-{saved.pk}-log", []),
        "outcome": outcome,
        "replay_url": reverse("game-replay", args=[saved.pk]),
        "level": level_name(saved.opponent),
        "hint": _hint_for(saved, game) if request.GET.get("hint") == "1" else None,
        "can_undo": bool(mine) and not saved.resigned,
        "table": page_state(request, saved, table_state.table(saved, game, log, mine, with_faces=True)),
    }
    return render(request, "rules/play.html", context)


def page_state(request, saved: SavedGame, state: dict) -> dict:
    """The game page's first state; the first time the owner opens the game it carries the AI's opening
    actions as frames (`opening`), which the script plays before the owner's first move."""
    key = f"game-{saved.pk}-opened"
    if not request.session.get(key):
        request.session[key] = True
        state["opening"] = table_state.opening_frames(saved)
    return state


def _hint_for(saved: SavedGame, game) -> dict | None:
    """The computer's advice for the owner's seat, when it is the owner's move in a game still on."""
    if saved.resigned or game.outcome() is not None or game.to_move() != saved.seat:
        return None
    return swdbg_hint.hint(game)


@require_GET
def hint_view(request, game_id: int):
    """What the computer would do in the owner's seat, and why (rules/swdbg_hint.py)."""
    saved = _own(request, game_id)
    if saved is None:
        return _not_found()
    game, _, _ = table_state.replayed(saved)
    advice = _hint_for(saved, game)
    if advice is None:
        return _refused("not-your-move", table_words.refusal("not-your-move", ""), status=409)
    return JsonResponse(advice)


@require_GET
def state_view(request, game_id: int):
    saved = _own(request, game_id)
    if saved is None:
        return _not_found()
    return JsonResponse(state_of(saved, with_faces=request.GET.get("faces") == "1"))


def _read_actions(request) -> list | JsonResponse:
    if len(request.body) > MAX_MOVE_BODY:
        return _refused("too-large", f"A move is at most {MAX_MOVE_BODY:,} bytes of JSON.")
    try:
        body = jsonsafe.loads(request.body, max_depth=MAX_MOVE_DEPTH)
    except jsonsafe.JSONInputError as exc:
        return _refused(exc.code, exc.message)
    actions = body.get("actions") if isinstance(body, dict) and set(body) == {"actions"} else None
    if not isinstance(actions, list) or not 1 <= len(actions) <= MAX_MOVE_ACTIONS:
        return _refused(
            "bad-move", f'A move is {{"actions": [action, …]}} with 1 to {MAX_MOVE_ACTIONS} actions.'
        )
    return actions


@require_POST
def move_view(request, game_id: int):
    saved = _own(request, game_id)
    if saved is None:
        return _not_found()
    actions = _read_actions(request)
    if isinstance(actions, JsonResponse):
        return actions
    frames: list[dict] = []

    def after(game, actor, words):
        frames.append(table_state.frame(game, saved.seat, actor, words))

    try:
        saved, game, _, stopped = saved_games.play_many(saved.pk, request.user, actions, after=after)
    except IllegalAction as exc:
        return JsonResponse({"code": exc.code, "message": exc.message, "rule": exc.rule}, status=400)
    except saved_games.GameRefused as exc:
        return _refused(exc.code, table_words.refusal(exc.code, exc.message), status=409)
    # The new state without its log: the script has the log and adds the frames' lines (no second replay).
    state = table_state.table(saved, game, None, [len(game.actions) - 1], with_faces=False)
    answer = {"frames": frames, "state": state, "stopped": None}
    if stopped is not None:
        answer["stopped"] = {"code": stopped.code, "message": stopped.message}
    return JsonResponse(answer)


def _answer(request, saved: SavedGame, error: saved_games.GameRefused | None):
    """JSON for the script (the new state, or the refusal); a redirect to the game for a form."""
    if _wants_json(request):
        if error is not None:
            return _refused(error.code, table_words.refusal(error.code, error.message), status=409)
        return JsonResponse({"state": state_of(saved, with_faces=False)})
    if error is not None:
        messages.error(request, table_words.refusal(error.code, error.message))
    return redirect("game-play", saved.pk)


@require_POST
def undo_view(request, game_id: int):
    saved = _own(request, game_id)
    if saved is None:
        return _not_found()
    try:
        saved, _ = saved_games.undo(saved.pk, request.user)
    except saved_games.GameRefused as exc:
        return _answer(request, saved, exc)
    return _answer(request, saved, None)


@require_POST
def resign_view(request, game_id: int):
    saved = _own(request, game_id)
    if saved is None:
        return _not_found()
    try:
        saved = saved_games.resign(saved.pk, request.user)
    except saved_games.GameRefused as exc:
        return _answer(request, saved, exc)
    return _answer(request, saved, None)


@require_POST
def rematch_view(request, game_id: int):
    """A new game with the same setup, seat and opponent; the answer leads to it."""
    saved = _own(request, game_id)
    if saved is None:
        return _not_found()
    try:
        fresh, _, _ = saved_games.rematch(saved, request.user)
    except (saved_games.GameRefused, SetupRefused) as exc:
        error = saved_games.GameRefused(getattr(exc, "code", "bad-setup"), str(exc))
        return _answer(request, saved, error)
    if _wants_json(request):
        return JsonResponse({"game": fresh.pk, "url": reverse("game-play", args=[fresh.pk])})
    return redirect("game-play", fresh.pk)
