"""Server-rendered catalogue pages: search, card, sets. The search page uses the API's parser and selector."""

from django.core.paginator import Paginator
from django.db.models import F
from django.http import Http404
from django.shortcuts import render

from ..api.views import detail_queryset
from ..models import CardSet, Game
from ..search.fields import ALIASES, GAME_FIELDS
from ..search.syntax import QuerySyntaxError
from ..selectors import card_get, card_search, game_exists, set_get

PAGE_SIZE = 60
EXAMPLES = [
    ("vader", "title or game text contains 'vader'"),
    ('"lord of the sith"', "an exact phrase"),
    ("t:character side:dark power>=6", "Dark Side characters with power 6 or more"),
    ("destiny>=5 -t:character", "high destiny, not characters"),
    ("persona:lando", "every Lando, Light and Dark"),
    ("icon:pilot char:jedi order:-ability", "Jedi pilots, highest ability first"),
    ("set:V21 is:unique", "unique cards printed in Virtual Set 21"),
    ("(t:effect or t:interrupt) text:cancel", "effects or interrupts that cancel"),
    ('destiny:"2 or 5"', "a printed non-numeric value"),
    ("is:legacy vader", "retired (legacy) cards"),
    ("is:pre-errata", "earlier wordings of errata'd cards"),
    ('!"Darth Vader"', "exactly this name"),
    ("name:/^dark /", "a regular expression on the title"),
    ("pulls:tatooine", "cards that pull something named Tatooine"),
]


def search(request):
    query = request.GET.get("q", "")
    game = request.GET.get("game") or "swccg"
    if not game_exists(game):
        game = "swccg"
    context = {
        "query": query,
        "game": game,
        "games": Game.objects.all(),
        "examples": EXAMPLES[:8],
        "page": None,
    }
    if query.strip():
        try:
            cards = card_search(query=query, game=game)
            page = Paginator(cards, PAGE_SIZE).get_page(request.GET.get("page"))
            context.update(page=page, count=page.paginator.count)
        except QuerySyntaxError as exc:
            context.update(error=exc.message, position=exc.position, caret=" " * exc.position + "^")
            return render(request, "cardsdb/search.html", context, status=400)
    return render(request, "cardsdb/search.html", context)


def search_help(request):
    fields = {}
    for game, specs in GAME_FIELDS.items():
        for spec in specs:
            entry = fields.setdefault(spec.name, {"spec": spec, "games": [], "aliases": []})
            entry["games"].append(game)
    for alias, target in ALIASES.items():
        if target in fields:
            fields[target]["aliases"].append(alias)
    return render(request, "cardsdb/search_help.html", {"fields": fields.values(), "examples": EXAMPLES})


def card_detail(request, game: str, code: str):
    found = card_get(game=game, code=code)
    if found is None:
        raise Http404(f"No card {code} in {game}")
    card = detail_queryset().get(pk=found[0].pk)
    relations = {}
    for relation in card.relations.all():
        relations.setdefault(relation.get_kind_display(), []).append(relation)
    stats = [(name.replace("_", " ").title(), value) for name, value in card.stats_text.items()]
    return render(
        request,
        "cardsdb/card.html",
        {"card": card, "face": found[1], "relations": relations, "stats": stats, "back": card.back},
    )


def set_list(request):
    by_date = (F("release_date").asc(nulls_last=True), "position")  # undated sets last on every database
    games = [(g, CardSet.objects.filter(game=g).order_by(*by_date)) for g in Game.objects.all()]
    return render(request, "cardsdb/sets.html", {"games": [(g, s) for g, s in games if s]})


def set_detail(request, game: str, code: str):
    card_set = set_get(game=game, code=code)
    if card_set is None:
        raise Http404(f"No set {code} in {game}")
    cards = (
        card_set.game.cards.filter(printings__card_set=card_set)
        .select_related("card_set")
        .order_by("edition", "name", "side")
    )
    page = Paginator(cards, 200).get_page(request.GET.get("page"))
    return render(request, "cardsdb/set.html", {"set": card_set, "page": page})
