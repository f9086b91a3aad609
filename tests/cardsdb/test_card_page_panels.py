"""The card page's panels (issue #12): legality in every format, printings and versions, two-sided cards shown
once per face, errata in words. On the real catalogues."""

import html
import re

import pytest

from cardsdb.card_faces import split_faces
from cardsdb.errata import summary, word_diff
from decks.legality.card_formats import (
    BANNED,
    LEGAL,
    NOT_IN_POOL,
    RESTRICTED,
    grouped,
    swccg_standing,
    swdbg_standing,
    swtcg_standing,
)
from decks.legality.formats import FormatRules
from decks.legality.records import LegalityCard
from decks.legality.swdbg import SetupCard, SetupRules
from decks.legality.swtcg import TcgCard, TcgFormat
from decks.models import Format


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    return response.content.decode()


def text_of(markup):
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def section(markup, heading_id):
    start = markup.index(f'id="{heading_id}"')
    return markup[start : markup.index("</section>", start)]


# --- legality: the rules, without a database -------------------------------------------------------------


def gemp(card_id, **kw):
    return LegalityCard(
        id=card_id, card=kw.pop("card", card_id), title="X", side="Light", category="EFFECT", **kw
    )


def fmt(**kw):
    return FormatRules(code="f", name="F", version="1", **kw)


@pytest.mark.parametrize(
    "printings, rules, status, reason",
    [
        ([gemp("1_1")], fmt(), LEGAL, ""),
        ([gemp("1_1")], fmt(legal_sets=frozenset({"2"})), NOT_IN_POOL, "set 1 is not in the format"),
        ([gemp("1_1")], fmt(banned=frozenset({"1_1"})), BANNED, "ban list"),
        ([gemp("1_1")], fmt(restricted=frozenset({"1_1"})), RESTRICTED, "one copy"),
        (
            [gemp("1_1", icons=frozenset({"DEFENSIVE_SHIELD"}))],
            fmt(banned_icons=frozenset({"DEFENSIVE_SHIELD"})),
            BANNED,
            "Defensive Shield icon",
        ),
        ([gemp("1_1", rarity="PM")], fmt(banned_rarities=frozenset({"PM"})), BANNED, "rarity PM"),
        ([gemp("1_1")], fmt(legal_sets=frozenset({"2"}), valid=frozenset({"1_1"})), LEGAL, "valid"),
        # A reprint in a legal set makes the card playable, and the page says through which id.
        (
            [gemp("1_1"), gemp("105_4", card="1_1")],
            fmt(legal_sets=frozenset({"105"})),
            LEGAL,
            "reprint 105_4",
        ),
        ([], fmt(), NOT_IN_POOL, "legacy or earlier wording"),
    ],
)
def test_swccg_standing(printings, rules, status, reason):
    found = swccg_standing(printings, rules, own="1_1")
    assert found.status == status and reason in found.reason


def tcg(**kw):
    base = dict(
        id="ANH_1",
        title="Han Solo (A)",
        name="Han Solo",
        version="A",
        side="Light",
        type="Character",
        set="ANH",
    )
    return TcgCard(**{**base, **kw})


@pytest.mark.parametrize(
    "card, sets, rules, status",
    [
        (tcg(), ["ANH"], TcgFormat("f", "F", "1"), LEGAL),
        (tcg(set="AGD"), ["AGD"], TcgFormat("f", "F", "1", legal_sets=frozenset({"ANH"})), NOT_IN_POOL),
        (tcg(set="AGD"), ["AGD", "ANH"], TcgFormat("f", "F", "1", legal_sets=frozenset({"ANH"})), LEGAL),
        (tcg(banned_in=frozenset({"all"})), ["ANH"], TcgFormat("f", "F", "1"), BANNED),
        (tcg(), ["ANH"], TcgFormat("f", "F", "1", restricted=frozenset({"han solo"})), RESTRICTED),
    ],
)
def test_swtcg_standing(card, sets, rules, status):
    assert swtcg_standing([card], sets, rules).status == status


def test_swdbg_standing():
    rules = SetupRules(
        code="b", name="B", version="1", base_deck_size=10, factions={"Empire": ("original_2023", "dark")}
    )
    base = SetupCard(
        code="x", title="Lothal", faction="Empire", edition="original_2023", deck="base", card_type="base"
    )
    other = SetupCard(
        code="y", title="Rishi", faction="Republic", edition="clone_wars_2024", deck="base", card_type="base"
    )
    assert swdbg_standing(base, rules).status == LEGAL
    assert swdbg_standing(other, rules).status == NOT_IN_POOL
    assert swdbg_standing(None, rules).status == NOT_IN_POOL


def test_grouped_puts_formats_of_one_standing_in_one_row():
    rows = grouped(
        [
            swccg_standing(
                [gemp("1_1")], FormatRules(code=c, name=c.upper(), version="1", legal_sets=sets), own="1_1"
            )
            for c, sets in (("a", frozenset()), ("b", frozenset({"2"})), ("c", frozenset()))
        ]
    )
    assert [(g.status, g.formats) for g in rows] == [(LEGAL, ("A", "C")), (NOT_IN_POOL, ("B",))]


# --- legality on the page ---------------------------------------------------------------------------------


@pytest.mark.usefixtures("catalogue")
def test_every_swccg_format_is_on_the_card_page(client):
    markup = section(page(client, "/cards/swccg/216_5/"), "legality-heading")
    text = text_of(markup)
    for name in Format.objects.filter(game="swccg").values_list("name", flat=True):
        assert html.escape(name) in markup or name in text
    assert "Banned" in text and "Defensive Shield icon is banned" in text  # Open (no shields), Classic
    assert "Not in pool" in text and "set 216 is not in the format" in text


@pytest.mark.usefixtures("catalogue")
def test_a_legacy_card_is_in_no_format_pool(client):
    markup = section(page(client, "/cards/swccg/legacy-6314/"), "legality-heading")
    count = Format.objects.filter(game="swccg").count()
    assert f"{count} formats" in text_of(markup)
    assert re.findall(r'class="tag standing-([a-z-]+)"', markup) == ["not-in-pool"]


@pytest.mark.usefixtures("swtcg_catalogue")
def test_swtcg_card_page_tells_community_cards_from_wotc_formats(client):
    text = text_of(section(page(client, "/cards/swtcg/AGD_44/"), "legality-heading"))
    assert "Legal" in text and "Not in pool" in text and "printed in AGD, not a set of the format" in text


@pytest.mark.usefixtures("swdbg_catalogue")
def test_swdbg_card_page_lists_the_setups(client):
    text = text_of(section(page(client, "/cards/swdbg/sw23_lothal/"), "legality-heading"))
    for name in Format.objects.filter(game="swdbg").values_list("name", flat=True):
        assert name in text


# --- printings and versions ------------------------------------------------------------------------------


@pytest.mark.usefixtures("catalogue")
def test_the_panel_tells_an_alternate_image_by_its_own_rarity(client):
    markup = section(page(client, "/cards/swccg/216_5/"), "versions-heading")
    text = text_of(markup)
    assert "•Crossfire (Endor) (V)" in text and "rarity R (the card: PM)" in text
    assert "Virtual (V), Legacy (retired)" in text  # the legacy Crossfire (V)
    assert "Original •Crossfire" in text  # the Decipher cards it is a virtual version of
    assert markup.count("<img") >= 3


@pytest.mark.usefixtures("catalogue")
def test_the_panel_shows_the_text_an_alternate_image_prints(client):
    text = text_of(section(page(client, "/cards/swccg/legacy-6314/"), "versions-heading"))
    assert "Game text on this image:" in text and "+2 while with Fallen Jedi" in text


@pytest.mark.usefixtures("catalogue")
def test_the_panel_lists_pre_errata_wordings_apart(client):
    text = text_of(section(page(client, "/cards/swccg/219_10/"), "versions-heading"))
    for code in ("pre-20006", "pre-20014", "pre-20057"):
        assert code in text
    assert text.count("Pre-errata") == 3


@pytest.mark.usefixtures("swtcg_catalogue")
def test_swtcg_versions_of_one_character_come_through_its_persona(client):
    markup = page(client, "/cards/swtcg/ROTS_10/")  # Darth Vader (…), of the Anakin Skywalker persona
    text = text_of(section(markup, "versions-heading"))
    assert "Version A (Anakin Skywalker) Anakin Skywalker (A)" in text
    assert "list them all" in text  # more versions than the panel lists


@pytest.mark.usefixtures("swtcg_catalogue")
def test_a_merged_promo_shows_both_printings_and_its_old_id(client):
    text = text_of(section(page(client, "/cards/swtcg/AGD_44/"), "versions-heading"))
    assert "Version A Invincible (A) · Empire Eternal" in text


@pytest.mark.usefixtures("swtcg_catalogue")
def test_old_ids_of_merged_rows_still_open_the_card(client):
    response = client.get("/cards/swtcg/VVI_1/")
    assert response.status_code == 200
    assert "VVI_1" in text_of(section(response.content.decode(), "versions-heading"))


# --- two-sided cards --------------------------------------------------------------------------------------


def test_split_faces():
    name = "Front Thing / Back Thing (V)"
    text = "Front Thing: Deploy a site. Back Thing: Flip this card."
    faces = split_faces(name, text, text)
    assert (faces.front.name, faces.front.text) == ("Front Thing", "Deploy a site.")
    assert (faces.back.name, faces.back.text) == ("Back Thing (V)", "Flip this card.")
    shared = split_faces("Jabba's Prize / Jabba's Prize", "One text.", "One text.")
    assert shared.shared == "One text." and not shared.front.text
    assert split_faces("One Face", "x", "x") is None


@pytest.mark.usefixtures("catalogue")
def test_an_objective_shows_each_face_once(client):
    markup = page(client, "/cards/swccg/219_1/")
    text = text_of(markup)
    front = "may deploy a battleground system (or a site to Lothal) from Reserve Deck"
    back = "may 'study' one artwork card"
    body = markup[markup.index("<h1") : markup.index('id="errata-heading"')]
    if 'id="card-reading"' in body:  # the rules' reading panel quotes each sentence again, by design
        start = body.index('<section class="card-reading"')
        body = body[:start] + body[body.index("</section>", start) :]
    body = text_of(body)
    assert body.count(front) == 1 and body.count(back) == 1
    assert "Front: A Great Tactician Creates Plans" in text
    assert "Back: The Result Is Often Resentment" in text


# --- errata ----------------------------------------------------------------------------------------------


def test_summary_and_word_diff():
    assert summary("E1", "2022-12-12") == "Its text has been corrected once (E1), last on 12 December 2022."
    assert summary("E3", "") == "Its text has been corrected 3 times (E3)."
    assert summary("", "") == "It has an erratum."  # SWTCG: the Usage notes name one, without symbol or date
    assert word_diff("a b c.", "a c. d") == (("same", "a "), ("removed", "b c."), ("added", "c. d"))
    assert word_diff("same text", "same text") == ()
    ops = [op for op, _ in word_diff("Deploy Leia here.", "Deploy [Set 20] Leia here.")]
    assert ops == ["same", "added", "same"]


@pytest.mark.usefixtures("catalogue")
def test_errata_are_explained_in_words_with_the_changed_words(client):
    markup = section(page(client, "/cards/swccg/219_10/"), "errata-heading")
    text = text_of(markup)
    assert "corrected 3 times (E3), last on 30 December 2024" in text
    assert "What changed: E2 was a 2/1 system" in text
    assert "the earlier wording, •Lothal (pre-20057)" in text
    assert "<ins>" in markup and "<del>" in markup


@pytest.mark.usefixtures("catalogue")
def test_a_pre_errata_card_compares_itself_with_its_later_wording(client):
    markup = page(client, "/cards/swccg/pre-20010/")
    text = text_of(markup)
    assert "its latest wording is" in text and "pre-6590" in text
    assert "the later wording" in text_of(section(markup, "errata-heading"))
