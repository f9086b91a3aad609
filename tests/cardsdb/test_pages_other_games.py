"""Search results, card, set and help pages, card faces and the API's facts for SWTCG (the real catalogue) and SW:DBG
(a few cards built here with the shapes its importer writes: faction as side, traits, disputed and unknown
values), plus SW:DBG's own search keywords."""

import html
import io
import re

import pytest
from PIL import Image

from cardsdb.face_facts import card_facts, disputed_values
from cardsdb.models import Card, CardSet, Printing
from cardsdb.search.syntax import QuerySyntaxError
from cardsdb.selectors import card_search
from cardsdb.views.pages import GAME_EXAMPLES
from core.text import fold


@pytest.fixture
def tcg(swtcg_catalogue):
    """The SWTCG catalogue the test session imported; each test runs in a transaction on top of it."""


@pytest.fixture
def web(client):
    client.raise_request_exception = False  # a server error should be seen as a 500, not raised
    return client


def page(web, url, status=200, **params):
    response = web.get(url, params)
    assert response.status_code == status, response.content[:500]
    return response.content.decode()


def text_of(markup):
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def section(markup, start, end="</"):
    i = markup.index(start)
    return markup[i : markup.index(end, i + len(start))]


def face(web, url, **params):
    response = web.get(url, params)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(b"".join(response.streaming_content)))
    image.load()
    return image


# --- SW:DBG cards, built as its importer writes them ------------------------------------------------------


def dbg_card(card_set, code, title, faction, card_type, stats, traits=(), extra=None, unique=False, text=""):
    numbers = {k: v for k, v in stats.items() if isinstance(v, int)}
    card = Card.objects.create(
        game_id="swdbg",
        code=code,
        title=title,
        name=title,
        side=faction,
        type=card_type,
        card_set=card_set,
        uniqueness_kind="unique" if unique else "none",
        **numbers,
        stats_text={k: str(v) for k, v in stats.items()},
        characteristics=list(traits),
        search_chars="|" + "|".join(t.lower() for t in traits) + "|" if traits else "",
        search_title=fold(title),
        search_text=fold(text),
        gametext=text,
        extra={"edition": "original_2023", "deck": "galaxy", "disputed": {}, "unknown": [], **(extra or {})},
    )
    Printing.objects.create(card=card, card_set=card_set)
    return card


@pytest.fixture
def dbg(db):
    # Hand-made cards with known facts, in place of the session's SW:DBG import (rolled back after the test).
    Card.objects.filter(game="swdbg").delete()
    CardSet.objects.filter(game="swdbg").delete()
    original = CardSet.objects.create(
        game_id="swdbg", code="original_2023", name="Original (2023)", kind="ffg"
    )
    CardSet.objects.create(game_id="swdbg", code="clone_wars_2024", name="Clone Wars Edition", kind="ffg")
    cards = [
        ("x-wing", "X-Wing", "Rebel", "Unit", {"cost": 3, "attack": 3, "resources": 0, "force": 0}, ["Fighter"],
         {"target_value": 3, "reward": "3 resources", "copies": 3}),
        ("y-wing", "Y-Wing", "Rebel", "Unit", {"cost": 1, "attack": 2, "resources": 0, "force": 0}, ["Fighter"],
         {"target_value": 1, "reward": "1 resource", "copies": 2}),
        ("b-wing", "B-Wing", "Rebel", "Unit", {"cost": 5, "attack": 5, "resources": 0, "force": 0}, ["Fighter"],
         {"target_value": 5, "copies": 2}),
        ("tie-fighter", "TIE Fighter", "Empire", "Unit", {"cost": 1, "attack": 2, "resources": 0, "force": 0},
         ["Fighter"], {"target_value": 1, "reward": "1 resource", "copies": 3}),
        ("duros-spy", "Duros Spy", "Rebel", "Unit", {"cost": 2, "attack": 0, "resources": 2, "force": 0}, [],
         {"disputed": {"traits": [["Scoundrel"], ["Trooper"]]}, "copies": 2}),
        ("fang-fighter", "Fang Fighter", "Neutral", "Unit", {"cost": 3, "attack": 3, "resources": 0, "force": 0},
         ["Fighter"], {"unknown": ["hit_points", "target_value", "reward"], "copies": 2}),
        ("tatooine", "Tatooine", "Rebel", "Base", {"hit_points": "14 or 16"}, [],
         {"disputed": {"hit_points": [14, 16]}, "unknown": ["cost", "attack", "reward"], "deck": "base",
          "copies": 1}),
    ]  # fmt: skip
    return {
        code: dbg_card(original, code, title, faction, kind, stats, traits, extra)
        for code, title, faction, kind, stats, traits, extra in cards
    }


def dbg_codes(query):
    return set(card_search(query=query, game="swdbg").values_list("code", flat=True))


# --- SW:DBG search ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "want"),
    [
        ("trait:fighter faction:rebel cost<=3", {"x-wing", "y-wing"}),
        ("trait:fighter side:rebel cost<=3", {"x-wing", "y-wing"}),  # side: is faction: in this game
        ("char:fighter faction:empire", {"tie-fighter"}),
        ("faction:neutral", {"fang-fighter"}),
        ("faction:imperial", {"tie-fighter"}),
        ("attack>=3", {"x-wing", "b-wing", "fang-fighter"}),
        ("resources>=2", {"duros-spy"}),
        ('hp:"14 or 16"', {"tatooine"}),
        ("hp>=14", set()),  # a disputed value has no single number
        ("is:disputed", {"duros-spy", "tatooine"}),
        ("is:unknown", {"fang-fighter", "tatooine"}),
        ("-is:disputed -is:unknown t:unit faction:rebel", {"x-wing", "y-wing", "b-wing"}),
        ("set:original_2023 t:base", {"tatooine"}),
        ("set:clone_wars_2024", set()),
        ("order:-cost trait:fighter faction:rebel", {"x-wing", "y-wing", "b-wing"}),
    ],
)
def test_swdbg_keywords(dbg, query, want):
    assert dbg_codes(query) == want


def test_swdbg_order_by_its_own_stat(dbg):
    names = [c.name for c in card_search(query="trait:fighter faction:rebel order:-cost", game="swdbg")]
    assert names == ["B-Wing", "X-Wing", "Y-Wing"]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("faction:sith", "faction: is one of empire, rebel, neutral, republic, separatist"),
        ("edition:original_2023", "SW:DBG's editions are sets: set:original_2023 or set:clone_wars_2024"),
        ("destiny>1", "unknown keyword 'destiny' for swdbg"),
        ("arena:space", "unknown keyword 'arena' for swdbg"),
        ("is:banned", "unknown is:banned; known: current, disputed"),
    ],
)
def test_swdbg_errors(dbg, query, message):
    with pytest.raises(QuerySyntaxError) as caught:
        card_search(query=query, game="swdbg")
    assert message in caught.value.message


def test_swdbg_words_without_a_game(dbg):
    either = card_search(query="side:rebel cost<=1 or side:rebel cost:3", game=None)
    assert set(either.values_list("code", flat=True)) == {"x-wing", "y-wing"}
    assert set(card_search(query="is:disputed", game=None).values_list("code", flat=True)) == {
        "duros-spy",
        "tatooine",
    }


# --- SW:DBG pages, faces and API ----------------------------------------------------------------------------


def test_swdbg_card_page_marks_disputed_and_unknown_values(web, dbg):
    stats = text_of(section(page(web, "/cards/swdbg/tatooine/"), '<dl class="stats">', "</dl>"))
    assert "Faction Rebel" in stats
    assert "HP 14 or 16 (disputed)" in stats
    stats = text_of(section(page(web, "/cards/swdbg/duros-spy/"), '<dl class="stats">', "</dl>"))
    assert "Traits Scoundrel or Trooper (disputed)" in stats
    markup = page(web, "/cards/swdbg/fang-fighter/")
    stats = text_of(section(markup, '<dl class="stats">', "</dl>"))
    assert "Target value unknown" in stats and "Reward unknown" in stats
    assert '<dd class="unknown">unknown</dd>' in markup
    assert "HP" not in stats  # a unit has no HP: not "unknown" even where the data lists it


def test_swdbg_base_shows_no_unit_facts(web, dbg):
    stats = text_of(section(page(web, "/cards/swdbg/tatooine/"), '<dl class="stats">', "</dl>"))
    assert "Cost" not in stats and "Attack" not in stats and "Reward" not in stats


def test_swdbg_card_page_shows_its_own_facts(web, dbg):
    stats = text_of(section(page(web, "/cards/swdbg/x-wing/"), '<dl class="stats">', "</dl>"))
    for want in ("Cost 3", "Attack 3", "Resources 0", "Force 0", "Traits Fighter", "Target value 3",
                 "Reward 3 resources", "Copies 3", "Deck galaxy"):  # fmt: skip
        assert want in stats
    assert "Destiny" not in stats and "Icons" not in stats and "disputed" not in stats


def test_swdbg_search_results_show_its_columns(web, dbg):
    markup = page(web, "/", q="faction:rebel", game="swdbg")
    head = text_of(section(markup, "<thead>", "</thead>"))
    assert head == "Title Faction Type Set Cost Atk Res. Force HP Traits"
    assert '<td class="disputed">14 or 16 (disputed)</td>' in markup
    assert '<td class="disputed">Scoundrel or Trooper (disputed)</td>' in markup


def test_swdbg_search_page_cheat_sheet(web, dbg):
    markup = page(web, "/", game="swdbg")
    sheet = text_of(section(markup, '<section class="cheatsheet">', "</section>"))
    assert "faction: side: f:" in sheet and "trait: traits: char:" in sheet
    assert "hit_points: hp: hitpoints:" in sheet
    assert "destiny:" not in sheet and "arena:" not in sheet
    examples = section(markup, '<section class="examples">', "</section>")
    assert "trait%3Afighter%20faction%3Arebel%20cost%3C%3D3" in examples


def test_swdbg_examples_all_run(web, dbg):
    for query, _ in GAME_EXAMPLES["swdbg"]:
        assert web.get("/", {"q": query, "game": "swdbg"}).status_code == 200, query


def test_swdbg_faces_render(web, dbg):
    rebel = face(web, "/cards/swdbg/x-wing/face.png")
    empire = face(web, "/cards/swdbg/tie-fighter/face.png")
    base = face(web, "/cards/swdbg/tatooine/face.png")
    assert rebel.size == empire.size == base.size
    assert rebel.getpixel((2, 2)) != empire.getpixel((2, 2))  # Rebel and Empire frames differ


def test_swdbg_api_facts(client, dbg):
    body = client.get("/api/cards/swdbg/tatooine/").json()
    assert {"key": "hit_points", "label": "HP", "value": "14 or 16", "note": "disputed"} in body["facts"]
    assert body["stats"] == {"hit_points": "14 or 16"} and "hit_points" not in body["values"]


def test_swdbg_set_page(web, dbg):
    markup = page(web, "/sets/swdbg/original_2023/")
    assert '<h1>Original (2023) <span class="small">(original_2023)</span></h1>' in markup
    assert "Faction" in section(markup, "<thead>", "</thead>")
    assert len(re.findall(r'<a href="/cards/swdbg/[^/"]+/">', markup)) == 7


@pytest.mark.parametrize(
    ("disputed", "want"),
    [
        ({"hit_points": [14, 16]}, {"hit_points": ["14", "16"]}),
        ({"traits": [["Trooper"], ["Scoundrel", "Spy"]]}, {"traits": ["Trooper", "Scoundrel, Spy"]}),
        ({"hit_points": {"swdb": 14, "bga": 16}}, {"hit_points": ["14", "16"]}),
        (["hit_points"], {"hit_points": []}),
        ({}, {}),
        (None, {}),
    ],
)
def test_disputed_values_accepts_each_shape(disputed, want):
    assert disputed_values({"disputed": disputed}) == want


def test_disputed_without_a_printed_value_shows_the_candidates(dbg):
    card = dbg["tatooine"]
    card.stats_text = {}
    facts = {f.key: f for f in card_facts(card)}
    assert (facts["hit_points"].value, facts["hit_points"].note) == ("14 or 16", "disputed")


# --- SWTCG pages ---------------------------------------------------------------------------------------------


def test_swtcg_card_page(web, tcg):
    markup = page(web, "/cards/swtcg/AOTC_1/")
    assert "<h1>Anakin Skywalker (A)</h1>" in markup
    assert "SWTCG · Light · Character — Jedi Padawan" in text_of(
        section(markup, '<p class="typeline">', "</p>")
    )
    stats = text_of(section(markup, '<dl class="stats">', "</dl>"))
    for want in ("Cost 7", "Speed 60", "Power 6", "Health 5", "Arena Character", "Version A", "Number 1"):
        assert want in stats
    assert "Icons" not in stats and "Legality" not in stats
    assert '<a href="/sets/swtcg/AOTC/">Attack of the Clones</a> (R)' in markup


def test_swtcg_banned_card_page(web, tcg):
    stats = text_of(section(page(web, "/cards/swtcg/ALTA_1/"), '<dl class="stats">', "</dl>"))
    assert "Legality Banned" in stats and "Usage *BANNED:Standard" in stats


def test_swtcg_multi_arena_card_page(web, tcg):
    unit = Card.objects.filter(game="swtcg", type="Space/Ground").first()
    stats = text_of(section(page(web, unit.get_absolute_url()), '<dl class="stats">', "</dl>"))
    assert "Arenas Space, Ground" in stats


def test_swtcg_search_results_show_its_columns(web, tcg):
    markup = page(web, "/", q="arena:space speed>=50", game="swtcg")
    head = text_of(section(markup, "<thead>", "</thead>"))
    assert head == "Title Side Type Set Rarity Cost Speed Power Health Arenas Ver."
    count = len(card_search(query="arena:space speed>=50", game="swtcg"))
    assert f'<p class="count">{count} cards' in markup
    rows = re.findall(r"<tr class=\"side-[\w-]+\">(.*?)</tr>", section(markup, "<tbody>", "</tbody>"), re.S)
    assert len(rows) == min(count, 60) and all("Space" in text_of(r) for r in rows)


def test_swtcg_yuuzhan_vong_rows(web, tcg):
    markup = page(web, "/", q="side:yv is:unit", game="swtcg")
    assert '<tr class="side-yuuzhan-vong">' in markup and "<td>Yuuzhan Vong</td>" in markup


def test_swtcg_search_page_cheat_sheet_and_examples(web, tcg):
    markup = page(web, "/", game="swtcg")
    sheet = text_of(section(markup, '<section class="cheatsheet">', "</section>"))
    assert "arena: arenas: icon: i: icons:" in sheet
    assert "version: ver:" in sheet and "speed:" in sheet
    assert "destiny:" not in sheet and "faction:" not in sheet
    for query, _ in GAME_EXAMPLES["swtcg"]:
        assert card_search(query=query, game="swtcg").exists(), query


def test_swtcg_sets_and_set_page(web, tcg):
    markup = page(web, "/sets/")
    assert '<a href="/sets/swtcg/AOTC/">Attack of the Clones</a>' in markup
    assert '<a href="/sets/swtcg/YV/">YV</a>' in markup
    markup = page(web, "/sets/swtcg/ROTS/")
    assert '<h1>Revenge of the Sith <span class="small">(ROTS)</span></h1>' in markup
    assert text_of(section(markup, "<thead>", "</thead>")) == (
        "Title Side Type Rarity Cost Speed Power Health Arenas Ver."
    )


def test_swtcg_faces_render(web, tcg):
    light = face(web, "/cards/swtcg/AOTC_1/face.png")
    vong = Card.objects.filter(game="swtcg", side="Yuuzhan Vong").first()
    other = face(web, f"/cards/swtcg/{vong.code}/face.png")
    assert light.size == other.size and light.getpixel((2, 2)) != other.getpixel((2, 2))


def test_swtcg_api_facts(client, tcg):
    body = client.get("/api/cards/swtcg/AOTC_1/").json()
    assert {"key": "arenas", "label": "Arena", "value": "Character", "note": ""} in body["facts"]
    assert body["icons"] == ["Character"] and body["extra"]["arenas"] == ["Character"]


def test_help_page_has_a_section_per_game(web, db):
    markup = page(web, "/search/help")
    for name in ("SWCCG", "SWTCG", "SW:DBG"):
        assert f"<h2>Keywords for {name}</h2>" in markup
    table = text_of(section(markup, "<table", "</table>"))
    assert "swtcg: light, dark, neutral or yuuzhan vong (yv)" in table


# --- what the pages say where a game differs from SWCCG ---------------------------------------------------


def test_swdbg_card_page_shows_the_datas_notes_and_sources(web, swdbg_catalogue):
    card = Card.objects.get(game="swdbg", title="Tatooine")
    markup = page(web, card.get_absolute_url())
    notes = text_of(section(markup, '<p class="data-notes">', "</p>"))
    assert "swdb (and kleer1's older Java ports) = 14, BGA = 16" in notes
    sources = section(markup, '<ul class="sources">', "</ul>")
    assert '<a href="https://github.com/kleer1/swdb">github:kleer1/swdb Game/Cards/**' in sources
    assert '<a href="https://github.com/MartinGoulet/bga-star-wars-deckbuilding">' in sources


def test_swdbg_rulebook_sources_are_text(web, swdbg_catalogue):
    card = Card.objects.get(game="swdbg", title="ARC Trooper")
    sources = text_of(section(page(web, card.get_absolute_url()), '<ul class="sources">', "</ul>"))
    assert "rulebook: Commit to an Attack, example (line 145)" in sources


@pytest.mark.parametrize(
    ("title", "typeline"),
    [
        ("Admiral Trench", "SW:DBG · Separatist · type unknown"),
        ("ARC Trooper", "SW:DBG · faction unknown · Unit"),
    ],
)
def test_swdbg_typeline_names_what_is_unknown(web, swdbg_catalogue, title, typeline):
    card = Card.objects.get(game="swdbg", title=title, side__in=("", "Separatist"))
    markup = page(web, card.get_absolute_url())
    assert text_of(section(markup, '<p class="typeline">', "</p>")) == typeline
    if not card.gametext:
        assert "<h2>Game text</h2>" not in markup and '<p class="gametext">' not in markup


def test_empty_game_text_has_no_box_but_a_text_has(web, dbg):
    assert "<h2>Game text</h2>" not in page(web, "/cards/swdbg/x-wing/")  # built without a text
    card = dbg["x-wing"]
    card.gametext = "Draw 1 card."
    card.save()
    markup = page(web, "/cards/swdbg/x-wing/")
    assert "<h2>Game text</h2>" in markup and '<p class="gametext">Draw 1 card.</p>' in markup
    assert '<p class="data-notes">' not in markup and '<ul class="sources">' not in markup  # none recorded


def test_swtcg_ban_shows_its_scope(web, tcg):
    stats = text_of(section(page(web, "/cards/swtcg/ALTA_1/"), '<dl class="stats">', "</dl>"))
    assert "Legality Banned in Standard" in stats


@pytest.mark.parametrize(
    ("extra", "want"),
    [
        ({"usage": "*BANNED:Standard", "banned": True}, "Banned in Standard"),
        ({"usage": "BANNED in Vintage. | Text erratum.", "banned": True}, "Banned in Vintage"),
        ({"usage": "*BANNED", "banned": True}, "Banned in all tournament play"),
        ({"usage": "*BANNED:Standard | RESTRICTED in Vintage"}, "Banned in Standard; restricted in Vintage"),
        ({"usage": "*BANNED:Standard | *BANNED:Vintage"}, "Banned in Standard and Vintage"),
        ({"usage": "It may be banned one day."}, ""),  # a ruling's word is not a mark
        ({"banned": True}, "Banned"),  # no Usage text: the flag alone
        ({}, ""),
    ],
)
def test_usage_legality(extra, want):
    from cardsdb.face_facts import usage_legality

    assert usage_legality(extra) == want


def cheat_sheet_text(web, game):
    return text_of(section(page(web, "/", game=game), '<section class="cheatsheet">', "</section>"))


@pytest.mark.parametrize("game", ["swtcg", "swdbg"])
def test_cheat_sheets_speak_of_the_games_own_cards(web, db, game):
    sheet = cheat_sheet_text(web, game)
    for swccg_only in ("back title", "nicknames", "both faces", "legacy", "pre-errata", "GEMP"):
        assert swccg_only not in sheet, swccg_only
    assert "none are recorded" not in sheet


def test_the_swccg_cheat_sheet_is_unchanged(web, db):
    sheet = cheat_sheet_text(web, "swccg")
    assert "name: title: n: title, back title and nicknames" in sheet
    assert "text: o: x: gametext: game text (both faces)" in sheet
    assert "edition: current, legacy, pre-errata or any" in sheet
    assert "id: the card's id (GEMP id for SWCCG)" in sheet


def test_swtcg_help_claims_hold(tcg):
    assert not Card.objects.filter(game="swtcg").exclude(edition="current").exists()  # "all current"
    assert not Card.objects.filter(game="swtcg").exclude(lore="").exists()  # lore: "the set files hold none"
    assert card_search(query="name:anakin version:a", game="swtcg").filter(code="AOTC_1").exists()
    assert not card_search(query='name:"skywalker (a)"', game="swtcg").exists()  # no version letter in name:


def test_swdbg_help_claims_hold(swdbg_catalogue):
    assert not Card.objects.filter(game="swdbg").exclude(lore="").exists()
    assert not card_search(query="persona:vader", game="swdbg").exists()
    assert Card.objects.filter(game="swdbg", code="sw23_tie-fighter").exists()  # the id example


def test_swtcg_sort_example_sorts_a_stat_every_card_has(tcg):
    query = next(q for q, _ in GAME_EXAMPLES["swtcg"] if "order:" in q)
    cards = list(card_search(query=query, game="swtcg"))
    assert len(cards) > 10
    costs = [c.cost for c in cards]
    assert None not in costs and costs == sorted(costs, reverse=True)


def test_every_page_credits_each_games_data_and_searches_neutrally(web, dbg):
    for url in ("/", "/cards/swdbg/x-wing/", "/sets/", "/decks/"):
        markup = page(web, url)
        footer = text_of(section(markup, '<footer class="bottom">', "</footer>"))
        assert "SWCCG: the Players Committee's swccg-card-json and GEMP (MIT)" in footer
        assert "SWTCG: the community's SWTCG-LACKEY LackeyCCG set files" in footer
        assert "SW:DBG: facts compiled from public implementations" in footer and "rulebook" in footer
        quick = section(markup, '<form class="quick"', "</form>")
        assert 'placeholder="Search cards: vader"' in quick and "power" not in quick
