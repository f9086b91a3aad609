"""`{% js_catalogue_url %}`: the address of the JavaScript catalogue in the page's language (cardsdb/views/
js_catalogue.py), for the <script> that defines gettext before the page's own scripts."""

from django import template
from django.utils import translation

from ..views.js_catalogue import catalogue_url

register = template.Library()


@register.simple_tag
def js_catalogue_url() -> str:
    return catalogue_url(translation.get_language() or "")
