"""SWTCG in the browser: search with the query language, paste a LackeyCCG list, watch the legality panel follow
every change, save, and read the deck page and its LackeyCCG exports."""

import csv
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

FIXTURE = json.loads((Path(__file__).parents[1] / "decks" / "fixtures" / "swtcg_decks.json").read_text())[
    "legal_anh_light"
]["deck"]
SPACE = ["ANH_149", "ANH_172", "ANH_176"]  # the fixture's Space units: Rebel Fighter Wing, X-Wing Red One, …


def titles(codes) -> dict[str, str]:
    """Card titles from the SWTCG set files the site imported (a code is SET_Number)."""
    from django.conf import settings

    wanted = {code: code.split("_", 1) for code in codes}
    found = {}
    for set_code in {s for s, _ in wanted.values()}:
        path = settings.CARDSDB_DATA_DIR / "swtcg" / "sets" / f"{set_code}.txt"
        with path.open(encoding="utf-8-sig", newline="") as f:
            for line in csv.DictReader(f, delimiter="\t"):
                number = (line.get("Number") or "").strip()
                if number:
                    found[(line["Set"], str(int(float(number))))] = line["Name"]
    return {code: found[tuple(parts)] for code, parts in wanted.items()}


def lackey_txt(deck: dict[str, int], outside: dict[str, int], names: dict[str, str]) -> str:
    lines = [f"{n}\t{names[code]}" for code, n in deck.items()]
    lines += ["", "Outside the game:", *(f"{n}\t{names[code]}" for code, n in outside.items())]
    return "\n".join(lines)


def wait_for_codes(page, codes: set[str]) -> None:
    """Until the panel lists exactly these violation codes (it is redrawn after each change)."""
    page.wait_for_function(
        "want => { const got = [...document.querySelectorAll('#legality li')].map(i => i.dataset.code);"
        " return got.length > 0 && [...new Set(got)].sort().join() === want; }",
        arg=",".join(sorted(codes)),
    )


def row(code: str, zone: str = "deck") -> str:
    return f'#deck-table tr[data-card="{code}"][data-zone="{zone}"]'


def test_search_adds_swtcg_cards_and_the_panel_follows(page, live_site):
    page.goto(live_site + "/decks/new/?game=swtcg")
    assert page.get_attribute("#builder", "data-game") == "swtcg"
    assert page.input_value("#deck-format") == "full"
    assert "Yuuzhan Vong" in page.inner_text("#deck-side")

    page.fill("#card-query", "arena:space side:light set:ANH")
    page.press("#card-query", "Enter")
    page.wait_for_selector("#card-results li")
    found = page.eval_on_selector_all(
        "#card-results li", "items => items.map(i => [i.dataset.card, i.querySelector('.small').textContent])"
    )
    assert {code for code, _ in found} >= set(SPACE)
    assert all(re.fullmatch(r"Light Space · ANH_\S+", what) for _, what in found), found
    assert page.inner_text("#card-search-status") == f"{len(found)} cards"

    for code in SPACE:
        for _ in range(4):
            page.click(f'#card-results li[data-card="{code}"] button.add')
    assert page.inner_text("#deck-count") == "12 in the deck"
    assert page.inner_text(row("ANH_149") + " .n") == "4"
    # 12 Space units only: too small a deck, too few units, no Ground or Character units.
    small = {"deck-size", "unit-minimum", "arena-minimum"}
    wait_for_codes(page, small)
    assert page.inner_text("#legality h2") == "Not legal in Full card pool: 4 problems"
    arenas = page.eval_on_selector_all(
        '#legality li[data-code="arena-minimum"]', "items => items.map(i => i.textContent)"
    )
    assert any("Ground" in text for text in arenas) and any("Character" in text for text in arenas)

    # A fifth copy breaks the copy limit too; one fewer mends it.
    page.click('#card-results li[data-card="ANH_149"] button.add')
    wait_for_codes(page, small | {"copy-limit"})
    page.click(row("ANH_149") + " button.minus")
    wait_for_codes(page, small)

    # A query the language cannot read says where.
    page.fill("#card-query", "speed>=")
    page.click("#card-search")
    page.wait_for_function("document.querySelector('#card-search-status').textContent.includes('(at ')")
    assert page.locator("#card-results li").count() == 0

    # Saving without an account keeps the table and says what to do.
    page.fill("#deck-name", "Space only")
    page.click("#save")
    page.wait_for_selector("p.notice.error")
    assert "Not saved yet: saving needs an account" in page.inner_text("p.notice.error")
    # The reloaded page's script fills the count in from the kept table: wait for it rather than race it.
    page.wait_for_function("document.querySelector('#deck-count').textContent === '12 in the deck'")
    assert "Not legal in Full card pool" in page.inner_text("#legality h2")


def test_player_pastes_a_lackey_list_checks_saves_and_exports(page, live_site, sign_up):
    sign_up(page, "lackey-rebel")
    outside = {"ANH_37": 1}
    names = titles([*FIXTURE, *outside])
    pasted = lackey_txt(FIXTURE, outside, names)

    page.goto(live_site + "/decks/new/?game=swtcg")
    page.fill("#deck-name", "ANH Rebels from Lackey")
    page.fill("#decklist", pasted)
    page.click("#import-list")
    page.wait_for_function(
        "document.querySelector('#deck-count').textContent === '60 in the deck, 1 outside'"
    )
    assert page.inner_text("#import-status") == "Added 61 cards (lackey-txt)."
    assert page.input_value("#decklist") == ""
    assert page.locator(row("ANH_37", "outside")).count() == 1
    page.wait_for_selector("#legality.legal")
    assert page.inner_text("#legality h2") == "Legal in Full card pool"

    # Counts change, the panel follows: a fifth Rebel Fighter Wing, then no X-Wing Red One (57 cards, 9 Space).
    page.click(row("ANH_149") + " button.plus")
    wait_for_codes(page, {"copy-limit"})
    assert "ANH_149" in page.inner_text('#legality li[data-code="copy-limit"]')
    page.click(row("ANH_172") + " button.remove")
    wait_for_codes(page, {"copy-limit", "deck-size", "unit-minimum", "arena-minimum"})
    assert "has 9 Space units" in page.inner_text('#legality li[data-code="arena-minimum"]')
    assert "has 57 cards" in page.inner_text('#legality li[data-code="deck-size"]')

    # Mend it: one fewer Fighter Wing, the X-Wings pasted back; then the stricter format.
    page.click(row("ANH_149") + " button.minus")
    page.fill("#decklist", f"4\t{names['ANH_172']}")
    page.click("#import-list")
    page.wait_for_selector("#legality.legal")
    page.select_option("#deck-format", "wotc")
    page.wait_for_function("document.querySelector('#legality h2').textContent === 'Legal in WotC sets only'")

    page.click("#save")
    page.wait_for_url(re.compile(r".*/decks/\d+/$"))
    assert page.inner_text("h1") == "ANH Rebels from Lackey"
    assert "Legal in WotC sets only" in page.inner_text("#legality")
    units = page.inner_text("dl.stats dt:text-is('Units') + dd")
    assert units.startswith("36 (12 Space, 12 Ground, 12 Character")
    charts = page.eval_on_selector_all("figure svg", "svgs => svgs.map(s => s.textContent)")
    assert any("Units per arena" in text for text in charts)
    assert page.inner_text("section.decklist h2") == "60 cards + 1 outside"

    with page.expect_download() as download:
        page.click('a[href$="export/?as=lackey-txt"]')
    exported = download.value.path().read_text()
    assert sorted(exported.split("\n\n")[0].splitlines()) == sorted(
        f"{n}\t{names[code]}" for code, n in FIXTURE.items()
    )
    assert exported.split("\n\n")[1] == f"Outside the game:\n1\t{names['ANH_37']}\n"

    with page.expect_download() as download:
        page.click('a[href$="export/?as=lackey-dek"]')
    deck = ET.fromstring(download.value.path().read_text())
    zones = {
        z.get("name"): Counter(c.findtext("name") for c in z.iter("card")) for z in deck.iter("superzone")
    }
    assert zones["Deck"] == Counter({names[code]: n for code, n in FIXTURE.items()})
    assert zones["Outside the game"] == Counter({names["ANH_37"]: 1})
    assert all(c.findtext("set") == "ANH" for c in deck.iter("card"))
