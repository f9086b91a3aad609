"""The pages in Italian and Polish: headings, labels and messages are translated, card names and texts stay as
the data has them, and the API's error messages stay English (it is for tools)."""

import pytest
from django.urls import reverse
from django.utils import translation

from cardsdb.models import CardSet
from decks.deck.services import Entry, deck_create

LANGS = ("it", "pl")


def page(client, url, lang, status=200):
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
    assert response.status_code == status, response.content[:300]
    assert response["Content-Language"] == lang
    return response.content.decode()


def translated(markup, lang, expected, english):
    """`expected` is (Italian, Polish); the English source must be gone."""
    wanted = dict(zip(LANGS, expected, strict=True))[lang]
    assert wanted in markup
    assert english not in markup


@pytest.fixture
def vader_deck(catalogue, django_user_model):
    owner = django_user_model.objects.create_user("han", password="falcon-pass-123")
    deck = deck_create(
        owner=owner, name="Vader's Fist", game="swccg", is_public=True, entries=[Entry("1_168", 3, "deck")]
    )
    return owner, deck


@pytest.mark.parametrize("lang", LANGS)
def test_search_pages(client, catalogue, lang):
    markup = page(client, reverse("search"), lang)
    translated(markup, lang, ("<h2>Prova</h2>", "<h2>Spróbuj</h2>"), "<h2>Try</h2>")
    translated(markup, lang, (">Cerca</button>", ">Szukaj</button>"), ">Search</button>")
    results = page(client, reverse("search") + "?q=vader", lang)
    translated(results, lang, (">Rarità</a>", ">Rzadkość</a>"), ">Rarity</a>")
    assert "•Darth Vader" in results  # card titles are data
    helps = page(client, reverse("search-help"), lang)
    translated(
        helps,
        lang,
        ("<h1>Sintassi di ricerca</h1>", "<h1>Składnia wyszukiwania</h1>"),
        "<h1>Search syntax</h1>",
    )
    translated(
        helps, lang, ("<h2>Parole chiave per SWCCG</h2>", "<h2>Słowa kluczowe dla SWCCG</h2>"), "Keywords for"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_card_page_translates_the_labels_not_the_card(client, catalogue, lang):
    markup = page(client, "/cards/swccg/1_168/", lang)
    assert "<h1>•Darth Vader</h1>" in markup and "<title>•Darth Vader · cardsdb</title>" in markup
    translated(markup, lang, ("<dt>Icone</dt>", "<dt>Ikony</dt>"), "<dt>Icons</dt>")
    translated(markup, lang, ("<dt>Soprannomi</dt>", "<dt>Przydomki</dt>"), "<dt>Nicknames</dt>")
    # The values are the data's, in English whatever the language.
    assert "Pilot, Warrior" in markup and "Space Vader" in markup


@pytest.mark.parametrize("lang", LANGS)
def test_set_pages(client, catalogue, lang):
    markup = page(client, reverse("set-list"), lang)
    translated(markup, lang, ("<h1>Espansioni</h1>", "<h1>Dodatki</h1>"), "<h1>Sets</h1>")
    translated(markup, lang, ("<th>Uscita</th>", "<th>Wydany</th>"), "<th>Released</th>")
    card_set = CardSet.objects.filter(game="swccg").order_by("code").first()
    markup = page(client, reverse("set-detail", args=["swccg", card_set.code]), lang)
    assert card_set.name in markup  # set names are data
    translated(markup, lang, ("Cerca in questa espansione", "Szukaj w tym dodatku"), "Search within this set")


@pytest.mark.parametrize("lang", LANGS)
def test_deck_list_builder_and_login(client, catalogue, lang):
    translated(
        page(client, reverse("deck-list"), lang), lang, ("<h1>Mazzi</h1>", "<h1>Talie</h1>"), "<h1>Decks</h1>"
    )
    builder = page(client, reverse("deck-new"), lang)
    translated(builder, lang, ("<h1>Costruisci un mazzo", "<h1>Zbuduj talię"), "<h1>Build a deck")
    translated(builder, lang, ("<h2>Trova carte</h2>", "<h2>Znajdź karty</h2>"), "<h2>Find cards</h2>")
    login = page(client, reverse("login"), lang)
    translated(login, lang, ("<h1>Accedi</h1>", "<h1>Zaloguj się</h1>"), "<h1>Log in</h1>")
    translated(login, lang, ("Non hai un account?", "Nie masz konta?"), "No account?")


@pytest.mark.parametrize("lang", LANGS)
def test_collection_page_for_a_logged_in_user(client, catalogue, django_user_model, lang):
    client.force_login(django_user_model.objects.create_user("leia"))
    markup = page(client, reverse("collection"), lang)
    translated(
        markup, lang, ("<h1>La mia collezione</h1>", "<h1>Moja kolekcja</h1>"), "<h1>My collection</h1>"
    )
    translated(
        markup, lang, ("<h2>Modifica in blocco</h2>", "<h2>Edycja zbiorcza</h2>"), "<h2>Bulk edit</h2>"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_deck_page_and_its_public_page(client, vader_deck, lang):
    owner, deck = vader_deck
    for url in (reverse("deck-detail", args=[deck.pk]), reverse("deck-share", args=[deck.share_id])):
        markup = page(client, url, lang)
        translated(markup, lang, ("<h2>Statistiche</h2>", "<h2>Statystyki</h2>"), "<h2>Statistics</h2>")
        translated(markup, lang, ("<h2>Probabilità</h2>", "<h2>Prawdopodobieństwa</h2>"), "<h2>Odds</h2>")
        # The decklist heading is written in Python: 3 is Polish's "few" form, Italian's plural.
        assert ("<h2>3 carte</h2>" if lang == "it" else "<h2>3 karty</h2>") in markup
        assert "<h1>Vader&#x27;s Fist</h1>" in markup and "•Darth Vader</a>" in markup


def test_polish_has_its_three_counting_forms():
    with translation.override("pl"):
        forms = [translation.ngettext("%(n)d card", "%(n)d cards", n) % {"n": n} for n in (1, 3, 5, 22, 25)]
    assert forms == ["1 karta", "3 karty", "5 kart", "22 karty", "25 kart"]


def test_a_message_after_a_post_is_translated(client, catalogue):
    response = client.post(
        reverse("deck-new"), {"name": "EBO", "decklist": "1_168", "action": "save"}, HTTP_ACCEPT_LANGUAGE="it"
    )
    html = response.content.decode()
    assert "Non ancora salvato: per salvare serve un account" in html and "Not saved yet" not in html


def test_api_errors_stay_english(client, catalogue):
    english = client.get("/api/cards/", {"q": "power>", "game": "swccg"})
    italian = client.get("/api/cards/", {"q": "power>", "game": "swccg"}, HTTP_ACCEPT_LANGUAGE="it")
    assert english.status_code == italian.status_code == 400
    assert italian.json() == english.json()


def test_english_stays_the_source(client, catalogue):
    markup = page(client, reverse("set-list"), "en")
    assert "<h1>Sets</h1>" in markup and "<th>Released</th>" in markup
