"""The card page's collection panel: what the logged-in user owns of the card, per printing and variant, the
printings and variants it can add, and the card's change history."""

from django import template

from cardsdb.models import Card
from decks.collection import services as collection
from decks.models import CollectionItem

register = template.Library()
HISTORY_SHOWN = 20


@register.simple_tag(takes_context=True)
def collection_card(context, card: Card) -> dict:
    user = context["request"].user
    if not user.is_authenticated:
        return {}
    lines = collection.card_lines(user, card)
    sets = [(p.card_set.code, p.card_set.name) for p in card.printings.select_related("card_set")]
    if not sets and card.card_set_id:
        sets = [(card.card_set.code, card.card_set.name)]
    names = dict(sets)
    for item in lines:
        item.set_name = names.get(item.set_code, item.set_code)
    return {
        "lines": lines,
        "total": sum(i.quantity for i in lines),
        "history": collection.card_history(user, card, limit=HISTORY_SHOWN),
        "sets": sets,
        "variants": list(card.variants.values_list("kind", flat=True)),
        "finishes": CollectionItem.Finish.choices,
        "conditions": CollectionItem.Condition.choices,
    }


@register.inclusion_tag("decks/_collection_step.html", takes_context=True)
def collection_step(context, card: Card, owned: dict, *, count: bool = True) -> dict:
    """A list's "−" and "+" for one card (search results, a deck's lines): plain POST forms to /collection/change/
    that come back to this page, which collection_buttons.js turns into API calls. "+" adds to the plain line,
    "−" takes from the line collection_services.line_to_take_from picks. count=False: the page shows the count
    elsewhere (the search table's Owned column)."""
    found = owned.get(card.pk)
    total = found.total if found else 0
    take_from = found.take_from if found else ("", "", "", "")
    return {
        "card": card,
        "total": total,
        "take_from": dict(zip(("set", "variant", "finish", "condition"), take_from, strict=True)),
        "next": context["request"].get_full_path(),
        "show_count": count,
    }
