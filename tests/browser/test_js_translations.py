"""The scripts speak the page's language: the builder and the replay viewer in Italian and Polish write their texts
from the JavaScript catalogue (/jsi18n/<lang>/), Polish counts in its own plural forms, and without the catalogue
(a page kept from before it existed, a blocked request) the scripts still work, in English."""

import json
import re

import pytest

from tests.rules.swccg.replay_records import sample_record

pytestmark = pytest.mark.browser


@pytest.fixture
def page_in(browser):
    """A page whose browser asks for `lang` (Accept-Language), as a visitor's would."""
    contexts = []

    def open_page(lang: str):
        context = browser.new_context(
            viewport={"width": 1300, "height": 1000}, extra_http_headers={"Accept-Language": lang}
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        return page

    yield open_page
    for context in contexts:
        context.close()


def search_and_add(page, live_site, query: str, card: str) -> None:
    page.goto(live_site + "/decks/new/")
    page.fill("#card-query", query)
    page.click("#card-search")
    page.wait_for_selector(f'#card-results li[data-card="{card}"]')
    page.click(f'#card-results li[data-card="{card}"] button.add')
    page.wait_for_selector("#legality h2")


def test_the_builder_in_italian(page_in, live_site):
    page = page_in("it-IT,it;q=0.9")
    search_and_add(page, live_site, "vader", "1_168")
    assert page.locator("html").get_attribute("lang") == "it"
    # a result's side and type in the page's words ("Dark Character" in English)
    assert page.inner_text('#card-results li[data-card="1_168"] .small') == "Personaggio, Lato Oscuro · 1_168"
    assert re.fullmatch(r"\d+ carte(, prime 25)?", page.inner_text("#card-search-status"))
    assert page.inner_text("#deck-count") == "1 nel mazzo"
    assert re.fullmatch(r"Non legale in .+: \d+ problem[ai]", page.inner_text("#legality h2"))
    # The panel's messages too: the server draws it in the page's language (/decks/legality-panel/).
    assert page.inner_text('#legality li[data-code="deck-size"]').startswith("Il mazzo ha 1 carta; ")
    page.click('#deck-table tr[data-card="1_168"] button.plus')  # an edit redraws it, still in Italian
    page.wait_for_function(
        "document.querySelector('#legality li[data-code=\"deck-size\"]').textContent.startsWith('Il mazzo ha 2 carte; ')"
    )
    assert page.locator("#legality p.small").inner_text().startswith("Versione delle regole ")
    add = page.locator('#card-results li[data-card="1_168"] button.add')
    assert add.get_attribute("aria-label").startswith("aggiungi ")
    assert (
        page.locator('#deck-table tr[data-card="1_168"] button.minus').get_attribute("aria-label")
        == "una in meno"
    )
    page.click("#view-toggle")
    assert page.inner_text("#view-toggle") == "Mostra l'elenco"
    page.click("#view-toggle")
    assert page.inner_text("#view-toggle") == "Mostra le immagini delle carte"
    # The pasted list's report.
    page.fill("#decklist", "2x Fanfare (V)")
    page.click("#import-list")
    page.wait_for_function(
        "document.querySelector('#import-status').textContent.startsWith('Aggiunte 2 carte')"
    )
    # A line it cannot read, with its closest cards: worded by the page endpoint (/decks/read-list/) in Italian.
    page.fill("#decklist", "1x Han Solu")
    page.click("#import-list")
    problem = page.locator('#paste-problems li[data-code="unknown-card-name"]')
    problem.wait_for()
    assert problem.inner_text().startswith('Riga 1: nessuna carta si chiama "Han Solu". Forse cercavi: ')
    assert re.search(r", Lato (Oscuro|Chiaro)\)$", problem.locator("button.suggestion").first.inner_text())


def test_polish_counts_in_its_forms_in_the_page(page_in, live_site):
    page = page_in("pl")
    page.goto(live_site + "/decks/new/")
    forms = page.evaluate(
        "[1, 3, 5, 22, 25, 112].map((n) => interpolate(ngettext('%(count)s card', '%(count)s cards', n), {count: n}, true))"
    )
    assert forms == ["1 karta", "3 karty", "5 kart", "22 karty", "25 kart", "112 kart"]


def test_the_replay_viewer_in_polish(page_in, live_site):
    page = page_in("pl")
    page.goto(live_site + "/games/swccg/replay/")
    page.click("#file-open")  # no file chosen
    assert page.inner_text("#ccg-error") == "Najpierw wybierz plik."
    page.fill("#record-text", json.dumps(sample_record()))
    page.click("#record-load")
    page.wait_for_selector("#ccg-table:not(.loading) #ccg-turn")
    assert "Znaleziono 1 złamaną zasadę (sprawdzono do końca)." in page.inner_text("#ccg-outcome")
    assert page.inner_text("#ccg-turn") == "Przygotowanie, przed pierwszą turą"
    assert page.inner_text('.ccg-side[data-side="dark"] h3') == "Ciemna Strona"
    assert page.inner_text('.ccg-side[data-side="dark"] .ccg-life').startswith("Moc Życiowa ")
    # The record's events are the server's words, as they come.
    assert "Dark Side starts at" in page.inner_text("#ccg-event-words")
    # The broken rule's title and summary in Polish (rules/views/swccg_rule_words.py), the Italian source quoted.
    violation = page.locator("#ccg-violations li.ccg-violation").first
    said = page.evaluate(
        "(code) => JSON.parse(document.getElementById('ccg-rule-words').textContent)[code]",
        violation.get_attribute("data-code"),
    )
    rule = violation.locator(".ccg-rule")
    assert said["title"] in rule.inner_text() and said["rule"] in rule.inner_text()
    assert "«" in rule.get_attribute("title")


def test_without_the_catalogue_the_builder_works_in_english(page_in, live_site):
    page = page_in("it")
    page.route(re.compile(r".*/jsi18n/.*"), lambda route: route.abort())
    # Nor the page's legality panel: the script draws it from /api/legality/, in English, as before.
    page.route(re.compile(r".*/decks/legality-panel/$"), lambda route: route.abort())
    search_and_add(page, live_site, "vader", "1_168")
    assert re.fullmatch(r"\d+ cards(, first 25)?", page.inner_text("#card-search-status"))
    assert page.inner_text("#deck-count") == "1 in the deck"
    assert page.inner_text("#legality h2").startswith("Not legal in ")
