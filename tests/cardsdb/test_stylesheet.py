"""The one stylesheet (cardsdb/static/cardsdb/site.css): every page links it and nothing else, every page opens with
a "Skip to content" link to <main id="content">, and the colours it declares read at WCAG AA contrast."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from cardsdb.models import Card
from decks.models import Deck, DeckCard

SITE_CSS = Path(settings.BASE_DIR) / "cardsdb" / "static" / "cardsdb" / "site.css"
FOCUSABLE = {"a", "button", "input", "select", "textarea", "summary"}


class Outline(HTMLParser):
    """What these tests read of a page: its stylesheets, <style> elements, the first focusable element in <body>
    (with the body's first element) and the <main> elements."""

    def __init__(self):
        super().__init__()
        self.stylesheets: list[str] = []
        self.style_elements = 0
        self.in_body = False
        self.first_in_body: tuple[str, dict] | None = None
        self.first_focusable: tuple[str, dict] | None = None
        self.mains: list[dict] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and "stylesheet" in (attrs.get("rel") or "").split():
            self.stylesheets.append(attrs.get("href") or "")
        if tag == "style":
            self.style_elements += 1
        if tag == "body":
            self.in_body = True
            return
        if tag == "main":
            self.mains.append(attrs)
        if not self.in_body:
            return
        if self.first_in_body is None:
            self.first_in_body = (tag, attrs)
        focusable = (
            tag in FOCUSABLE and attrs.get("type") != "hidden" and (tag != "a" or "href" in attrs)
        ) or (attrs.get("tabindex") not in (None, "-1"))
        if focusable and self.first_focusable is None:
            self.first_focusable = (tag, attrs)


def outline(html: str) -> Outline:
    parser = Outline()
    parser.feed(html)
    return parser


@pytest.fixture
def pages(client, catalogue):
    """The main pages, a player logged in (so the collection and deck pages show), each as its HTML."""
    user = User.objects.create_user("mon", password="mothma-1234")
    client.force_login(user)
    vader = Card.objects.get(game_id="swccg", code="1_168")  # •Darth Vader
    deck = Deck.objects.create(owner=user, name="Death Squadron", game_id="swccg")
    DeckCard.objects.create(deck=deck, card=vader, code=vader.code, count=1)
    card_set = vader.card_set
    urls = [
        "/",
        "/?q=vader&game=swccg",
        "/?q=vader&game=swccg&view=grid",
        vader.get_absolute_url(),
        "/sets/",
        f"/sets/{card_set.game_id}/{card_set.code}/",
        "/decks/",
        "/decks/new/",
        f"/decks/{deck.pk}/",
        "/collection/",
        "/search/help",
        "/no-such-page/",
    ]
    found = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == (404 if url == "/no-such-page/" else 200), url
        found[url] = response.content.decode()
    return found


def test_every_page_links_site_css_and_no_other_stylesheet(pages):
    for url, html in pages.items():
        page = outline(html)
        assert len(page.stylesheets) == 1, (url, page.stylesheets)
        assert page.stylesheets[0].endswith("/cardsdb/site.css"), (url, page.stylesheets)
        assert page.style_elements == 0, url


def test_the_folded_stylesheets_are_gone_and_their_rules_live_in_site_css():
    root = Path(settings.BASE_DIR)
    assert not (root / "cardsdb/static/cardsdb/search.css").exists()
    assert not (root / "decks/static/decks/builder.css").exists()
    css = SITE_CSS.read_text()
    # Classes the search page, the builder and its script (decks/static/decks/builder.js) style by.
    for selector in (
        "ul.card-grid",
        ".result-bar",
        "form.filters",
        ".finder .search-row",
        "#deck-table",
        ".type-counts",
    ):
        assert selector in css, selector


def test_every_page_opens_with_a_skip_link_to_main(pages):
    for url, html in pages.items():
        page = outline(html)
        tag, attrs = page.first_focusable
        assert (tag, attrs.get("class"), attrs.get("href")) == ("a", "skip-link", "#content"), url
        assert page.first_in_body == page.first_focusable, url
        assert [m.get("id") for m in page.mains] == ["content"], url
        assert page.mains[0].get("tabindex") == "-1", url  # so following the link moves the focus there too
        assert ">Skip to content</a>" in html, url


def test_the_skip_link_text_is_translatable():
    base = (Path(settings.BASE_DIR) / "templates" / "base.html").read_text()
    assert '{% translate "Skip to content" %}</a>' in base


# --- colours ---


def custom_properties(css: str) -> dict[str, str]:
    """The `:root` custom properties whose values are hex colours, as lower-case #rrggbb."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    root = re.search(r":root\s*\{([^}]*)\}", css)
    assert root, "site.css has no :root block"
    colours = {}
    for name, value in re.findall(r"(--[\w-]+)\s*:\s*([^;]+);", root.group(1)):
        value = value.strip().lower()
        if re.fullmatch(r"#[0-9a-f]{3}", value):
            value = "#" + "".join(c * 2 for c in value[1:])
        if re.fullmatch(r"#[0-9a-f]{6}", value):
            colours[name] = value
    return colours


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of #rrggbb."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# Text colour, the background it is read on. A new pair of colours in site.css belongs here.
TEXT_PAIRS = [
    *(
        (text, back)
        for text in ("--ink", "--muted", "--link")
        for back in ("--bg", "--surface", "--surface-2")
    ),
    *(("--ink", back) for back in ("--danger-bg", "--ok-bg", "--warn-bg", "--highlight-bg")),
    *(("--ink", back) for back in ("--dbg-light-bg", "--ccg-dark-bg", "--ccg-light-bg")),
    *(
        ("--muted", back)
        for back in ("--danger-bg", "--ok-bg", "--warn-bg", "--ccg-dark-bg", "--ccg-light-bg")
    ),
    *(("--link", back) for back in ("--danger-bg", "--ok-bg", "--warn-bg")),
    ("--gold-ink", "--bg"),
    ("--gold-ink", "--surface"),
    ("--gold-ink", "--surface-2"),
    ("--dark-side", "--surface"),
    ("--header-ink", "--header-bg"),
    ("--header-ink", "--header-hover"),
    ("--header-strong", "--header-bg"),
    ("--header-strong", "--header-hover"),
    ("--brand", "--header-bg"),
    ("--button-ink", "--button-bg"),
    ("--button-ink", "--button-hover"),
    ("--danger-ink", "--danger-bg"),
    ("--danger-ink", "--surface"),
    ("--danger-ink", "--bg"),
    ("--ok-ink", "--ok-bg"),
    ("--ok-ink", "--danger-bg"),  # a hint under a problem of an illegal deck
    ("--ok-ink", "--surface"),
    ("--warn-ink", "--warn-bg"),
    ("--warn-ink", "--highlight-bg"),
    ("--dbg-dark-ink", "--dbg-dark-bg"),
]
# Edges that must be seen (WCAG 1.4.11, 3:1): focus rings and the edges of inputs and buttons.
EDGE_PAIRS = [
    ("--focus", "--bg"),
    ("--focus", "--surface"),
    ("--focus", "--surface-2"),
    ("--brand", "--header-bg"),  # the focus ring on the header and around the skip link
    ("--brand", "--button-bg"),
    ("--border-strong", "--surface"),
    ("--border-strong", "--bg"),
]


def test_contrast_is_computed_as_wcag_does():
    assert round(contrast("#000000", "#ffffff"), 2) == 21.0
    assert round(contrast("#767676", "#ffffff"), 2) == 4.54  # the well-known lightest AA grey on white
    assert contrast("#777777", "#ffffff") < 4.5
    assert custom_properties(":root { --x: #ABC; --y: 2.5rem; }") == {"--x": "#aabbcc"}


@pytest.mark.parametrize(("text", "background"), TEXT_PAIRS)
def test_text_colours_meet_wcag_aa(text, background):
    colours = custom_properties(SITE_CSS.read_text())
    ratio = contrast(colours[text], colours[background])
    assert ratio >= 4.5, f"{text} {colours[text]} on {background} {colours[background]}: {ratio:.2f}:1"


@pytest.mark.parametrize(("edge", "background"), EDGE_PAIRS)
def test_focus_rings_and_input_edges_stand_out(edge, background):
    colours = custom_properties(SITE_CSS.read_text())
    ratio = contrast(colours[edge], colours[background])
    assert ratio >= 3, f"{edge} {colours[edge]} on {background} {colours[background]}: {ratio:.2f}:1"


def rules(css: str):
    """(selector, declarations) of every rule outside :root, those inside @media included."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        selector = selector.strip()
        if selector != ":root":
            yield (
                selector,
                dict(
                    (name.strip().lower(), value.strip())
                    for name, value in re.findall(r"([\w-]+)\s*:\s*([^;]+)", body)
                ),
            )


def test_text_and_background_colours_come_from_the_checked_variables():
    """A colour typed straight into a rule would escape the contrast checks above."""
    css = SITE_CSS.read_text()
    declared = set(custom_properties(css))
    for selector, declarations in rules(css):
        for prop in ("color", "background", "background-color"):
            value = declarations.get(prop)
            if value is None or value in ("inherit", "currentColor", "none", "transparent"):
                continue
            used = re.findall(r"var\((--[\w-]+)\)", value)
            assert used and set(used) <= declared, f"{selector} {{ {prop}: {value} }}"
            assert not re.search(r"#[0-9a-fA-F]{3,6}\b|rgba?\(|hsla?\(", value), (
                f"{selector} {{ {prop}: {value} }}"
            )


def test_every_rule_pairing_a_text_and_a_background_colour_is_checked():
    pairs = set(TEXT_PAIRS)
    for selector, declarations in rules(SITE_CSS.read_text()):
        text = re.findall(r"var\((--[\w-]+)\)", declarations.get("color", ""))
        back = re.findall(
            r"var\((--[\w-]+)\)", declarations.get("background", declarations.get("background-color", ""))
        )
        if text and back:
            assert (text[0], back[0]) in pairs, f"{selector}: {text[0]} on {back[0]} is not in TEXT_PAIRS"


def test_a_low_contrast_colour_would_fail():
    """The check above is not vacuous: a light grey for the muted text is refused."""
    colours = custom_properties(SITE_CSS.read_text().replace("--muted: #555d6b", "--muted: #9aa0a6"))
    assert colours["--muted"] == "#9aa0a6"
    assert contrast(colours["--muted"], colours["--surface"]) < 4.5


def test_buttons_and_inputs_are_at_least_40px_tall():
    css = SITE_CSS.read_text()
    assert "--tap: 2.5rem" in css
    selectors = {
        selector for selector, declarations in rules(css) if declarations.get("min-height") == "var(--tap)"
    }
    assert any(re.search(r"\bbutton\b", s) and re.search(r"\.button\b", s) for s in selectors)
    assert any(re.search(r"\bselect\b", s) and re.search(r"\binput\b", s) for s in selectors)
