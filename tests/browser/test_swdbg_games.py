"""SW:DBG in the browser: playing against the computer at the table (its script moves without page loads; with
no script every action is a form and each click a page load) and stepping through a replay."""

import re

import pytest

pytestmark = pytest.mark.browser


def click(page, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def test_playing_a_game_against_the_computer_without_javascript(browser, page, live_site, sign_up):
    sign_up(page, "rebel-pilot")
    context = browser.new_context(java_script_enabled=False)
    context.add_cookies(page.context.cookies())
    page = context.new_page()
    page.goto(live_site + "/games/")
    page.select_option("select[name=faction]", "Rebel")
    page.select_option("select[name=opponent]", "greedy")
    page.select_option("select[name=format]", "beginner")
    click(page, ".new-game button[type=submit]")
    assert "/games/" in page.url and page.locator(".dbg-board").count() == 1
    # The Empire moved first; the Rebel player sees their own hand, not the AI's.
    rebel = page.locator('.dbg-player[data-faction="Rebel"]')
    assert "hidden" not in rebel.inner_text()
    assert "hidden" in page.locator('.dbg-player[data-faction="Empire"]').inner_text()
    turn = page.inner_text(".dbg-turn")
    assert "Rebel to play" in turn
    # Play every card in hand, then end the turn: the computer answers within the same page load.
    for _ in range(10):
        plays = page.locator("button.action-play")
        if plays.count() == 0:
            break
        click(page, "button.action-play >> nth=0")
    assert page.locator("button.action-play").count() == 0
    resources = rebel.inner_text()
    assert "resources" in resources
    if page.locator("button.action-select").count():  # a decision is pending: answer it
        click(page, "button.action-select >> nth=0")
    click(page, "button.action-end_turn")
    assert "Rebel to play" in page.inner_text(".dbg-turn")
    assert "Empire ends the turn." in page.inner_text(".dbg-log")
    page.context.close()


def test_playing_at_the_table_without_a_page_load(page, live_site, sign_up, screenshots):
    sign_up(page, "table-pilot")
    page.goto(live_site + "/games/")
    page.select_option("select[name=faction]", "Rebel")
    page.select_option("select[name=opponent]", "greedy")
    page.select_option("select[name=format]", "beginner")
    click(page, ".new-game button[type=submit]")
    page.evaluate("window.stillHere = true")  # gone if anything below loaded a new page
    # The Empire's opening turn is shown action by action before the Rebel player may act.
    page.wait_for_selector(".dbg-log-lines li")
    page.wait_for_selector(".act-end_turn")
    assert "Empire ends the turn." in page.inner_text(".dbg-log-lines")
    assert page.locator("#dbg-fallback").is_hidden()
    hand = page.locator(".dbg-hand-zone .dbg-c")
    cards = hand.count()
    assert cards >= 4
    # Cards are drawn with their text; actions are buttons named for what they do.
    play = page.locator(".dbg-hand-zone .act-play").first
    assert re.fullmatch(r"Play .+", play.get_attribute("aria-label"))
    name = play.get_attribute("aria-label")
    play.click()
    page.wait_for_function(f"document.querySelectorAll('.dbg-hand-zone .dbg-c').length === {cards - 1}")
    assert name.removeprefix("Play ") in page.inner_text(".dbg-area.mine .dbg-play-zone")
    # Focus stays in the hand, on the next card's button (or goes to the question the card asks: the game's
    # seed is random, and Temple Guardian asks one when played).
    assert page.evaluate(
        "document.activeElement.closest('.dbg-hand-zone') !== null"
        " || document.activeElement.classList.contains('dbg-option')"
    )
    if page.locator(".act-play-all").count():
        page.click(".act-play-all")
        page.wait_for_selector(".act-end_turn")
    if page.locator(".dbg-option").count():  # a decision is pending: answer it
        page.click(".dbg-option >> nth=0")
        page.wait_for_selector(".act-end_turn")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.evaluate("document.querySelector('.dbg-galaxy-area').scrollIntoView()")
    page.screenshot(path=str(screenshots / "swdbg-table.png"), full_page=False)
    turns = page.locator(".dbg-log-lines li").count()
    page.click(".act-end_turn")
    # The AI's actions come one after another, each announced, and the Rebel player is to move again.
    page.wait_for_function(f"document.querySelectorAll('.dbg-log-lines li').length > {turns + 2}")
    page.wait_for_selector(".act-end_turn", timeout=60_000)
    assert page.inner_text("#dbg-live")
    assert "your move" in page.inner_text(".dbg-turn")
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1  # no sideways scrolling
    page.evaluate("document.querySelector('.dbg-area.mine').scrollIntoView()")
    page.screenshot(path=str(screenshots / "swdbg-table-phone.png"), full_page=False)
    # Undo takes the turn back; resigning ends the game on the outcome screen.
    page.click(".dbg-undo")
    page.wait_for_selector(".act-end_turn")
    # A hint: what the computer would do in this seat, and why, without a page load.
    page.click("[data-key=hint]")
    page.wait_for_selector(".dbg-hint")
    assert "The computer would:" in page.inner_text(".dbg-hint") and page.evaluate("window.stillHere") is True
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button.danger")
    page.wait_for_selector("#dbg-outcome-title")
    assert "You resigned" in page.inner_text("#dbg-outcome-title")
    assert page.evaluate("window.stillHere") is True
    click(page, ".dbg-outcome-panel button[type=submit]")  # a new game with the same setup
    page.wait_for_selector(".act-end_turn")


def test_watching_an_ai_game_steps_and_plays_without_a_page_load(page, live_site, screenshots):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(live_site + "/games/")
    click(page, "#watch-link")
    page.fill("input[name=seed]", "3")
    page.select_option("select[name=format]", "beginner")
    click(page, ".watch button[type=submit]")
    # It opens at the start, names both factions and does not say who wins.
    assert page.inner_text("#step") == "0" and "Empire against Rebel" in page.inner_text(".dbg-outcome")
    assert "wins on turn" not in page.inner_text(".dbg-outcome")
    page.evaluate("window.stillHere = true")  # gone if a step loaded a new page
    page.get_by_role("button", name="Next").click()
    page.wait_for_function("document.getElementById('step').textContent === '1'")
    assert page.locator(".dbg-log li").count() == 1
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.getElementById('step').textContent === '2'")
    page.select_option("#dbg-turn", index=2)  # the third turn's start
    page.wait_for_function("document.getElementById('turn').textContent === '3'")
    at = int(page.inner_text("#step"))
    page.select_option("#dbg-speed", "100")
    page.click("#dbg-play")
    page.wait_for_function(f"Number(document.getElementById('step').textContent) >= {at + 3}")
    page.click("#dbg-play")  # pause
    assert page.get_attribute("#dbg-play", "aria-pressed") == "false"
    assert page.evaluate("window.stillHere") is True
    page.screenshot(path=str(screenshots / "swdbg-replay.png"), full_page=False)
    page.keyboard.press("End")
    page.wait_for_function("document.querySelector('.dbg-outcome').textContent.includes('wins on turn')")
    page.set_viewport_size({"width": 390, "height": 844})
    page.keyboard.press("Home")
    page.wait_for_function("document.getElementById('step').textContent === '0'")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1  # no sideways scrolling
    page.screenshot(path=str(screenshots / "swdbg-replay-phone.png"), full_page=False)
