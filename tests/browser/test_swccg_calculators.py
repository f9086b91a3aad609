"""The battle calculator page in the browser: a card picked by name from the search API's list, others typed as
GEMP ids, destinies typed in; the answer explained on the page. CARDSDB_SCREENSHOTS=1 refreshes the pictures in
docs/screenshots (desktop and phone)."""

import pytest

pytestmark = pytest.mark.browser


def pick(page, field: str, typed: str, card_id: str) -> None:
    """Type a name and take the list's entry for `card_id`, as a player picks it from the datalist."""
    page.fill(f"[name={field}]", typed)
    option = page.locator(f'#card-names option[value$="({card_id})"]')
    # The first search builds the site's in-memory card table: seconds on a loaded machine, so a longer wait.
    option.wait_for(state="attached", timeout=60_000)
    page.fill(f"[name={field}]", option.get_attribute("value"))


def test_battle_calculator_picks_cards_by_name_and_explains(page, live_site, screenshots):
    page.goto(live_site + "/games/swccg/calculators/")
    page.click("text=Battle calculator")
    pick(page, "dark-card-0", "Darth Vader", "1_168")
    assert page.input_value("[name=dark-card-0]") == "•Darth Vader (1_168)"
    page.fill("[name=dark-card-1]", "1_194")
    page.fill("[name=dark-destinies]", "3")
    pick(page, "light-card-0", "Luke Skywalker", "1_19")
    page.fill("[name=light-card-1]", "1_4")
    page.fill("[name=light-destinies]", "4")
    page.click("#calculator-form button[type=submit]")
    answer = page.locator("#answer")
    answer.wait_for()
    # Vader's own text adds 1 to the drawn destiny (the cards' text is applied unless the form leaves it out)
    assert "Dark Side wins, 11 to 9." in answer.inner_text() and "Card text applied" in answer.inner_text()
    assert "Forfeited for attrition: Stormtrooper (2)." in answer.inner_text()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(screenshots / "battle-calculator.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(screenshots / "battle-calculator-phone.png"))
    # the phone layout: the fields wrap instead of widening the page
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
