"""Deck list readers and writers (decks.formats_io): pure Python, no database."""

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from decks.formats_io import gemp, holotable, swccgdb, text
from decks.formats_io.base import CardInfo, DeckEntry, DictResolver, Match, fold, totals
from decks.formats_io.detect import detect, read_any
from decks.formats_io.writers import write_gemp_list, write_gemp_xml, write_json, write_text
from tests.conftest import require_data

# (id, title, side, nicknames, type): real cards, as in Dark.json/Light.json (checked by a test below)
CARDS = [
    ("1_168", "•Darth Vader", "Dark", ("Space Vader", "Math Vader"), "Character"),
    ("7_175", "•Darth Vader, Dark Lord Of The Sith", "Dark", ("DVDLOTS", "Choke Vader"), "Character"),
    ("101_5", "•Vader", "Dark", (), "Character"),
    ("219_26", "•Vader (V)", "Dark", (), "Character"),
    ("7_163", "2X-7KPR (Tooex)", "Dark", (), "Character"),
    ("1_194", "Stormtrooper", "Dark", (), "Character"),
    ("1_295", "•Tatooine: Mos Eisley", "Dark", ("TME",), "Location"),
    ("221_37", "•Tatooine: Mos Eisley (V)", "Dark", ("TMEv",), "Location"),
    ("1_301", "•Devastator", "Dark", (), "Starship"),
    ("1_324", "•Vader's Lightsaber", "Dark", (), "Weapon"),
    ("8_126", "•Imperial Arrest Order", "Dark", ("IAO",), "Effect"),
    ("4_114", "•3,720 To 1", "Dark", ("Numbers",), "Effect"),
    ("1_234", "Alter", "Dark", (), "Interrupt"),
    ("12_145", "Alter", "Dark", (), "Interrupt"),  # Coruscant reprint of the Premiere card
    (
        "7_297",
        "Hunt Down And Destroy The Jedi / Their Fire Has Gone Out Of The Universe",
        "Dark",
        (),
        "Objective",
    ),
    ("200_99", "•Vote Of No Confidence", "Dark", (), "Defensive Shield"),
    ("1_19", "•Luke Skywalker", "Light", ("Farmboy Luke",), "Character"),
    ("1_7", "•Dice Ibegon", "Light", (), "Character"),
    ("1_1", "2X-3KPR (Tooex)", "Light", (), "Character"),
    ("1_133", "•Tatooine: Mos Eisley", "Light", ("TME",), "Location"),
    ("218_30", "•Tatooine: Mos Eisley (V)", "Light", ("TMEv",), "Location"),
    ("1_71", "Alter", "Light", (), "Interrupt"),
]
INFO = {cid: CardInfo(cid, title, kind, side) for cid, title, side, _nicks, kind in CARDS}
SETS = {"Premiere": "1", "Coruscant": "12", "Special Edition": "7", "Virtual Set 21": "221"}


@pytest.fixture(scope="module")
def resolver():
    return DictResolver([c[:4] for c in CARDS], sets=SETS)


def only(result, code):
    return [p for p in result.problems if p.code == code]


def counts(result):
    return totals(result.entries)


# -- real data ---------------------------------------------------------------------------------------------


def data_dir() -> Path:
    return require_data() / "swccg"


@pytest.fixture(scope="module")
def real_cards():
    folder = data_dir()
    cards = []
    for name in ("Dark.json", "Light.json"):
        cards += json.loads((folder / name).read_text(encoding="utf-8"))["cards"]
    return cards


@pytest.fixture(scope="module")
def real_resolver(real_cards):
    return DictResolver(
        [(c["gempId"], c["front"]["title"], c["side"], c.get("abbr", [])) for c in real_cards]
    )


def test_the_small_card_list_is_real(real_cards):
    by_id = {}
    for card in real_cards:
        by_id.setdefault(card["gempId"], []).append(card)
    for cid, title, side, nicknames, kind in CARDS:
        real = by_id[cid][0]
        assert (real["front"]["title"], real["side"], real["front"]["type"]) == (title, side, kind), cid
        assert set(nicknames) <= set(real.get("abbr", [])), cid


def test_first_sample_deck_round_trips_as_a_gemp_list(real_cards, real_resolver):
    deck = json.loads((data_dir() / "gemp" / "sample_decks.json").read_text(encoding="utf-8"))["decks"][0]
    written = write_gemp_list(
        [DeckEntry(cid, 1) for cid in deck["cards"]]
        + [DeckEntry(cid, 1, "outside") for cid in deck["outside_deck"]]
    )
    assert written == ",".join(deck["cards"]) + "|" + ",".join(deck["outside_deck"])
    result = gemp.read_list(written, real_resolver)
    assert result.problems == []
    assert counts(result) == {(cid, "deck"): n for cid, n in Counter(deck["cards"]).items()}
    assert result.side == "Dark"  # "Bring Him Before Me" is a Dark Side objective


def test_sample_decks_round_trip_as_text_and_xml_with_real_titles(real_cards, real_resolver):
    info = {
        c["gempId"]: CardInfo(c["gempId"], c["front"]["title"], c["front"]["type"], c["side"])
        for c in real_cards
    }
    decks = json.loads((data_dir() / "gemp" / "sample_decks.json").read_text(encoding="utf-8"))["decks"]
    checked = 0
    for deck in decks:
        if any(cid not in info for cid in deck["cards"] + deck["outside_deck"]):
            continue  # a few use ids of retired cards
        entries = [DeckEntry(cid, n) for cid, n in Counter(deck["cards"]).items()]
        entries += [DeckEntry(cid, n, "outside") for cid, n in Counter(deck["outside_deck"]).items()]
        written = write_text(entries, info, name=deck["name"])
        for result in (
            text.read(written, real_resolver),
            read_any(write_gemp_xml(entries, info), real_resolver),
        ):
            assert result.problems == [], (deck["name"], result.problems)
            assert counts(result) == totals(entries), deck["name"]
        checked += 1
    assert checked >= 50


# -- resolver ----------------------------------------------------------------------------------------------


def test_resolver_ids_strip_gemp_markers(resolver):
    assert resolver.by_id("1_168*") == "1_168"
    assert resolver.by_id(" 1_168^ ") == "1_168"
    assert resolver.by_id("99_999") is None


@pytest.mark.parametrize(
    "written, expected",
    [
        ("Darth Vader", "1_168"),
        ("•DARTH VADER", "1_168"),
        ("math vader", "1_168"),  # nickname
        ("Vader’s Lightsaber", "1_324"),  # curly quote
        ("Vader (V)", "219_26"),
        ("Vader (v)", "219_26"),
        ("Vader v", "219_26"),
        ("Vader", "101_5"),
        ("Hunt Down And Destroy The Jedi", "7_297"),  # one half of a two-sided title
        ("Alter", None),  # Dark and Light versions: ambiguous without a side
    ],
)
def test_resolver_names(resolver, written, expected):
    assert resolver.by_name(written).card_id == expected


def test_resolver_side_reprints_and_set_hints(resolver):
    assert resolver.by_name("Tatooine: Mos Eisley", side="Light").card_id == "1_133"
    assert resolver.by_name("TME", side="Dark").card_id == "1_295"
    assert resolver.by_name("Alter", side="Dark").card_id == "1_234"  # printings of one card: the earliest
    assert resolver.by_name("Alter", side="Dark", set_hint="Coruscant").card_id == "12_145"
    assert resolver.by_name("Alter", side="Dark", set_hint="12").card_id == "12_145"
    assert (
        resolver.by_name("Alter", side="Dark", set_hint="Hoth").card_id == "1_234"
    )  # a wrong set hides nothing
    ambiguous = resolver.by_name("Alter")
    assert ambiguous.ambiguous and {c[0] for c in ambiguous.candidates} == {"1_234", "12_145", "1_71"}


def test_resolver_unknown_names_get_close_candidates(resolver):
    match = resolver.by_name("Darth Vadr")
    assert match == Match(None, match.candidates) and not match.ambiguous
    assert match.candidates[0] == ("1_168", "•Darth Vader", "Dark")
    other_side = resolver.by_name("Luke Skywalker", side="Dark")
    assert other_side.card_id is None and other_side.candidates == (("1_19", "•Luke Skywalker", "Light"),)


# -- GEMP list ---------------------------------------------------------------------------------------------


def test_gemp_list(resolver):
    result = gemp.read_list("1_168,1_168*,7_175^,1_295|200_99", resolver)
    assert result.format == "gemp-list" and result.problems == []
    assert counts(result) == {
        ("1_168", "deck"): 2,
        ("7_175", "deck"): 1,
        ("1_295", "deck"): 1,
        ("200_99", "outside"): 1,
    }
    assert result.side == "Dark"
    assert all(e.line is None for e in result.entries)


@pytest.mark.parametrize("written", ["1_19,1_7", "1_19,1_7|", " 1_19 , 1_7 |\n"])
def test_gemp_list_without_outside_cards(resolver, written):
    result = gemp.read_list(written, resolver)
    assert counts(result) == {("1_19", "deck"): 1, ("1_7", "deck"): 1} and result.problems == []
    assert result.side == "Light"


def test_gemp_list_reports_unknown_ids_with_their_position(resolver):
    result = gemp.read_list("1_168,99_999,1_168|abc", resolver)
    assert counts(result) == {("1_168", "deck"): 2}
    problems = only(result, "unknown-card-id")
    assert [p.text for p in problems] == ["99_999 (deck card 2)", "abc (outside-of-deck card 1)"]
    assert '"99_999"' in problems[0].message


def test_gemp_list_extra_separator_is_reported_not_dropped(resolver):
    result = gemp.read_list("1_168|1_295|200_99", resolver)
    assert [p.code for p in result.problems] == ["bad-line"]
    assert counts(result) == {("1_168", "deck"): 1, ("1_295", "outside"): 1, ("200_99", "outside"): 1}


@pytest.mark.parametrize("written", ["", "   \n", "|"])
def test_gemp_list_empty(resolver, written):
    result = gemp.read_list(written, resolver)
    assert result.entries == [] and [p.code for p in result.problems] == ["empty-deck"]


# -- GEMP XML ----------------------------------------------------------------------------------------------

GEMP_XML = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<deck>
<card blueprintId="7_297" title="Hunt Down And Destroy The Jedi"/>
<card blueprintId="1_168" title="•Darth Vader" testingText="x" backSideTestingText="y"/>
<card blueprintId="1_168*" title="•Darth Vader"/>
<card blueprintId="1_295" horizontal="true"/>
<cardOutsideDeck blueprintId="200_99" title="•Vote Of No Confidence"/>
</deck>
"""


def test_gemp_xml(resolver):
    result = gemp.read_xml(GEMP_XML, resolver)
    assert result.format == "gemp-xml" and result.problems == []
    assert counts(result) == {
        ("7_297", "deck"): 1,
        ("1_168", "deck"): 2,
        ("1_295", "deck"): 1,
        ("200_99", "outside"): 1,
    }
    assert {e.card_id: e.line for e in result.entries} == {"7_297": 3, "1_168": 4, "1_295": 6, "200_99": 7}
    assert result.side == "Dark"


def test_gemp_xml_unknown_id_quotes_title_and_line(resolver):
    result = gemp.read_xml(
        '<deck>\n<card blueprintId="1_168"/>\n<card blueprintId="98_7" title="Nope"/>\n</deck>', resolver
    )
    (problem,) = result.problems
    assert (problem.code, problem.line) == ("unknown-card-id", 3)
    assert '"Nope"' in problem.message and "98_7" in problem.text
    assert counts(result) == {("1_168", "deck"): 1}


def test_gemp_xml_broken(resolver):
    result = gemp.read_xml(
        '<deck>\n<card blueprintId="1_168"/>\n<card blueprintId="1_168"\n</deck>', resolver
    )
    assert [p.code for p in result.problems] == ["bad-xml", "empty-deck"]
    assert result.problems[0].line == 4 and result.entries == []


@pytest.mark.parametrize(
    "document, line",
    [
        (
            '<?xml version="1.0"?>\n<!DOCTYPE deck [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>\n<deck name="&b;"/>',
            2,
        ),
        ('<!doctype deck SYSTEM "file:///etc/passwd">\n<deck/>', 1),
        ('<deck>\n<card blueprintId="1_168"/>\n<!ENTITY x "y">\n</deck>', 3),
    ],
)
def test_gemp_xml_refuses_doctype_and_entities(resolver, document, line):
    result = gemp.read_xml(document, resolver)
    assert (result.problems[0].code, result.problems[0].line) == ("bad-xml", line)
    assert result.entries == []


def test_gemp_xml_structure_problems(resolver):
    result = gemp.read_xml(
        '<deck>\n<card title="•Darth Vader"/>\n<sideboard blueprintId="1_168"/>\n</deck>', resolver
    )
    assert [(p.code, p.line) for p in result.problems] == [
        ("bad-xml", 2),
        ("bad-xml", 3),
        ("empty-deck", None),
    ]
    assert '"•Darth Vader"' in result.problems[0].message
    wrong_root = gemp.read_xml('<cards><card blueprintId="1_168"/></cards>', resolver)
    assert wrong_root.problems[0].code == "bad-xml" and "<cards>" in wrong_root.problems[0].message


# -- plain text --------------------------------------------------------------------------------------------


def test_text_count_spellings_and_line_numbers(resolver):
    listing = """2x Darth Vader
3 Stormtrooper

x2 •Devastator
Vader's Lightsaber x3
# a comment
// another one
1 x Imperial Arrest Order
•3,720 To 1
2X-7KPR (Tooex)
2x 2X-7KPR (Tooex)
Vader (V)   // the virtual one
"""
    result = text.read(listing, resolver)
    assert result.problems == [] and result.format == "text"
    assert [(e.card_id, e.count, e.line) for e in result.entries] == [
        ("1_168", 2, 1),
        ("1_194", 3, 2),
        ("1_301", 2, 4),
        ("1_324", 3, 5),
        ("8_126", 1, 8),
        ("4_114", 1, 9),
        ("7_163", 1, 10),
        ("7_163", 2, 11),
        ("219_26", 1, 12),
    ]
    assert result.side == "Dark"


def test_text_set_hints_only_when_the_title_does_not_match(resolver):
    result = text.read(
        "2x Darth Vader [Premiere]\n1 Alter (Coruscant)\n1 Tatooine: Mos Eisley (V)", resolver, side="Dark"
    )
    assert [(e.card_id, e.count) for e in result.entries] == [("1_168", 2), ("12_145", 1), ("221_37", 1)]


def test_text_section_headers_set_zones(resolver):
    listing = """Starting:
1x Hunt Down And Destroy The Jedi
Characters (12)
2x Darth Vader
Effects:
1 Imperial Arrest Order
== Locations ==
1 Tatooine: Mos Eisley
Outside deck:
1 Vote Of No Confidence
Starting Cards
1 Vader
Outside of deck
1 Devastator
Sideboard
1 Stormtrooper
Defensive Shields (outside)
1 Alter
Weapons
1 Vader's Lightsaber
"""
    result = text.read(listing, resolver)
    assert result.problems == []
    assert [(e.card_id, e.zone) for e in result.entries] == [
        ("7_297", "starting"),
        ("1_168", "deck"),
        ("8_126", "deck"),
        ("1_295", "deck"),
        ("200_99", "outside"),
        ("101_5", "starting"),
        ("1_301", "outside"),
        ("1_194", "outside"),
        ("1_234", "outside"),
        ("1_324", "deck"),
    ]


def test_text_markdown_headings_and_bullets(resolver):
    listing = "## Starting\n- 1x Hunt Down And Destroy The Jedi\n# just a note\n* 2x Darth Vader\n## Outside deck\n- Alter"
    result = text.read(listing, resolver, side="Dark")
    assert result.problems == []
    assert [(e.card_id, e.count, e.zone) for e in result.entries] == [
        ("7_297", 1, "starting"),
        ("1_168", 2, "starting"),
        ("1_234", 1, "outside"),
    ]


def test_text_bad_counts_and_garbage(resolver):
    listing = "0x Darth Vader\n-1 Vader\n999999x Vader\n@@@ ###\n2x\nDarth Vadr\n1x Vader"
    result = text.read(listing, resolver)
    assert [(p.code, p.line) for p in result.problems] == [
        ("bad-count", 1),
        ("bad-count", 2),
        ("bad-count", 3),
        ("bad-line", 4),
        ("bad-line", 5),
        ("unknown-card-name", 6),
    ]
    assert '"999999"' in result.problems[2].message and result.problems[2].text == "999999x Vader"
    unknown = result.problems[5]
    assert unknown.text == "Darth Vadr" and unknown.candidates[0] == "•Darth Vader (1_168, Dark)"
    assert [(e.card_id, e.line) for e in result.entries] == [("101_5", 7)]


def test_text_ambiguous_without_side_is_reported(resolver):
    result = text.read("1 Tatooine: Mos Eisley\n2 Alter", resolver)
    assert [(p.code, p.line) for p in result.problems] == [
        ("ambiguous-card-name", 1),
        ("ambiguous-card-name", 2),
        ("empty-deck", None),
    ]
    assert set(result.problems[0].candidates) == {
        "•Tatooine: Mos Eisley (1_133, Light)",
        "•Tatooine: Mos Eisley (1_295, Dark)",
    }
    assert result.side is None


def test_text_ambiguous_resolved_by_given_stated_or_inferred_side(resolver):
    given = text.read("1 Tatooine: Mos Eisley\n1 TME", resolver, side="Light")
    assert [e.card_id for e in given.entries] == ["1_133", "1_133"] and given.side == "Light"
    stated = text.read("Side: Light\n1 Tatooine: Mos Eisley", resolver)
    assert [e.card_id for e in stated.entries] == ["1_133"] and stated.side == "Light"
    # two Dark cards (one of them Light-only would lose the vote): the look-alikes become Dark
    inferred = text.read("1 Tatooine: Mos Eisley\n2 Darth Vader\n1 Luke Skywalker\n1 Alter", resolver)
    assert [e.card_id for e in inferred.entries] == ["1_295", "1_168", "1_19", "1_234"]
    assert inferred.problems == [] and inferred.side is None  # not all matched cards agree


def test_text_unknown_side_and_name_lines(resolver):
    result = text.read("Deck: Vader's Fist\nSide: Purple\n1 Darth Vader", resolver)
    assert [(p.code, p.line) for p in result.problems] == [("unknown-side", 2)]
    assert result.name == "Vader's Fist" and result.side == "Dark"


@pytest.mark.parametrize("written", ["", "\n\n  \n", "# only a comment\n"])
def test_text_empty(resolver, written):
    result = text.read(written, resolver)
    assert result.entries == [] and [p.code for p in result.problems] == ["empty-deck"]


# -- swccgdb -----------------------------------------------------------------------------------------------

SWCCGDB = """Hunt Down 1.0

Side: Dark

Sets: From Premiere to Virtual Set 21 (2)

Objective
Hunt Down And Destroy The Jedi / Their Fire Has Gone Out Of The Universe [Special Edition]

Location
1x Tatooine: Mos Eisley [Premiere]

Characters
2x Darth Vader [Premiere]
1x Darth Vader, Dark Lord Of The Sith [Special Edition]

Interrupts
1x Alter [Coruscant]
1x Sense [Premiere]

Defensive Shield
1x Vote Of No Confidence [Virtual Defensive Shields]

Deck built on https://swccgdb.com
"""


def test_swccgdb_export(resolver):
    result = swccgdb.read(SWCCGDB, resolver)
    assert (result.format, result.name, result.side) == ("swccgdb", "Hunt Down", "Dark")
    assert [(e.card_id, e.count, e.zone, e.line) for e in result.entries] == [
        ("7_297", 1, "starting", 8),
        ("1_295", 1, "deck", 11),
        ("1_168", 2, "deck", 14),
        ("7_175", 1, "deck", 15),
        ("12_145", 1, "deck", 18),
        ("200_99", 1, "outside", 22),
    ]
    (problem,) = result.problems  # Sense is not in the small card list
    assert (problem.code, problem.line, problem.text) == ("unknown-card-name", 19, "1x Sense [Premiere]")


def test_swccgdb_side_line_settles_look_alikes(resolver):
    result = swccgdb.read(
        "Rebels\nSide: Light\nLocations\n1x Tatooine: Mos Eisley [Premiere]\n1x Alter", resolver
    )
    assert [e.card_id for e in result.entries] == ["1_133", "1_71"] and result.name == "Rebels"


def test_swccgdb_a_card_line_above_the_side_line_is_read_as_a_card(resolver):
    for first in ("2x Darth Vader", "2 Darth Vader", "Darth Vader x2", "Darth Vader [Premiere] x2"):
        result = swccgdb.read(f"{first}\nSide: Dark\n1x Alter", resolver)
        assert result.name is None and counts(result) == {("1_168", "deck"): 2, ("1_234", "deck"): 1}, first


def test_swccgdb_single_set_line_is_skipped(resolver):
    result = swccgdb.read("Side: Dark\nSets:\nPremiere\nCharacters\n2x Darth Vader [Premiere]", resolver)
    assert result.problems == [] and counts(result) == {("1_168", "deck"): 2} and result.name is None


# -- Holotable ---------------------------------------------------------------------------------------------

HTD_V2 = """ver 2
back imp.gif
card "/starwars/Premiere-Dark/t_darthvader" 2
card "/starwars/Virtual19-Dark/t_vader" 1
card "/starwars/Premiere-Dark/t_tatooinemoseisley" 1 1 1
card "/TWOSIDED/starwars/SpecialEdition-Dark/t_huntdownanddestroythejedi/theirfirehasgoneoutoftheuniverse" 1 1 1
card "/starwars/Premiere-Dark/t_alter" 3 1
card "/starwars/Premiere-Dark/t_nosuchcard" 1
"""


def test_holotable_deck_file(resolver):
    result = holotable.read(HTD_V2, resolver)
    assert result.format == "holotable" and result.side == "Dark"
    assert [(e.card_id, e.count, e.zone, e.line) for e in result.entries] == [
        ("1_168", 2, "deck", 3),
        ("219_26", 1, "deck", 4),  # a Virtual folder: the (V) card of the same image name
        ("1_295", 1, "starting", 5),
        ("7_297", 1, "starting", 6),
        ("1_234", 1, "starting", 7),
        ("1_234", 2, "deck", 7),
    ]
    (problem,) = result.problems
    assert (problem.code, problem.line) == ("unknown-card-name", 8)


def test_holotable_image_lookup_wins(resolver):
    by_image = DictResolver([c[:4] for c in CARDS], images={"/starwars/Premiere-Dark/t_darthvader": "7_175"})
    result = holotable.read('back imp.gif\ncard "/starwars/Premiere-Dark/t_darthvader" 1', by_image)
    assert [e.card_id for e in result.entries] == ["7_175"]
    assert holotable.image_path("https://res.starwarsccg.org/cards/Premiere-Dark/large/darthvader.gif") == (
        "/starwars/Premiere-Dark/t_darthvader"
    )
    assert holotable.image_path(
        "https://res.starwarsccg.org/cards/SpecialEdition-Dark/large/huntdown.gif",
        "https://res.starwarsccg.org/cards/SpecialEdition-Dark/large/theirfire.gif",
    ) == ("/TWOSIDED/starwars/SpecialEdition-Dark/t_huntdown/theirfire")


def test_holotable_version_1_titles(resolver):
    deck = (
        "back reb.gif\n"
        'card "/starwars/Premiere-Light/t_tatooinemoseisley" "\x95Tatooine: Mos Eisley (0)\\nLight Location - Site '
        '[C1]\\nSet: Premiere" 1\n'
        'card "/starwars/Premiere-Light/t_x" "2X-3KPR (Tooex) (3)\\nLight Character - Droid [C1]" 2\n'
    )
    result = holotable.read(deck, resolver)
    assert result.problems == [] and result.side == "Light"
    assert counts(result) == {("1_133", "deck"): 1, ("1_1", "deck"): 2}


def test_holotable_malformed(resolver):
    deck = 'back who.gif\ncard "/starwars/Premiere-Dark/t_darthvader" 0\ncard "/starwars/Premiere-Dark/t_alter" 1 2\nhello'
    result = holotable.read(deck, resolver)
    assert [(p.code, p.line) for p in result.problems] == [
        ("unknown-side", 1),
        ("bad-count", 2),
        ("bad-count", 3),
        ("bad-line", 4),
        ("empty-deck", None),
    ]


def test_holotable_text_listing(resolver):
    listing = "Starting\n1\tHunt Down And Destroy The Jedi\nCharacters\n2\t•Darth Vader\nDefensive Shields\n1\tVote Of No Confidence"
    result = holotable.read(listing, resolver)
    assert result.problems == []
    assert [(e.card_id, e.count, e.zone) for e in result.entries] == [
        ("7_297", 1, "starting"),
        ("1_168", 2, "deck"),
        ("200_99", 1, "outside"),
    ]


# -- detection ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "document, expected",
    [
        (GEMP_XML, "gemp-xml"),
        ("  <deck/>", "gemp-xml"),
        ("1_168,1_168*,7_175|200_99", "gemp-list"),
        ("1_168\n", "gemp-list"),
        (SWCCGDB, "swccgdb"),
        (HTD_V2, "holotable"),
        ("2\t•Darth Vader\n1\tAlter", "holotable"),
        ("2x Darth Vader\n1 Alter", "text"),
        ("1_168 Darth Vader", "text"),
        ("", "text"),
    ],
)
def test_detect(document, expected):
    assert detect(document) == expected


def test_read_any_uses_the_detected_or_given_reader(resolver):
    assert read_any("1_168,1_168|", resolver).format == "gemp-list"
    forced = read_any("1_168,1_168|", resolver, format="text")
    assert forced.format == "text" and only(forced, "unknown-card-name")
    assert counts(read_any(GEMP_XML, resolver))[("1_168", "deck")] == 2
    with pytest.raises(ValueError, match="unknown deck format"):
        read_any("1_168", resolver, format="octgn")


# -- writers -----------------------------------------------------------------------------------------------

DECK = [
    DeckEntry("7_297", 1, "starting"),
    DeckEntry("1_295", 1, "starting"),
    DeckEntry("1_168", 2),
    DeckEntry("7_175", 1),
    DeckEntry("1_168", 1),  # the same card again: writers add them up
    DeckEntry("12_145", 2),
    DeckEntry("1_234", 1),
    DeckEntry("4_114", 1),
    DeckEntry("7_163", 3),
    DeckEntry("200_99", 1, "outside"),
]


def test_write_gemp_list_round_trip(resolver):
    written = write_gemp_list(DECK)
    assert written.startswith("7_297,1_295,1_168,1_168,1_168,") and written.endswith("|200_99")
    result = gemp.read_list(written, resolver)
    expected = {}
    for (cid, zone), n in totals(DECK).items():  # GEMP has no starting zone: starting cards are deck cards
        key = (cid, "outside" if zone == "outside" else "deck")
        expected[key] = expected.get(key, 0) + n
    assert counts(result) == expected and result.problems == []


def test_write_gemp_xml_round_trip_and_escaping(resolver):
    written = write_gemp_xml(DECK, INFO)
    root = ET.fromstring(written.encode())
    assert [e.tag for e in root].count("card") == 13 and [e.tag for e in root].count("cardOutsideDeck") == 1
    assert root[0].attrib == {"blueprintId": "7_297", "title": INFO["7_297"].title}
    result = gemp.read_xml(written, resolver)
    assert result.problems == [] and result.side == "Dark"
    assert counts(result) == {
        (cid, "outside" if zone == "outside" else "deck"): n for (cid, zone), n in totals(DECK).items()
    }
    tricky = {"1_168": CardInfo("1_168", '<>A & "B" <C>', "Character", "Dark")}
    element = ET.fromstring(write_gemp_xml([DeckEntry("1_168", 1)], tricky).encode())[0]
    assert element.get("title") == '<>A & "B" <C>'


def test_write_text_layout():
    written = write_text(DECK, INFO, name="Hunt\nDown", side="Dark")
    lines = written.splitlines()
    assert lines[:6] == [
        "Deck: Hunt Down",
        "Side: Dark",
        "",
        "Starting (2)",
        "1x " + INFO["7_297"].title,
        "1x •Tatooine: Mos Eisley",
    ]
    assert "Characters (7)" in lines and "3x •Darth Vader" in lines
    assert lines[lines.index("Interrupts (3)") + 1 :][:2] == [
        "1x Alter [1]",
        "2x Alter [12]",
    ]  # two printings
    assert lines[-2:] == ["Outside deck (1)", "1x •Vote Of No Confidence"]


def test_write_text_round_trips(resolver):
    written = write_text(DECK, INFO, name="Hunt Down")
    for result in (text.read(written, resolver), read_any(written, resolver)):
        assert result.problems == [], result.problems
        assert counts(result) == totals(DECK)
        assert (result.name, result.side) == ("Hunt Down", "Dark")


def test_write_text_round_trips_light_look_alikes_and_deck_objectives(resolver):
    deck = [DeckEntry("1_133", 1), DeckEntry("1_71", 2), DeckEntry("1_19", 1, "outside")]
    assert counts(text.read(write_text(deck, INFO), resolver)) == totals(deck)
    odd = [DeckEntry("7_297", 1), DeckEntry("200_99", 2), DeckEntry("1_168", 1, "starting")]  # zones as given
    written = write_text(odd, INFO)
    assert counts(text.read(written, resolver)) == totals(odd)
    assert counts(read_any(written, resolver)) == totals(odd)


def test_write_text_needs_card_information():
    with pytest.raises(ValueError, match="99_1"):
        write_text([DeckEntry("99_1", 1)], INFO)


def test_write_json():
    data = json.loads(write_json(DECK, INFO, name="Hunt Down"))
    assert (data["name"], data["side"]) == ("Hunt Down", "Dark")
    assert data["cards"][0] == {
        "card_id": "7_297",
        "title": INFO["7_297"].title,
        "type": "Objective",
        "count": 1,
        "zone": "starting",
    }
    assert {(c["card_id"], c["zone"]): c["count"] for c in data["cards"]} == totals(DECK)


def test_fold_keeps_titles_apart():
    assert fold("•Vader (V)") == fold("vader v") != fold("Vader")
    assert fold("<>Big One") == fold("◇Big One") == "big one"


def test_sides_read_from_lists_include_swtcgs_yuuzhan_vong():
    from decks.formats_io.base import normalise_side

    assert [normalise_side(s) for s in ("Yuuzhan Vong", "YV", "dark side", "LS", "Empire")] == [
        "Yuuzhan Vong",
        "Yuuzhan Vong",
        "Dark",
        "Light",
        None,
    ]
