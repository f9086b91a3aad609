"""The data's labels in Italian and Polish: stat names, sides, card types, deck zones, the models' choices and the
search examples are shown in the page's language (cardsdb/labels.py), while card names, set names and every API
answer stay as the data has them."""

import json

import pytest
from django.urls import reverse
from django.utils import translation

from cardsdb import face_facts
from cardsdb.games.registry import GAMES
from cardsdb.labels import SIDES, STATS, TYPES, ZONES, shown
from cardsdb.models import Card, CardSet
from cardsdb.views.pages import RESULT_COLUMNS
from decks.deck.pages import _decklist_heading
from decks.deck.services import Entry, deck_create
from decks.models import CollectionItem

from .test_i18n_pages import LANGS, page, translated


def it_pl(lang, italian, polish):
    return italian if lang == "it" else polish


@pytest.mark.parametrize("lang", LANGS)
def test_card_page_shows_stat_names_side_and_type_translated(client, catalogue, lang):
    markup = page(client, "/cards/swccg/1_168/", lang)
    translated(markup, lang, ("<dt>Potenza</dt>", "<dt>Siła</dt>"), "<dt>Power</dt>")
    translated(markup, lang, ("<dt>Sacrificio</dt>", "<dt>Poświęcenie</dt>"), "<dt>Forfeit</dt>")
    translated(markup, lang, ("<dt>Destino</dt>", "<dt>Przeznaczenie</dt>"), "<dt>Destiny</dt>")
    # the side and the type translated; the subtype ("Imperial") and the name are data
    assert it_pl(lang, "Lato Oscuro · Personaggio — Imperial", "Ciemna Strona · Postać — Imperial") in markup
    assert "<h1>•Darth Vader</h1>" in markup


@pytest.mark.parametrize("lang", LANGS)
def test_the_card_api_keeps_the_english_labels(client, catalogue, lang):
    url = reverse("api-card-detail", args=["swccg", "1_168"])
    english = client.get(url).json()
    other = client.get(url, HTTP_ACCEPT_LANGUAGE=lang).json()
    assert other == english
    assert {"key": "power", "label": "Power", "value": "6", "note": ""} in other["facts"]


@pytest.mark.parametrize("lang", LANGS)
def test_search_page_columns_filters_and_examples(client, catalogue, lang):
    markup = page(client, reverse("search") + "?q=vader", lang)
    # The short heading is an abbreviation with its full name; the sortable stat headings are translated.
    assert (
        it_pl(lang, '<abbr title="Destino">Dest.</abbr>', '<abbr title="Przeznaczenie">Przezn.</abbr>')
        in markup
    )
    translated(markup, lang, (">Potenza</a>", ">Siła</a>"), ">Power</a>")
    assert 'title="Destiny"' not in markup
    # The filters' labels are translated, the values stay the query's words.
    assert f'<option value="dark">{it_pl(lang, "Lato Oscuro", "Ciemna Strona")}</option>' in markup
    assert f'<option value="Character">{it_pl(lang, "Personaggio", "Postać")}</option>' in markup
    assert "<td>" + it_pl(lang, "Lato Oscuro", "Ciemna Strona") + "</td>" in markup
    assert "•Darth Vader</a>" in markup
    front = page(client, reverse("search"), lang)
    translated(front, lang, ("una frase esatta", "dokładna fraza"), "an exact phrase")
    assert "<code>&quot;lord of the sith&quot;</code>" in front  # the query itself is not translated
    helps = page(client, reverse("search-help"), lang)
    translated(helps, lang, ("esattamente questo nome", "dokładnie ta nazwa"), "exactly this name")


@pytest.mark.parametrize("lang", LANGS)
def test_set_pages_show_kinds_types_and_notes_translated(client, catalogue, lang):
    markup = page(client, reverse("set-list"), lang)
    translated(
        markup,
        lang,
        ("Virtuale (Players Committee)", "Wirtualny (Players Committee)"),
        "Virtual (Players Committee)",
    )
    assert "<td>Decipher" in markup  # a publisher's name
    assert "title=" not in markup.split("<main", 1)[1]  # no detail shown only on hover
    card_set = CardSet.objects.filter(game="swccg", code="1").first()
    markup = page(client, reverse("set-detail", args=["swccg", card_set.code]), lang)
    assert card_set.name in markup
    assert (
        it_pl(lang, '<abbr title="Destino">Dest.</abbr>', '<abbr title="Przeznaczenie">Przezn.</abbr>')
        in markup
    )
    translated(markup, lang, (">Personaggio</th>", ">Postać</th>"), ">Character</th>")


@pytest.mark.parametrize("lang", LANGS)
def test_deck_page_shows_zones_types_sides_and_charts_translated(client, catalogue, django_user_model, lang):
    owner = django_user_model.objects.create_user("lando", password="cloud-city-123")
    deck = deck_create(
        owner=owner,
        name="Vader's Fist",
        game="swccg",
        side="Dark",
        is_public=True,
        entries=[Entry("1_168", 3, "deck"), Entry("1_168", 1, "outside")],
    )
    for url in (reverse("deck-detail", args=[deck.pk]), reverse("deck-share", args=[deck.share_id])):
        markup = page(client, url, lang)
        translated(markup, lang, ("<h3>Personaggio</h3>", "<h3>Postać</h3>"), "<h3>Character</h3>")
        translated(markup, lang, ("<h3>Fuori dal mazzo</h3>", "<h3>Poza talią</h3>"), "<h3>Outside deck</h3>")
        assert it_pl(lang, "· Lato Oscuro ·", "· Ciemna Strona ·") in markup
        translated(markup, lang, ("Carte per tipo", "Karty według typu"), "Cards by type")
        assert "<h1>Vader&#x27;s Fist</h1>" in markup and "•Darth Vader</a>" in markup
    # The deck API and the text export stay English (tools read them back).
    client.force_login(owner)
    for url in (
        reverse("api-deck-detail", args=[deck.pk]),
        reverse("api-deck-export", args=[deck.pk]) + "?as=text",
    ):
        english = client.get(url)
        other = client.get(url, HTTP_ACCEPT_LANGUAGE=lang)
        assert english.status_code == other.status_code == 200
        assert other.content == english.content
    assert "Outside deck" in english.content.decode()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("it", "10 carte nel mazzo iniziale, 5 nel mazzo delle basi"),
        ("pl", "10 kart w talii startowej, 5 w talii baz"),
        ("en", "10 cards in the starter deck, 5 in the base deck"),
    ],
)
def test_the_swdbg_decklist_heading_names_its_decks_in_the_language(lang, expected):
    with translation.override(lang):
        heading = _decklist_heading({"total": 10, "outside_total": 5}, dict(GAMES["swdbg"].deck.zones))
    assert heading == expected


@pytest.mark.parametrize("lang", LANGS)
def test_collection_page_shows_finish_and_condition_translated(client, catalogue, django_user_model, lang):
    user = django_user_model.objects.create_user("leia")
    card = Card.objects.get(game="swccg", code="1_168")
    CollectionItem.objects.create(owner=user, card=card, finish="foil", condition="NM", quantity=2)
    client.force_login(user)
    markup = page(client, reverse("collection"), lang)
    translated(
        markup,
        lang,
        ("<td>Quasi perfetta (near mint)</td>", "<td>Prawie idealna (near mint)</td>"),
        "Near mint",
    )
    assert it_pl(lang, "<td>Foil</td>", "<td>Foliowana</td>") in markup
    assert '<div class="table-scroll"><table class="cards collection">' in markup
    card_page = page(client, "/cards/swccg/1_168/", lang)
    assert (
        it_pl(lang, "<td>Quasi perfetta (near mint)</td>", "<td>Prawie idealna (near mint)</td>") in card_page
    )


def test_every_label_the_data_gives_has_a_translation():
    """A stat, side, type or zone label added to the data's code without a word here would stay English on the
    pages: every one the code names is listed in cardsdb/labels.py."""
    stats = {label for _k, label in face_facts.SWTCG_STATS + face_facts.SWDBG_STATS + face_facts.SWDBG_EXTRAS}
    stats |= set(face_facts.STAT_LABELS.values())
    stats |= {k.replace("_", " ").title() for k in ("destiny", "power", "ability", "deploy", "forfeit")}
    stats |= {"Arena", "Arenas", "Version", "Legality", "Usage", "Printing", "Number", "Faction", "Traits"}
    assert stats <= set(STATS)
    for plugin in GAMES.values():
        assert {label for _zone, label in plugin.deck.zones} <= set(ZONES)
        assert set(plugin.deck.sides) <= set(SIDES)
    assert {"Unit", "Capital Ship", "Base", "Character", "Effect", "Interrupt"} <= set(TYPES)
    for columns in RESULT_COLUMNS.values():
        for short, full, _key in columns:
            assert str(short) and (not full or str(full))
    with translation.override("pl"):
        assert shown("Outside deck", "zone") == "Poza talią"
        assert shown("Dark", "side") == "Ciemna Strona"
        assert shown("Darth Vader", "type") == "Darth Vader"  # not a label: as it is
        assert [str(short) for short, _f, _k in RESULT_COLUMNS["swdbg"]][:3] == ["Koszt", "At.", "Zas."]
    with translation.override("en"):
        assert shown("Outside deck", "zone") == "Outside deck"


@pytest.mark.parametrize("lang", LANGS)
def test_the_api_schema_stays_english(client, db, lang):
    """The models' choice labels are translated on the pages; the schema's enum descriptions keep the English."""
    english = client.get(reverse("api-schema")).content.decode()
    other = client.get(reverse("api-schema"), HTTP_ACCEPT_LANGUAGE=lang)
    assert other.content.decode() == english
    assert "* `virtual` - Virtual (Players Committee)" in english


@pytest.mark.parametrize("lang", LANGS)
def test_the_builder_counts_types_in_the_language_and_gives_its_script_the_words(
    client, catalogue, django_user_model, lang
):
    owner = django_user_model.objects.create_user("lando", password="cloud-city-123")
    deck = deck_create(
        owner=owner, name="Fist", game="swccg", side="Dark", entries=[Entry("1_168", 3, "deck")]
    )
    client.force_login(owner)
    markup = page(client, reverse("deck-edit", args=[deck.pk]), lang)
    word = it_pl(lang, "Personaggio", "Postać")
    assert f'<span class="type-count" data-type="Character">{word} <strong>3</strong>' in markup
    # the script draws the counts again as cards change: it reads the same words from the page
    words = markup.split('<script id="type-labels" type="application/json">', 1)[1].split("</script>", 1)[0]
    assert json.loads(words)["Character"] == word


def test_a_card_without_a_type_is_counted_as_unknown_in_the_language():
    from django.template.loader import render_to_string

    from decks.deck.builder_cards import type_counts

    counts = type_counts(
        [{"zone": "deck", "type": "", "count": 2}, {"zone": "deck", "type": None, "count": 1}]
    )
    assert counts == [("", 3)]
    with translation.override("it"):
        markup = render_to_string("decks/builder.html", {"type_counts": counts, "profile": None})
    assert '<span class="type-count" data-type="">Sconosciuto <strong>3</strong>' in markup


def versions_panel_of(markup: str) -> str:
    return markup.split('<section class="card-versions"', 1)[1].split("</section>", 1)[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_versions_panel_labels_are_translated_not_the_cards(client, catalogue, lang):
    panel = versions_panel_of(page(client, "/cards/swccg/1_168/", lang))
    virtual = it_pl(lang, "Virtuale (V)", "Wirtualna (V)")
    legacy = it_pl(lang, "Legacy (ritirata)", "Legacy (wycofana)")
    assert f'<span class="tag">{virtual}</span>' in panel
    assert f'<span class="tag">{virtual}, {legacy}</span>' in panel
    assert it_pl(lang, "Virtual Set 0, rarità R1, 200_78", "Virtual Set 0, rzadkość R1, 200_78") in panel
    assert "•Darth Vader (V)" in panel  # the names and the sets are data
    assert "Virtual (V)" not in panel and "rarity" not in panel


def test_the_versions_panel_stays_english_in_english(client, catalogue):
    panel = versions_panel_of(page(client, "/cards/swccg/1_168/", "en"))
    assert '<span class="tag">Virtual (V)</span>' in panel
    assert '<span class="tag">Virtual (V), Legacy (retired)</span>' in panel
    assert "Virtual Set 0, rarity R1, 200_78" in panel


@pytest.mark.parametrize("lang", LANGS)
def test_swtcg_version_letters_are_labelled_in_the_language(client, swtcg_catalogue, lang):
    panel = versions_panel_of(page(client, "/cards/swtcg/ALTA_180/", lang))
    version = it_pl(lang, "Versione", "Wersja")
    assert f'<span class="tag">{version} A (Anakin Skywalker)</span>' in panel
    assert f'<span class="tag">{version} B2 (Anakin Skywalker)</span>' in panel
    assert ">Version A" not in panel
    english = versions_panel_of(page(client, "/cards/swtcg/ALTA_180/", "en"))
    assert '<span class="tag">Version A (Anakin Skywalker)</span>' in english


@pytest.mark.parametrize(
    ("lang", "same", "original", "none"),
    [
        ("en", "same title", "Original", "No version letter"),
        ("it", "stesso titolo", "Originale", "Senza lettera di versione"),
        ("pl", "ten sam tytuł", "Oryginalna", "Bez litery wersji"),
    ],
)
def test_version_labels_built_in_python_follow_the_language(lang, same, original, none):
    from cardsdb.card_versions import version_label

    card = Card(game_id="swccg", name="•Boba Fett", edition=Card.Edition.CURRENT)
    with translation.override(lang):
        assert version_label(Card(game_id="swccg", name="•Boba Fett"), card) == same
        assert version_label(Card(game_id="swccg", name="•Boba Fett", edition="legacy"), card) == str(
            Card.Edition.LEGACY.label
        )
        assert version_label(Card(game_id="swccg", name="•Boba"), card) == original
        assert version_label(Card(game_id="swtcg", name="Probe Droid", extra={}), card) == (
            f"{none} (Probe Droid)"
        )


@pytest.mark.parametrize("lang", LANGS)
def test_search_help_keyword_texts_are_translated(client, catalogue, lang):
    markup = page(client, reverse("search-help"), lang)
    # the per-game cheat sheets
    translated(
        markup, lang, ("<dd>costo di costruzione</dd>", "<dd>koszt budowy</dd>"), "<dd>build cost</dd>"
    )
    translated(
        markup,
        lang,
        ("<dd>testo di gioco (entrambi i lati)</dd>", "<dd>tekst gry (obie strony)</dd>"),
        "<dd>game text (both faces)</dd>",
    )
    translated(markup, lang, ("<dd>numero</dd>", "<dd>liczba</dd>"), "<dd>number</dd>")
    # the keyword table: one text, or each game's own; the words a query takes stay as typed
    translated(
        markup,
        lang,
        ("<td>asc (crescente) o desc (decrescente)</td>", "<td>asc (rosnąco) lub desc (malejąco)</td>"),
        "<td>asc or desc</td>",
    )
    assert it_pl(lang, "swccg: numero; swtcg: potenza", "swccg: liczba; swtcg: siła") in markup
    assert it_pl(lang, "current, legacy, pre-errata o any", "current, legacy, pre-errata lub any") in markup
    assert "<td><code>name</code></td>" in markup  # the keywords themselves are not translated


def test_search_help_keyword_texts_stay_english_in_english(client, catalogue):
    markup = page(client, reverse("search-help"), "en")
    assert "<dd>build cost</dd>" in markup and "<dd>number</dd>" in markup
    assert "<td>asc or desc</td>" in markup and "swccg: number; swtcg: power" in markup
