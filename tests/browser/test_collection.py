"""Collect as a player does, without JavaScript-only steps: add from a card page, bulk edit and import with a
preview that changes nothing until Confirm, then export."""

import csv
import io

import pytest

pytestmark = pytest.mark.browser


def test_player_collects_from_a_card_page_bulk_edit_and_an_import(page, live_site, sign_up, screenshots):
    sign_up(page, "collector")
    page.click("header nav >> text=Collection")
    page.wait_for_url(live_site + "/collection/")
    assert "No cards yet" in page.inner_text("table.collection")

    # the card page: add one copy of the Premiere printing, then one more from its line
    page.goto(live_site + "/cards/swccg/1_168/")
    page.select_option("#collection select[name=set]", "1")
    page.click("#collection .collection-add button[name=delta]")
    page.wait_for_selector("#collection h2:has-text('In my collection: 1')")
    page.click("#collection table button[value='1']")
    page.wait_for_selector("#collection h2:has-text('In my collection: 2')")
    page.click("#collection summary")
    assert page.locator("#collection .collection-history li").count() == 2

    # bulk edit: a preview with an unreadable line offers only to apply the lines read, leaving it out; fixed, it
    # applies on Confirm only
    page.goto(live_site + "/collection/?game=swccg")
    page.fill("#bulk-lines", "3 Luke Skywalker [Premiere]\n1 Darth Vadr")
    page.click("form:has(#bulk-lines) button[value=preview]")
    assert page.locator('#problems li[data-line="2"]').count() == 1
    assert "Darth Vader" in page.inner_text("#problems")  # the closest card
    assert "leave out the rest" in page.inner_text("button[value=confirm]")
    page.go_back()
    page.fill("#bulk-lines", "3 Luke Skywalker [Premiere]")
    page.click("form:has(#bulk-lines) button[value=preview]")
    page.click("button[value=confirm]")
    page.wait_for_selector("text=Applied: 1 line(s)")
    assert page.locator("table.collection tbody tr").count() == 2

    # import a Deckbox-style file in "replace" mode: the preview lists what it removes
    page.goto(live_site + "/collection/import/?game=swccg")
    page.fill("#import-text", "Count,Name,Edition,Foil\n2,Darth Vader,Premiere,\n1,Han Solo,Premiere,foil\n")
    page.check("input[name=mode][value=replace]")
    page.click("button[value=preview]")
    assert "Luke Skywalker" in page.inner_text("#removed")
    page.click("button[value=confirm]")
    page.wait_for_url(live_site + "/collection/?game=swccg")
    page.screenshot(path=str(screenshots / "collection.png"), full_page=True)

    with page.expect_download() as download:
        page.click("text=CSV")
    rows = list(csv.DictReader(io.StringIO(download.value.path().read_text(encoding="utf-8"))))
    assert [(r["card"], r["set"], r["finish"], r["quantity"]) for r in rows] == [
        ("1_11", "1", "foil", "1"),
        ("1_168", "1", "", "2"),
    ]
