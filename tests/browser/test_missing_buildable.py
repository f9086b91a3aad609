"""Collect → what am I missing → what can I build, in the browser: the deck page's panel counts the collection,
its CSV download holds the missing copies, and the buildable page ranks the deck."""

import csv
import io

import pytest

from tests.browser.test_deck_history_sharing import save_from_builder

pytestmark = pytest.mark.browser


def test_the_missing_panel_its_download_and_what_i_can_build(page, live_site, sign_up, browser, screenshots):
    visitor = browser.new_context().new_page()
    sign_up(page, "missing-player")
    page.goto(live_site + "/collection/?game=swccg")
    page.fill("#bulk-lines", "2 Darth Vader [Premiere]")
    page.click("form:has(#bulk-lines) button[value=preview]")
    page.click("button[value=confirm]")
    page.wait_for_selector("text=Applied: 1 line(s)")

    page.goto(live_site + "/decks/new/")
    page.select_option("#deck-format", "open")
    save_from_builder(page, live_site, name="Three Vaders", paste="3x Darth Vader", public=True)
    deck_url = page.url
    panel = page.locator("#missing")
    assert "covers 2 of 3 cards (67%)" in panel.inner_text() and "1 copy missing" in panel.inner_text()
    assert (
        panel.get_attribute("data-missing") is None
        and page.get_attribute("#missing p[data-missing]", "data-missing") == "1"
    )
    row = panel.locator("tr.is-missing")
    assert row.count() == 1 and "Darth Vader" in row.inner_text()

    panel.screenshot(path=str(screenshots / "missing-panel.png"))
    with page.expect_download() as download:
        panel.locator("a:has-text('CSV')").click()
    rows = list(csv.DictReader(io.StringIO(download.value.path().read_text(encoding="utf-8"))))
    assert [(r["code"], r["qty"], r["needed"], r["owned"]) for r in rows] == [("1_168", "1", "3", "2")]

    panel.locator("a:has-text('What can I build?')").click()
    page.wait_for_url("**/collection/buildable/?game=swccg")
    first = page.locator("table.buildable tbody tr").first
    assert "Three Vaders" in first.inner_text() and "67%" in first.inner_text()
    page.screenshot(path=str(screenshots / "buildable.png"), full_page=True)

    # a visitor sees the deck and a sign-in hint instead of someone's collection
    visitor.goto(deck_url)
    assert "Log in" in visitor.inner_text("#missing") and visitor.locator("#missing table").count() == 0
    visitor.context.close()
