"""A deck's notes are Markdown rendered safely (decks/deck/markdown.py): raw HTML is text, only http(s), mailto and
relative links are links, images are not loaded; on the deck page, in the share page and its history alike."""

import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User

from decks.deck import services as deck_services
from decks.deck.markdown import MAX_NOTES, render_notes

ATTACKS = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    '<a href="javascript:alert(1)">click</a>',
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](  javascript:alert(1))",
    "[click](java&#x09;script:alert(1))",
    "[click](javascript&#58;alert(1))",
    "[click](vbscript:msgbox(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
    "![x](https://tracker.example/pixel.gif)",
    "[click][ref]\n\n[ref]: javascript:alert(1)",
    "<javascript:alert(1)>",
    '<div style="background:url(javascript:alert(1))">x</div>',
    "<iframe src=//evil.example></iframe>",
    '[x](https://ok.example "title\\" onmouseover=\\"alert(1)")',
    "<svg/onload=alert(1)>",
    "`<script>` and ```\n<script>alert(1)</script>\n```",
]


class Markup(HTMLParser):
    """The tags and attributes a browser would read from the HTML."""

    def __init__(self, html: str):
        super().__init__()
        self.tags: set[str] = set()
        self.attrs: list[tuple[str, str]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attrs += [(name, value or "") for name, value in attrs]


@pytest.mark.parametrize("text", ATTACKS)
def test_no_attack_becomes_markup_that_runs(text):
    html = str(render_notes(text))
    markup = Markup(html)
    assert markup.tags <= {"p", "a", "code", "pre", "em", "strong"}, html
    for name, value in markup.attrs:
        assert name in ("href", "title", "rel"), html  # no event handler, no style, no src
        if name == "href":
            assert re.match(r"^(https?:|mailto:|/|#|[^:/?#]*$)", value), value


def test_markdown_still_works_for_honest_notes():
    html = str(
        render_notes(
            "**Bold** _it_ `code`\n\n- one\n- two\n\n[rules](https://example.org/r) [deck](/decks/1/)"
        )
    )
    assert "<strong>Bold</strong>" in html and "<em>it</em>" in html and "<code>code</code>" in html
    assert "<li>one</li>" in html
    assert '<a href="https://example.org/r" rel="nofollow ugc noopener">rules</a>' in html
    assert '<a href="/decks/1/" rel="nofollow ugc noopener">deck</a>' in html
    assert "<table>" in str(render_notes("| a | b |\n|---|---|\n| 1 | 2 |"))
    assert "&lt;b&gt;" in str(render_notes("<b>not bold</b>"))


def test_very_long_notes_are_cut_not_rendered_whole():
    html = str(render_notes("x" * (MAX_NOTES * 5)))
    assert html.count("x") == MAX_NOTES
    assert str(render_notes("[" * 50_000 + "]" * 50_000))  # pathological nesting renders, bounded


@pytest.mark.usefixtures("catalogue")
def test_the_deck_page_and_the_share_page_render_notes_safely(client, db):
    owner = User.objects.create_user("han", password="falcon-pass-123")
    notes = "**Plan**: <script>alert('x')</script> [go](javascript:alert(1)) [ok](https://example.org/)"
    deck = deck_services.deck_create(
        owner=owner,
        name="EBO",
        game="swccg",
        notes=notes,
        is_public=True,
        entries=[deck_services.Entry("1_168", 2)],
    )
    for url in (f"/decks/{deck.pk}/", f"/d/{deck.share_id}/"):
        html = client.get(url).content.decode()
        assert "<strong>Plan</strong>" in html, url
        assert "<script>alert('x')</script>" not in html and "&lt;script&gt;" in html
        assert 'href="javascript:' not in html and 'href="https://example.org/"' in html
