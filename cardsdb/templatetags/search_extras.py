"""Template helpers of the search page and the header search: card images, owned counts, the page's game."""

from django import template
from django.urls import reverse

from ..games.registry import GAMES

register = template.Library()


@register.filter
def card_face(card) -> str:
    """The card's face drawn from its facts (cards whose image is missing or cannot be reached)."""
    return reverse("card-face", args=[card.game_id, card.code])


@register.filter
def card_image(card) -> str:
    """The card's scan where the data has one, else its drawn face."""
    return card.image_url or card_face(card)


@register.filter
def owned_count(owned: dict | None, card_id: int) -> int:
    found = (owned or {}).get(card_id, 0)
    return getattr(found, "total", found)  # decks.collection.services.OwnedCard, or a plain count


@register.simple_tag(takes_context=True)
def header_game(context) -> str:
    """The game of the page being shown, for the header's search: the page's own game (search, builder), its
    card's, deck's or set's, else the URL's (/cards/<game>/…, ?game=); "" when the page has none."""
    candidates = [context.get("game")]
    candidates += [getattr(context.get(name), "game_id", None) for name in ("card", "deck", "set")]
    request = context.get("request")
    if request is not None:
        match = getattr(request, "resolver_match", None)
        candidates += [match.kwargs.get("game") if match else None, request.GET.get("game")]
    return next((c for c in candidates if isinstance(c, str) and c in GAMES), "")


@register.filter
def get_sort(sorts: dict | None, label: str) -> dict:
    """The sort control of a column, by its heading ("Dest.", "Power")."""
    return (sorts or {}).get(label, {})
