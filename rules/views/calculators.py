"""The SWCCG calculator pages (calculator_forms.py reads the form, calculator_words.py words the answer):
server-rendered, so they work without JavaScript; a small script only fills the card-name picker from the card
search API."""

from urllib.parse import urlencode

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from cardsdb.api.errors import ApiError
from decks.deck.services import deck_get
from rules.deck_odds import deck_pile
from rules.views.calculator_fields import form_sections, placed
from rules.views.calculator_forms import FormError, Reader, run
from rules.views.calculator_pages import CALCULATORS
from rules.views.calculator_text import text_choices, text_steps


def index_page(request):
    return render(request, "rules/calculators.html", {"calculators": _listed()})


def calculator_page(request, kind: str):
    calculator = CALCULATORS.get(kind)
    if calculator is None:
        raise Http404("No such calculator.")
    form = request.POST if request.method == "POST" else request.GET  # GET: prefilled by a link (a deck's)
    context = {"kind": kind, "calculator": calculator, "calculators": _listed()}
    error = None
    if request.method == "POST":
        reader = Reader(form)
        try:
            if kind == "battle":
                body = calculator.read(reader, lambda deck_id: _reserve(request, deck_id))
            else:
                body = calculator.read(reader)
            context["result"] = run(calculator.serializer, calculator.answer, body, reader)
            context["answer"] = calculator.explain(body, context["result"])
            if kind == "battle":
                context["answer"].steps[0:0] = text_steps(context["result"])
                context["text_choices"] = text_choices(body, context["result"])
        except FormError as exc:
            error = context["error"] = exc
    context["sections"] = form_sections(kind, form, error)
    context["error_placed"] = placed(context["sections"], error)
    return render(request, "rules/calculator.html", context, status=400 if error else 200)


def _reserve(request, deck_id: str) -> list[str]:
    """A saved SWCCG deck the visitor may see: the Reserve Deck its battle destinies are drawn from."""
    deck = None
    if deck_id.isascii() and deck_id.isdigit() and len(deck_id) < 10:
        try:
            deck = deck_get(deck_id=int(deck_id), user=request.user)
        except ApiError:
            deck = None
    if deck is None or deck.game_id != "swccg":
        raise FormError(
            "deck-not-found", _("No SWCCG deck %(deck)s that you can see.") % {"deck": deck_id[:12]}
        )
    return deck_pile(deck).cards


def _listed():
    return [(kind, c.title(), c.about()) for kind, c in CALCULATORS.items()]


def deck_links(deck, params) -> dict | None:
    """The deck page's link to the calculators (decks/extensions.py DECK_PAGE): an SWCCG deck opens the battle
    calculator with its battle destinies drawn from it."""
    if deck.game_id != "swccg":
        return None
    side = "light" if deck.side == "Light" else "dark"
    battle = reverse("swccg-calculator", args=["battle"])
    return {
        "index": reverse("swccg-calculators"),
        "battle": f"{battle}?{urlencode({f'{side}-deck': deck.pk})}",
    }
