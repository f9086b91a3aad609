"""The SW:DBG setup builder in the browser: a plain form (no script), so every Check and Save is a page load."""

import re

import pytest

pytestmark = pytest.mark.browser


def violation_codes(page) -> set[str]:
    return set(page.eval_on_selector_all("#legality li", "items => items.map(i => i.dataset.code)"))


def check(page, button: str = "#check") -> None:
    with page.expect_navigation():
        page.click(button)


def summary_rows(page) -> list[list[str]]:
    return page.eval_on_selector_all(
        "#setup-summary tbody tr", "rows => rows.map(r => [...r.cells].map(c => c.innerText.trim()))"
    )


def test_anonymous_player_checks_setups(page, live_site):
    page.goto(live_site + "/decks/setup/new/")
    assert page.input_value("#setup-format") == "beginner"
    assert page.input_value("select[name=p0_faction]") == "Empire"
    assert page.input_value("select[name=p1_faction]") == "Rebel"
    assert page.locator("#legality").count() == 0  # nothing checked yet

    # The beginner base lists are not in the data: the default base decks (the starting base and the bases of
    # fewest hit points, as a new game at /games/ takes them) are ticked, and they make a legal setup.
    check(page)
    assert page.inner_text("#legality h2") == "Legal in Beginner game"
    rows = summary_rows(page)
    assert [r[1].split()[0] for r in rows] == ["Empire", "Rebel"]
    assert [r[2:] for r in rows] == [["10 cards", "5 bases", "Lothal"], ["10 cards", "5 bases", "Dantooine"]]
    assert page.locator("#setup-summary details.purchasable").count() == 2
    empire = page.inner_text('#setup-summary details[data-faction="Empire"] summary')
    assert re.fullmatch(r"Empire: \d+ different cards", empire)

    # The full game: the format's default base decks (all ten bases each) and its recommended length.
    page.select_option("#setup-format", "full-galaxy")
    check(page)
    assert "base deck is Full Galaxy's default for Empire" in page.inner_text("main")
    assert page.inner_text("#legality h2") == "Legal in Full Galaxy"
    assert page.input_value("#bases-to-win") == "4"
    assert [r[3] for r in summary_rows(page)] == ["10 bases", "10 bases"]

    # Both players on one faction: the form resets player 2's decks and the check names the problem.
    page.select_option("select[name=p1_faction]", "Empire")
    check(page)
    assert "Player 2 now plays Empire" in page.inner_text("main")
    assert "same-faction" in violation_codes(page)

    page.click("#save")
    page.wait_for_selector("p.notice.error")
    assert "Log in or sign up to save setups" in page.inner_text("p.notice.error")


def test_player_sets_up_a_cross_edition_game_and_saves_it(page, live_site, sign_up):
    sign_up(page, "setup-player")
    page.goto(live_site + "/decks/setup/new/")
    page.select_option("#setup-format", "cross-edition")
    page.select_option("select[name=p1_faction]", "Republic")
    check(page)
    assert "Player 2 now plays Republic" in page.inner_text("main")
    # Factions from two editions: the page asks which edition's neutral cards join the galaxy deck.
    assert violation_codes(page) == {"neutral-edition"}
    page.select_option("#neutral-edition", "original_2023")
    page.select_option("#bases-to-win", "2")
    check(page)
    assert page.inner_text("#legality h2") == "Legal in Cross-Edition Play"
    rows = summary_rows(page)
    assert [r[1].split()[0] for r in rows] == ["Empire", "Republic"]
    # The Republic's beginner bases are the rulebook's five, with Rishi to start.
    assert [r[2:] for r in rows] == [["10 cards", "5 bases", "Lothal"], ["10 cards", "5 bases", "Rishi"]]
    stats = page.inner_text("#setup-summary dl.stats")
    assert "Bases to win\n2" in stats and "Neutral cards from\nOriginal edition (2023)" in stats

    page.fill("input[name=name]", "Empire meets the Republic")
    check(page, "#save")
    assert re.fullmatch(r".*/decks/\d+/", page.url)
    assert page.inner_text("h1") == "Empire meets the Republic"
    assert "Setup saved." in page.inner_text("p.notice")
    assert page.inner_text("#legality h2") == "Legal in Cross-Edition Play"
    assert summary_rows(page) == rows
    assert page.inner_text("#setup-summary dl.stats") == stats

    # Edit opens the setup builder on the saved choices.
    page.click("text=Edit")
    page.wait_for_url(re.compile(r".*/decks/\d+/setup/$"))
    assert page.input_value("#setup-format") == "cross-edition"
    assert page.input_value("select[name=p0_faction]") == "Empire"
    assert page.input_value("select[name=p1_faction]") == "Republic"
    assert page.input_value("#neutral-edition") == "original_2023"
    assert page.input_value("#bases-to-win") == "2"
    assert page.input_value("input[name=name]") == "Empire meets the Republic"
