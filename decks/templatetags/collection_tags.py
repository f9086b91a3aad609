"""The card page's collection panel: what the logged-in user owns of the card, per printing and variant, the
printings and variants it can add, and the card's change history."""

from django import template

from cardsdb.models import Card

from .. import collection_services as collection
from ..models import CollectionItem

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
