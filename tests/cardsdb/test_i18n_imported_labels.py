"""Interface words the importers store as data, shown in the page's language (issue #12): why a card goes by
another id, the kinds of alternate image, SWTCG's bans and restrictions, SW:DBG's factions and decks, SWCCG's
set cycles and printable slips, and the SW:DBG sort menu's "Faction". The data keeps its English (the importers
are unchanged) and so do the API and the exports; card names, texts and set names stay as the data has them."""

import pytest
from django.urls import reverse
from django.utils import translation

from cardsdb.labels import STATS, alias_reason, legality, variant_kind
from cardsdb.models import Card, CardAlias, CardFact, Variant
from decks.models import CollectionItem

from .test_i18n_pages import LANGS, page, translated


def it_pl(lang, italian, polish):
    return italian if lang == "it" else polish


def versions_panel_of(markup: str) -> str:
    return markup.split('<section class="card-versions"', 1)[1].split("</section>", 1)[0]


def stats_of(markup: str) -> str:
    return markup.split('<dl class="stats">', 1)[1].split("</dl>", 1)[0]


def sort_menu_of(markup: str) -> str:
    return markup.split('<p class="sort-menu">', 1)[1].split("</p>", 1)[0]


# --- why a card goes by another id ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_a_reprint_id_is_explained_in_the_language_with_its_set_kept(client, catalogue, lang):
    panel = versions_panel_of(page(client, "/cards/swccg/105_4/", lang))
    reason = it_pl(
        lang,
        "ID GEMP della sua stampa nell&#x27;espansione 105",
        "identyfikator GEMP jej druku w dodatku 105",
    )
    translated(panel, lang, (f"<code>105_4</code> ({reason})",) * 2, "GEMP id of its printing in set")
    assert it_pl(lang, "Noto anche come:", "Znana także jako:") in panel


@pytest.mark.parametrize("lang", LANGS)
def test_the_back_face_id_is_explained_in_the_id_line(client, catalogue, lang):
    markup = page(client, "/cards/swccg/109_12/", lang)
    reason = it_pl(lang, "ID GEMP del retro", "identyfikator GEMP rewersu")
    assert f'<code>109_12_BACK</code> <span class="small">({reason})</span>' in markup
    assert "GEMP id of the back face" not in markup
    # the back face's type line: the type translated, the destiny label too
    assert (
        it_pl(
            lang,
            '<p class="typeline">Obiettivo · Destino 7</p>',
            '<p class="typeline">Cel · Przeznaczenie 7</p>',
        )
        in markup
    )


@pytest.mark.parametrize("lang", LANGS)
def test_swtcg_merged_rows_keep_their_file_and_line(client, swtcg_catalogue, lang):
    panel = versions_panel_of(page(client, "/cards/swtcg/VV1_1/", lang))
    repeats = it_pl(
        lang, "VVI.txt ripete VV1.txt (sets/VVI.txt:2)", "VVI.txt powtarza VV1.txt (sets/VVI.txt:2)"
    )
    assert f"<code>VVI_1</code> ({repeats})" in panel
    assert " repeats " not in panel
    alias = CardAlias.objects.filter(reason__startswith="its PROMO row").select_related("card").first()
    line = alias.reason.split("(", 1)[1].rstrip(")")
    panel = versions_panel_of(page(client, alias.card.get_absolute_url(), lang))
    promo = it_pl(lang, f"la sua riga in PROMO ({line})", f"jej wiersz w PROMO ({line})")
    assert f"<code>{alias.code}</code> ({promo})" in panel
    assert "its PROMO row" not in panel


def test_the_reasons_stay_english_in_english_and_in_the_api(client, catalogue, swtcg_catalogue):
    panel = versions_panel_of(page(client, "/cards/swccg/105_4/", "en"))
    assert "(GEMP id of its printing in set 105)" in panel
    markup = page(client, "/cards/swccg/109_12/", "en")
    assert '<code>109_12_BACK</code> <span class="small">(GEMP id of the back face)</span>' in markup
    panel = versions_panel_of(page(client, "/cards/swtcg/VV1_1/", "en"))
    assert "<code>VVI_1</code> (VVI.txt repeats VV1.txt (sets/VVI.txt:2))" in panel


@pytest.mark.parametrize("lang", LANGS)
def test_a_reason_worded_otherwise_is_shown_as_stored(client, catalogue, lang):
    card = Card.objects.get(game="swccg", code="1_168")
    CardAlias.objects.create(
        game_id="swccg", code="OLD_168", card=card, face="front", reason="its id in an old deck list"
    )
    panel = versions_panel_of(page(client, "/cards/swccg/1_168/", lang))
    assert "<code>OLD_168</code> (its id in an old deck list)" in panel
    with translation.override(lang):
        # near misses of the importers' wordings are not theirs: as stored
        for reason in (
            "GEMP id of its printing in set",
            "its PROMO row",
            "GEMP id of the back face, again",
            "",
        ):
            assert alias_reason(reason) == reason


def test_every_reason_the_importers_wrote_has_the_languages_words(catalogue, swtcg_catalogue):
    """A reason an importer words anew would show English on the pages: each one stored has a translation."""
    reasons = set(CardAlias.objects.values_list("reason", flat=True))
    for wording in (
        "GEMP id of the back face",
        "GEMP id of its printing in set ",
        "its PROMO row (",
        " repeats ",
    ):
        assert any(wording in r for r in reasons), wording
    for lang in LANGS:
        with translation.override(lang):
            untranslated = {r for r in reasons if alias_reason(r) == r}
        assert not untranslated, untranslated


# --- alternate images ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_alternate_image_kinds_keep_ai_with_its_name_in_the_language(client, catalogue, lang):
    panel = versions_panel_of(page(client, "/cards/swccg/203_26/", lang))  # Darth Maul, Lone Hunter
    ai = it_pl(lang, "Immagine alternativa", "Alternatywna grafika")
    assert f'<span class="tag"><abbr title="{ai}">AI</abbr></span>' in panel
    assert f'<span class="tag"><abbr title="{ai} C-Slip">C-Slip AI</abbr></span>' in panel
    second = it_pl(lang, "Immagine alternativa C-Slip, n. 2", "Alternatywna grafika C-Slip, nr 2")
    assert f'<span class="tag"><abbr title="{second}">C-Slip AI 2</abbr></span>' in panel
    assert "•Darth Maul, Lone Hunter (C-Slip AI 2)" in panel  # the image's title is data
    assert "Alternate image" not in panel
    holo = versions_panel_of(page(client, "/cards/swccg/200_1/", lang))  # Aayla Secura
    name = it_pl(
        lang, "Immagine alternativa olografica (foil)", "Holograficzna (foliowana) alternatywna grafika"
    )
    assert f'<abbr title="{name}">Holo AI</abbr>' in holo
    readable = versions_panel_of(page(client, "/cards/swccg/5_26/", lang))  # Hindsight
    assert f'<span class="tag">{it_pl(lang, "Leggibile", "Czytelna")}</span>' in readable
    assert "•Hindsight (Readable)" in readable and ">Readable<" not in readable


def test_alternate_image_kinds_in_english(client, catalogue):
    panel = versions_panel_of(page(client, "/cards/swccg/203_26/", "en"))
    assert '<span class="tag"><abbr title="Alternate image">AI</abbr></span>' in panel
    assert '<abbr title="C-Slip alternate image, number 2">C-Slip AI 2</abbr>' in panel
    readable = versions_panel_of(page(client, "/cards/swccg/5_26/", "en"))
    assert '<span class="tag">Readable</span>' in readable


def test_every_kind_of_alternate_image_in_the_catalogue_has_the_languages_words(catalogue):
    kinds = set(Variant.objects.values_list("kind", flat=True))
    assert {"AI", "Holo AI", "C-Slip AI 2", "Readable", "alternate title"} <= kinds
    for lang in LANGS:
        with translation.override(lang):
            for kind in kinds:
                text, full = variant_kind(kind)
                assert full or text != kind, (lang, kind)
    with translation.override("it"):
        assert variant_kind("Gold AI") == ("Gold AI", "")  # a kind the interface does not know: as it is


@pytest.mark.parametrize("lang", LANGS)
def test_the_collection_panel_names_variants_in_the_language(client, catalogue, django_user_model, lang):
    user = django_user_model.objects.create_user("lobot")
    card = Card.objects.get(game="swccg", code="5_26")  # Hindsight, with its Readable image
    CollectionItem.objects.create(owner=user, card=card, variant="Readable", quantity=1)
    client.force_login(user)
    markup = page(client, "/cards/swccg/5_26/", lang)
    panel = markup.split('<section class="collection-card"', 1)[1].split("</section>", 1)[0]
    word = it_pl(lang, "Leggibile", "Czytelna")
    assert f"<td>{word}</td>" in panel
    assert f'<option value="Readable">{word}</option>' in panel  # the value stays the data's
    collection = page(client, reverse("collection"), lang)
    assert f"<td>{word}</td>" in collection


# --- SWTCG's bans and restrictions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("it", "<dt>Legalità</dt><dd>Bandita nel formato Vintage; limitata in tutti i tornei</dd>"),
        (
            "pl",
            "<dt>Legalność</dt><dd>Zakazana w formacie Vintage; ograniczona we wszystkich turniejach</dd>",
        ),
        ("en", "<dt>Legality</dt><dd>Banned in Vintage; restricted in all tournament play</dd>"),
    ],
)
def test_swtcg_legality_is_said_in_the_language(client, swtcg_catalogue, lang, expected):
    stats = stats_of(page(client, "/cards/swtcg/PM_63/", lang))
    assert expected in stats
    # the Usage column is the community's notes, shown as written
    assert "BANNED in Vintage. | **RESTRICTED**: This card has been restricted" in stats


@pytest.mark.parametrize(
    ("extra", "it", "pl"),
    [
        (
            {"usage": "*BANNED:Standard | *BANNED:Vintage"},
            "Bandita nei formati Standard e Vintage",
            "Zakazana w formatach Standard i Vintage",
        ),
        ({"usage": "*BANNED"}, "Bandita in tutti i tornei", "Zakazana we wszystkich turniejach"),
        (
            {"usage": "RESTRICTED in Vintage (to 1 copy per deck)"},
            "Limitata nel formato Vintage",
            "Ograniczona w formacie Vintage",
        ),
        ({"banned": True, "restricted": True}, "Bandita; limitata", "Zakazana; ograniczona"),
        ({"usage": "It may be banned one day."}, "", ""),
    ],
)
def test_legality_words(extra, it, pl):
    from cardsdb.face_facts import usage_legality

    for lang, expected in (("it", it), ("pl", pl)):
        with translation.override(lang):
            assert legality(extra) == expected
    with translation.override("en"):
        assert legality(extra) == usage_legality(extra)  # the English is the API's, word for word


# --- SW:DBG: factions, decks, values the sources disagree on, the sort menu ----------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_swdbg_card_page_facts_in_the_language(client, swdbg_catalogue, lang):
    stats = stats_of(page(client, "/cards/swdbg/sw23_admiral-piett/", lang))
    assert it_pl(lang, "<dt>Fazione</dt><dd>Impero</dd>", "<dt>Frakcja</dt><dd>Imperium</dd>") in stats
    assert it_pl(lang, "<dt>Mazzo</dt><dd>galassia</dd>", "<dt>Talia</dt><dd>galaktyka</dd>") in stats
    assert "<dd>Empire</dd>" not in stats and "<dd>galaxy</dd>" not in stats
    assert "<dd>Officer</dd>" in stats  # a trait is printed on the card: as it is
    trench = page(client, "/cards/swdbg/cw24_admiral-trench/", lang)
    assert (
        it_pl(lang, "<dt>Tipo di carta</dt>", "<dt>Typ karty</dt>") in trench
        and "<dt>Card type</dt>" not in trench
    )
    assert it_pl(lang, "<dd>Separatisti</dd>", "<dd>Separatyści</dd>") in stats_of(trench)
    arc = page(client, "/cards/swdbg/cw24_arc-trooper/", lang)
    assert (
        it_pl(
            lang,
            '<span class="unknown">fazione sconosciuta</span>',
            '<span class="unknown">frakcja nieznana</span>',
        )
        in arc
    )
    tatooine = stats_of(page(client, "/cards/swdbg/sw23_tatooine/", lang))
    disputed = it_pl(
        lang, '14 o 16 <span class="tag">(controverso)</span>', '14 lub 16 <span class="tag">(sporne)</span>'
    )
    assert disputed in tatooine
    jyn = stats_of(page(client, "/cards/swdbg/sw23_jyn-erso/", lang))
    assert it_pl(lang, "Trooper o Scoundrel", "Trooper lub Scoundrel") in jyn


def test_swdbg_card_page_facts_stay_english_in_english(client, swdbg_catalogue):
    stats = stats_of(page(client, "/cards/swdbg/sw23_admiral-piett/", "en"))
    assert "<dt>Faction</dt><dd>Empire</dd>" in stats and "<dt>Deck</dt><dd>galaxy</dd>" in stats
    assert "14 or 16" in stats_of(page(client, "/cards/swdbg/sw23_tatooine/", "en"))
    arc = page(client, "/cards/swdbg/cw24_arc-trooper/", "en")
    assert '<span class="unknown">faction unknown</span>' in arc


def test_every_label_a_swdbg_fact_may_carry_has_the_languages_words():
    """A SW:DBG fact the importer marks unknown with no place of its own is labelled by its field's name."""
    assert {field.replace("_", " ").capitalize() for field in CardFact.Field.values} <= set(STATS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("view", ["grid", "table"])
def test_the_swdbg_sort_menu_says_faction(client, swdbg_catalogue, lang, view):
    markup = page(client, reverse("search") + f"?q=t:unit&game=swdbg&view={view}", lang)
    menu = sort_menu_of(markup)
    translated(menu, lang, (">Fazione</a>", ">Frakcja</a>"), ">Faction</a>")
    assert it_pl(lang, ">Lato</a>", ">Strona</a>") not in menu
    assert "rarity" not in menu  # SW:DBG's cards have no rarity: the table has no such column either
    other = sort_menu_of(page(client, reverse("search") + f"?q=vader&game=swccg&view={view}", lang))
    assert it_pl(lang, ">Lato</a>", ">Strona</a>") in other and "order%3Ararity" in other


def test_the_swdbg_sort_menu_in_english(client, swdbg_catalogue):
    menu = sort_menu_of(page(client, reverse("search") + "?q=t:unit&game=swdbg&view=grid", "en"))
    assert ">Faction</a>" in menu and ">Side</a>" not in menu


@pytest.mark.parametrize("lang", LANGS)
def test_swtcg_arenas_in_search_results_and_set_pages(client, swtcg_catalogue, lang):
    results = page(client, reverse("search") + "?q=vader&game=swtcg", lang)
    assert it_pl(lang, "<td>Spazio</td>", "<td>Kosmos</td>") in results
    assert "<td>Space</td>" not in results and "<td>Ground</td>" not in results
    card = page(client, "/cards/swtcg/ROTS_73/", lang)
    assert it_pl(lang, "<dt>Arena</dt><dd>Spazio</dd>", "<dt>Arena</dt><dd>Kosmos</dd>") in card


# --- SWCCG: set cycles, printable slips, destiny values -------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_swccg_set_cycles_and_slips_in_the_language(client, catalogue, lang):
    sets = page(client, reverse("set-list"), lang)
    translated(
        sets, lang, ("<td>Decipher (espansione completa)</td>", "<td>Decipher (pełny dodatek)</td>"), "(full)"
    )
    assert "<td>Decipher (premium)</td>" in sets  # the same word in both languages
    premiere = page(client, reverse("set-detail", args=["swccg", "1"]), lang)
    assert it_pl(lang, "· espansione completa ·", "· pełny dodatek ·") in premiere
    vader = page(client, "/cards/swccg/1_168/", lang)
    translated(
        vader,
        lang,
        ("Foglietto con errata stampabile</a>", "Karta zastępcza z erratą do druku</a>"),
        "Printable errata slip",
    )
    aayla = page(client, "/cards/swccg/200_1/", lang)
    assert it_pl(lang, "Foglietto virtuale stampabile</a>", "Wirtualna karta zastępcza do druku</a>") in aayla
    two = stats_of(page(client, "/cards/swccg/6_3/", lang))
    assert it_pl(lang, "<dd>1.0 o 6.0</dd>", "<dd>1.0 lub 6.0</dd>") in two  # the destiny values read
    assert "<dd>1 or 6</dd>" in two  # the destiny as the card prints it is data


def test_swccg_cycles_slips_and_destiny_values_stay_english_in_english(client, catalogue):
    assert "<td>Decipher (full)</td>" in page(client, reverse("set-list"), "en")
    assert "Printable errata slip</a>" in page(client, "/cards/swccg/1_168/", "en")
    assert "<dd>1.0 or 6.0</dd>" in stats_of(page(client, "/cards/swccg/6_3/", "en"))


# --- the API keeps the data's English -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "code", "english"),
    [
        (
            "swccg",
            "105_4",
            "GEMP id of its printing in set 105",
        ),  # an alias: the card's own code is looked up
        ("swccg", "109_12", "GEMP id of the back face"),
        ("swccg", "203_26", "C-Slip AI 2"),
        ("swtcg", "PM_63", "Banned in Vintage; restricted in all tournament play"),
        ("swtcg", "VV1_1", "VVI.txt repeats VV1.txt (sets/VVI.txt:2)"),
        ("swdbg", "sw23_tatooine", "14 or 16"),
        ("swdbg", "sw23_admiral-piett", "galaxy"),
    ],
)
def test_the_card_api_answers_the_same_in_every_language(
    client, catalogue, swtcg_catalogue, swdbg_catalogue, game, code, english
):
    alias = CardAlias.objects.filter(game_id=game, code=code).select_related("card").first()
    url = reverse("api-card-detail", args=[game, alias.card.code if alias else code])
    answers = [client.get(url, HTTP_ACCEPT_LANGUAGE=lang) for lang in ("en", *LANGS)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert answers[1].content == answers[0].content == answers[2].content
    assert english in answers[0].content.decode()


# --- the errata panel's own words (the notes are data) ------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "summary", "compared"),
    [
        (
            "it",
            "Il suo testo è stato corretto 3 volte (E3), l&#x27;ultima volta il 30 Dicembre 2024.",
            "Il testo confrontato con la formulazione precedente, •Lothal (pre-20057)",
        ),
        (
            "pl",
            "Jej tekst poprawiono 3 razy (E3), ostatnio 30 grudnia 2024.",
            "Tekst w porównaniu z wcześniejszym brzmieniem, •Lothal (pre-20057)",
        ),
        (
            "en",
            "Its text has been corrected 3 times (E3), last on 30 December 2024.",
            "The text compared with the earlier wording, •Lothal (pre-20057)",
        ),
    ],
)
def test_the_errata_panel_speaks_the_language(client, catalogue, lang, summary, compared):
    markup = page(client, "/cards/swccg/219_10/", lang)
    panel = markup.split('<section class="card-errata"', 1)[1].split("</section>", 1)[0]
    assert summary in panel and compared in panel
    assert "E2 was a 2/1 system with this text" in panel  # the data's note, as written
