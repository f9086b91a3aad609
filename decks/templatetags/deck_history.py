"""Template helpers of deck history and sharing: notes as safe Markdown, a deck's share address, and the public
decks that use a card (the card page's panel), computed here so the card view stays as it is."""

from django import template
from django.urls import reverse

from decks.deck.markdown import render_notes
from decks.history.services import decks_using_card

register = template.Library()

USING_SHOWN = 5  # decks listed on a card page; the rest are one link away


@register.filter
def notes_markdown(text: str):
    return render_notes(text)


@register.simple_tag(takes_context=True)
def share_url(context, deck) -> str:
    """The absolute address of a deck's share page."""
    path = reverse("deck-share", args=[deck.share_id])
    request = context.get("request")
    return request.build_absolute_uri(path) if request is not None else path


@register.inclusion_tag("decks/_decks_using_card.html")
def decks_using(card) -> dict:
    found = decks_using_card(card)
    return {
        "card": card,
        "decks": list(found[:USING_SHOWN]),
        "count": found.count(),
        "all_url": f"{reverse('deck-public')}?game={card.game_id}&card={card.code}",
    }
