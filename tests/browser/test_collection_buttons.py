"""The collection's −/+ on search results with JavaScript: each click goes to the JSON API and the count changes
in place (no reload), a refusal is shown beside the buttons, the keyboard works them, and the collection page
then lists the card."""

import pytest

pytestmark = pytest.mark.browser

VADER = '.collection-step[data-card="1_168"]'


def test_plus_and_minus_on_search_results_update_the_count_in_place(page, live_site, sign_up):
    sign_up(page, "collector-buttons")
    page.goto(live_site + "/?q=vader&game=swccg&view=table")
    row = page.locator(f"tr:has({VADER})")
    plus = row.get_by_role("button", name="Add one Darth Vader to my collection")
    minus = row.get_by_role("button", name="Remove one Darth Vader from my collection")
    assert row.locator("td.owned").inner_text() == "0"
    for button in (plus, minus):
        box = button.bounding_box()
        assert box["width"] >= 40 and box["height"] >= 40  # a tap target
    page.evaluate("window.notReloaded = true")

    plus.click()
    plus.click()
    page.wait_for_function(f"document.querySelector('{VADER}').dataset.total === '2'")
    minus.click()
    page.wait_for_function(f"document.querySelector('{VADER}').dataset.total === '1'")
    assert row.locator("td.owned").inner_text() == "1"
    assert page.evaluate("window.notReloaded") is True

    # below zero: refused with the API's message beside the buttons, the count unchanged
    minus.click()
    page.wait_for_function(f"document.querySelector('{VADER}').dataset.total === '0'")
    minus.click()
    error = row.locator(".step-error[role=alert]")
    error.wait_for()
    assert "below 0" in error.inner_text() and row.locator("td.owned").inner_text() == "0"

    # the keyboard: focus "+" and press Enter, then Space
    plus.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelector('{VADER}').dataset.total === '1'")
    assert not error.is_visible()  # the refusal is cleared by the next change
    page.keyboard.press("Space")
    page.wait_for_function(f"document.querySelector('{VADER}').dataset.total === '2'")
    assert page.evaluate("window.notReloaded") is True

    page.goto(live_site + "/collection/?game=swccg")
    assert "Darth Vader" in page.inner_text("table.collection")


def test_minus_takes_from_a_printing_when_the_plain_line_is_empty(page, live_site, sign_up):
    sign_up(page, "collector-printings")
    page.goto(live_site + "/cards/swccg/1_168/")  # one copy of the Premiere printing, from the card page
    page.select_option("#collection select[name=set]", "1")
    page.click("#collection .collection-add button[name=delta]")
    page.wait_for_selector("#collection h2:has-text('In my collection: 1')")

    page.goto(live_site + "/?q=vader&game=swccg&view=grid")
    card = page.locator(f"li:has({VADER})")
    assert card.locator("[data-owned]").inner_text() == "1"
    card.get_by_role("button", name="Add one Darth Vader to my collection").click()
    page.wait_for_function(f"document.querySelector('{VADER}').dataset.total === '2'")
    minus = card.get_by_role("button", name="Remove one Darth Vader from my collection")
    minus.click()  # the plain copy
    page.wait_for_function(f"document.querySelector('{VADER}').dataset.total === '1'")
    minus.click()  # then, the plain line empty, the Premiere copy
    page.wait_for_function(f"document.querySelector('{VADER}').dataset.total === '0'")
    assert (
        card.locator("[data-owned]").inner_text() == "0" and card.locator(".step-error:visible").count() == 0
    )
    page.goto(live_site + "/collection/?game=swccg")
    assert "Darth Vader" not in page.inner_text("table.collection")
