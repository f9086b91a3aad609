"""The pages on a phone (375×740): nothing wider than the screen (wide tables scroll in their own box), buttons and
inputs a finger can hit, and the keyboard's first stop is the "Skip to content" link, which moves the focus to
<main>."""

import pytest

pytestmark = pytest.mark.browser

PHONE = {"width": 375, "height": 740}
# 40px, less a rounding pixel: heights come back as fractions (2.5rem at 16px is 40, a border may make it 39.99).
TAP = 39.5


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def assert_fits(page, what: str) -> None:
    scroll, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert scroll <= inner, f"{what}: the page is {scroll}px wide on a {inner}px screen"


def short_controls(page) -> list[str]:
    """Visible buttons and inputs less than 40px tall, described."""
    return page.evaluate(
        """(tap) => [...document.querySelectorAll('main button, main select, main input, header input, header select')]
            .filter(el => !['hidden', 'checkbox', 'radio'].includes(el.type))
            .filter(el => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
            .filter(el => el.getBoundingClientRect().height < tap)
            .map(el => `${el.tagName.toLowerCase()}#${el.id}.${el.className} ${el.getBoundingClientRect().height}px`)""",
        TAP,
    )


def add_vader(page) -> None:
    page.fill("#card-query", "persona:vader side:dark t:character")
    page.click("#card-search")
    page.click('#card-results li[data-card="1_168"] button.add')
    page.wait_for_selector('#deck-table tr[data-card="1_168"]')


def test_the_main_pages_fit_a_phone(phone, live_site, screenshots):
    pages = {
        "search results (table)": "/?q=vader&game=swccg",
        "search results (images)": "/?q=vader&game=swccg&view=grid",
        "a card": "/cards/swccg/1_168/",
        "sets": "/sets/",
        "a set": "/sets/swccg/1/",
        "decks": "/decks/",
    }
    for what, url in pages.items():
        phone.goto(live_site + url)
        assert_fits(phone, what)
    # The search table really is wider than the phone: it scrolls in its box, not the page.
    phone.goto(live_site + "/?q=vader&game=swccg")
    box = phone.locator(".table-scroll").first
    assert box.evaluate("el => el.scrollWidth > el.clientWidth")
    assert (
        phone.locator("table.cards").first.evaluate("t => t.getBoundingClientRect().width") > PHONE["width"]
    )
    assert short_controls(phone) == []
    phone.goto(live_site + "/?q=vader&game=swccg&view=grid")
    phone.screenshot(path=screenshots / "phone-search-grid.png")


def test_the_builder_and_a_players_pages_fit_a_phone(phone, live_site, sign_up):
    sign_up(phone, "phone-player")
    assert_fits(phone, "decks, logged in")
    # Logged in, the search table gains the owned columns, the last headed by a visually hidden (absolutely
    # positioned) text far right in the table: it stays in the table's scrolling box (it made the page 916px wide).
    phone.goto(live_site + "/?q=vader&game=swccg")
    assert phone.locator("table.cards th .visually-hidden").count() == 1
    assert_fits(phone, "search results, logged in")
    phone.goto(live_site + "/decks/new/")
    assert_fits(phone, "an empty builder")
    add_vader(phone)
    assert_fits(phone, "the builder with a card")
    assert short_controls(phone) == []
    phone.fill("#deck-name", "Pocket Vader")
    phone.click("#save")
    phone.wait_for_url("**/decks/*/")
    assert_fits(phone, "a deck")
    phone.goto(live_site + "/collection/")
    assert_fits(phone, "the collection")
    assert short_controls(phone) == []


@pytest.mark.parametrize("url", ["/", "/?q=vader&game=swccg", "/sets/", "/cards/swccg/1_168/", "/decks/new/"])
def test_tab_reaches_the_skip_link_first_and_enter_moves_to_main(phone, live_site, url):
    phone.goto(live_site + url)
    phone.keyboard.press("Tab")
    focused = phone.evaluate(
        "[document.activeElement.className, document.activeElement.getAttribute('href')]"
    )
    assert focused == ["skip-link", "#content"]
    box = phone.locator(".skip-link").bounding_box()
    assert box["y"] >= 0 and box["height"] >= TAP  # shown on screen while focused
    assert phone.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    phone.keyboard.press("Enter")
    assert phone.evaluate("document.activeElement.id") == "content"
    assert phone.evaluate("document.activeElement.tagName") == "MAIN"
    # The next Tab goes into the page's content, past the header.
    phone.keyboard.press("Tab")
    assert phone.evaluate("document.activeElement.closest('main') !== null")


@pytest.mark.parametrize("url", ["/", "/?q=vader&game=swccg"])
def test_the_search_box_is_the_first_stop_after_the_skip_link(phone, live_site, url):
    """No autofocus: the search page starts at its top like every page (skip link first), and the box is one
    Tab into the content."""
    phone.goto(live_site + url)
    assert phone.evaluate("document.activeElement === document.body")
    phone.keyboard.press("Tab")
    phone.keyboard.press("Enter")
    phone.keyboard.press("Tab")
    assert phone.evaluate("document.activeElement.id") == "q"
