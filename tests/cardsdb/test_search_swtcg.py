"""The query language on the real SWTCG catalogue: its own keywords (arena, version, side with Yuuzhan Vong,
subtype words, banned/restricted…), each checked against a plain-Python filter over the same cards, plus the set
names and the errors."""

import pytest

from cardsdb.importers import swtcg
from cardsdb.models import Card, CardSet, Persona
from cardsdb.search.syntax import QuerySyntaxError
from cardsdb.selectors import card_search
from core.text import fold


@pytest.fixture(autouse=True)
def _catalogue(swtcg_catalogue):
    """Each test runs in a transaction on top of the SWTCG catalogue the test session imported."""


def codes(query: str, game: str | None = "swtcg") -> set[str]:
    return set(card_search(query=query, game=game).values_list("code", flat=True))


@pytest.fixture(scope="module")
def swtcg_cards(django_db_setup, django_db_blocker) -> list[Card]:
    """The SWTCG cards with their sets, loaded once for the module's cases (they change no card)."""
    with django_db_blocker.unblock():
        return list(Card.objects.filter(game="swtcg").select_related("card_set"))


def expected(predicate, cards) -> set[str]:
    return {c.code for c in cards if predicate(c)}


def arenas(card) -> list[str]:
    return card.extra["arenas"]


def subtype_words(card) -> list[str]:
    return [w for phrase in card.characteristics for w in fold(phrase).split()]


CASES = [
    ("arena:space speed>=50", lambda c: "Space" in arenas(c) and c.speed is not None and c.speed >= 50),
    ("arena:character", lambda c: "Character" in arenas(c)),
    ("arena=ground", lambda c: "Ground" in arenas(c)),
    ("arena:space arena:ground", lambda c: {"Space", "Ground"} <= set(arenas(c))),
    ("t:location -arena:space", lambda c: "Space" not in arenas(c) and "location" in c.type.lower()),
    ("icon:space", lambda c: "Space" in arenas(c)),  # the shared icon: keyword means arena: here
    ("is:multi-arena", lambda c: len(arenas(c)) >= 2),
    ("is:unit", lambda c: all(p in ("Space", "Ground", "Character") for p in c.type.split("/"))),
    ("version:a", lambda c: c.extra["version"] == "A"),
    ("version:A2", lambda c: c.extra["version"] == "A2"),
    ("is:unique", lambda c: c.extra["version"] is not None),
    ("side:yv", lambda c: c.side == "Yuuzhan Vong"),
    ('side:"yuuzhan vong"', lambda c: c.side == "Yuuzhan Vong"),
    ("side:n", lambda c: c.side == "Neutral"),
    ("side:dark", lambda c: c.side == "Dark"),
    ("is:banned", lambda c: c.extra["banned"]),
    ("is:restricted", lambda c: c.extra["restricted"]),
    ("is:wotc", lambda c: c.card_set.kind == "wotc"),
    ("subtype:sith", lambda c: any(w.startswith("sith") for w in subtype_words(c))),
    ("char:bodyguard", lambda c: any(w.startswith("bodyguard") for w in subtype_words(c))),
    ('subtype="jedi knight"', lambda c: "jedi knight" in map(fold, c.characteristics)),
    ('st:"jedi master"', lambda c: any(" jedi master" in f" {fold(p)}" for p in c.characteristics)),
    ("cost<=3 t:character", lambda c: c.cost is not None and c.cost <= 3 and "character" in c.type.lower()),
    ("power>=8", lambda c: c.power is not None and c.power >= 8),
    ("health:1", lambda c: c.health == 1),
    ("cost:X", lambda c: c.stats_text.get("cost") == "X"),
    ("set:AOTC", lambda c: c.card_set.code == "AOTC"),
    ('set:"sith rising"', lambda c: c.card_set.code == "SR"),
]


@pytest.mark.parametrize(("query", "predicate"), CASES, ids=[q for q, _ in CASES])
def test_query_matches_plain_python_filter(query, predicate, swtcg_cards):
    want = expected(predicate, swtcg_cards)
    assert want, f"{query!r} should match something in the real data"
    assert codes(query) == want


def test_multi_arena_unit_is_found_in_each_of_its_arenas():
    unit = Card.objects.filter(game="swtcg", type="Space/Ground").first()
    assert (unit.icons, unit.search_icons) == (["Space", "Ground"], "|space|ground|")
    assert unit.code in codes("arena:space") and unit.code in codes("arena:ground")
    assert unit.code not in codes("arena:character")
    triple = set(
        Card.objects.filter(game="swtcg", type="Space/Ground/Character").values_list("code", flat=True)
    )
    assert len(triple) == 22
    assert triple <= codes("arena:space") & codes("arena:ground") & codes("arena:character")


def test_arenas_of_cards_that_are_not_units_come_from_the_subtype():
    bodyguard = Card.objects.get(game="swtcg", name="Czerka Guard")  # Subordinate, "Ground/Character - …"
    assert bodyguard.subtype == "Ground/Character - Merchant Bodyguard"  # printed as the source has it
    assert (bodyguard.extra["arenas"], bodyguard.characteristics) == (
        ["Ground", "Character"],
        ["Merchant Bodyguard"],
    )
    assert bodyguard.search_chars == "|merchant bodyguard|"
    assert bodyguard.code in codes("arena:ground subtype:bodyguard") & codes("arena:character")
    assert bodyguard.code not in codes("is:unit")


def test_subtype_phrases_split_at_dashes_but_not_inside_names():
    vader = Card.objects.filter(game="swtcg", subtype="Dark Jedi Master - Sith Lord").first()
    assert vader.characteristics == ["Dark Jedi Master", "Sith Lord"]
    assert vader.code in codes('subtype="sith lord"') and vader.code in codes("char:master")
    assert swtcg.split_arenas("Character", "Obi-Wan's Ally - Jedi") == (
        ["Character"],
        ["Obi-Wan's Ally", "Jedi"],
    )
    assert swtcg.split_arenas("Equipment", "Skill - Character") == (["Character"], ["Skill"])
    assert swtcg.split_arenas("Subordinate", "Ground/Charcter") == (["Ground", "Character"], [])
    assert swtcg.split_arenas("Battle", "") == ([], [])


def test_version_letter_is_exact():
    found = codes("version:b")
    assert found and {Card.objects.get(game="swtcg", code=c).extra["version"] for c in found} == {"B"}
    assert "AOTC_1" in codes("version:a name:anakin") and "AOTC_1" not in codes("version:b")


def test_yuuzhan_vong_without_a_game_chosen():
    assert codes("side:yv", game=None) == codes("side:yv")
    assert codes("is:banned", game=None) == codes("is:banned")


def test_banned_card_has_its_usage_note():
    assert "ALTA_1" in codes("is:banned")
    assert "ALTA_1" not in codes("-is:banned")


def test_wizards_and_community_sets_have_names():
    names = dict(CardSet.objects.filter(game="swtcg").values_list("code", "name"))
    assert names["AOTC"] == "Attack of the Clones"
    assert names["ROTS"] == "Revenge of the Sith"
    assert names["ESB"] == "The Empire Strikes Back"
    assert names["PROMO"] == "Promos" and names["START"] == "Starter Decks"
    assert names["TFA"] == "The Force Awakens"
    # No public list names these two: they keep their code (VVI, which repeats VV1, is no set: issue #12).
    assert [code for code, name in names.items() if name == code] == ["LOTA", "YV"]
    assert CardSet.objects.get(game="swtcg", code="AOTC").abbr == "AOTC"


@pytest.mark.parametrize(
    ("query", "position", "message"),
    [
        ("side:purple", 0, "side: is one of light, dark, neutral, yuuzhan vong"),
        ("vader destiny>3", 6, "unknown keyword 'destiny' for swtcg"),
        ("is:legendary", 0, "unknown is:legendary; known: banned, community, current"),
        ("arena:/sp/", 0, "does not take a /regex/"),
        ("speed>fast", 0, "needs a number"),
        ("trait:fighter", 0, "unknown keyword 'trait' for swtcg"),
    ],
)
def test_errors_have_messages_and_positions(query, position, message):
    with pytest.raises(QuerySyntaxError) as caught:
        card_search(query=query, game="swtcg")
    assert caught.value.position == position
    assert message in caught.value.message


# --- persona: ------------------------------------------------------------------------------------------------


def persona_cards(code: str) -> set[str]:
    return set(Persona.objects.get(game="swtcg", code=code).cards.values_list("code", flat=True))


def test_persona_names_vader_and_anakin_alike():
    """Darth Vader counts as Anakin Skywalker: the full name, a word of it or the persona's own name all find
    the cards of both names."""
    both = persona_cards("anakin_skywalker")
    names = set(Card.objects.filter(code__in=both, game="swtcg").values_list("name", flat=True))
    assert names == {"Anakin Skywalker", "Darth Vader"}
    for query in ('persona:"darth vader"', "persona:vader", "persona:Vader", 'persona:"Anakin Skywalker"'):
        assert codes(query) == both, query
    assert codes("persona:anakin_skywalker") == both  # the code still works


def test_persona_words_are_whole_words():
    """persona:anakin finds every persona with the word "anakin" in its name (Anakin Solo too), not the things
    named after him ("Anakin's Podracer"); "Darth Vader's Lightsaber" is not persona:vader."""
    anakin = codes("persona:anakin")
    assert persona_cards("anakin_skywalker") | persona_cards("anakin_solo") <= anakin
    assert not persona_cards("anakin's_podracer") & anakin
    assert not persona_cards("darth_vader's_lightsaber") & codes("persona:vader")
    luke = codes("persona:luke")
    assert persona_cards("luke_skywalker") <= luke and not persona_cards("luke's_x-wing") & luke
    assert codes('persona:"luke skywalker"') == persona_cards("luke_skywalker")
    assert codes('persona:"luke\'s x-wing"') == persona_cards("luke's_x-wing")
    assert codes('persona:"skywalker luke"') == persona_cards("luke_skywalker")  # every word, in any order


def test_persona_maps_the_other_name_of_a_pair(swtcg_cards):
    assert codes('persona:"padme skywalker"') == persona_cards("padme_amidala")
    assert codes('persona:"Padmé Amidala"') == persona_cards("padme_amidala")
    assert codes('persona:"beru whitesun"') == persona_cards("beru_lars")
    assert codes("persona:nosuchname") == set()
    assert codes("-persona:vader") == expected(lambda c: True, swtcg_cards) - persona_cards(
        "anakin_skywalker"
    )


def test_persona_without_a_game_keeps_swccg_exact():
    """Without a game, each game reads persona: its own way: SWCCG's GEMP codes and names whole, SWTCG's words."""
    everywhere = set(card_search(query="persona:vader", game=None).values_list("code", "game_id"))
    swccg = set(card_search(query="persona:vader", game="swccg").values_list("code", flat=True))
    assert swccg and {c for c, g in everywhere if g == "swccg"} == swccg
    assert {c for c, g in everywhere if g == "swtcg"} == persona_cards("anakin_skywalker")
    # SWCCG takes no words: its persona is "Vader", so "darth vader" finds none of its cards.
    assert not card_search(query='persona:"darth vader"', game="swccg").exists()
