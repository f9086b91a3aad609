"""Set pages (issue #12): release dates and card counts where the data has them; long sets grouped by type and
paginated. On the real catalogues."""

import html
import re

import pytest

from cardsdb.models import Card, CardSet
from cardsdb.set_pages import PER_PAGE

pytestmark = pytest.mark.usefixtures("catalogue", "swtcg_catalogue")


def page(client, url, **params):
    response = client.get(url, params)
    assert response.status_code == 200, response.content[:300]
    return response.content.decode()


def text_of(markup):
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup))).strip()


def rows(markup):
    """The card rows of a set page (one link to a card page each)."""
    return re.findall(r'<tr class="side-[^"]*"><td[^>]*><a href="(/cards/[^"]+)"', markup)


def test_set_list_shows_release_dates_and_counts(client):
    markup = page(client, "/sets/")
    premiere = markup[markup.index(">Premiere</a>") :][:600]
    assert '<time datetime="1995-12-01">Dec 1995</time>' in premiere
    # The source gives 324 cards; the catalogue holds 325 (a card printed twice in it is counted per printing).
    held = CardSet.objects.get(game="swccg", code="1").printings.count()
    assert "324" in premiere and f"({held} in the catalogue)" in premiere  # shown, not only on hover
    alta = text_of(markup[markup.index(">A Long Time Ago</a>") :][:400])
    assert alta.split("—")[1].strip().startswith("690")  # no date in the data: a dash, then its 690 cards


def test_a_set_without_a_size_in_the_data_shows_what_the_catalogue_holds(client):
    unsized = CardSet.objects.filter(game="swccg", size__isnull=True).first()
    text = text_of(page(client, f"/sets/swccg/{unsized.code}/"))
    held = Card.objects.filter(printings__card_set=unsized).count()
    assert f"{held} cards in the catalogue (the set's size is not in the data)" in text


def test_a_long_set_is_grouped_by_type_and_paginated(client):
    markup = page(client, "/sets/swtcg/ALTA/")
    text = text_of(markup)
    counts = {t: int(n) for t, n in re.findall(r'href="\?type=[^"]+"[^>]*>([^<(]+) \((\d+)\)</a>', markup)}
    assert sum(counts.values()) == 690 and counts["Character"] == 117
    assert len(rows(markup)) == PER_PAGE
    assert "cards 1–150 of 690" in text
    groups = re.findall(r'<th colspan="\d+" scope="rowgroup">([^<]+)</th>', markup)
    assert groups[:2] == ["Battle", "Character"]  # in type order, each type once on the page
    assert len(groups) == len(set(groups))
    last = page(client, "/sets/swtcg/ALTA/", page=5)
    assert len(rows(last)) == 690 - 4 * PER_PAGE


def test_one_type_of_a_set(client):
    markup = page(client, "/sets/swtcg/ALTA/", type="Character")
    listed = rows(markup)
    assert len(listed) == 117
    codes = [url.rstrip("/").rsplit("/", 1)[1] for url in listed]
    assert set(Card.objects.filter(game="swtcg", code__in=codes).values_list("type", flat=True)) == {
        "Character"
    }
    assert 'aria-current="page">Character (117)' in markup


def test_an_unknown_type_lists_every_card_and_says_so(client):
    markup = page(client, "/sets/swccg/1/", type="Nope")
    assert "This set has no card of type “Nope”: every card is listed." in html.unescape(markup)
    assert len(rows(markup)) == PER_PAGE


@pytest.mark.parametrize("bad", ["0", "x", "9" * 50, "-1"])
def test_a_bad_page_number_is_a_page_not_an_error(client, bad):
    assert rows(page(client, "/sets/swtcg/ALTA/", page=bad))


def test_promo_set_lists_the_cards_merged_into_other_sets(client):
    markup = page(client, "/sets/swtcg/PROMO/", type="Character")
    assert "/cards/swtcg/AGD_" in markup  # a promo whose card is its own set's (Ahsoka Tano (A) (Promo))
