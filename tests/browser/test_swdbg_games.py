"""SW:DBG in the browser: playing against the computer and stepping through a replay, with no script — every
action and every step is a form, so each click is a page load."""

import pytest

pytestmark = pytest.mark.browser


def click(page, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def test_playing_a_game_against_the_computer(page, live_site, sign_up):
    sign_up(page, "rebel-pilot")
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


def test_stepping_through_an_ai_game(page, live_site):
    page.goto(live_site + "/games/swdbg/replay/")
    page.fill("input[name=seed]", "3")
    page.select_option("select[name=format]", "beginner")
    click(page, ".watch button[type=submit]")
    total = int(page.inner_text(".dbg-steps").split(" of ")[1].split()[0])
    assert total > 50 and "wins on turn" in page.inner_text(".dbg-outcome")
    click(page, "button[name=step][value='0']")
    assert page.inner_text("#step") == "0"
    click(page, "text=Next ▶")
    assert page.inner_text("#step") == "1"
    assert page.locator(".dbg-log li").count() == 1
    page.select_option("select[name=viewer]", "0")
    click(page, "text=Next ▶")
    assert page.inner_text("#step") == "2"
    assert "hidden" in page.locator('.dbg-player[data-faction="Rebel"]').inner_text()
