"""SW:DBG pages: a replay viewer that steps through a record, and playing a game against an AI in the browser.

No JavaScript: every step and every action is a link or a form. The viewer shows the table after action n as
one seat sees it (or everything: the referee's view): the galaxy row, both players' bases with their damage,
capital ships, cards in play, the hand the chosen seat may see, the Force track, and the log in words.
"""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext

from cardsdb import jsonsafe
from rules import saved_games
from rules.api.games import MAX_RECORD_BODY
from rules.models import SavedGame
from rules.setups import DEFAULT_FORMAT, SetupRefused, default_setup, engine_setup
from rules.swdbg.errors import IllegalAction
from rules.swdbg.game import Game
from rules.swdbg.players import GreedyPlayer, RandomPlayer
from rules.swdbg.record import RecordError, make_record, replay

WATCH_PLAYERS = {"greedy": GreedyPlayer, "random": RandomPlayer}  # fast enough to play a whole game per page
MAX_WATCH_SEED = 10**9
FORCE_SPACES = range(-3, 4)


def _card(game: Game, ref: dict) -> dict:
    info = game.cards[ref["id"]]
    return {**ref, "faction": info.faction, "type": info.card_type.replace("_", " "), "cost": info.cost,
            "attack_printed": info.attack, "resources": info.resources, "force": info.force,
            "target_value": info.target_value, "unique": info.unique}  # fmt: skip


def board(game: Game, view: dict) -> dict:
    """The view with each card's printed facts, for the templates."""

    def cards(refs):
        return None if refs is None else [_card(game, r) for r in refs]

    players = []
    for p in view["players"]:
        base = p["base"]
        players.append(
            {
                **p,
                "hand": cards(p["hand"]),
                "in_play": [{**_card(game, c), **c} for c in p["in_play"]],
                "discard": cards(p["discard"]),
                "base": base and {**base, "left": base["hit_points"] - base["damage"]},
            }
        )
    return {
        **view,
        "players": players,
        "galaxy_row": cards(view["galaxy_row"]),
        "force_track": [{"space": s, "marker": s == view["force"]} for s in FORCE_SPACES],
    }


def _steps(total: int, n: int) -> dict:
    return {
        "n": n,
        "total": total,
        "first": 0,
        "prev": max(0, n - 1),
        "next": min(total, n + 1),
        "last": total,
    }


def _number(raw: str, digits: int) -> int | None:
    """A plain decimal of at most `digits` digits ("²" and "١" are digits to str.isdigit, not to us)."""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) <= digits else None


def _viewer(raw: str | None, default: int | None) -> int | None:
    return {"0": 0, "1": 1, "referee": None}.get(raw or "", default)


def replay_page(request):
    """GET: the paste form, or (?seed=&players=) a game between two fast AI players; POST: a pasted record."""
    record, error, source = None, None, {}
    if request.method == "POST":
        text = request.POST.get("record", "")
        if len(text) > MAX_RECORD_BODY:
            error = f"The record has {len(text):,} characters; at most {MAX_RECORD_BODY:,}."
        else:
            try:
                record = jsonsafe.loads(text)
            except jsonsafe.JSONInputError as exc:
                error = f"The record is not valid JSON: {exc.message}"
        source = {"record_text": text}
    elif "seed" in request.GET:
        seed = _number(request.GET.get("seed", ""), 10)
        kinds = request.GET.get("players", "greedy,greedy").split(",")
        if seed is None or seed > MAX_WATCH_SEED or len(kinds) != 2 or not set(kinds) <= set(WATCH_PLAYERS):
            return HttpResponseBadRequest("seed is a number up to 10^9; players are two of greedy, random.")
        record = _ai_record(seed, kinds, request.GET.get("format", DEFAULT_FORMAT))
        if record is None:
            return HttpResponseBadRequest("format is beginner or full-galaxy.")
        source = {"seed": seed, "players": ",".join(kinds), "format": record["setup"]["format"]}
    if record is None:
        return render(request, "rules/replay.html", {"error": error, "source": source})
    return _render_replay(request, record, source, default_viewer=None)


def _ai_record(seed: int, kinds: list[str], format_code: str) -> dict | None:
    try:
        setup = default_setup(format_code)
        engine = engine_setup(setup)
    except SetupRefused:
        return None
    game = Game.new(engine, seed)
    players = [WATCH_PLAYERS[kind](seed + i) for i, kind in enumerate(kinds)]
    while game.outcome() is None:
        game.apply(players[game.to_move()].choose(game))
    return make_record(game, setup, [{"kind": k} for k in kinds])


def _render_replay(request, record, source, default_viewer, saved=None):
    params = request.POST if request.method == "POST" else request.GET
    viewer = _viewer(params.get("viewer"), default_viewer)
    try:
        full = replay(record, engine_setup, summarise=False)  # to the end, or to the first illegal action
        total = full.applied
        step = _number(params.get("step", ""), 6)
        n = total if step is None else min(step, total)
        result = replay(record, engine_setup, stop_after=n)
    except RecordError as exc:
        return render(request, "rules/replay.html", {"error": exc.message, "source": source}, status=400)
    except SetupRefused as exc:
        problems = "; ".join(p["message"] for p in exc.problems[:5])
        return render(request, "rules/replay.html", {"error": f"The setup cannot start a game: {problems}",
                                                     "source": source}, status=400)  # fmt: skip
    context = {
        "source": source,
        "saved": saved,
        "steps": _steps(total, n),
        "viewer": "referee" if viewer is None else str(viewer),
        "board": board(result.game, result.game.view(viewer)),
        "log": list(enumerate(result.log, start=1))[-40:],
        "violations": full.violations,
        "outcome": full.game.outcome(),
        "record_json": json.dumps(record) if request.method == "POST" else "",
    }
    return render(request, "rules/replay.html", context)


@login_required
def games_page(request):
    """Your games, and a new game against an AI."""
    if request.method == "POST":
        faction = request.POST.get("faction", "")
        opponent = request.POST.get("opponent", "greedy")
        format_code = request.POST.get("format", DEFAULT_FORMAT)
        try:
            saved, _, _ = saved_games.start(request.user, faction=faction, opponent=opponent,
                                            format_code=format_code, seed=None, setup=None)  # fmt: skip
        except (saved_games.GameRefused, SetupRefused) as exc:
            messages.error(request, str(exc))
            return redirect("games")
        return redirect("game-play", saved.pk)
    games = SavedGame.objects.filter(owner=request.user)[:100]
    return render(request, "rules/games.html", {"games": games, "opponents": saved_games.OPPONENTS})


@login_required
def game_page(request, game_id: int):
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
            messages.error(request, exc.message)
        request.session[f"game-{saved.pk}-log"] = log
        return redirect("game-play", saved.pk)
    game = saved_games.rebuild(saved)
    mine = game.outcome() is None and game.to_move() == saved.seat
    actions = []
    if mine:
        for action in game.legal_actions():
            actions.append(
                {"json": json.dumps(action), "label": game.describe(action), "type": action["type"]}
            )
    context = {
        "saved": saved,
        "board": board(game, game.view(saved.seat)),
        "actions": actions,
        "pending": game.pending() if mine else None,
        "log": request.session.pop(f"game-{saved.pk}-log", []),
        "outcome": game.outcome(),
        "replay_url": reverse("game-replay", args=[saved.pk]),
    }
    return render(request, "rules/play.html", context)


@login_required
def game_replay_page(request, game_id: int):
    """A saved game in the replay viewer: while it goes on, only your seat's view."""
    saved = SavedGame.objects.filter(pk=game_id, owner=request.user).first()
    if saved is None:
        raise Http404("No such game of yours.")
    if saved.status != SavedGame.Status.FINISHED and request.GET.get("viewer", str(saved.seat)) != str(
        saved.seat
    ):
        return HttpResponseBadRequest("Other views are shown once the game is over.")
    return _render_replay(request, saved.record, {}, default_viewer=saved.seat, saved=saved)
