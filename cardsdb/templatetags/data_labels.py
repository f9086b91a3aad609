"""Template filters that show the data's English labels in the page's language (cardsdb/labels.py):
{{ fact.label|stat_label }}, {{ card.side|side_label }}, {{ card.type|type_label }}, {{ zone|zone_label }},
{{ alias.reason|alias_reason }}, {{ variant.kind|variant_kind }} (an <abbr> with the kind's full name) or
{{ variant.kind|variant_label }} (text only), {{ set.cycle|cycle_label }}, {{ card.printable_slip_type|slip_link }}
and {% fact_value fact card %}."""

from django import template
from django.utils.html import format_html

from .. import labels
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


@register.filter
def cycle_label(label) -> str:
    return shown(label, "cycle")


@register.filter
def slip_link(slip_type) -> str:
    return labels.slip_link(str(slip_type or ""))


@register.filter
def alias_reason(reason) -> str:
    return labels.alias_reason(str(reason or ""))


@register.filter
def variant_kind(kind) -> str:
    """The kind of an alternate image as the page shows it: <abbr title="Alternate image">AI</abbr>, Readable."""
    text, full = labels.variant_kind(str(kind or ""))
    return format_html('<abbr title="{}">{}</abbr>', full, text) if full else text


@register.filter
def variant_label(kind) -> str:
    """The kind of an alternate image as text (an <option>'s): "AI", "Readable"."""
    return labels.variant_kind(str(kind or ""))[0]


@register.simple_tag
def fact_value(fact, card) -> str:
    """A card fact's value in the page's language (labels.fact_value)."""
    return labels.fact_value(fact, card)
