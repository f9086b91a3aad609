"""SW:DBG pages: a replay viewer that steps through a record, and playing a game against an AI in the browser.

Every step and every action is a form and works without JavaScript; with it, the viewer's script
(rules/static/rules/dbg-replay.js) sends the step form without a page load and plays the steps on by itself.
The viewer shows the table after action n as one seat sees it (or everything: the referee's view): the galaxy row, both players' bases with their damage,
capital ships, cards in play, the hand the chosen seat may see, the Force track, and the log in words.
"""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse

from cardsdb import jsonsafe
from cardsdb.api.errors import ApiError
from decks.deck import services as deck_services
from rules import saved_games, table_words
from rules.api.games import MAX_RECORD_BODY
from rules.models import SavedGame
from rules.setups import DEFAULT_FORMAT, SetupRefused, default_setup, engine_setup, playable
from rules.swdbg.game import Game
from rules.swdbg.record import RecordError, make_record, replay
from rules.swdbg.roster import players as ai_players
from rules.swdbg.search import SearchBudget
from rules.swdbg_levels import DEFAULT as DEFAULT_LEVEL
from rules.swdbg_levels import LEVELS, level_name
from rules.swdbg_words import words

WATCH_PLAYERS = ("greedy", "random", "search")  # rules.swdbg.roster: every AI player
# A watched search player searches within a fixed number of rollout actions, not a time: the same seed replays
# to the same game on every page, and a whole game stays within a few seconds.
WATCH_SEARCH_ACTIONS = (200, 40_000)
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
            return HttpResponseBadRequest(
                f"seed is a number up to 10^9; players are two of {', '.join(WATCH_PLAYERS)}."
            )
        record = _ai_record(seed, kinds, request.GET.get("format", DEFAULT_FORMAT))
        if record is None:
            return HttpResponseBadRequest("format is beginner or full-galaxy.")
        source = {"seed": seed, "players": ",".join(kinds), "format": record["setup"]["format"]}
    if record is None:
        pairs = [f"{a},{b}" for a in WATCH_PLAYERS for b in WATCH_PLAYERS]
        return render(request, "rules/replay.html", {"error": error, "source": source, "watch_pairs": pairs})
    return _render_replay(request, record, source, default_viewer=None)


def _ai_record(seed: int, kinds: list[str], format_code: str) -> dict | None:
    try:
        setup = default_setup(format_code)
        engine = engine_setup(setup)
    except SetupRefused:
        return None
    game = Game.new(engine, seed)
    budget = SearchBudget(*WATCH_SEARCH_ACTIONS)
    players = [ai_players()[kind](seed + i, **({"budget": budget} if kind == "search" else {}))
               for i, kind in enumerate(kinds)]  # fmt: skip
    while game.outcome() is None:
        game.apply(players[game.to_move()].choose(game))
    return make_record(game, setup, [{"kind": k} for k in kinds])


def _render_replay(request, record, source, default_viewer, saved=None):
    params = request.POST if request.method == "POST" else request.GET
    viewer = _viewer(params.get("viewer"), default_viewer)
    try:
        full = replay(record, engine_setup)  # to the end, or to the first illegal action
        total = full.applied
        # "Go" to a turn sends that turn's first step; the step buttons send their own. A viewer opens at the
        # start: the end would tell who wins first.
        step = _number(params.get("turn_step" if params.get("go") == "turn" else "step", ""), 6)
        n = 0 if step is None else min(step, total)
        result = replay(record, engine_setup, stop_after=n)
    except RecordError as exc:
        return render(request, "rules/replay.html", {"error": exc.message, "source": source}, status=400)
    except SetupRefused as exc:
        problems = "; ".join(p["message"] for p in exc.problems[:5])
        return render(request, "rules/replay.html", {"error": f"The setup cannot start a game: {problems}",
                                                     "source": source}, status=400)  # fmt: skip
    view = board(result.game, result.game.view(viewer))
    turns = turn_starts(full.turns)
    for t in turns:
        t["current"] = t["turn"] == result.game.state.turn
    context = {
        "source": source,
        "saved": saved,
        "steps": _steps(total, n),
        "turns": turns,
        "viewer": "referee" if viewer is None else str(viewer),
        "viewer_name": None if viewer is None else view["players"][viewer]["faction"],
        "factions": [p["faction"] for p in view["players"]],
        "board": view,
        "log": _last_lines(result.log_parts, 40),
        "violations": full.violations,
        "outcome": full.game.outcome() if n == total else None,
        "record_json": "" if saved else json.dumps(record),
    }
    return render(request, "rules/replay.html", context)


def _last_lines(parts: list[dict], n: int) -> list[tuple[int, str]]:
    """The last n actions in the page's language, numbered from the game's first."""
    first = max(0, len(parts) - n)
    return [(i, words(p)) for i, p in enumerate(parts[first:], start=first + 1)]


def turn_starts(turns) -> list[dict]:
    """Each turn with the step the table shows at its start (the actions of the turns before it)."""
    starts, step = [], 0
    for t in turns:
        starts.append({"turn": t.turn, "faction": t.faction, "step": step})
        step += t.actions
    return starts


def _saved_setup(request, raw: str | None):
    """A SW:DBG setup deck the user may see, for "Play this setup"; None when none was asked for."""
    if raw is None:
        return None
    deck_id = _number(raw, 10)
    deck = None
    if deck_id is not None:
        try:
            deck = deck_services.deck_get(deck_id=deck_id, user=request.user)
        except ApiError:
            deck = None
    if deck is None or deck.game_id != "swdbg" or not _is_setup(deck.setup):
        raise Http404("No SW:DBG setup with this id that you can see.")
    return deck


def _is_setup(setup: object) -> bool:
    return isinstance(setup, dict) and isinstance(setup.get("players"), list)


def setup_factions(setup: dict) -> list[str]:
    return [
        p["faction"] for p in setup["players"] if isinstance(p, dict) and isinstance(p.get("faction"), str)
    ]


def games_page(request):
    """The games: play SW:DBG against an AI (a saved setup with ?setup=<deck id>), watch AI games, the replay
    viewers. Anyone may look; playing needs an account."""
    params = request.POST if request.method == "POST" else request.GET
    deck = _saved_setup(request, params.get("setup"))
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        faction = request.POST.get("faction", "")
        opponent = request.POST.get("opponent", DEFAULT_LEVEL)
        format_code = request.POST.get("format", DEFAULT_FORMAT)
        setup = None
        if deck is not None:  # the deck's format is the setup's (a saved setup holds no "format" key)
            setup = playable({**deck.setup, **({"format": deck.format.code} if deck.format_id else {})})
        try:
            saved, _, _ = saved_games.start(request.user, faction=faction, opponent=opponent,
                                            format_code=format_code, seed=None, setup=setup)  # fmt: skip
        except (saved_games.GameRefused, SetupRefused) as exc:
            code = getattr(exc, "code", "")
            messages.error(request, table_words.refusal(code, str(exc)))
            return redirect(f"{reverse('games')}?setup={deck.pk}" if deck else reverse("games"))
        return redirect("game-play", saved.pk)
    games = list(SavedGame.objects.filter(owner=request.user)[:100]) if request.user.is_authenticated else []
    for g in games:
        g.level = level_name(g.opponent)
    context = {
        "games": games,
        "levels": LEVELS,
        "default_level": DEFAULT_LEVEL,
        "deck": deck,
        "factions": setup_factions(deck.setup) if deck else ["Empire", "Rebel"],
        "watch_players": list(WATCH_PLAYERS),
    }
    return render(request, "rules/games.html", context)


def play_panel(deck, params) -> dict | None:
    """The deck page's "Play this setup" (decks.extensions.DECK_PAGE): a SW:DBG setup starts a game."""
    if deck.game_id != "swdbg" or not _is_setup(deck.setup):
        return None
    return {"url": f"{reverse('games')}?setup={deck.pk}"}


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
