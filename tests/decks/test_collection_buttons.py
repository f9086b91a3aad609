"""The collection's −/+ on search results (table and grid) and deck pages, without JavaScript: counts and plain
POST forms for logged-in users (none for visitors, whose search pages stay cacheable), the form's redirect back
to the page, its refusals, and one collection query per page however many cards it shows."""

import html
import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardsdb.models import Card, ImportRun
from decks.deck import services as deck_services
from tests.decks.helpers import add, owned

pytestmark = pytest.mark.usefixtures("catalogue")

SEARCH = "/?q=vader&game=swccg"


def step(text: str, code: str) -> str:
    """The −/+ markup of one card on the page."""
    found = re.search(
        rf'<span class="collection-step" data-card="{re.escape(code)}".*?</form>\s*</span>', text, re.S
    )
    assert found, f"no buttons for {code}"
    return found.group(0)


def form_fields(markup: str, delta: str) -> dict[str, str]:
    """The fields the form of the button with this delta sends, as a browser would send them."""
    form = next(
        f for f in re.findall(r"<form.*?</form>", markup, re.S) if f'name="delta" value="{delta}"' in f
    )
    fields = {name: html.unescape(value) for name, value in re.findall(r'name="(\w+)" value="([^"]*)"', form)}
    return fields


def deck(owner, *pairs, public=True):
    return deck_services.deck_create(
        owner=owner,
        name="Vader beats",
        game="swccg",
        side="Dark",
        format_code="open",
        is_public=public,
        entries=[deck_services.Entry(code, count) for code, count in pairs],
    )


def test_search_table_shows_counts_and_forms_that_come_back_to_the_results(page, luke):
    add(luke, "1_168", 2, set_code="1")
    text = page.get(SEARCH).content.decode()
    assert '<td class="owned">2</td>' in text and "decks/collection_buttons.js" in text
    vader = step(text, "1_168")
    assert 'aria-label="Add one Darth Vader to my collection"' in vader
    assert 'aria-label="Remove one Darth Vader from my collection"' in vader
    assert vader.count('action="/collection/change/"') == 2 and vader.count("csrfmiddlewaretoken") == 2
    # "−" takes from the line that holds copies (here the Premiere printing); "+" adds to the plain line
    minus, plus = form_fields(vader, "-1"), form_fields(vader, "1")
    assert minus == {**minus, "card": "1_168", "set": "1", "variant": "", "next": SEARCH, "delta": "-1"}
    assert plus == {**plus, "card": "1_168", "next": SEARCH, "delta": "1"} and "set" not in plus
    # a card not owned shows 0 and its buttons too
    assert '<td class="owned">0</td>' in text and 'data-card="101_5"' in text

    response = page.post("/collection/change/", minus)
    assert response.status_code == 302 and response.url == SEARCH
    response = page.post("/collection/change/", plus, follow=True)
    assert owned(luke) == {("1_168", "1", "", "", ""): 1, ("1_168", "", "", "", ""): 1}
    text = response.content.decode()
    assert '<td class="owned">2</td>' in text and "•Darth Vader: +1." in text  # the result shown on the page
    assert form_fields(step(text, "1_168"), "-1")["set"] == ""  # the plain line holds a copy now


def test_search_grid_shows_counts_and_forms(page, luke):
    add(luke, "1_168", 3)
    url = SEARCH + "&view=grid"
    vader = step(page.get(url).content.decode(), "1_168")
    assert (
        "<span data-owned>3</span>" in vader and 'aria-label="Add one Darth Vader to my collection"' in vader
    )
    fields = form_fields(vader, "1")
    assert fields["next"] == url
    response = page.post("/collection/change/", fields, follow=True)
    assert response.redirect_chain == [(url, 302)] and owned(luke) == {("1_168", "", "", "", ""): 4}
    assert "<span data-owned>4</span>" in step(response.content.decode(), "1_168")


def test_visitors_get_no_counts_no_forms_and_a_page_that_is_kept(client, settings):
    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    for url in (SEARCH, SEARCH + "&view=grid"):
        response = client.get(url)
        text = response.content.decode()
        assert response.status_code == 200 and "Darth Vader" in text
        assert "collection-step" not in text and "collection_buttons.js" not in text
        assert "csrfmiddlewaretoken" not in text and not response.cookies  # nothing stops keeping the page
    Card.objects.filter(code="1_168").update(title="Renamed Without An Import")
    assert "Renamed Without An Import" not in client.get(SEARCH).content.decode()  # kept
    ImportRun.objects.create(game_id="swccg", source="test")
    assert "Renamed Without An Import" in client.get(SEARCH).content.decode()


@pytest.mark.parametrize(
    "next_url",
    ["https://evil.example/", "//evil.example/x", "/\\evil.example", "http:///evil.example", "\x00/x", ""],
)
def test_only_a_same_site_next_is_followed(page, luke, next_url):
    response = page.post("/collection/change/", {"card": "1_168", "delta": "1", "next": next_url})
    assert response.status_code == 302 and response.url == "/cards/swccg/1_168/"
    assert owned(luke) == {("1_168", "", "", "", ""): 1}


def test_removing_below_zero_is_refused_and_said_on_the_page(page, luke):
    add(luke, "1_168", 1, set_code="1")
    response = page.post(
        "/collection/change/", {"card": "1_168", "delta": "-1", "next": SEARCH}, follow=True
    )  # the plain line holds none: a form of an older page
    text = response.content.decode()
    assert response.redirect_chain == [(SEARCH, 302)]
    assert "the line has 0 copies; -1 would make -1" in text and "Nothing changed." in text
    assert '<td class="owned">1</td>' in text and owned(luke) == {("1_168", "1", "", "", ""): 1}


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ("card=%ED%A0%80&delta=1", "unknown-card"),  # a lone surrogate, as UTF-8 bytes
        ("card=1_168&delta=1&set=%ED%A0%80", "invalid-request"),
        ("card=1_168&delta=1&variant=%ED%B0%80", "invalid-request"),
        ("card=1_168%00&delta=1", "unknown-card"),
        ("delta=1", "unknown-card"),
        ("card=&delta=1", "unknown-card"),
        ("card=no_such_card&delta=1", "unknown-card"),
        ("card=1_168&delta=" + "9" * 5000, "invalid-request"),
        ("card=1_168&delta=-" + "9" * 5000, "invalid-request"),
        ("card=1_168&delta=10000", "invalid-request"),
        ("card=1_168&delta=0", "invalid-request"),
        ("card=1_168&delta=%2B", "invalid-request"),
        ("card=1_168&delta=--1", "invalid-request"),
        ("card=1_168&delta=-%2B1", "invalid-request"),
        ("card=1_168&delta=%D9%A3", "invalid-request"),  # an Arabic-Indic three
        ("card=1_168", "invalid-request"),
        ("card=1_168&delta=1&finish=shiny", "invalid-request"),
    ],
)
def test_hostile_forms_answer_400_with_a_code_and_change_nothing(page, luke, body, code):
    response = page.post(
        "/collection/change/",
        body + "&next=%2F%3Fq%3Dvader",
        content_type="application/x-www-form-urlencoded",
    )
    text = response.content.decode()
    assert response.status_code == 400 and f'data-code="{code}"' in text
    assert 'href="/?q=vader"' in text and not owned(luke)


def collection_queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return sum("decks_collectionitem" in q["sql"] for q in queries.captured_queries)


def test_a_results_page_reads_the_collection_once_however_many_cards_it_shows(page, luke):
    for code in ("1_168", "1_169", "1_11", "1_19"):
        add(luke, code, 2)
    small, large = "/?q=id:1_168&game=swccg", "/?q=type:character&game=swccg"
    for view in ("", "&view=grid"):
        page.get(large + view)  # what a page builds once per catalogue (kept between tests) is built now
        with CaptureQueriesContext(connection) as one:
            page.get(small + view)
        with CaptureQueriesContext(connection) as full:
            text = page.get(large + view).content.decode()
        assert text.count('class="collection-step"') == 60  # a full page
        assert len(full) == len(one)
        assert collection_queries(page, large + view) == 1


def test_the_deck_page_shows_counts_and_forms_to_its_owner_and_logged_in_readers(client, luke):
    mine = deck(luke, ("1_168", 2), ("1_169", 1))
    add(luke, "1_168", 1, set_code="1")
    url = f"/decks/{mine.pk}/"
    client.force_login(luke)
    text = client.get(url).content.decode()
    vader = step(text, "1_168")
    assert "<span data-owned>1</span>" in vader and "<span data-owned>0</span>" in step(text, "1_169")
    assert "decks/collection_buttons.js" in text
    assert 'aria-label="Remove one Darth Vader from my collection"' in vader
    response = client.post("/collection/change/", form_fields(vader, "-1"))
    assert response.status_code == 302 and response.url == url and not owned(luke)

    lando = User.objects.create(username="lando")
    client.force_login(lando)  # a public deck: anyone logged in sees their own counts
    text = client.get(url).content.decode()
    assert "<span data-owned>0</span>" in step(text, "1_168")
    response = client.post("/collection/change/", form_fields(step(text, "1_168"), "1"))
    assert response.url == url and owned(lando) == {("1_168", "", "", "", ""): 1} and not owned(luke)
    client.logout()
    text = client.get(url).content.decode()
    assert "Darth Vader" in text and "collection-step" not in text and "collection_buttons.js" not in text


def test_a_deck_page_reads_the_lines_to_show_in_one_query(client, luke):
    codes = ["1_168", "1_169", "1_11", "1_19", "1_1", "1_2", "1_3", "1_4", "1_5", "1_6"]
    for code in codes:
        add(luke, code, 1)
    client.force_login(luke)
    small, large = deck(luke, ("1_168", 1)), deck(luke, *[(code, 1) for code in codes])
    assert collection_queries(client, f"/decks/{small.pk}/") == collection_queries(
        client, f"/decks/{large.pk}/"
    )
    assert step(client.get(f"/decks/{large.pk}/").content.decode(), "1_6").count("data-owned>1<") == 1
