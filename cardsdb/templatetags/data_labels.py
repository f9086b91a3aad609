"""Template filters that show the data's English labels in the page's language (cardsdb/labels.py):
{{ fact.label|stat_label }}, {{ card.side|side_label }}, {{ card.type|type_label }}, {{ zone|zone_label }}."""

from django import template

from ..labels import shown

register = template.Library()


@register.filter
def stat_label(label) -> str:
    return shown(label, "stat")


@register.filter
def side_label(label) -> str:
    return shown(label, "side")


@register.filter
def type_label(label) -> str:
    return shown(label, "type")


@register.filter
def zone_label(label) -> str:
    return shown(label, "zone")
