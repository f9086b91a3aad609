"""Build → check → save → export, as a player does it in the browser."""

import json

import pytest

pytestmark = pytest.mark.browser


def sample(name_prefix: str) -> dict:
    from django.conf import settings

    decks = json.loads((settings.CARDSDB_DATA_DIR / "swccg/gemp/sample_decks.json").read_text())["decks"]
    return next(d for d in decks if d["name"].startswith(name_prefix))


def violation_codes(page) -> list[str]:
    return page.eval_on_selector_all("#legality li", "items => items.map(i => i.dataset.code)")


def test_anonymous_player_builds_and_checks(page, live_site):
    page.goto(live_site + "/decks/new/")
    page.fill("#card-query", "persona:vader side:dark t:character")
    page.click("#card-search")
    page.click('#card-results li[data-card="1_168"] button.add')
    page.click('#card-results li[data-card="1_168"] button.add')
    assert page.inner_text('#deck-table tr[data-card="1_168"] .n') == "2"
    page.wait_for_selector("#legality h2")
    assert "Not legal in Open" in page.inner_text("#legality h2")
    assert violation_codes(page) == ["deck-size"]

    # A light card makes the deck mixed; the panel follows every change. The search keeps to the deck's side
    # (Dark, from its cards) until "any" side is chosen.
    assert page.input_value("#card-side") == "Dark"
    page.select_option("#card-side", "")
    page.fill("#card-query", "persona:luke side:light t:character")
    page.click("#card-search")
    page.click("#card-results li:first-child button.add")
    page.wait_for_function(
        "document.querySelectorAll('#legality li[data-code=\"mixed-sides\"]').length === 1"
    )
    page.click('#deck-table tr[data-card="1_168"] button.minus')
    assert page.inner_text('#deck-table tr[data-card="1_168"] .n') == "1"

    # A pasted list: readable lines join the table, the unreadable one stays with its message.
    page.fill("#decklist", "Outside deck:\n1x Fanfare (V)\n1x Darth Vadr")
    page.click("#import-list")
    page.wait_for_selector('#deck-table tr[data-card="200_95"][data-zone="outside"]')
    assert "Darth Vadr" in page.inner_text("#paste-problems")
    assert page.input_value("#decklist") == "1x Darth Vadr"


def test_player_signs_up_builds_a_legal_deck_saves_and_exports(page, live_site):
    page.goto(live_site + "/accounts/signup/")
    page.fill("#id_username", "rebel-builder")
    page.fill("#id_password1", "echo-base-4242")
    page.fill("#id_password2", "echo-base-4242")
    page.click("button[type=submit]")
    page.wait_for_url(live_site + "/decks/")

    deck = sample("Classic EBO")
    page.goto(live_site + "/decks/new/")
    page.fill("#deck-name", "EBO from the browser")
    page.select_option("#deck-format", "classic")
    page.fill("#decklist", ",".join(deck["cards"]))
    page.click("#import-list")
    page.wait_for_function("document.querySelector('#deck-count').textContent.startsWith('60 in the deck')")
    page.wait_for_selector("#legality.legal")
    assert page.inner_text("#legality h2") == "Legal in Classic"

    # The same deck in another format: every violation is listed.
    page.select_option("#deck-format", "premiere")
    page.wait_for_selector("#legality.illegal")
    assert set(violation_codes(page)) == {"set-not-legal"}
    page.select_option("#deck-format", "classic")
    page.wait_for_selector("#legality.legal")

    page.click("#save")
    page.wait_for_url("**/decks/*/")
    assert page.inner_text("h1") == "EBO from the browser"
    assert "Legal in Classic" in page.inner_text("#legality")
    assert page.locator("figure svg").count() == 7  # 5 statistics charts, 2 destiny odds charts

    with page.expect_download() as download:
        page.click('a[href$="export/?as=gemp"]')
    exported = download.value.path().read_text()
    inside, _, _ = exported.partition("|")
    assert sorted(inside.split(",")) == sorted(deck["cards"])


def test_builder_filters_counts_grid_paste_modes_and_side(page, live_site):
    """Type and side filters narrow the search; per-type counts and the grid of images follow the table; a
    paste replaces the deck when asked; a pasted "Side:" line sets the deck's side; violations come grouped."""
    page.goto(live_site + "/decks/new/")
    page.fill("#card-query", "vader")
    page.select_option("#card-type", "Character")
    page.select_option("#card-side", "Dark")
    page.click("#card-search")
    page.wait_for_selector('#card-results li[data-card="1_168"]')
    kinds = page.eval_on_selector_all("#card-results li .small", "items => items.map(i => i.textContent)")
    assert kinds and all(k.startswith("Dark Character") for k in kinds)
    page.click('#card-results li[data-card="1_168"] button.add')
    page.click('#card-results li[data-card="1_168"] button.add')
    assert page.inner_text('#type-counts [data-type="Character"] strong') == "2"
    assert page.get_attribute('#deck-table tr[data-card="1_168"]', "data-preview")
    page.wait_for_selector('#legality details.violation-group[data-code="deck-size"][open]')

    # The grid of card images, and back to the list.
    page.click("#view-toggle")
    assert page.is_visible('#deck-grid figure[data-card="1_168"] img') and page.is_hidden("#deck-table")
    page.click("#view-toggle")
    assert page.is_visible("#deck-table") and page.is_hidden("#deck-visual")

    # Replace: the pasted list is the deck; its "Side:" line is the deck's side.
    page.check('input[name="paste_mode"][value="replace"]')
    page.fill("#decklist", "Side: Dark\n3x Imperial Decree")
    page.click("#import-list")
    page.wait_for_selector('#deck-table tr[data-card="5_120"]')
    assert page.locator("#deck-table tbody tr").count() == 1
    assert page.input_value("#deck-side") == "Dark"
    assert page.inner_text('#type-counts [data-type="Effect"] strong') == "3"

    # Add (the choice after a paste): the next list joins the table.
    assert page.is_checked('input[name="paste_mode"][value="add"]')
    page.fill("#decklist", "1x Darth Vader")
    page.click("#import-list")
    page.wait_for_selector('#deck-table tr[data-card="1_168"]')
    assert page.locator("#deck-table tbody tr").count() == 2
