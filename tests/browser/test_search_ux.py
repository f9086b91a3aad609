"""Search as a player does in a browser: a card's image on hover and on keyboard focus, the image grid chosen once
and remembered, sorting by a column heading and filtering from a menu; a screenshot of the grid for docs/."""

import pytest

pytestmark = pytest.mark.browser


def preview_src(page) -> str | None:
    """The image the preview shows, None when hidden (its size is the image's, 0 until it loads: not asked)."""
    return page.evaluate(
        "(() => { const box = document.querySelector('.card-preview');"
        " return box && box.style.display === 'block' ? box.querySelector('img').getAttribute('src') : null })()"
    )


def test_previews_on_hover_and_focus(page, live_site):
    page.goto(live_site + "/?q=vader&game=swccg")
    cell = page.locator("td[data-preview]").first
    wanted = {cell.get_attribute("data-preview"), cell.get_attribute("data-preview-fallback")}
    cell.hover()
    assert preview_src(page) in wanted
    page.mouse.move(5, 5)  # off the table
    assert preview_src(page) is None
    page.focus("td[data-preview] a")  # keyboard users see it too
    assert preview_src(page) in wanted
    page.keyboard.press("Escape")
    assert preview_src(page) is None


def test_the_grid_is_remembered_and_sorting_and_filters_edit_the_query(page, live_site, screenshots):
    page.goto(live_site + "/?q=vader&game=swccg")
    page.click("a[data-view=grid]")
    page.wait_for_selector("ul.card-grid img")
    # the first rows drawn (scans, or faces drawn on first use when a scan cannot be reached) before the picture
    page.wait_for_function(
        "[...document.querySelectorAll('ul.card-grid img')].slice(0, 12)"
        ".every(img => img.complete && img.naturalWidth > 0)",
        timeout=90_000,
    )
    page.screenshot(path=str(screenshots / "search-grid.png"))

    # a new search from the header box comes back as a grid: the choice is remembered
    page.fill("header form.quick input[name=q]", "luke")
    page.press("header form.quick input[name=q]", "Enter")
    page.wait_for_selector("ul.card-grid")
    assert "view=grid" in page.url

    # back to the table, then sort by set with its heading and filter to the Light Side
    page.click("a[data-view=table]")
    page.wait_for_selector("table.cards")
    page.click("table.cards th a.sort:text-is('Set')")
    page.wait_for_selector("th[aria-sort=ascending]")
    assert page.input_value("#q") == "luke order:set"
    page.select_option("form.filters select[name=side]", "light")  # submits itself with JavaScript
    page.wait_for_function("document.querySelector('#q').value.includes('side:light')")
    assert page.locator("table.cards tbody tr.side-dark").count() == 0
    page.goto(live_site + "/?q=luke&game=swccg")  # the table was chosen last: it stays the table
    assert page.locator("table.cards").count() == 1


def test_the_header_search_keeps_the_game_of_a_card_page(page, live_site):
    page.goto(live_site + "/?q=vader&game=swtcg")
    page.click("table.cards tbody a >> nth=0")
    page.fill("header form.quick input[name=q]", "luke")
    page.press("header form.quick input[name=q]", "Enter")
    page.wait_for_selector("table.cards")
    assert "game=swtcg" in page.url
