"""The default order of search results (cardsdb/search/relevance.py): the exact title, a nickname or acronym,
a unique card with the words as whole words of its title, titles beginning with the words, a word of the title beginning with them, every word in the title, the rest;
ties by name. The same on SQLite and PostgreSQL, in the API and on the page; order: overrides it."""

import re

import pytest
from rest_framework.test import APIClient

from cardsdb.models import Card
from cardsdb.selectors import card_search
from core.text import fold

pytestmark = pytest.mark.usefixtures("catalogue")


def titles(query, game="swccg"):
    return list(card_search(query=query, game=game).values_list("title", flat=True))


def rank(title_key: str, words: list[str], unique: bool, nickname: bool = False) -> int:
    """The rank relevance.py gives, recomputed in Python from the folded title (with its nicknames)."""
    phrase = fold(" ".join(words))
    if title_key == phrase or title_key.startswith(phrase + " / "):
        return 0
    if nickname:
        return 1
    if unique and re.search(rf"(^| ){re.escape(phrase)}($| |,)", title_key):
        return 2
    if title_key.startswith(phrase):
        return 3
    if " " + phrase in title_key:
        return 4
    if all(fold(w) in title_key for w in words):
        return 5
    return 6


@pytest.mark.parametrize("query", ["vader", "darth vader", "luke skywalker", "jedi", "hunt down", "dark"])
def test_ranks_never_go_down(query):
    cards = card_search(query=query, game="swccg").values_list("search_title", "uniqueness_kind", "relevance")
    words = query.split()
    got = [r for _title, _unique, r in cards]
    assert got == sorted(got), "ranks must not go down the list"
    for title_key, unique, r in cards:
        if r != 1:  # nickname hits are told by the nickname index, checked below
            assert r == rank(title_key, words, unique != "none"), title_key


def test_exact_title_first_then_unique_cards_named_so_then_prefix():
    """Issue #25: "vader" put •Darth Vader on row 23, behind every "Vader's …" card."""
    found = titles("vader")
    assert found[0] == "•Vader"
    first_prefix = min(i for i, t in enumerate(found) if fold(t).startswith("vader'"))
    assert found.index("•Darth Vader") < min(first_prefix, 5)


def test_two_words_exact_title_first():
    found = titles("darth vader")
    assert found[0] == "•Darth Vader"
    assert found[1] == "•Darth Vader (V)"
    assert found.index("•Darth Vader, Dark Lord Of The Sith") < len(found)


def test_title_matches_come_before_text_matches():
    found = card_search(query="tatooine", game="swccg").values_list("search_title", flat=True)
    in_title = ["tatooine" in t for t in found]
    assert in_title == sorted(in_title, reverse=True) and in_title[0] and not in_title[-1]


def test_ties_are_by_name():
    """Within one rank, the database's own order of names (its collation), then side and id."""
    tied = card_search(query="vader", game="swccg").filter(relevance=3)
    codes = list(tied.values_list("code", flat=True))
    assert len(codes) > 5
    by_name = Card.objects.filter(code__in=codes, game_id="swccg").order_by("name", "side", "code")
    assert codes == list(by_name.values_list("code", flat=True))


def test_an_acronym_ranks_right_after_the_exact_title():
    assert titles("HDADTJ")[0].startswith("Hunt Down And Destroy The Jedi")


def test_explicit_order_overrides_relevance():
    powers = list(card_search(query="vader order:-power", game="swccg").values_list("power", flat=True))
    numbers = [p for p in powers if p is not None]
    assert numbers == sorted(numbers, reverse=True)
    assert "relevance" not in card_search(query="vader order:name", game="swccg").query.annotations


def test_without_words_the_order_is_by_name():
    names = list(card_search(query="t:objective", game="swccg").values_list("name", flat=True)[:20])
    assert "relevance" not in card_search(query="t:objective", game="swccg").query.annotations
    assert len(names) == 20


def test_other_games_too(swtcg_catalogue):
    found = titles("darth vader", game="swtcg")
    assert found[0].startswith("Darth Vader (")  # every version of the exact name before "Darth Vader's …"
    exact = [t for t in found if re.fullmatch(r"Darth Vader( \(\w+\))+", t)]
    assert found[: len(exact)] == exact


def test_the_api_answers_in_the_same_order():
    response = APIClient().get("/api/cards/", {"game": "swccg", "q": "vader", "page_size": 20})
    assert [c["title"] for c in response.json()["results"]] == titles("vader")[:20]


def test_the_page_answers_in_the_same_order(client):
    markup = client.get("/", {"q": "vader"}).content.decode()
    codes = re.findall(r'<a href="/cards/swccg/([^/"]+)/">', markup)
    assert codes == list(card_search(query="vader", game="swccg").values_list("code", flat=True)[:60])
