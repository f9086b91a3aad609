"""Issue #25: the words the pages write themselves (a card's standing and why, format names, a deck's history, a
replay's kind) are in the page's language; what the data holds stays as it is."""

import html
import re

import pytest
from django.utils import translation

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
        (*MENU, "Your side", "Opponent", "Start", "Your games", "Empire", "Rebel", "playing"),
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
