"""Build → version → diff → restore → share, as a player does it in the browser: every save is a version, the
history shows what changed, a restore is one more version, and the share link works while the deck is public
and for nobody once it is private."""

import pytest

pytestmark = pytest.mark.browser


def save_from_builder(page, live_site, *, name: str, paste: str, public: bool) -> None:
    page.fill("#deck-name", name)
    page.fill("#decklist", paste)
    page.click("#import-list")
    page.wait_for_selector('#deck-table tr[data-card="1_169"], #deck-table tr[data-card="1_168"]')
    box = page.locator('input[name="is_public"]')
    box.check() if public else box.uncheck()
    page.click("#save")
    page.wait_for_url("**/decks/*/")


def test_versions_diff_restore_and_the_share_link(page, live_site, sign_up, browser):
    sign_up(page, "history-player")
    page.goto(live_site + "/decks/new/")
    page.select_option("#deck-format", "open")
    save_from_builder(page, live_site, name="Vader v1", paste="2x Darth Vader", public=False)
    deck_url = page.url
    assert "Private: only you see this deck." in page.inner_text(".share")

    page.click('a[href$="/edit/"]')
    page.wait_for_selector('#deck-table tr[data-card="1_168"]')
    save_from_builder(page, live_site, name="Vader v2", paste="1_169,1_169", public=True)
    share = page.get_attribute("#share-link", "href")
    assert share.startswith("/d/")

    page.click('.deck-manage a[href$="/history/"]')
    page.wait_for_selector('tr[data-version="2"]')
    assert page.locator("tr[data-version]").count() == 2
    page.click('tr[data-version="2"] >> text=changes')
    page.wait_for_selector("#legality-change, ul.added")
    assert page.locator('ul.added li[data-code="1_169"]').count() == 1
    assert 'data-field="name"' in page.content()

    page.goto(deck_url + "history/")
    page.click('tr[data-version="1"] button:has-text("Restore")')
    page.wait_for_url(deck_url)
    assert "Restored version 1" in page.inner_text("body") and page.inner_text("h1") == "Vader v1"

    visitor = browser.new_context().new_page()
    shown = visitor.goto(live_site + share)
    assert shown.status == 200 and visitor.inner_text("h1") == "Vader v1"  # restored, still public
    assert visitor.locator("text=Delete…").count() == 0

    page.click('a[href$="/edit/"]')
    page.wait_for_selector('#deck-table tr[data-card="1_168"]')
    page.locator('input[name="is_public"]').uncheck()
    page.click("#save")
    page.wait_for_url(deck_url)
    assert visitor.goto(live_site + share).status == 404
    visitor.context.close()
