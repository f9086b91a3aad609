"""/collection/buildable/: what I can build — my decks and public decks ranked by how much of them my collection
covers (decks/missing/buildable.py). Logged-in users only; others get a sign-in hint."""

from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.shortcuts import render
from django.urls import reverse

from cardsdb.games.order import ordered_games
from decks.games import profile
from decks.missing.services import SCOPES, BuildableFilters, buildable
from decks.models import Format

PAGE_SIZE = 25


def buildable_page(request):
    games = list(ordered_games())  # the one order of every game picker
    default = games[0].code if games else "swccg"
    game = request.GET.get("game") or default
    error = ""
    if game not in {g.code for g in games}:
        error, game = f"There is no game {game[:40]!r}; showing {default}.", default
    context = {
        "games": games,
        "game": game,
        "sides": profile(game).sides,
        "formats": Format.objects.filter(game_id=game),
        "scopes": SCOPES,
        "filters": BuildableFilters(),
        "login_url": f"{reverse('login')}?next={reverse('collection-buildable')}",
    }
    if not request.user.is_authenticated:
        return render(request, "decks/buildable.html", {**context, "signed_in": False, "error": error})
    try:
        filters = BuildableFilters.read(game, request.GET)
    except ValueError as exc:
        filters, error = BuildableFilters(), exc.args[1]
    result = buildable(request.user, game=game, **filters.as_kwargs())
    page = Paginator(result.ranked, PAGE_SIZE).get_page(request.GET.get("page"))
    query = {"game": game, "side": filters.side, "format": filters.format_code, "scope": filters.scope}
    return render(
        request,
        "decks/buildable.html",
        {
            **context,
            "signed_in": True,
            "error": error,
            "filters": filters,
            "page": page,
            "result": result,
            "max_decks": result.limit,
            "filter_query": urlencode({k: v for k, v in query.items() if v}),
        },
    )
