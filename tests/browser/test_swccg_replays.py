"""The SWCCG replay viewer in the browser: paste a record, step through it with the buttons and the arrow keys,
see the violation marked at its event, open a GEMP file, and save a replay to open it by its share link."""

import json
import re
from pathlib import Path

import pytest

from tests.rules.swccg.replay_records import VIOLATION_INDEX, sample_record

pytestmark = pytest.mark.browser

GEMP = Path(__file__).resolve().parents[1] / "rules" / "swccg" / "fixtures" / "gemp"


def step(page) -> int:
    return int(page.inner_text("#step"))


def wait_for_table(page) -> None:
    """The table after the current event has come (the page asks the API for it at each step)."""
    page.wait_for_selector("#ccg-table:not(.loading) #ccg-turn")


def open_record(page, live_site) -> None:
    page.goto(live_site + "/games/swccg/replay/")
    page.fill("#record-text", json.dumps(sample_record()))
    page.click("#record-load")
    page.wait_for_selector("#record-viewer:not([hidden])")
    wait_for_table(page)


def test_stepping_through_a_pasted_record(page, live_site):
    open_record(page, live_site)
    assert step(page) == 1 and page.inner_text("#step-total") == "12"
    assert "1 broken rule found" in page.inner_text("#ccg-outcome")
    assert page.inner_text("#ccg-event-words") == "#1: Dark Side starts at •Tatooine: Mos Eisley."
    assert "Set-up" in page.inner_text("#ccg-turn")
    assert page.locator(".ccg-location").count() == 1  # only the Dark Side's starting site so far
    assert page.locator("#step-prev").is_disabled()

    page.click("#step-next")
    assert step(page) == 2
    wait_for_table(page)
    assert page.locator(".ccg-location").count() == 2

    # The arrow keys step too (focus out of the text box first).
    page.click("h1")
    for _ in range(7):
        page.keyboard.press("ArrowRight")
    assert step(page) == 9
    wait_for_table(page)
    cantina = page.locator('.ccg-location[data-location="1_128#1"] .ccg-at[data-side="dark"]')
    assert "Imperial Trooper Guard" in cantina.inner_text() and "Stormtrooper" in cantina.inner_text()
    assert cantina.locator("img").count() == 2  # a card image (or the drawn face when the image cannot load)
    page.keyboard.press("ArrowLeft")
    assert step(page) == 8
    wait_for_table(page)
    cantina = page.locator('.ccg-location[data-location="1_128#1"] .ccg-at[data-side="dark"]')
    assert "Stormtrooper" not in cantina.inner_text()
    assert "Life Force" in page.inner_text('.ccg-side[data-side="light"]')

    # The violation: marked in the list of events, listed with a jump to its event, shown at that event.
    marked = page.locator("#ccg-events li.has-violation")
    assert marked.count() == 1 and marked.get_attribute("data-index") == str(VIOLATION_INDEX)
    assert page.locator("#ccg-event-violations li").count() == 0
    page.click("#ccg-violations button.jump")
    assert step(page) == VIOLATION_INDEX + 1
    here = page.locator("#ccg-event-violations li")
    assert here.count() == 1 and here.get_attribute("data-code") == "too-much-activation"
    assert "Light Side activates 9 Force." in page.inner_text("#ccg-event-words")
    assert "broken" in page.get_attribute("#ccg-event", "class")
    page.keyboard.press("End")
    assert step(page) == 12 and page.locator("#step-next").is_disabled()
    page.keyboard.press("Home")
    assert step(page) == 1
    # An event in the list jumps there too.
    page.click('#ccg-events li[data-index="6"] button')
    assert step(page) == 7
    wait_for_table(page)
    assert "Turn 1: the Dark Side's turn" in page.inner_text("#ccg-turn")


def test_a_record_the_referee_cannot_read_is_explained(page, live_site):
    page.goto(live_site + "/games/swccg/replay/")
    page.fill("#record-text", '{"game": "swccg"')
    page.click("#record-load")
    page.wait_for_selector("#ccg-error:not([hidden])")
    assert "parse-error" in page.inner_text("#ccg-error")
    assert page.locator("#record-viewer").is_hidden()


def test_opening_a_gemp_replay_file(page, live_site):
    page.goto(live_site + "/games/swccg/replay/")
    page.set_input_files("#replay-file", str(GEMP / "game.xml.gz"))
    page.click("#file-open")
    page.wait_for_selector("#gemp-viewer:not([hidden])")
    page.wait_for_selector("#gemp-events li")
    assert "viewed, not refereed" in page.inner_text("#gemp-notice")
    assert "43 events" in page.inner_text("#gemp-players") and "Dark Side" in page.inner_text("#gemp-players")
    assert page.locator("#gemp-events li").count() == 43
    assert "•Tatooine: Mos Eisley" in page.inner_text("#gemp-events")
    assert page.locator("#gemp-turns tbody tr").count() >= 1
    assert page.inner_text("#gemp-range") == "events 1–43 of 43" and page.locator("#gemp-next").is_disabled()
    assert page.locator("#record-viewer").is_hidden()
    # A cursor over the events: it opens at the first, steps, jumps to a turn and plays on by itself.
    assert page.inner_text("#gemp-step") == "1" and page.inner_text("#gemp-current").startswith("#1: ")
    page.click("#gemp-step-next")
    assert (
        page.inner_text("#gemp-step") == "2"
        and page.locator("#gemp-events li.current").get_attribute("value") == "2"
    )
    page.select_option("#gemp-turn", index=2)
    turn = int(page.locator("#gemp-turn option").nth(2).get_attribute("value"))
    assert page.inner_text("#gemp-step") == str(turn + 1)
    page.select_option("#gemp-speed", "100")
    page.click("#gemp-play")
    page.wait_for_function(f"Number(document.getElementById('gemp-step').textContent) >= {turn + 4}")
    page.click("#gemp-play")
    assert "(Light Side's turn 1)" in page.inner_text(
        "#gemp-turns"
    )  # one numbering: the game's, the side's beside it
    # A file with unknown event types and cards lists them.
    page.set_input_files("#replay-file", str(GEMP / "unknown_events.xml"))
    page.click("#file-open")
    page.wait_for_selector("#gemp-unknown:not([hidden])")
    assert "999_1" in page.inner_text("#gemp-unknown-cards")
    types = page.inner_text("#gemp-unknown-types")
    assert "XYZ" in types and "NEWTHING" in types


def test_saving_a_replay_and_opening_its_share_link(page, browser, live_site, sign_up):
    sign_up(page, "replay-keeper")
    open_record(page, live_site)
    assert page.input_value("#save-title") == "Vader's player (Dark Side) vs Luke's player (Light Side)"
    page.fill("#save-title", "Cantina <b>brawl</b>")
    page.click("#save-button")
    page.wait_for_selector("#share:not([hidden])")
    share = page.input_value("#share-url")
    assert re.fullmatch(re.escape(live_site) + r"/games/swccg/replay/[A-Za-z0-9_-]{32}/", share)
    assert page.locator("#ccg-saved tbody tr[data-replay]").count() == 1

    # Someone else, not logged in, opens the link: the same replay, refereed, stepping.
    other = browser.new_context()
    try:
        visitor = other.new_page()
        visitor.set_default_timeout(15_000)
        visitor.goto(share)
        assert visitor.inner_text("#shared-title") == "Cantina <b>brawl</b>"
        visitor.wait_for_selector("#record-viewer:not([hidden])")
        wait_for_table(visitor)
        assert step(visitor) == 1 and "1 broken rule found" in visitor.inner_text("#ccg-outcome")
        visitor.click("#step-last")
        assert step(visitor) == 12
        assert visitor.locator("#ccg-saved").count() == 0 and visitor.locator("#ccg-save").count() == 0
    finally:
        other.close()

    # The owner deletes it: the link stops working.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#ccg-saved button.delete-replay")
    page.wait_for_selector("#ccg-saved tbody tr[data-replay]", state="detached")
    assert page.goto(share).status == 404


def test_saving_a_gemp_file(page, live_site, sign_up):
    sign_up(page, "gemp-keeper")
    page.goto(live_site + "/games/swccg/replay/")
    page.set_input_files("#replay-file", str(GEMP / "game.xml.gz"))
    page.click("#file-open")
    page.wait_for_selector("#gemp-events li")
    page.click("#save-button")
    page.wait_for_selector("#share:not([hidden])")
    page.goto(page.input_value("#share-url"))
    page.wait_for_selector("#gemp-events li")
    assert page.locator("#gemp-events li").count() == 43
    assert "viewed, not refereed" in page.inner_text("#shared-notice")


def test_a_record_plays_on_by_itself_and_jumps_to_a_turn(page, live_site, screenshots):
    page.set_viewport_size({"width": 1280, "height": 900})
    open_record(page, live_site)
    assert step(page) == 1 and "Step to the last event" in page.inner_text(
        "#ccg-outcome"
    )  # the winner unsaid
    page.select_option("#step-speed", "100")
    page.get_by_role("button", name="▶ Play", exact=True).click()
    page.wait_for_function("Number(document.getElementById('step').textContent) >= 4")
    page.get_by_role("button", name="⏸ Pause", exact=True).click()
    assert page.get_attribute("#step-play", "aria-pressed") == "false"
    options = page.locator("#step-turn option")
    assert options.count() >= 2 and options.nth(0).inner_text().startswith("1 · Dark Side")
    second = int(options.nth(1).get_attribute("value"))
    page.select_option("#step-turn", index=1)
    assert step(page) == second + 1
    wait_for_table(page)
    assert "Turn 2" in page.inner_text("#ccg-turn")
    page.screenshot(path=str(screenshots / "swccg-replay.png"), full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1
    page.evaluate("document.getElementById('ccg-outcome').scrollIntoView()")
    page.screenshot(path=str(screenshots / "swccg-replay-phone.png"), full_page=False)
