"""A deck's notes as Markdown, rendered safely with markdown-it-py (CommonMark): raw HTML is shown as text,
links keep only http, https and mailto addresses (or relative ones), and images are not loaded (a remote image
in someone's notes would tell its host who read them). Links get rel="nofollow ugc noopener"."""

import re

from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt

MAX_NOTES = 20_000  # characters rendered; longer notes are cut (the model's field has no bound of its own)
SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
_BEFORE_PATH = re.compile(r"^[^/?#]*")


def _safe_link(url: str) -> bool:
    """Allow-list, not a deny-list: any scheme but http, https and mailto is refused (javascript:, data:,
    vbscript:, file:…). Anything before the first ':' that comes before a '/', '?' or '#' is taken for a scheme,
    so an obfuscated one ("java%09script:") is refused too, not left to the browser's reading."""
    head = _BEFORE_PATH.match(url.strip().lower()).group(0)
    return ":" not in head or head.split(":", 1)[0] in SAFE_SCHEMES


def _renderer() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.disable("image")
    md.validateLink = _safe_link

    def link_open(self, tokens, idx, options, env):
        tokens[idx].attrSet("rel", "nofollow ugc noopener")
        return self.renderToken(tokens, idx, options, env)

    md.add_render_rule("link_open", link_open)
    return md


_MD = _renderer()


def render_notes(text: str) -> SafeString:
    """HTML for a deck's notes; everything the writer typed that is not Markdown stays text."""
    return mark_safe(_MD.render((text or "")[:MAX_NOTES]))  # noqa: S308 - markdown-it escapes; html is off
