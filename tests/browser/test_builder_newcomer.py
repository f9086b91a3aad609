"""The builder for a newcomer (#25): a deck built logged out comes back after signing up, an unread line's
suggestion is a button, the search follows the deck's side, and the builder works on a phone."""

import pytest

from tests.browser.test_deck_builder import sample

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def add_from_search(page, query: str, card: str) -> None:
    page.fill("#card-query", query)
    page.click("#card-search")
    page.click(f'#card-results li[data-card="{card}"] button.add')


def test_a_deck_built_logged_out_comes_back_after_signing_up(page, live_site):
    page.goto(live_site + "/decks/new/")
    page.fill("#deck-name", "Kept through sign-up")
    page.select_option("#deck-side", "Dark")
    assert page.input_value("#card-side") == "Dark"  # the search starts on the deck's side
    add_from_search(page, "persona:vader t:character", "1_168")
    page.click("#save")
    page.wait_for_selector("#login-needed")
    page.click("#login-needed a[href^='/accounts/signup/']")
    page.fill("#id_username", "kept-draft")
    page.fill("#id_password1", "echo-base-4242")
    page.fill("#id_password2", "echo-base-4242")
    page.click("button[type=submit]")
    page.wait_for_url(live_site + "/decks/new/?game=swccg")
    assert page.input_value("#deck-name") == "Kept through sign-up"
    assert page.inner_text('#deck-table tr[data-card="1_168"] .n') == "1"
    page.click("#save")
    page.wait_for_url("**/decks/*/")
    assert page.inner_text("h1") == "Kept through sign-up"


def test_a_refused_save_says_why_and_a_suggestion_fixes_the_line(page, live_site):
    page.goto(live_site + "/decks/new/")
    page.fill("#decklist", "2x Darth Vadr")
    page.click("#save")
    page.wait_for_selector("#paste-problems li[data-code='unknown-card-name']")
    assert page.inner_text("#import-status").startswith("Not saved: 1 line of the list could not be read")
    suggestion = page.locator("#paste-problems .suggestion").first
    title = suggestion.get_attribute("data-title")
    suggestion.click()
    assert page.input_value("#decklist") == f"2x {title}"
    page.click("#import-list")
    page.wait_for_function("document.querySelector('#deck-count').textContent.startsWith('2 in the deck')")
    assert page.is_hidden("#paste-problems")


def test_the_builder_works_on_a_phone(browser, live_site, screenshots):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.set_default_timeout(15_000)
    try:
        phone.goto(live_site + "/decks/new/")
        phone.fill("#decklist", ",".join(sample("Classic EBO")["cards"]))
        phone.click("#import-list")
        phone.wait_for_function(
            "document.querySelector('#deck-count').textContent.startsWith('60 in the deck')"
        )
        phone.evaluate("window.scrollTo(0, 0)")
        # The search sits above the 60-card list, on the first screens, not 3,400 px down.
        query = phone.locator("#card-query").bounding_box()
        assert query["y"] + query["height"] < phone.locator("#deck-table").bounding_box()["y"]
        assert query["y"] + query["height"] < 2 * PHONE["height"]
        # Every card's controls on screen: count buttons, zone menu and ×.
        rights = phone.eval_on_selector_all(
            "#deck-table select, #deck-table button.remove",
            "els => els.map(e => e.getBoundingClientRect().right)",
        )
        assert rights and max(rights) <= PHONE["width"]
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        phone.locator("#card-query").scroll_into_view_if_needed()
        assert phone.input_value("#card-side") == "Light"  # the deck's side, from its cards
        phone.fill("#card-query", "persona:luke t:character")
        phone.click("#card-search")
        phone.click("#card-results li:first-child button.add")
        toast = phone.locator("#add-toast")
        toast.wait_for(state="visible")
        assert toast.inner_text().startswith("Added ") and "Luke" in toast.inner_text()
        box = toast.bounding_box()
        assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"]
        phone.screenshot(path=screenshots / "phone-builder.png")
    finally:
        context.close()
