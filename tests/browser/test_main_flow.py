"""The whole story of a new player, in one browser session: sign up, import a collection, build a deck from a
pasted list, see what the collection lacks, edit and compare versions, restore one, make the deck public and find
it as a visitor through its share link, a card page and the public deck list. A second test takes the docs/
pictures of the card page, the builder and the deck page (see the `screenshots` fixture)."""

import json
import re

import pytest

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
DECK = "Praji's Patrol"
# Premiere cards that the other browser tests leave alone, so the public lists below hold this deck only.
COLLECTION_CSV = "Count,Name,Edition\n1,Admiral Motti,Premiere\n4,Stormtrooper,Premiere\n"
DECKLIST = "1x Admiral Motti\n6x Stormtrooper\n2x Commander Praji"
MOTTI, STORMTROOPER, PRAJI = "1_164", "1_194", "1_167"


def deck_row(page, code: str):
    return page.locator(f'#deck-table tr[data-card="{code}"]')


def missing_row(page, title: str) -> list[str]:
    """A row of the deck page's missing panel as its cells: card, needed, owned, used elsewhere, missing."""
    row = page.locator("#missing tbody tr", has=page.get_by_role("link", name=title, exact=True))
    return [cell.strip() for cell in row.locator("td").all_inner_texts()]


def decklist(page) -> dict[str, str]:
    """The deck page's list as {card code: its line, "N× Title …"}."""
    items = page.locator(".decklist li[data-card]")
    return {items.nth(i).get_attribute("data-card"): items.nth(i).inner_text() for i in range(items.count())}


def wait_for_images(page, selector: str) -> None:
    # a scan, or the face drawn on first use when the scan cannot be reached: loaded before the picture
    page.wait_for_function(
        f"[...document.querySelectorAll({selector!r})].every(img => img.complete && img.naturalWidth > 0)",
        timeout=90_000,
    )


def test_main_flow_collect_missing_build_version_share(page, live_site, sign_up, browser):
    page.set_viewport_size(DESKTOP)
    sign_up(page, "flow-player")

    # collect: paste a CSV on the import page, check its preview, confirm
    page.get_by_role("link", name="Collection", exact=True).click()
    page.wait_for_url(live_site + "/collection/")
    page.get_by_role("link", name="Import", exact=True).click()
    page.wait_for_url("**/collection/import/?game=swccg")
    page.get_by_label("or paste it").fill(COLLECTION_CSV)
    page.get_by_role("button", name="Preview").click()
    page.get_by_role("heading", name="Review the changes").wait_for()
    preview = page.locator("table.cards tbody")
    assert "Admiral Motti" in preview.inner_text() and "Stormtrooper" in preview.inner_text()
    page.get_by_role("button", name=re.compile(r"^Confirm: apply 2 changes")).click()
    page.wait_for_url(live_site + "/collection/?game=swccg")
    assert "2 cards, 5 copies owned." in page.inner_text("body")
    owned = page.locator("table.collection tbody").inner_text()
    assert "Admiral Motti" in owned and "Stormtrooper" in owned and "Commander Praji" not in owned

    # build: a pasted list with owned cards and one card not owned, saved as a private deck
    page.get_by_role("link", name="Build", exact=True).click()
    page.wait_for_url(live_site + "/decks/new/")
    page.get_by_label("Name", exact=True).fill(DECK)
    page.get_by_label("Format").select_option("open")
    page.get_by_label(re.compile("^Paste a deck list")).fill(DECKLIST)
    page.get_by_role("button", name="Read this list into the deck").click()
    deck_row(page, PRAJI).wait_for()
    assert [deck_row(page, code).locator(".n").inner_text() for code in (MOTTI, STORMTROOPER, PRAJI)] == [
        "1",
        "6",
        "2",
    ]
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(re.compile(r"/decks/\d+/$"))
    deck_url = page.url
    assert page.get_by_role("heading", level=1).inner_text() == DECK
    assert "Private: only you see this deck." in page.inner_text(".share")

    # what am I missing: 9 copies needed, the collection covers 1 Motti and 4 of the 6 Stormtroopers
    panel = page.locator("#missing")
    text = panel.inner_text()
    assert "Your collection covers 5 of 9 cards (56%)." in text
    assert "4 copies missing (2 cards)." in text
    assert missing_row(page, "•Admiral Motti")[1:] == ["1", "1", "0", "0"]
    assert missing_row(page, "Stormtrooper")[1:] == ["6", "4", "0", "2"]
    assert missing_row(page, "•Commander Praji")[1:] == ["2", "0", "0", "2"]

    # version: one more Motti in the builder is version 2; the history lists both and the diff shows the change
    page.get_by_role("link", name="Edit", exact=True).click()
    deck_row(page, MOTTI).wait_for()
    deck_row(page, MOTTI).get_by_role("button", name="one more").click()
    assert deck_row(page, MOTTI).locator(".n").inner_text() == "2"
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(deck_url)
    assert "Deck saved." in page.inner_text("body")
    assert decklist(page)[MOTTI].startswith("2×")
    assert "Your collection covers 5 of 10 cards (50%)." in panel.inner_text()
    assert missing_row(page, "•Admiral Motti")[1:] == ["2", "1", "0", "1"]

    page.get_by_role("link", name=re.compile(r"^History \(version 2\)")).click()
    page.wait_for_url(deck_url + "history/")
    versions = page.locator("tr[data-version]")
    assert versions.count() == 2 and "2 versions kept" in page.inner_text(".typeline")
    versions.filter(has_text="(current)").get_by_role("link", name="changes").click()
    page.get_by_role("heading", name="Added").wait_for()
    added, removed = page.locator("ul.added").inner_text(), page.locator("ul.removed").inner_text()
    assert "+1 •Admiral Motti" in added and "1 → 2" in added and removed == "Nothing."

    # restore version 1: one more version, with the list of version 1
    page.get_by_role("link", name="All versions").click()
    page.locator('tr[data-version="1"]').get_by_role("button", name="Restore").click()
    page.wait_for_url(deck_url)
    assert "Restored version 1 as a new version." in page.inner_text("body")
    assert decklist(page)[MOTTI].startswith("1×") and decklist(page)[PRAJI].startswith("2×")
    assert "Your collection covers 5 of 9 cards (56%)." in panel.inner_text()

    # share: public from the builder; the deck page then carries its share link
    page.get_by_role("link", name="Edit", exact=True).click()
    deck_row(page, MOTTI).wait_for()
    page.get_by_label("public").check()
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(deck_url)
    share = page.get_attribute("#share-link", "href")
    assert re.fullmatch(r"/d/[\w-]+/", share)

    # a visitor (a fresh, anonymous browser) opens the share link, then finds the deck from a card page and the list
    visitor_context = browser.new_context(viewport=DESKTOP)
    visitor = visitor_context.new_page()
    visitor.set_default_timeout(15_000)
    try:
        assert visitor.goto(live_site + share).status == 200
        assert visitor.get_by_role("heading", level=1).inner_text() == DECK
        shown = decklist(visitor)
        assert set(shown) == {MOTTI, STORMTROOPER, PRAJI}
        assert shown[MOTTI].startswith("1× •Admiral Motti")
        assert shown[STORMTROOPER].startswith("6× Stormtrooper")
        assert shown[PRAJI].startswith("2× •Commander Praji")
        assert visitor.get_by_role("link", name="Edit", exact=True).count() == 0
        assert "Log in" in visitor.inner_text("#missing")  # no collection to compare with

        visitor.goto(live_site + f"/cards/swccg/{PRAJI}/")
        using = visitor.locator("#decks-using")
        assert "Public decks using this card" in using.inner_text()
        assert using.get_by_role("link", name=DECK).get_attribute("href") == share

        visitor.goto(live_site + "/decks/public/?game=swccg&card=Commander+Praji")
        rows = visitor.locator("table.cards tbody tr")
        assert rows.count() == 1 and "flow-player" in rows.inner_text()
        rows.get_by_role("link", name=DECK).click()
        visitor.wait_for_url(live_site + share)
    finally:
        visitor_context.close()


def test_screenshots_of_the_card_page_builder_and_deck_page(page, live_site, sign_up, screenshots):
    """A real 60-card deck, legal in Classic, for the pictures in docs/ (with the search grid and the collection
    taken by tests/browser/test_search_ux.py and test_collection.py)."""
    from django.conf import settings

    decks = json.loads((settings.CARDSDB_DATA_DIR / "swccg/gemp/sample_decks.json").read_text())["decks"]
    deck = next(d for d in decks if d["name"] == "Classic (no V) Hunt Down Dueling")
    page.set_viewport_size(DESKTOP)
    sign_up(page, "pictures-player")
    page.goto(live_site + "/decks/new/")
    page.get_by_label("Name", exact=True).fill("Hunt Down Dueling")
    page.get_by_label("Format").select_option("classic")
    page.get_by_label(re.compile("^Paste a deck list")).fill(",".join(deck["cards"]))
    page.get_by_role("button", name="Read this list into the deck").click()
    page.wait_for_function("document.querySelector('#deck-count').textContent.startsWith('60 in the deck')")
    page.wait_for_selector("#legality.legal")
    page.get_by_label("public").check()
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(re.compile(r"/decks/\d+/$"))
    assert "Legal in Classic" in page.inner_text("#legality")
    page.screenshot(path=str(screenshots / "deck-page.png"))

    page.get_by_role("link", name="Edit", exact=True).click()
    page.wait_for_selector("#legality.legal")
    assert page.locator("#deck-table tbody tr").count() == len(set(deck["cards"]))
    page.screenshot(path=str(screenshots / "builder.png"))

    page.goto(live_site + "/cards/swccg/1_179/")  # Grand Moff Tarkin, one of the deck's cards
    assert page.get_by_role("heading", level=1).inner_text() == "•Grand Moff Tarkin"
    assert page.locator("#decks-using").get_by_role("link", name="Hunt Down Dueling").count() == 1
    wait_for_images(page, "img.face")
    page.screenshot(path=str(screenshots / "card-page.png"))
