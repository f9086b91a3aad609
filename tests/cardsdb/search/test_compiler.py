"""The query language against the real catalogue: each keyword and operator, checked against a plain-Python
filter over the same cards, plus the errors."""

import pytest
from django.db.models import Prefetch

from cardsdb.models import Card, CardRelation
from cardsdb.search.syntax import QuerySyntaxError
from cardsdb.selectors import card_search
from core.text import fold

pytestmark = pytest.mark.usefixtures("catalogue")


def codes(query: str, game: str | None = "swccg") -> set[str]:
    return set(card_search(query=query, game=game).values_list("code", flat=True))


@pytest.fixture(scope="module")
def current_cards(django_db_setup, django_db_blocker) -> list[Card]:
    """The current SWCCG cards with what the predicates read, loaded once for the module's cases (they change
    no card)."""
    with django_db_blocker.unblock():
        return list(
            Card.objects.filter(game="swccg", edition="current").prefetch_related(
                "personas",
                "printings__card_set",
                Prefetch("relations", queryset=CardRelation.objects.select_related("target")),
            )
        )


def expected(predicate, cards) -> set[str]:
    return {c.code for c in cards if predicate(c)}


CASES = [
    (
        "vader",
        lambda c: (
            "vader" in fold(c.name)
            or "vader" in fold(c.gametext)
            or "vader" in " ".join(map(fold, c.nicknames))
            or (c.back and "vader" in fold(c.back.get("gametext", "") + c.back.get("title", "")))
        ),
    ),
    (
        '"lord of the sith"',
        lambda c: "lord of the sith" in c.search_title or "lord of the sith" in c.search_text,
    ),
    ("name:skywalker", lambda c: "skywalker" in c.search_title),
    ("text:retrieve", lambda c: "retrieve" in c.search_text),
    ("lore:smuggler", lambda c: "smuggler" in c.search_lore),
    ("side:light", lambda c: c.side == "Light"),
    ("side:ds", lambda c: c.side == "Dark"),
    ("t:effect", lambda c: "effect" in c.type.lower()),
    ('type="defensive shield"', lambda c: c.type == "Defensive Shield"),
    ("subtype:imperial", lambda c: "imperial" in c.subtype.lower()),
    ("set:V21", lambda c: any(p.card_set.abbr == "V21" for p in c.printings.all())),
    ("set:7", lambda c: any(p.card_set.code == "7" for p in c.printings.all())),
    (
        'set:"special edition"',
        lambda c: any("special edition" in p.card_set.name.lower() for p in c.printings.all()),
    ),
    ("rarity:R1", lambda c: c.rarity == "R1"),
    ("rarity:rare", lambda c: c.rarity in {"R", "R1", "R2"}),
    # The common letters take in SWCCG's numbered grades (issue #25: r:c found nothing).
    ("r:c", lambda c: c.rarity in {"C", "C1", "C2", "C3"}),
    ("rarity:C", lambda c: c.rarity in {"C", "C1", "C2", "C3"}),
    ("rarity:common", lambda c: c.rarity in {"C", "C1", "C2", "C3"}),
    ("r:u", lambda c: c.rarity in {"U", "U1", "U2"}),
    ("rarity:uncommon", lambda c: c.rarity in {"U", "U1", "U2"}),
    ("r:r", lambda c: c.rarity in {"R", "R1", "R2"}),
    ("rarity=C2", lambda c: c.rarity == "C2"),
    ("r:pm", lambda c: c.rarity in {"PM", "PM2", "PM3", "PM5"}),
    ("-r:c", lambda c: c.rarity not in {"C", "C1", "C2", "C3"}),
    # ':' matches a value or a word of it that starts so ("icon:pilot" finds "Permanent Pilot").
    (
        "icon:pilot",
        lambda c: any(
            w.startswith("pilot") for i in c.icons + (c.back or {}).get("icons", []) for w in fold(i).split()
        ),
    ),
    ("icon=pilot", lambda c: "pilot" in [fold(i) for i in c.icons + (c.back or {}).get("icons", [])]),
    (
        "char:droid",
        lambda c: any(
            w.startswith("droid") for v in c.characteristics + c.keywords + c.species for w in fold(v).split()
        ),
    ),
    ("persona:LANDO", lambda c: "LANDO" in [p.code for p in c.personas.all()]),
    ("persona:lando", lambda c: "LANDO" in [p.code for p in c.personas.all()]),
    ("is:unique", lambda c: c.uniqueness_kind == "unique"),
    ("is:restricted", lambda c: c.uniqueness_kind == "restricted"),
    ("is:per-location", lambda c: c.uniqueness_kind == "per-location"),
    ("is:two-sided", lambda c: c.back is not None),
    ("is:virtual", lambda c: c.card_set.kind == "virtual"),
    ("is:variant", lambda c: c.variants.exists()),
    ("destiny:3", lambda c: c.destiny == 3),
    ("destiny=3", lambda c: c.destiny == 3),
    ("destiny!=3", lambda c: c.destiny is not None and c.destiny != 3),
    ("destiny<2", lambda c: c.destiny is not None and c.destiny < 2),
    ("destiny<=2", lambda c: c.destiny is not None and c.destiny <= 2),
    ("destiny>5", lambda c: c.destiny is not None and c.destiny > 5),
    ("destiny>=5", lambda c: c.destiny is not None and c.destiny >= 5),
    ("d:½", lambda c: c.destiny == 0.5),
    ("destiny:π", lambda c: c.destiny == 3.14159),
    ("destiny:pi", lambda c: c.destiny == 3.14159),
    ('destiny:"2 or 5"', lambda c: c.stats_text.get("destiny") == "2 or 5"),
    ("power>=6", lambda c: c.power is not None and c.power >= 6),
    ("pow:*", lambda c: c.stats_text.get("power") == "*"),
    ("ability>4", lambda c: c.ability is not None and c.ability > 4),
    ("deploy<=1", lambda c: c.deploy is not None and c.deploy <= 1),
    ("forfeit>7", lambda c: c.forfeit is not None and c.forfeit > 7),
    ("armor>=6", lambda c: c.armor is not None and c.armor >= 6),
    ("maneuver>4", lambda c: c.maneuver is not None and c.maneuver > 4),
    ("hyperspeed>=6", lambda c: c.hyperspeed is not None and c.hyperspeed >= 6),
    ("landspeed>2", lambda c: c.landspeed is not None and c.landspeed > 2),
    ("parsec<3", lambda c: c.parsec is not None and c.parsec < 3),
    ("politics>=3", lambda c: c.politics is not None and c.politics >= 3),
    ("ferocity>=3", lambda c: c.ferocity is not None and c.ferocity >= 3),
    ("lighticons>=2", lambda c: c.light_icons is not None and c.light_icons >= 2),
    ("darkicons=0", lambda c: c.dark_icons == 0),
    ("-t:character", lambda c: "character" not in c.type.lower()),
    ("t:character -side:light", lambda c: "character" in c.type.lower() and c.side != "Light"),
    ("t:effect or t:interrupt", lambda c: "effect" in c.type.lower() or "interrupt" in c.type.lower()),
    (
        "side:dark (t:starship or t:vehicle) power>4",
        lambda c: (
            c.side == "Dark" and c.type in ("Starship", "Vehicle") and c.power is not None and c.power > 4
        ),
    ),
    ("-(t:character or t:location)", lambda c: c.type not in ("Character", "Location")),
    ("not:unique", lambda c: c.uniqueness_kind != "unique"),
    (
        "pulls:tatooine",
        lambda c: any(
            r.kind == "pulls"
            and ("tatooine" in r.text.lower() or (r.target and "tatooine" in r.target.name.lower()))
            for r in c.relations.all()
        ),
    ),
    (
        "counterpart:tooex",
        lambda c: any(
            r.kind == "counterpart"
            and ("tooex" in r.text.lower() or (r.target and "tooex" in r.target.name.lower()))
            for r in c.relations.all()
        ),
    ),
    ("id:1_168", lambda c: c.code == "1_168"),
]


@pytest.mark.parametrize(("query", "predicate"), CASES, ids=[q for q, _ in CASES])
def test_query_matches_plain_python_filter(query, predicate, current_cards):
    want = expected(predicate, current_cards)
    assert want, f"{query!r} should match something in the real data"
    assert codes(query) == want


def test_stats_without_numbers_never_match_comparisons():
    with_star = Card.objects.filter(edition="current", stats_text__power="*").first()
    assert with_star.code not in codes("power>=0") and with_star.code not in codes("power<100")
    two_or_five = Card.objects.filter(edition="current", stats_text__destiny="2 or 5").first()
    assert two_or_five.code not in codes("destiny>=0")


def test_mark_and_case_insensitive_words():
    assert "1_168" in codes("•DARTH vader")
    assert codes('!"darth vader"') == {"1_168"}
    assert codes('name="Darth Vader"') == {"1_168"}


def test_accent_insensitive():
    assert codes("padme") == codes("padmé")


def test_regex_on_title():
    found = Card.objects.filter(code__in=codes("name:/^dark /")).values_list("name", flat=True)
    assert found and all(n.lower().startswith("dark ") for n in found)


def test_current_cards_by_default_and_history_on_request():
    assert not Card.objects.filter(code__in=codes("vader")).exclude(edition="current").exists()
    assert {Card.objects.get(code=c).edition for c in codes("is:legacy vader")} == {"legacy"}
    assert {Card.objects.get(code=c).edition for c in codes("is:pre-errata")} == {"pre-errata"}
    assert codes("edition:any vader") == codes("vader") | codes("is:legacy vader") | codes(
        "is:pre-errata vader"
    )
    assert codes("edition:legacy") == codes("is:legacy")


def test_order_by_stat_descending_puts_missing_values_last():
    cards = list(card_search(query="set:V21 order:-power", game="swccg"))
    powers = [c.power for c in cards]
    numeric = [p for p in powers if p is not None]
    assert numeric == sorted(numeric, reverse=True)
    assert powers[: len(numeric)] == numeric  # all None at the end


def test_order_and_direction():
    names = [c.name for c in card_search(query="t:objective order:name direction:desc", game="swccg")]
    assert names == sorted(names, reverse=True)
    destinies = [c.destiny for c in card_search(query="t:weapon order:destiny", game="swccg")]
    assert [d for d in destinies if d is not None] == sorted(d for d in destinies if d is not None)


def test_empty_query_lists_current_cards():
    assert len(codes("")) == Card.objects.filter(game="swccg", edition="current").count()


def test_all_games_when_none_is_given():
    everywhere = codes("vader", game=None)
    others = codes("vader", game="swtcg") | codes("vader", game="swdbg")
    assert everywhere > codes("vader") and everywhere - codes("vader") == others
    assert codes("game:swccg vader", game=None) == codes("vader")


@pytest.mark.parametrize(
    ("query", "position", "message"),
    [
        ("vader foo:bar", 6, "unknown keyword 'foo'"),
        ("power>abc", 0, "needs a number"),
        ("name>3", 0, "cannot be compared"),
        ("is:shiny", 0, "unknown is:shiny"),
        ("edition:future", 0, "edition: is"),
        ("order:nonsense", 0, "cannot order by"),
        ("vader or order:power", 9, "must stand on its own"),
        ("direction:up", 0, "asc or desc"),
        ("side:dark icon:/pil/", 10, "does not take a /regex/"),
        ("name:/[unclosed/", 6, "unclosed '[' in the regular expression"),
        ("vader name:/a{1000}/", 13, "at most 255"),  # the position points into the pattern
        ("game:magic", 0, "game: is one of"),
        ("(vader", 0, "Unclosed parenthesis"),
    ],
)
def test_errors_have_messages_and_positions(query, position, message):
    with pytest.raises(QuerySyntaxError) as caught:
        card_search(query=query, game="swccg")
    assert caught.value.position == position
    assert message in caught.value.message
