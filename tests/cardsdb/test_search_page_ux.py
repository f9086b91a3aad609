"""The search page as a player uses it: results as a table or a grid of images, hover previews, sort and filter
controls that edit the query, a way on when nothing matches, the header search keeping the page's game, and
one order of games everywhere."""

import html
import re
from pathlib import Path

import pytest
from django.conf import settings

from cardsdb.models import Card
from cardsdb.search import edit

# --- helpers ---


@pytest.fixture
def web(client):
    client.raise_request_exception = False
    return client


def page(web, url="/", status=200, **params):
    response = web.get(url, params)
    assert response.status_code == status, response.content[:500]
    return response.content.decode()


def hrefs(markup):
    return [html.unescape(h) for h in re.findall(r'href="([^"]*)"', markup)]


def header_form(markup):
    start = markup.index('<form class="quick"')
    return markup[start : markup.index("</form>", start)]


# --- query edits (no database) ---


@pytest.mark.parametrize(
    ("query", "key", "descending", "expected"),
    [
        ("vader", "name", False, "vader order:name"),
        ("vader order:power", "set", False, "vader order:set"),  # one order at a time
        ("vader order:power direction:desc", "power", True, "vader order:-power"),
        ("vader order:set", None, False, "vader"),  # back to relevance
        ("(t:effect or t:interrupt) cancel", "type", False, "(t:effect or t:interrupt) cancel order:type"),
    ],
)
def test_with_order(query, key, descending, expected):
    assert edit.with_order(query, "swccg", key, descending) == expected


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("vader", None),
        ("vader order:power", ("power", False)),
        ("vader order:-power", ("power", True)),
        ("vader sort:name direction:desc", ("name", True)),
    ],
)
def test_current_order(query, expected):
    assert edit.current_order(query, "swccg") == expected


@pytest.mark.parametrize(
    ("query", "keyword", "value", "expected"),
    [
        ("vader", "side", "dark", "vader side:dark"),
        ("vader side:light", "side", "dark", "vader side:dark"),  # replaced, not added
        ("vader d:ls", "side", "dark", "vader d:ls side:dark"),  # d: is destiny, not side
        ("vader side:light", "side", "", "vader"),  # "any" removes it
        ("vader", "type", "Admiral's Order", 'vader type="Admiral\'s Order"'),
        ("vader s:7", "set", "V21", "vader set=V21"),  # the s: alias is the same keyword
        ("-side:dark vader", "side", "light", "-side:dark vader side:light"),  # negations are left alone
    ],
)
def test_with_filter(query, keyword, value, expected):
    assert edit.with_filter(query, "swccg", keyword, value) == expected


def test_current_filter():
    assert edit.current_filter("vader t:character s:7", "swccg", "set") == "7"
    assert edit.current_filter("vader", "swccg", "side") is None
    assert edit.current_filter("vader faction:rebel", "swdbg", "faction") == "rebel"


# --- table, grid and previews ---


def test_the_table_has_a_preview_for_every_card(web, catalogue):
    markup = page(web, q='!"Darth Vader"')
    vader = Card.objects.get(game_id="swccg", code="1_168")
    assert vader.image_url
    cell = re.search(r'<td data-preview="([^"]+)" data-preview-fallback="([^"]+)">', markup)
    assert cell and html.unescape(cell.group(1)) == vader.image_url
    assert cell.group(2) == "/cards/swccg/1_168/face.png"


def test_a_card_without_an_image_previews_its_drawn_face(web, swtcg_catalogue):
    markup = page(web, q="vader", game="swtcg")
    previews = re.findall(r'<td data-preview="([^"]+)"', markup)
    assert previews and all(re.fullmatch(r"/cards/swtcg/[^/]+/face\.png", p) for p in previews)
    assert "data-preview-fallback" not in markup  # the face is the fallback itself


def test_the_grid_shows_every_card_as_an_image(web, catalogue):
    markup = page(web, q="vader", view="grid")
    grid = markup[markup.index('<ul class="card-grid">') : markup.index("</ul>", markup.index("card-grid"))]
    assert grid.count("<img ") == 60 and 'loading="lazy"' in grid
    assert "<table" not in markup
    assert re.search(r'<a class="grid-card" href="/cards/swccg/[^/]+/"', grid)
    assert "onerror=" in grid  # a scan that cannot be reached falls back to the drawn face
    # The pager keeps the view; the toggle offers the table back, saying so explicitly.
    assert "?q=vader&game=swccg&view=grid&page=2" in hrefs(markup)
    assert "?q=vader&game=swccg&view=table" in hrefs(markup)
    assert '<input type="hidden" name="view" value="grid">' in markup  # a new search keeps the grid


def test_the_table_is_the_default_and_offers_the_grid(web, catalogue):
    markup = page(web, q="vader")
    assert '<table class="cards">' in markup and "card-grid" not in markup
    assert "?q=vader&game=swccg&view=grid" in hrefs(markup)
    assert re.search(
        r'<a href="\?q=vader&amp;game=swccg&amp;view=table" data-view="table" aria-current', markup
    )


def test_an_unknown_view_is_the_table(web, catalogue):
    assert '<table class="cards">' in page(web, q="vader", view="<script>")


def test_preview_and_view_scripts_are_served(web, catalogue):
    markup = page(web, "/cards/swccg/1_168/")
    assert re.search(r'<script src="/static/cardsdb/preview(\.[0-9a-f]+)?\.js" defer></script>', markup)
    static = Path(settings.BASE_DIR) / "cardsdb" / "static" / "cardsdb"
    script = (static / "preview.js").read_text()
    for needed in ("data-preview", "focusin", "mouseover", "Escape", "data-preview-fallback"):
        assert needed in script
    assert "localStorage" in (static / "search_view.js").read_text()


# --- sort controls ---


def test_column_headings_sort_by_editing_the_query(web, catalogue):
    markup = page(web, q="vader")
    links = hrefs(markup)
    for key in ("name", "side", "type", "set", "rarity", "destiny", "power", "ability", "deploy", "forfeit"):
        assert f"?q=vader+order%3A{key}&game=swccg" in links, key
    assert "aria-sort" not in markup  # relevance: no column is the sort


def test_a_second_click_reverses_and_best_match_comes_back(web, catalogue):
    markup = page(web, q="vader order:power")
    assert (
        '<th aria-sort="ascending"><a class="sort" href="?q=vader+order%3A-power&amp;game=swccg">Power'
        in markup
    )
    assert "?q=vader&game=swccg" in hrefs(markup)  # "best match": the query without order:
    markup = page(web, q="vader order:-power")
    assert (
        '<th aria-sort="descending"><a class="sort" href="?q=vader+order%3Apower&amp;game=swccg">Power'
        in markup
    )


def test_columns_that_are_not_numbers_do_not_sort(web, swtcg_catalogue):
    markup = page(web, q="vader", game="swtcg")
    assert "<th>Arenas</th>" in markup
    assert "?q=vader+order%3Acost&game=swtcg" in hrefs(markup)


# --- filter controls ---


@pytest.mark.parametrize(
    ("params", "location"),
    [
        ({"q": "vader", "side": "dark"}, "/?q=vader+side%3Adark&game=swccg"),
        ({"q": "vader side:light", "side": "dark"}, "/?q=vader+side%3Adark&game=swccg"),
        ({"q": "vader side:light", "side": ""}, "/?q=vader&game=swccg"),
        ({"q": "vader", "type": "Character", "set": "7"}, "/?q=vader+type%3DCharacter+set%3D7&game=swccg"),
        ({"q": "vader", "side": "dark", "view": "grid"}, "/?q=vader+side%3Adark&game=swccg&view=grid"),
    ],
)
def test_filters_land_in_the_query(web, catalogue, params, location):
    response = web.get("/", {"game": "swccg", **params})
    assert response.status_code == 302 and response["Location"] == location


def test_a_filter_on_a_query_that_cannot_be_read_shows_its_error(web, catalogue):
    markup = page(web, "/", 400, q="vader (", side="dark")
    assert "Unclosed parenthesis" in markup


def test_filter_menus_list_the_games_sides_types_and_sets(web, catalogue):
    markup = page(web, q="vader side:dark")
    form = markup[
        markup.index('<form class="filters"') : markup.index("</form>", markup.index('class="filters"'))
    ]
    assert '<option value="dark" selected>Dark</option>' in form
    assert '<option value="Character">Character</option>' in form
    assert '<option value="7">' in form
    swdbg = page(web, q="tie", game="swdbg")
    assert ">Faction <select" in swdbg and '<option value="empire">Empire</option>' in swdbg


# --- zero results ---


def test_zero_results_suggest_the_closest_name(web, catalogue):
    markup = page(web, q="darth vadr")
    assert "No cards match" in markup
    section = markup[markup.index('<p class="did-you-mean">') :]
    assert '<a href="?q=%21%22Darth+Vader%22&amp;game=swccg">Darth Vader</a>' in section


def test_zero_results_point_to_other_games_and_editions(web, catalogue, swtcg_catalogue):
    markup = page(web, q="acolyte")
    assert re.search(r'<a href="\?q=acolyte&amp;game=swtcg">6 SWTCG cards match</a>', markup)
    assert re.search(
        r'<a href="\?q=acolyte\+edition%3Aany&amp;game=swccg">1 legacy or pre-errata card matches', markup
    )


def test_zero_results_without_words_still_say_so(web, catalogue):
    markup = page(web, q="power>99")
    assert "No cards match" in markup and "did-you-mean" not in markup


# --- the header search and the order of games ---


def test_the_header_search_keeps_the_pages_game(web, catalogue, swtcg_catalogue):
    code = Card.objects.filter(game_id="swtcg").values_list("code", flat=True).first()
    assert '<input type="hidden" name="game" value="swtcg">' in header_form(
        page(web, f"/cards/swtcg/{code}/")
    )
    assert '<input type="hidden" name="game" value="swccg">' in header_form(page(web, "/cards/swccg/1_168/"))
    assert '<input type="hidden" name="game" value="swtcg">' in header_form(
        page(web, q="vader", game="swtcg")
    )
    assert '<input type="hidden" name="game" value="swtcg">' in header_form(page(web, "/sets/swtcg/AOTC/"))
    assert 'name="game"' not in header_form(page(web, "/sets/"))  # a page of every game: none


def test_one_order_of_games_everywhere(web, catalogue):
    order = ["swccg", "swtcg", "swdbg"]
    search = page(web)
    start = search.index('<select name="game"')
    select = search[start : search.index("</select>", start)]
    assert re.findall(r'<option value="(\w+)"', select) == order
    api = [g["code"] for g in web.get("/api/games/").json()]
    assert api == order
    sets = page(web, "/sets/")
    assert [sets.index(name) for name in ("SWCCG", "SWTCG", "SW:DBG")] == sorted(
        sets.index(name) for name in ("SWCCG", "SWTCG", "SW:DBG")
    )


def test_the_help_documents_owned_and_nicknames(web, db):
    markup = page(web, "/search/help")
    assert "<code>is:owned</code>" in markup and "<code>owned&gt;=2</code>" in markup
    assert "search-needs-login" in markup
    assert "<code>HDADTJ</code>" in markup and "<code>Hunt Down</code>" in markup
    sheet = page(web)
    assert "<code>owned:</code>" in sheet and "is:owned" in sheet
