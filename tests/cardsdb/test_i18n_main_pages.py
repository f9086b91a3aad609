"""Issue #25: the words the pages write themselves (a card's standing and why, format names, a deck's history, a
replay's kind) are in the page's language; what the data holds stays as it is."""

import html
import json
import re

import pytest
from django.utils import translation

from cardsdb.labels import shown
from decks.deck.services import Entry, deck_create, deck_update
from decks.legality.card_formats import swccg_standing, swtcg_standing
from decks.legality.formats import FormatRules
from decks.legality.records import LegalityCard
from decks.legality.swtcg import TcgCard, TcgFormat
from rules.models import SavedGame, SavedReplay
from rules.swccg.referee.results import Violation
from rules.swccg.rulebook import RULES, TITLES

LANGS = ("it", "pl")


def visible(markup: str) -> str:
    """The words a reader sees: the text between the tags (no attributes, scripts or styles), spaces folded."""
    markup = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def gemp(card_id, **kw):
    return LegalityCard(id=card_id, card=card_id, title="X", side="Light", category="EFFECT", **kw)


def fmt(**kw):
    return FormatRules(code="open", name="Open", version="1", **kw)


@pytest.mark.parametrize(
    "lang, rules, card, expected",
    [
        (
            "it",
            fmt(banned_rarities=frozenset({"R1"})),
            gemp("1_1", rarity="R1"),
            "la rarità R1 è bandita nel formato",
        ),
        (
            "pl",
            fmt(banned_rarities=frozenset({"R1"})),
            gemp("1_1", rarity="R1"),
            "rzadkość R1 jest zakazana w formacie",
        ),
        (
            "it",
            fmt(banned=frozenset({"1_1"})),
            gemp("1_1"),
            "nella lista delle carte bandite del formato (1_1)",
        ),
        ("pl", fmt(banned=frozenset({"1_1"})), gemp("1_1"), "na liście zakazanych kart formatu (1_1)"),
        ("en", fmt(banned=frozenset({"1_1"})), gemp("1_1"), "on the format's ban list (1_1)"),
    ],
)
def test_the_card_pages_reasons_are_in_its_language(lang, rules, card, expected):
    with translation.override(lang):
        assert swccg_standing([card], rules, own="1_1").reason == expected


def test_a_count_in_a_reason_takes_polish_forms():
    card = TcgCard(
        id="ANH_1",
        title="Han Solo (A)",
        name="Han Solo",
        version="A",
        side="Light",
        type="Character",
        set="ANH",
    )
    rules = TcgFormat(code="std", name="Standard", version="1", copy_limit=4)
    with translation.override("pl"):
        assert swtcg_standing([card], ["ANH"], rules).reason == "najwyżej 4 kopie"
    with translation.override("it"):
        assert swtcg_standing([card], ["ANH"], rules).reason == "al massimo 4 copie"


@pytest.fixture
def changed_deck(catalogue, django_user_model):
    """A public deck in "Open (40 cards)" saved twice: a card added and its side changed; illegal both times."""
    owner = django_user_model.objects.create_user("mon", password="mothma-pass-123")
    deck = deck_create(
        owner=owner,
        name="EBO",
        game="swccg",
        format_code="open40card",
        side="Dark",
        is_public=True,
        entries=[Entry("1_168", 1, "deck")],
    )
    deck_update(deck, entries=[Entry("1_168", 1, "deck"), Entry("1_169", 1, "deck")], side="Light")
    return deck


def test_the_history_and_the_diff_name_the_format_and_speak_the_pages_language(client, changed_deck):
    pk = changed_deck.pk
    words = {
        "it": ("ancora illegale", "Mazzo: 0 → 1", "<td>Lato</td>"),
        "pl": ("nadal nielegalna", "Talia: 0 → 1", "<td>Strona</td>"),
    }
    for lang, (still, zone, field) in words.items():
        diff = client.get(
            f"/decks/{pk}/diff/", {"from": 1, "to": 2}, HTTP_ACCEPT_LANGUAGE=lang
        ).content.decode()
        assert still in diff and zone in diff and field in diff
        text = visible(diff)
        assert "still illegal" not in text and "deck: 0" not in text and " side " not in text
        assert "Open (40 cards)" in text and "open40card" not in text
        history = client.get(f"/decks/{pk}/history/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        assert "<td>Open (40 cards)</td>" in history and "<td>open40card</td>" not in history
    english = client.get(f"/decks/{pk}/diff/", {"from": 1, "to": 2}).content.decode()
    assert "still illegal" in english and "Deck: 0 → 1" in english and "<td>Side</td>" in english


def test_the_diff_api_keeps_its_english_keys(client, changed_deck):
    client.force_login(changed_deck.owner)
    body = client.get(
        f"/api/decks/{changed_deck.pk}/diff/", {"from": 1, "to": 2}, HTTP_ACCEPT_LANGUAGE="it"
    ).json()
    assert body["legality"]["change"] == "still illegal" and body["legality"]["format"] == "open40card"
    assert {f["field"] for f in body["fields"]} == {"side"} and body["added"][0]["zone"] == "deck"


def test_a_saved_replays_kind_is_in_the_pages_language(client, django_user_model):
    leia = django_user_model.objects.create_user("leia")
    saved = SavedReplay.objects.create(
        owner=leia, game_id="swccg", kind="gemp", title="Cantina", gemp_file=b"<x/>", size=4, events=3
    )
    client.force_login(leia)
    for lang, kind in (("it", "replay GEMP"), ("pl", "zapis powtórki GEMP")):
        for url in ("/games/swccg/replay/", f"/games/swccg/replay/{saved.token}/"):
            text = visible(client.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode())
            assert kind in text and "GEMP replay" not in text


def test_an_english_page_names_the_swccg_rule_in_english_and_keeps_the_italian_source():
    english = {
        "Capturing characters and captives",
        "Crossing Over",
        "Lando and Lobot",
        "Permanent Weapon",
        "Sabacc Rules",
    }
    for section, _words, _gist in RULES.values():
        assert section in english or section in TITLES, section
    rule = Violation(0, "game-over", "The game is over.").as_dict()["rule"]
    assert rule["section"] == "L'eccitante conclusione" and rule["title"] == "The exciting conclusion"
    assert "prosciugato" in rule["words"]  # the quote stays the rulebook's own


# The interface's own English words each main page shows in English (menu, headings, buttons, standings), all
# translated: none may be left on the page in Italian or Polish. Card texts, titles and format names are data.
MENU = ("Decks", "Build", "Collection", "Games", "Sets", "Log out", "Skip to content")
MAIN_PAGES = {
    "search": ("/?q=vader", (*MENU, "Search", "Syntax help", "Table", "Images", "best match", "Rarity")),
    "card": (
        "/cards/swccg/1_168/",
        (*MENU, "Legality", "Legal", "Banned", "Not in pool", "Why", "Icons", "Nicknames", "Game text"),
    ),
    "card reasons": (
        "/cards/swccg/1_168/",
        ("is banned in the format", "on the format's ban list", "formats:"),
    ),
    "deck": (
        "/decks/{deck}/",
        (*MENU, "Statistics", "Odds", "Edit", "History", "Duplicate", "Check in", "Not legal in", "Missing"),
    ),
    "builder": (
        "/decks/new/",
        (*MENU, "Build a deck", "Find cards", "Side", "Save", "Check", "Notes", "lines with section headers"),
    ),
    "collection": ("/collection/", (*MENU, "My collection", "Bulk edit", "Import", "Filter", "Preview")),
    "games": (
        "/games/",
        (
            *MENU,
            "Your side",
            "Level",
            "Trainee",
            "Normal",
            "Start",
            "Your games",
            "Empire",
            "Rebel",
            "playing",
        ),
    ),
}


def english_words_left(text: str, words) -> list[str]:
    return [w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_interface_words_on_the_main_pages(client, catalogue, django_user_model, lang):
    owner = django_user_model.objects.create_user("han", password="falcon-pass-123")
    deck = deck_create(
        owner=owner,
        name="Vader's Fist",
        game="swccg",
        format_code="open",
        side="Dark",
        is_public=True,
        entries=[Entry("1_168", 3, "deck")],
    )
    # A game in progress: the list shows its faction and status.
    SavedGame.objects.create(
        game_id="swdbg", owner=owner, seat=0, opponent="greedy", record={"players": [{"faction": "Empire"}]}
    )
    client.force_login(owner)
    left = {}
    for name, (url, words) in MAIN_PAGES.items():
        response = client.get(url.format(deck=deck.pk), HTTP_ACCEPT_LANGUAGE=lang)
        assert response.status_code == 200 and response["Content-Language"] == lang, name
        found = english_words_left(visible(response.content.decode()), words)
        if found:
            left[name] = found
    assert not left


def test_the_word_list_finds_english_on_the_english_pages(client, catalogue, django_user_model):
    """The check itself: the same words are there in English, so their absence above means translated."""
    owner = django_user_model.objects.create_user("han")
    SavedGame.objects.create(
        game_id="swdbg", owner=owner, seat=0, opponent="greedy", record={"players": [{"faction": "Empire"}]}
    )
    client.force_login(owner)
    text = visible(client.get("/cards/swccg/1_168/").content.decode())
    assert english_words_left(text, MAIN_PAGES["card"][1][:3]) == ["Decks", "Build", "Collection"]
    games = visible(client.get("/games/").content.decode())
    assert english_words_left(games, ("Empire", "Rebel", "playing")) == ["Empire", "Rebel", "playing"]
    assert english_words_left(text, ("Legal", "Banned", "is banned in the format")) == [
        "Legal",
        "Banned",
        "is banned in the format",
    ]


# ---- a pasted deck list's reading problems (the builder's paste box, its "Read the list", the legality check)

PASTED = "Side: Purple\n1x Darth Vader [Nowhere]\n2x Han Solu\n3x\n0x Tarkin"
# English each of PASTED's problems is worded with; none may be left on an Italian or Polish page
PASTE_ENGLISH = (
    "Did you mean",
    "no card named",
    "has a count but no card name",
    "is neither Light nor Dark",
    "names no set",
    "must be a whole number",
    "Line 1",
    "line 2:",
    "Correct the set",
)
PASTE_WORDS = {
    "it": ("Forse cercavi", "Riga 2:", "riga 2:"),
    "pl": ("Czy chodziło o", "Wiersz 2:", "wiersz 2:"),
}


def test_the_word_list_finds_the_pasted_lists_english(client, catalogue):
    text = visible(
        client.post("/decks/new/", {"decklist": PASTED, "format": "open", "action": "check"}).content.decode()
    )
    assert english_words_left(text, PASTE_ENGLISH) == list(PASTE_ENGLISH)


@pytest.mark.parametrize("lang", LANGS)
def test_a_pasted_lists_problems_are_in_the_pages_language(client, catalogue, lang):
    """Without JavaScript: the problems below the paste box and the legality panel's unread lines."""
    response = client.post(
        "/decks/new/", {"decklist": PASTED, "format": "open", "action": "check"}, HTTP_ACCEPT_LANGUAGE=lang
    )
    text = visible(response.content.decode())
    assert all(word in text for word in PASTE_WORDS[lang]), text
    assert english_words_left(text, PASTE_ENGLISH) == []
    assert (
        "(1_11, Light)" not in text and "(1_168, Dark)" not in text
    )  # a suggestion's side is the page's word


@pytest.mark.parametrize("lang", LANGS)
def test_reading_the_list_in_the_builder_answers_in_the_pages_language_and_the_api_in_english(
    client, catalogue, lang
):
    """With JavaScript: the builder reads the list through its page endpoint; /api/decks/import/ stays English."""
    body = {"game": "swccg", "decklist": PASTED}
    page = client.post("/decks/read-list/", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE=lang)
    api = client.post("/api/decks/import/", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE=lang)
    assert page.status_code == api.status_code == 200
    shown, kept = page.json()["problems"], api.json()["problems"]
    assert [p["code"] for p in shown] == [p["code"] for p in kept]
    assert english_words_left(" ".join(p["message"] for p in shown), PASTE_ENGLISH) == []
    assert english_words_left(" ".join(p["message"] for p in kept), PASTE_ENGLISH[:5]) == list(
        PASTE_ENGLISH[:5]
    )
    assert set(kept[0]) == {
        "code",
        "message",
        "line",
        "text",
        "candidates",
        "count",
    }  # the API's shape, as before


def test_reading_the_list_in_the_builder_needs_the_pages_csrf_token(catalogue):
    from django.test import Client

    guarded = Client(enforce_csrf_checks=True)
    response = guarded.post(
        "/decks/read-list/", {"game": "swccg", "decklist": "1x Vader"}, content_type="application/json"
    )
    assert response.status_code == 403 and response.json()["code"] == "forbidden"


def test_a_too_long_list_is_refused_in_the_pages_language(client, catalogue):
    response = client.post(
        "/decks/new/",
        {"decklist": "x\n" * 2_500, "format": "open", "action": "check"},
        HTTP_ACCEPT_LANGUAGE="pl",
    )
    text = visible(response.content.decode())
    assert "Lista talii ma 2 501 wierszy" in text.replace("\xa0", " ") and "at most" not in text


# ---- card types and sides as the search, the card page and the builder's card search label them

# SWTCG's types as its data writes them (compound, with a mission's kind), and SWCCG's numbered Jedi Tests
DATA_TYPES = (
    "Ground/Character",
    "Space/Ground",
    "Mission - Campaign",
    "Mission – Trap",
    "Missions",
    "Jedi Test #1",
)
TYPE_WORDS = {
    "it": (
        "Terra/Personaggio",
        "Spazio/Terra",
        "Missione - Campagna",
        "Missione – Trappola",
        "Missioni",
        "Prova Jedi #1",
    ),
    "pl": ("Ląd/Postać", "Kosmos/Ląd", "Misja - Kampania", "Misja – Pułapka", "Misje", "Próba Jedi #1"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_datas_compound_types_are_said_in_the_pages_language(lang):
    with translation.override(lang):
        assert tuple(shown(t, "type") for t in DATA_TYPES) == TYPE_WORDS[lang]
    with translation.override("en"):
        assert tuple(shown(t, "type") for t in DATA_TYPES) == DATA_TYPES
    with translation.override(lang):  # a kind not known stays as the data writes it
        assert (
            shown("Mission - Something new", "type") == TYPE_WORDS[lang][2].split(" ")[0] + " - Something new"
        )


SIDE_TYPE_ENGLISH = (
    "Dark",
    "Light",
    "Neutral",
    "Character",
    "Battle",
    "Ground/Character",
    "Mission - Campaign",
)


def labels_shown(search_page: str) -> str:
    """The search page's own labels of sides and types: its side and type filters' choices and each result's
    side and type cells (not the card data around them: subtypes, set names)."""
    options = re.findall(r'<select name="(?:side|type)".*?</select>', search_page, flags=re.S)
    cells = re.findall(
        r"<tr class=\"side-[^\"]*\">\s*<td.*?</td>\s*<td>(.*?)</td>\s*<td>(.*?)(?: — .*?)?</td>",
        search_page,
        flags=re.S,
    )
    return visible(" ".join(options) + " | " + " | ".join(f"{side} {kind}" for side, kind in cells))


@pytest.mark.parametrize("lang", LANGS)
def test_swtcg_search_card_and_builder_label_types_and_sides_in_the_pages_language(
    client, swtcg_catalogue, lang
):
    search = labels_shown(client.get("/?game=swtcg&q=vader", HTTP_ACCEPT_LANGUAGE=lang).content.decode())
    assert english_words_left(search, SIDE_TYPE_ENGLISH) == [] and TYPE_WORDS[lang][0] in search
    typeline = re.search(
        r'<p class="typeline">(.*?)</p>',
        client.get("/cards/swtcg/ALTA_180/", HTTP_ACCEPT_LANGUAGE=lang).content.decode(),
        flags=re.S,
    )[1]
    assert english_words_left(visible(typeline.split(" — ")[0]), ("Dark", "Character")) == []
    builder = client.get("/decks/new/?game=swtcg", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    labels = {
        name: json.loads(
            re.search(rf'<script id="{name}" type="application/json">(.*?)</script>', builder)[1]
        )
        for name in ("type-labels", "side-labels")
    }
    assert labels["type-labels"]["Ground/Character"] == TYPE_WORDS[lang][0]
    assert labels["side-labels"]["Dark"] == {"it": "Lato Oscuro", "pl": "Ciemna Strona"}[lang]


def test_the_swtcg_english_pages_have_the_words_the_check_looks_for(client, swtcg_catalogue):
    search = labels_shown(client.get("/?game=swtcg&q=vader").content.decode())
    assert english_words_left(search, SIDE_TYPE_ENGLISH) == list(SIDE_TYPE_ENGLISH)
    typeline = re.search(
        r'<p class="typeline">(.*?)</p>', client.get("/cards/swtcg/ALTA_180/").content.decode(), flags=re.S
    )[1]
    assert english_words_left(visible(typeline.split(" — ")[0]), ("Dark", "Character")) == [
        "Dark",
        "Character",
    ]


def test_the_swdbg_setups_factions_and_their_sides_are_in_the_pages_language(client, swdbg_catalogue):
    english = visible(client.get("/decks/setup/new/").content.decode())
    italian = visible(client.get("/decks/setup/new/", HTTP_ACCEPT_LANGUAGE="it").content.decode())
    assert "Empire (Dark, " in english and "Rebel (Light, " in english
    assert "Impero (Lato Oscuro, " in italian and "(dark, " not in italian and "(light, " not in italian


# ---- the deck page's Odds panel: its texts, the engines' rules it quotes, its charts' titles, axes and tooltips

ODDS_ENGLISH = (
    "Draw pile = the deck minus",
    "A single numeric destiny counts as itself",
    "Destiny in the draw pile",
    "P(destiny ≥ X) for one draw",
    "not a seed",
    "destiny",
    "copies",
    "Odds",
    "All groups at once",
)
ODDS_WORDS = {
    "it": ("Destino nel mazzo di pesca", "P(destino ≥ X) in una pescata", "Mazzo di pesca = ", "X 2: 63,16%"),
    "pl": ("Przeznaczenie w stosie dobierania", "P(przeznaczenie ≥ X)", "Stos dobierania = ", "X 2: 63,16%"),
}


def odds_section(client, deck, lang=None) -> str:
    """The Odds panel's markup (its charts' SVG text included) with two groups and a sample hand."""
    extra = {"HTTP_ACCEPT_LANGUAGE": lang} if lang else {}
    page = client.get(
        f"/decks/{deck.pk}/", {"g1": "1_168", "g2": "1_169", "sample": "1", "seed": "x"}, **extra
    ).content.decode()
    return page[page.index('<section class="odds"') :]


def svg_text(markup: str) -> str:
    """Every word of the charts: titles, descriptions, tooltips, axis labels (and aria-labels)."""
    return " ".join(
        re.findall(r"<(?:text|title|desc)\b[^>]*>([^<]*)<", markup)
        + re.findall(r'aria-label="([^"]*)"', markup)
    )


@pytest.fixture
def odds_deck(catalogue, django_user_model):
    owner = django_user_model.objects.create_user("wedge")
    cards = ("1_168", "1_169", "1_170", "1_171", "1_172")
    return deck_create(
        owner=owner,
        name="Odds",
        game="swccg",
        format_code="open",
        side="Dark",
        is_public=True,
        entries=[Entry(code, 3 if code == "1_168" else 4, "deck") for code in cards],  # destinies: 63.16% ≥ 2
    )


def test_the_odds_panel_has_the_english_words_the_check_looks_for(client, odds_deck):
    section = odds_section(client, odds_deck)
    found = english_words_left(visible(section) + " " + svg_text(section), ODDS_ENGLISH)
    assert found == list(ODDS_ENGLISH)
    assert "X 2: 63.16%" in svg_text(section)


@pytest.mark.parametrize("lang", LANGS)
def test_the_odds_panel_and_its_charts_are_in_the_pages_language(client, odds_deck, lang):
    section = odds_section(client, odds_deck, lang)
    text = visible(section) + " " + svg_text(section)
    assert english_words_left(text, ODDS_ENGLISH) == []
    assert all(word in text for word in ODDS_WORDS[lang]), text
    assert re.search(r"\d+,\d%", visible(section))  # a group's chance in the page's number format


def test_the_odds_panels_rules_are_the_engines_own_words_in_english():
    from rules.views.odds_panel import SAID_RULES

    with translation.override("en"):
        assert all(str(said) == rule for rule, said in SAID_RULES.items())


# ---- the SWCCG referee's rules on the replay page: each rule's title and one-line summary in the page's language


def test_every_referee_rule_has_a_title_and_summary_in_each_language():
    from rules.swccg.rulebook import title
    from rules.views.swccg_rule_words import rule_words

    with translation.override("en"):  # the English page: the API's own title and summary
        english = rule_words()
    for code, (section, _words, gist) in RULES.items():
        assert english[code] == {"title": title(section), "rule": gist}, code
    for lang in LANGS:
        with translation.override(lang):
            said = rule_words()
        for code, (section, _words, gist) in RULES.items():
            assert said[code]["rule"] != gist, (lang, code)
            assert said[code]["title"] != title(section), (lang, code)
            if lang == "it" and section in TITLES:  # an Italian page names a rule by the rulebook's heading
                assert said[code]["title"] == section, code


@pytest.mark.parametrize(
    "lang, words",
    [
        ("pl", {"title": "Ekscytujące zakończenie", "rule": "Po zakończeniu gry nic się już nie dzieje."}),
        ("it", {"title": "L'eccitante conclusione", "rule": "Non succede nulla dopo la fine della partita."}),
        ("en", {"title": "The exciting conclusion", "rule": "Nothing happens after the game has ended."}),
    ],
)
def test_the_replay_page_gives_its_script_the_rules_in_its_language(client, lang, words):
    page = client.get("/games/swccg/replay/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    said = json.loads(
        re.search(r'<script id="ccg-rule-words" type="application/json">(.*?)</script>', page)[1]
    )
    assert said["game-over"] == words
    if lang != "en":
        gists = {gist for _section, _words, gist in RULES.values()}
        assert not gists & {w["rule"] for w in said.values()}  # no English summary left


def test_the_replay_api_keeps_the_english_rule_and_the_italian_source(client, catalogue):
    from tests.rules.swccg.replay_records import sample_record

    body = client.post(
        "/api/games/swccg/replay/view",
        sample_record(),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="pl",
    ).json()
    rule = body["replay"]["violations"][0]["rule"]
    section, words, gist = RULES[body["replay"]["violations"][0]["code"]]
    assert rule == {"section": section, "title": TITLES.get(section, section), "words": words, "rule": gist}
