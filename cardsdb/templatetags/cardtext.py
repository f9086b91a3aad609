import re

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

register = template.Library()

# The source data marks emphasis and a few lists with HTML tags; any other markup is shown as text.
_ALLOWED = re.compile(r"&lt;(/?)(u|b|i|em|strong|ul|ol|li)&gt;|&lt;br\s*/?&gt;", re.IGNORECASE)


@register.filter
def simple_html(value: str) -> str:
    escaped = escape(value)
    return mark_safe(_ALLOWED.sub(lambda m: f"<{m.group(1)}{m.group(2)}>" if m.group(2) else "<br>", escaped))
