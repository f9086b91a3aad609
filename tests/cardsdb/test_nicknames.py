"""Nicknames, acronyms and short names (cardsdb/nicknames.py): computed from titles, read from the data, and
understood alike by search, /api/cards/named?fuzzy= and deck-list reading."""

import pytest
from rest_framework.test import APIClient

from cardsdb import nicknames
from cardsdb.models import ImportRun
from cardsdb.names import NameEntry, name_index
from cardsdb.naming import find_card
from cardsdb.nicknames import NicknameIndex, compact
from cardsdb.selectors import card_search
from core.text import acronym, fold, fold_words
from decks.legality.decklists import read_decklist

HUNT_DOWN = "7_297"  # Hunt Down And Destroy The Jedi / Their Fire Has Gone Out Of The Universe
HUNT_DOWN_V = "213_31"  # its (V)


def entry(card_id, title, side="Dark", nicknames=()):
    name = title.lstrip("•")
    return NameEntry(
        card_id,
        f"c{card_id}",
        title,
        side,
        fold_words(name),
        tuple(fold(n) for n in nicknames),
        acronym(name),
        fold_words(title),
    )


@pytest.fixture
def index():
    built = NicknameIndex()
    for e in [
        entry(1, "Hunt Down And Destroy The Jedi / Their Fire Has Gone Out Of The Universe"),
        entry(
            2,
            "Hunt Down And Destroy The Jedi / Their Fire Has Gone Out Of The Universe (V)",
            nicknames=["HDV"],
        ),
        entry(3, "•Obi-Wan Kenobi", "Light"),
        entry(4, "•Obi-Wan's Cape", "Light"),
        entry(5, "•A Day Long Remembered", nicknames=["ADLR"]),
        entry(6, "•A Day Long Remembered (V)", nicknames=["ADLR (V)"]),
        entry(7, "Dark Deal", nicknames=["DD"]),
        entry(8, "Dark Dissension", "Light"),
        entry(9, "•Luke Skywalker, Jedi Knight", "Light"),
        entry(10, "Tatooine: Docking Bay 94", "Light"),
        entry(11, "Tatooine: Docking Bay 94", "Dark"),
    ]:
        built.add(e)
    return built.finish()


def ids(hit):
    return [e.card_id for e in hit.entries] if hit else None


# --- the index, without a database ---


@pytest.mark.parametrize(
    ("text", "card_ids", "how"),
    [
        ("HDADTJ", [1], "acronym"),  # the front face's initials name the original
        ("hdadtj", [1], "acronym"),  # four letters or more: lower case is fine
        ("TFHGOOTU", [1], "acronym"),  # the back face's
        ("HDADTJTFHGOOTU", [1], "acronym"),  # the whole title's
        ("HDADTJV", [2], "acronym"),  # a (V) card's acronyms end in V
        ("HDADTJ(V)", [2], "acronym"),  # written as its title writes it
        ("OWK", [3], "acronym"),  # "Obi-Wan" is two words…
        ("OK", [3], "acronym"),  # …or one; capitals make two letters an acronym
        ("LSJK", [9], "acronym"),  # punctuation and marks ignored
        ("adlr", [5], "nickname"),  # the data's own nickname
        ("ADLR(V)", [6], "nickname"),  # "ADLR (V)" without its space
        ("DD", [7], "nickname"),  # the nickname wins over the acronym Dark Dissension shares
        ("Hunt Down", [1], "short-name"),  # first words of one name: the original, not its (V)
        ("hunt down and destroy the jedi", [1], "short-name"),  # a whole face
        ("Luke Skywalker, Jedi", [9], "short-name"),
        ("Tatooine: Docking", [10, 11], "short-name"),  # one name on both sides: both (the caller asks)
    ],
)
def test_lookup(index, text, card_ids, how):
    hit = index.lookup(text)
    assert ids(hit) == card_ids and hit.how == how


@pytest.mark.parametrize(
    "text",
    [
        "Obi-Wan",  # the first words of two names: not a short name
        "Hunt",  # one word begins too many titles
        "ok",  # two lower-case letters are a word, not an acronym
        "the",
        "HDADTJ extra",  # an acronym is one word
        "",
        "x" * 200,  # longer than any short name: not looked up
    ],
)
def test_no_lookup(index, text):
    assert index.lookup(text) is None


def test_side_narrows(index):
    assert ids(index.lookup("Tatooine: Docking", "light")) == [10]
    assert index.lookup("HDADTJ", "Light") is None  # Hunt Down is Dark


def test_compact_ignores_case_spaces_punctuation_and_marks():
    assert compact("•ADLR (V)") == compact("adlr(v)") == "adlrv"


# --- on the real catalogue ---


def test_built_once_per_catalogue_version(catalogue):
    first = nicknames.for_index(name_index("swccg"))
    assert nicknames.for_index(name_index("swccg")) is first  # kept with the name index
    ImportRun.objects.create(game_id="swccg", source="test")  # what an import does
    assert nicknames.for_index(name_index("swccg")) is not first


@pytest.mark.parametrize(
    ("text", "code", "how"),
    [
        ("HDADTJ", HUNT_DOWN, "acronym"),
        ("HDADTJV", HUNT_DOWN_V, "acronym"),
        ("Hunt Down", HUNT_DOWN, "short-name"),
        ("DLOTS", "7_175", "nickname"),
    ],
)
def test_find_card(catalogue, text, code, how):
    match = find_card("swccg", text)
    assert [e.code for e in match.entries] == [code] and match.how == how


def test_named_fuzzy_understands_acronyms_and_short_names(catalogue):
    api = APIClient()
    for text, code, how in [("HDADTJ", HUNT_DOWN, "acronym"), ("Hunt Down", HUNT_DOWN, "short-name")]:
        response = api.get("/api/cards/named", {"game": "swccg", "fuzzy": text})
        assert response.status_code == 200, response.json()
        assert response.json()["id"] == code and response.json()["matched_by"] == how


def test_named_fuzzy_with_a_short_name_of_several_cards_still_suggests(catalogue):
    response = APIClient().get("/api/cards/named", {"game": "swccg", "fuzzy": "Obi-Wan"})
    assert response.status_code == 404 and response.json()["code"] == "no-match"
    assert "Obi-Wan Kenobi" in response.json()["suggestions"]


def test_deck_lists_read_acronyms_and_short_names(catalogue):
    read = read_decklist("1x HDADTJ\n2x Hunt Down\n1 HDADTJV", game="swccg")
    assert not read.problems
    counts: dict[str, int] = {}
    for e in read.read.entries:
        counts[e.card_id] = counts.get(e.card_id, 0) + e.count
    assert counts == {HUNT_DOWN: 3, HUNT_DOWN_V: 1}


def test_search_finds_a_computed_acronym(catalogue):
    # OWK is no nickname in the data: the acronym is computed from the title.
    found = list(card_search(query="OWK", game="swccg").values_list("code", flat=True))
    assert found[0] == "1_21"  # •Obi-Wan Kenobi, first by relevance


def test_search_of_an_acronym_puts_its_card_first(catalogue):
    found = list(card_search(query="HDADTJ", game="swccg").values_list("code", flat=True))
    assert found[:2] == [HUNT_DOWN, HUNT_DOWN_V]  # the (V) holds "hdadtj/…" in its nicknames


def test_swtcg_acronyms(swtcg_catalogue):
    match = find_card("swtcg", "OWK")
    assert match.how == "acronym" and {e.title.split(" (")[0] for e in match.entries} == {"Obi-Wan Kenobi"}
