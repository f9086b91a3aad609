"""The search page: results as a table or a grid of card images, sort and filter controls that edit the query,
and a way on when nothing matches (did you mean, nicknames, the other games, other editions)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from core.text import strip_marks

from ..catalogue_versions import game_exists
from ..extensions import OWNED_CARDS
from ..games.order import ordered_games
from ..labels import shown
from ..naming import find_card
from ..nicknames import MAX_LOOKUP_CHARS
from ..search import edit
from ..search.budget import SearchTimeout, search_budget
from ..search.controls import SORT_KEYS, Choice, controls, sortable
from ..search.fields import GAME_FIELDS
from ..search.limits import MAX_QUERY_LENGTH
from ..search.owned import SearchNeedsLogin
from ..search.syntax import QuerySyntaxError
from ..selectors import card_search, card_search_compiled
from .page_cache import kept_for_visitors
from .pages import GAME_EXAMPLES, PAGE_SIZE, RESULT_COLUMNS, cheat_sheet, page_param, result_rows

VIEWS = ("table", "grid")
# The grid's sort menu names the table's columns as the table's headings do (SW:DBG's side is its faction).
SORT_HEADINGS = {
    "title": gettext_lazy("Title"),
    "side": gettext_lazy("Side"),
    "type": gettext_lazy("Type"),
    "set": gettext_lazy("Set"),
    "rarity": gettext_lazy("Rarity"),
}
FILTERS = ("side", "type", "set")  # GET parameters the filter form sends; folded into the query text


@kept_for_visitors
def search(request):
    query = request.GET.get("q", "")
    game = request.GET.get("game") or "swccg"
    if game not in GAME_FIELDS or not game_exists(game):
        game = "swccg"
    view = request.GET.get("view") if request.GET.get("view") in VIEWS else "table"
    if any(name in request.GET for name in FILTERS):
        edited = _apply_filters(request, query, game)
        if edited is not None:  # the canonical URL: the filters are in the query now
            return redirect(reverse("search") + _url(edited, game, view))
    context = {
        "query": query,
        "game": game,
        "games": ordered_games(),
        "view": view,
        # The table's link says view=table too: the remembered choice (search_view.js) must not override it.
        "view_links": [(v, "?" + urlencode({"q": query, "game": game, "view": v})) for v in VIEWS]
        if query.strip()
        else [],
        "examples": GAME_EXAMPLES[game][:8],
        "columns": RESULT_COLUMNS[game],
        "cheat_sheet": cheat_sheet(game),
        "page": None,
    }
    if not query.strip():
        return render(request, "cardsdb/search.html", context)
    try:
        cards, compiled = card_search_compiled(query=query, game=game, user=request.user)
        with search_budget():  # the count, the page and its rows are read inside it
            page = Paginator(cards, PAGE_SIZE).get_page(page_param(request))
            rows = result_rows(page, game)
            context.update(
                page=page,
                count=page.paginator.count,
                rows=rows,
                owned=_owned(request.user, [card.pk for card, _ in rows]),
            )
        if page.paginator.count == 0:
            context.update(_way_on(request, query, game, compiled))
        context.update(_controls(query, game, view))
    except QuerySyntaxError as exc:
        # A query past the length limit shows only its start, with the caret where it goes over.
        context.update(
            shown_query=query[: MAX_QUERY_LENGTH + 20],
            error=exc.message,
            error_code=getattr(exc, "code", "bad-query"),
            needs_login=isinstance(exc, SearchNeedsLogin),
            position=exc.position,
            caret=" " * exc.position + "^",
        )
        return render(request, "cardsdb/search.html", context, status=400)
    except SearchTimeout as exc:
        context.update(
            error_title=gettext("The search was stopped:"),
            error_code="search-timeout",
            error=gettext(
                "the search took longer than %(ms)s ms; make it narrower (a simpler /regular expression/, fewer terms)"
            )
            % {"ms": exc.timeout_ms},
        )
        return render(request, "cardsdb/search.html", context, status=503)
    return render(request, "cardsdb/search.html", context)


def _url(query: str, game: str, view: str, **more) -> str:
    params = {"q": query, "game": game, **({"view": view} if view != "table" else {}), **more}
    return "?" + urlencode(params)


def _apply_filters(request, query: str, game: str) -> str | None:
    """The query with the filter form's side/type/set in it; None when the query cannot be read."""
    try:
        for name in FILTERS:
            if name in request.GET:
                keyword = controls(game).side_keyword if name == "side" else name
                query = edit.with_filter(query, game, keyword, request.GET[name].strip()[:100])
    except QuerySyntaxError:
        return None  # the page shows the query's own error
    return query


def _controls(query: str, game: str, view: str) -> dict:
    """Sort links for the table's headings and the grid's sort menu, and the filters' current values."""
    found = controls(game)
    keyword = found.side_keyword
    order = edit.current_order(query, game)
    sorts = []
    columns = [(label, key) for label, key in SORT_KEYS.items()]
    columns += [(short, sortable(game, key)) for short, _full, key in RESULT_COLUMNS[game]]
    for label, key in columns:
        if key is None:
            sorts.append({"label": label, "key": None})
            continue
        heading = SORT_HEADINGS.get(label, label)
        if label == "side" and keyword == "faction":
            heading = gettext("Faction")
        active = order is not None and order[0] == key
        descending = active and not order[1]  # a second click reverses
        sorts.append(
            {
                "label": label,
                "text": str(heading),  # in the page's language
                "key": key,
                "url": _url(edit.with_order(query, game, key, descending), game, view),
                "state": ("descending" if order[1] else "ascending") if active else "",
            }
        )
    return {
        "sorts": {s["label"]: s for s in sorts},
        # the columns the table shows (SW:DBG's cards have no rarity: no column, no sort)
        "sort_list": [s for s in sorts if s["key"] and not (game == "swdbg" and s["label"] == "rarity")],
        "relevance_url": _url(edit.with_order(query, game, None), game, view) if order else "",
        "filters": [
            (
                "side",
                keyword.capitalize(),
                _shown(found.sides, "side"),
                edit.current_filter(query, game, keyword),
            ),
            ("type", "Type", _shown(found.types, "type"), edit.current_filter(query, game, "type")),
            ("set", "Set", found.sets, edit.current_filter(query, game, "set")),
        ],
    }


def _shown(choices: tuple[Choice, ...], kind: str) -> list[Choice]:
    """The filter's choices labelled in the page's language (the values stay the query's English words)."""
    return [Choice(c.value, shown(c.label, kind)) for c in choices]


def _owned(user, card_ids: list[int]) -> dict | None:
    """card id → copies the logged-in user owns and the line a "−" removes from, for the cards shown, in one
    query (None for visitors: no column, no buttons)."""
    if not user.is_authenticated:
        return None
    return OWNED_CARDS(user, card_ids)  # filled by decks, which builds on cardsdb


def _way_on(request, query: str, game: str, compiled) -> dict:
    """When nothing matches: the closest card names, the other games' counts, other editions' count."""
    found: dict = {}
    words = " ".join(compiled.words)
    if words and len(words) <= MAX_LOOKUP_CHARS:  # bounds the fuzzy match's work
        match = find_card(game, words, fuzzy=True, suggest=True)
        names = [strip_marks(e.title) for e in match.entries] if match.cards else match.suggestions
        found["did_you_mean"] = [
            (name, _url(f'!"{name}"', game, "table")) for name in dict.fromkeys(names[:5])
        ]
    elsewhere = []
    for other in ordered_games().exclude(code=game):
        count = _count(query, other.code, request.user)
        if count:
            elsewhere.append((other.short_name, count, _url(query, other.code, "table")))
    found["elsewhere"] = elsewhere
    if not compiled.mentions_edition and game == "swccg":
        count = _count(f"{query} edition:any", game, request.user)
        if count:
            found["other_editions"] = (count, _url(f"{query} edition:any", game, "table"))
    return found


def _count(query: str, game: str, user) -> int:
    """How many cards the query finds in `game`; 0 when it cannot say (a keyword the game lacks, no time)."""
    try:
        cards = card_search(query=query, game=game, user=user)  # compiled outside the budget, as the search
        with search_budget():
            return cards.count()
    except (QuerySyntaxError, SearchTimeout):
        return 0
