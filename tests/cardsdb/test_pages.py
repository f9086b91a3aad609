"""Tests for the server-rendered pages (search, syntax help, card, card face, sets), on the real SWCCG catalogue."""

import html
import io
import re

import pytest
from PIL import Image

from cardsdb.models import Card, CardSet
from cardsdb.search.fields import ALIASES, GAME_FIELDS
from cardsdb.templatetags.cardtext import simple_html

# --- helpers ---


@pytest.fixture
def web(client):
    client.raise_request_exception = False  # a server error should be seen as a 500, not raised
    return client


def page(web, url, status=200, **params):
    response = web.get(url, params)
    assert response.status_code == status, response.content[:500]
    assert response["Content-Type"].startswith("text/html")
    return response.content.decode()


def text_of(markup):
    """The visible text of some HTML, with entities decoded and whitespace squeezed."""
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()
    return re.sub(r" ([.,;])", r"\1", text)


def section(markup, start, end="</"):
    """The markup from `start` up to the next `end` after it."""
    i = markup.index(start)
    return markup[i : markup.index(end, i + len(start))]


def card_links(markup):
    return re.findall(r'<a href="/cards/swccg/([^/"]+)/">', markup)


def face(web, url, **params):
    response = web.get(url, params)
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    data = b"".join(response.streaming_content)  # reading it all closes the file
    image = Image.open(io.BytesIO(data))
    image.load()
    return data, image


# --- search page ---


def test_search_form_without_query(web, catalogue):
    markup = page(web, "/")
    assert '<form class="search"' in markup
    assert '<input id="q" type="search" name="q" value=""' in markup
    examples = section(markup, '<section class="examples">', "</section>")
    assert examples.count("<li>") == 8
    assert '<a href="?q=persona%3Alando&game=swccg"><code>persona:lando</code></a>' in examples
    assert "every Lando, Light and Dark" in examples
    assert 'class="count"' not in markup
    assert '<a href="/search/help">' in markup


def test_search_lists_results_with_links(web, catalogue):
    markup = page(web, "/", q="vader")
    assert '<p class="count">125 cards · page 1 of 3</p>' in markup
    links = card_links(section(markup, "<tbody>", "</tbody>"))
    assert len(links) == 60
    assert '<input id="q" type="search" name="q" value="vader"' in markup
    assert 'href="?q=vader&game=swccg&page=2">Next →</a>' in markup
    assert "← Previous" not in markup


def test_search_links_lead_to_card_pages(web, catalogue):
    markup = page(web, "/", q='!"Darth Vader"')
    assert '<p class="count">1 card</p>' in markup
    assert card_links(markup) == ["1_168"]
    assert "<td>Dark</td>" in markup
    assert "<td>Character — Imperial</td>" in markup
    assert "<h1>•Darth Vader</h1>" in page(web, "/cards/swccg/1_168/")


def test_search_last_page(web, catalogue):
    markup = page(web, "/", q="vader", page="3")
    assert "page 3 of 3" in markup
    assert len(card_links(section(markup, "<tbody>", "</tbody>"))) == 5  # 125 = 2 × 60 + 5
    assert 'href="?q=vader&game=swccg&page=2">← Previous</a>' in markup
    assert "Next →" not in markup


def test_search_marks_cards_that_are_not_current(web, catalogue):
    markup = page(web, "/", q="is:legacy vader")
    assert '<span class="tag">Legacy (retired)</span>' in markup
    assert all(code.startswith("legacy-") for code in card_links(markup))


def test_alternate_image_printings_are_marked_in_results_and_on_their_page(web, catalogue):
    """Issue #25: two "•Darth Maul" rows looked like duplicates; the (AI) printing's row says what it is."""
    markup = page(web, "/", q='!"Darth Maul" set:11')
    rows = re.findall(
        r'<a href="/cards/swccg/(11_5[45])/">•Darth Maul</a>( <span class="tag"[^>]*>alternate image)?',
        markup,
    )
    assert sorted(rows) == [
        ("11_54", ""),
        (
            "11_55",
            ' <span class="tag" title="Another printing of this card with a different picture">alternate image',
        ),
    ]
    assert '<span class="tag">alternate image</span></h1>' in page(web, "/cards/swccg/11_55/")
    assert "alternate image" not in page(web, "/cards/swccg/11_54/")


def test_search_persona_finds_both_sides(web, catalogue):
    count = Card.objects.filter(game="swccg", edition="current", personas__code="LANDO").count()
    markup = page(web, "/", q="persona:lando")
    assert f'<p class="count">{count} cards</p>' in markup
    assert {"5_99", "5_5"} <= set(card_links(markup))


def test_search_without_results_says_so(web, catalogue):
    markup = page(web, "/", q="qwzxqwzx")
    assert "No cards match" in markup
    assert 'class="examples"' not in markup


@pytest.mark.parametrize(
    ("query", "position", "message"),
    [
        ("vader (foo", 6, "Unclosed parenthesis"),
        ("power>", 6, "Expected a value after &#x27;power&gt;&#x27;"),
        ("vader foo:bar", 6, "unknown keyword &#x27;foo&#x27;"),
    ],
)
def test_search_bad_query(web, catalogue, query, position, message):
    markup = page(web, "/", 400, q=query)
    alert = section(markup, '<div class="error" role="alert">', "</div>")
    assert message in alert
    caret = section(alert, '<pre class="caret">', "</pre>").removeprefix('<pre class="caret">')
    query_line, caret_line = html.unescape(caret).split("\n")
    assert query_line == query
    assert caret_line == " " * position + "^"
    assert "<table" not in markup
    assert 'class="examples"' not in markup


def test_search_escapes_the_query(web, catalogue):
    markup = page(web, "/", q="<script>alert(1)</script>")
    assert "<script>alert(1)" not in markup
    assert 'value="&lt;script&gt;alert(1)&lt;/script&gt;"' in markup


def test_search_game_selector(web, catalogue):
    markup = page(web, "/")
    select = section(markup, '<select name="game"', "</select>")
    assert re.findall(r'<option value="(\w+)"', select) == ["swccg", "swtcg", "swdbg"]  # the registry's order
    assert '<option value="swccg" selected>SWCCG</option>' in select

    markup = page(web, "/", game="swtcg")
    select = section(markup, '<select name="game"', "</select>")
    assert '<option value="swtcg" selected>SWTCG</option>' in select
    assert '<option value="swccg" >SWCCG</option>' in select
    assert '<a href="?q=vader&game=swtcg">' in markup  # the examples keep the game


def test_search_unknown_game_falls_back_to_swccg(web, catalogue):
    markup = page(web, "/", q='!"Darth Vader"', game="pazaak")
    assert card_links(markup) == ["1_168"]
    assert '<option value="swccg" selected>' in markup


def test_search_other_game_has_no_swccg_cards(web, catalogue):
    markup = page(web, "/", q="vader", game="swtcg")
    assert card_links(markup) == []


@pytest.mark.parametrize(
    ("url", "params", "statuses"),
    [
        ("/", {"q": "vader\x00"}, (200, 400)),
        ("/cards/swccg/1_168\x00/", {}, (404,)),
        ("/sets/swccg/1\x00/", {}, (404,)),
    ],
    ids=["search", "card", "set"],
)
def test_nul_character_is_not_a_server_error(web, catalogue, url, params, statuses):
    assert web.get(url, params).status_code in statuses


# --- search help ---


def keyword_rows(markup):
    """keyword -> (aliases, games) from the keyword table."""
    rows = re.findall(
        r"<tr><td><code>(\w+)</code></td><td>(.*?)</td>\s*<td>.*?</td><td>(.*?)</td></tr>", markup, re.S
    )
    return {name: (re.findall(r"<code>(\w+)</code>", aliases), games) for name, aliases, games in rows}


def test_search_help_lists_keywords_and_aliases(web, db):
    rows = keyword_rows(page(web, "/search/help"))
    assert rows["name"] == (["title", "n"], "swccg, swtcg, swdbg")
    assert rows["type"] == (["t"], "swccg, swtcg, swdbg")
    assert rows["persona"] == (["p"], "swccg, swtcg, swdbg")
    assert rows["order"] == (["sort"], "swccg, swtcg, swdbg")
    assert rows["destiny"] == (["d"], "swccg")
    assert rows["power"] == (["pow"], "swccg, swtcg")
    assert rows["cost"] == ([], "swtcg, swdbg")
    assert rows["hit_points"] == (["hp", "hitpoints"], "swdbg")
    assert rows["pulledby"] == (["pulled_by"], "swccg")


def test_search_help_covers_every_keyword_and_alias(web, db):
    rows = keyword_rows(page(web, "/search/help"))
    assert set(rows) == {field.name for fields in GAME_FIELDS.values() for field in fields}
    assert sorted(alias for aliases, _ in rows.values() for alias in aliases) == sorted(ALIASES)


def test_search_help_lists_every_example(web, db):
    markup = page(web, "/search/help")
    assert "<h1>Search syntax</h1>" in markup
    examples = section(markup, "<h2>Examples</h2>", "</ul>")
    assert examples.count("<li>") == 14
    assert '<a href="/?q=pulls%3Atatooine"><code>pulls:tatooine</code></a>' in examples


# --- card page ---


def test_card_page(web, catalogue):
    markup = page(web, "/cards/swccg/1_168/")
    assert "<title>•Darth Vader · cardsdb</title>" in markup
    assert "<h1>•Darth Vader</h1>" in markup
    assert "SWCCG · Dark · Character — Imperial" in text_of(section(markup, '<p class="typeline">', "</p>"))
    stats = text_of(section(markup, '<dl class="stats">', "</dl>"))
    for expected in ("Id 1_168", "Destiny 1", "Power 6", "Ability 6", "Deploy 6", "Forfeit 8"):
        assert expected in stats
    assert "Icons Pilot, Warrior" in stats
    assert "Nicknames Space Vader, Math Vader" in stats
    assert '<a href="/sets/swccg/1/">Premiere</a> (R1)' in markup
    assert (
        "Adds 3 to power of anything he pilots (or 4 to power and 3 to maneuver if Vader&#x27;s Custom TIE)."
        in markup
    )
    assert "Immune to attrition &lt; 5." in markup
    assert '<p class="lore">Dark Lord of the Sith.' in markup
    assert '<a href="/api/cards/swccg/1_168/">This card as JSON</a>' in markup
    assert 'class="notice"' not in markup


def test_card_page_persona_link(web, catalogue):
    markup = page(web, "/cards/swccg/1_168/")
    assert '<dt>Persona</dt><dd><a href="/?q=persona:VADER&game=swccg">Vader</a></dd>' in markup
    results = page(web, "/", q="persona:VADER", game="swccg")
    assert '<p class="count">9 cards</p>' in results
    assert "1_168" in card_links(results)


def test_card_page_rulings_and_relations(web, catalogue):
    markup = page(web, "/cards/swccg/1_168/")
    assert '<ul class="rulings"><li>This card is a Black Squadron pilot.</li></ul>' in markup
    assert "<h2>Matching</h2>" in markup
    assert '<a href="/cards/swccg/1_306/">Vader&#x27;s Custom TIE</a>' in markup
    assert '<a href="/cards/swccg/200_78/">Darth Vader (V)</a>' in markup
    assert "<li>Darth Vader + Grand Moff Tarkin Once per battle" in markup  # a combo: no link


def test_card_page_ruling_keeps_underline(web, catalogue):
    rulings = section(page(web, "/cards/swccg/1_1/"), '<ul class="rulings">', "</ul>")
    assert "<li>This card is <u>not</u> a maintenance droid (e.g. for Echo Base Garrison).</li>" in rulings


def test_card_page_ruling_escapes_other_html(web, catalogue):
    Card.objects.filter(game="swccg", code="1_168").update(
        rulings=['<b>Bold</b> <script>alert("x")</script> <img src=x onerror=alert(1)> & <br/>']
    )
    rulings = section(page(web, "/cards/swccg/1_168/"), '<ul class="rulings">', "</ul>")
    assert "<script>" not in rulings and "<img" not in rulings
    assert (
        "<li><b>Bold</b> &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; "
        "&lt;img src=x onerror=alert(1)&gt; &amp; <br></li>"
    ) in rulings


def test_card_page_ruling_list_is_not_shown_as_markup(web, catalogue):
    rulings = section(page(web, "/cards/swccg/111_1/"), '<ul class="rulings">', "</ul></li></ul>")
    assert "&lt;li&gt;" not in rulings
    assert "<li>1 Echo site</li>" in rulings


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("plain & simple", "plain &amp; simple"),
        ("<u>not</u>", "<u>not</u>"),
        ("<b>b</b><i>i</i><em>em</em><strong>s</strong>", "<b>b</b><i>i</i><em>em</em><strong>s</strong>"),
        ("<U>caps</U>", "<U>caps</U>"),
        ("a<br>b<br/>c<br />d", "a<br>b<br>c<br>d"),
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ('<u onclick="x()">u</u>', "&lt;u onclick=&quot;x()&quot;&gt;u</u>"),
        ("limit of < 5", "limit of &lt; 5"),
        ("<a href='javascript:x'>a</a>", "&lt;a href=&#x27;javascript:x&#x27;&gt;a&lt;/a&gt;"),
    ],
)
def test_simple_html_filter(value, expected):
    assert simple_html(value) == expected


def test_two_sided_objective_page_shows_its_back(web, catalogue):
    markup = page(web, "/cards/swccg/109_12_BACK/")
    assert (
        "<h1>This Deal Is Getting Worse All The Time / Pray I Don&#x27;t Alter It Any Further</h1>" in markup
    )
    # Each face under its own name (issue #12: the source gives both faces one title and one text).
    assert "<h2>Front: This Deal Is Getting Worse All The Time</h2>" in markup
    assert "<h2>Back: Pray I Don&#x27;t Alter It Any Further</h2>" in markup
    assert '<p class="typeline">Objective · Destiny 7</p>' in markup
    assert (
        'src="https://res.starwarsccg.org/cards/EnhancedCloudCity-Dark/large/prayidontalteritanyfurther.gif"'
        in markup
    )
    assert "this.src='/cards/swccg/109_12/face.png?face=back'" in markup
    assert '<code>109_12_BACK</code> <span class="small">(GEMP id of the back face)</span>' in markup
    assert "<h2>Back: " in page(web, "/cards/swccg/109_12/")


def test_one_sided_card_has_no_back(web, catalogue):
    markup = page(web, "/cards/swccg/1_168/")
    assert "<h2>Back" not in markup
    assert "face=back" not in markup


def test_anthology_reprint_page(web, catalogue):
    markup = page(web, "/cards/swccg/105_4/")
    assert "<h1>•Boba Fett</h1>" in markup
    assert (
        '<a href="/sets/swccg/7/">Special Edition</a> (R); <a href="/sets/swccg/105/">First Anthology</a> (PV)'
        in markup
    )


def test_pre_errata_page_links_to_current_version(web, catalogue):
    markup = page(web, "/cards/swccg/pre-40033/")
    notice = text_of(section(markup, '<p class="notice">', "</p>"))
    assert notice == "This is a pre-errata version. Current version: •A Brave Resistance."
    assert 'Current version: <a href="/cards/swccg/209_16/">•A Brave Resistance</a>.' in markup


def test_current_page_lists_earlier_versions(web, catalogue):
    markup = page(web, "/cards/swccg/209_16/")
    assert 'class="notice"' not in markup
    # The printings and versions panel lists it (tests/cardsdb/test_card_page_panels.py), errata in words.
    earlier = section(markup, "<h3>Other versions</h3>", "</ul>")
    assert '<a href="/cards/swccg/pre-40033/">•A Brave Resistance</a>' in earlier and "Pre-errata" in earlier
    errata = text_of(section(markup, 'id="errata-heading"', "</section>"))
    assert "corrected twice (E2), last on 2 October 2023" in errata


def test_legacy_page_has_no_current_version(web, catalogue):
    markup = page(web, "/cards/swccg/legacy-5301/")
    notice = text_of(section(markup, '<p class="notice">', "</p>"))
    assert notice == (
        "This is a legacy (retired) version. It has no current version (retired or merged into another card)."
    )


def test_card_with_alternate_images(web, catalogue):
    markup = page(web, "/cards/swccg/203_26/")
    images = section(markup, "<h3>Alternate images</h3>", "</ul>")
    assert images.count('<li class="version">') == 3
    assert (
        '<span class="tag"><abbr title="C-Slip alternate image, number 2">C-Slip AI 2</abbr></span>' in images
        and "•Darth Maul, Lone Hunter (C-Slip AI 2)</a>" in images
    )


def test_version_thumbnails_fall_back_to_the_drawn_faces(web, catalogue):
    """Issue #25: with the image host unreachable the thumbnails were broken images; like the main image, each
    falls back to the face drawn from its card's facts."""
    markup = page(web, "/cards/swccg/209_16/")
    versions = section(markup, "<h3>Other versions</h3>", "</ul>")
    thumbs = re.findall(r'<a href="(/cards/swccg/[^/"]+/)"><img src="http[^"]+"[^>]*>', versions)
    assert thumbs
    for url in thumbs:
        tag = re.search(rf'<a href="{url}"><img [^>]*>', versions).group(0)
        assert f"onerror=\"this.onerror=null;this.src='{url}face.png'\"" in tag
        assert f'data-preview-fallback="{url}face.png"' in tag
    images = section(page(web, "/cards/swccg/203_26/"), "<h3>Alternate images</h3>", "</ul>")
    assert images.count("this.src='/cards/swccg/203_26/face.png'") == 3


@pytest.mark.parametrize("url", ["/cards/swccg/9_999/", "/cards/pazaak/1_168/", "/cards/swccg/1_168_BACK/"])
def test_unknown_card_page(web, catalogue, url):
    markup = page(web, url, 404)
    assert "<h1>Not found</h1>" in markup
    assert f"<code>{url}</code>" in markup


# --- card faces ---


def test_card_face_png(web, catalogue):
    data, image = face(web, "/cards/swccg/1_168/face.png")
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert image.format == "PNG"
    width, height = image.size
    assert width > 0 and abs(height / width - 88 / 63) < 0.01  # a real card's proportions


def test_card_face_is_cacheable(web, catalogue):
    response = web.get("/cards/swccg/1_168/face.png")
    b"".join(response.streaming_content)
    assert "max-age=86400" in response["Cache-Control"]
    assert "public" in response["Cache-Control"]


def test_card_face_is_stable(web, catalogue):
    first, _ = face(web, "/cards/swccg/1_168/face.png")
    second, _ = face(web, "/cards/swccg/1_168/face.png")
    assert first == second


def test_card_face_back_differs_from_front(web, catalogue):
    front, _ = face(web, "/cards/swccg/109_12/face.png")
    back, _ = face(web, "/cards/swccg/109_12/face.png", face="back")
    assert front != back
    # The back id draws the back by default; face=front overrides it.
    assert face(web, "/cards/swccg/109_12_BACK/face.png")[0] == back
    assert face(web, "/cards/swccg/109_12_BACK/face.png", face="front")[0] == front


def test_card_face_back_of_a_one_sided_card_is_its_front(web, catalogue):
    front, _ = face(web, "/cards/swccg/1_168/face.png")
    assert face(web, "/cards/swccg/1_168/face.png", face="back")[0] == front


def test_card_faces_differ_between_cards(web, catalogue):
    assert face(web, "/cards/swccg/1_168/face.png")[0] != face(web, "/cards/swccg/7_175/face.png")[0]


def test_card_face_of_unknown_card(web, catalogue):
    assert web.get("/cards/swccg/9_999/face.png").status_code == 404


# --- sets ---


def test_sets_page(web, catalogue):
    markup = page(web, "/sets/")
    assert "<h2>Star Wars Customizable Card Game</h2>" in markup
    assert "<h2>Star Wars Trading Card Game</h2>" in markup  # the test session imports SWTCG too
    assert len(re.findall(r'<a href="/sets/swccg/[^/"]+/">', markup)) == 67
    assert '<td>1</td><td>P</td><td><a href="/sets/swccg/1/">Premiere</a></td>' in markup
    assert '<a href="/sets/swccg/200d/">Virtual Defensive Shields</a>' in markup
    assert markup.count('<span class="tag">legacy</span>') == 10


def test_sets_page_is_in_release_order_with_undated_sets_last(web, catalogue):
    markup = page(web, "/sets/")
    codes = re.findall(r'<a href="/sets/swccg/([^/"]+)/">', markup)
    assert codes[0] == "1"  # Premiere
    released = dict(CardSet.objects.filter(game="swccg").values_list("code", "release_date"))
    dates = [released[code] for code in codes]
    dated = [d for d in dates if d is not None]
    assert dates[: len(dated)] == sorted(dated)


def test_set_page(web, catalogue):
    markup = page(web, "/sets/swccg/1/")
    assert '<h1>Premiere <span class="small">(P, #1)</span></h1>' in markup
    assert (
        "released 1 December 1995 · 324 cards in the set (325 in the catalogue) · GEMP: Premiere"
        in text_of(markup)
    )
    assert '<a href="/cards/swccg/1_168/">•Darth Vader</a>' in markup
    assert '<a href="/?q=set:1+edition:any&game=swccg">Search within this set</a>' in markup
    links = card_links(markup)
    assert len(links) == 150  # the first page of the set, in type order: Characters first
    assert "1_168" in set(links)


def test_set_page_of_undated_legacy_set(web, catalogue):
    markup = page(web, "/sets/swccg/1002/")
    assert "Virtual Block 2" in markup
    assert "release date not in the data ·" in text_of(markup)
    assert "cards in the catalogue (the set's size is not in the data)" in text_of(markup)
    assert "legacy" in text_of(section(markup, "<p>", "</p>"))
    assert '<a href="/cards/swccg/legacy-5301/">•2-1B (Too-Onebee) (V)</a>' in markup


def test_unknown_set_page(web, catalogue):
    assert "<h1>Not found</h1>" in page(web, "/sets/swccg/999/", 404)


def test_search_help_with_a_trailing_slash_leads_to_the_page(web, db):
    response = web.get("/search/help/")
    assert response.status_code == 301 and response["Location"] == "/search/help"
