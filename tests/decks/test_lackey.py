"""LackeyCCG deck files (decks.formats_io.lackey): readers, writers, detection; pure Python, no database."""

import difflib
from dataclasses import dataclass

import pytest

from decks.formats_io import lackey
from decks.formats_io.base import CardInfo, DeckEntry, Match, fold, totals
from decks.formats_io.detect import detect, read_any
from decks.formats_io.writers import write_lackey_dek, write_lackey_txt


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    side: str
    set: str
    image: str
    type: str


# Real SWTCG cards as the importer stores them (code, title, side, set, ImageFile, type).
CARDS = [
    Card("AOTC_1", "Anakin Skywalker (A)", "Light", "AOTC", "Anakin_Skywalker_A", "Character"),
    Card("AOTC_62", "Anakin Skywalker (C)", "Light", "AOTC", "Anakin_Skywalker_C", "Character"),
    Card(
        "AOTC_anakin-skywalker-c-promo",
        "Anakin Skywalker (C) (Promo)",
        "Light",
        "AOTC",
        "AOTCpromo_Anakin_Skywalker_C",
        "Character",
    ),
    Card("KAE_5", "Bastila Shan (C)", "Light", "KAE", "KAE005_Bastila_Shan_C", "Ground/Character"),
    Card(
        "KAE_P-bastila-shan-c",
        "Bastila Shan (C)",
        "Light",
        "KAE",
        "KAEpromo_Bastila_Shan_C",
        "Ground/Character",
    ),
    Card("LEG_232", "Imperial Knight", "Neutral", "LEG", "LEG232_Imperial_Knight", "Character"),
    Card(
        "15TH_imperial-knight",
        "Imperial Knight",
        "Neutral",
        "15TH",
        "15thpromo_Imperial_Knight",
        "Subordinate",
    ),
    Card("15TH_czerka-guard", "Czerka Guard", "Neutral", "15TH", "15thpromo_Czerka_Guard", "Subordinate"),
    Card("LEG_237", "Jedi Master", "Light", "LEG", "LEG237_Jedi_Master", "Character"),
    Card("LEG_62", "Luke's Spirit (C)", "Light", "LEG", "LEG062_Luke_s_Spirit_C", "Character"),
    Card(
        "LEG_242", "Kark This Destiny Sludge", "Neutral", "LEG", "LEG242_Kark_This_Destiny_Sludge", "Battle"
    ),
    Card("AGD_26", "Corrupt Supply Lines", "Neutral", "AGD", "AGD026_Corrupt_Supply_Lines", "Resource"),
    Card("ANH_7", "Darth Vader (A)", "Dark", "ANH", "ANH007_Darth_Vader_A", "Character"),
    Card(
        "YV_1",
        "Brutal, Merciless, Unstoppable",
        "Yuuzhan Vong",
        "YV",
        "YV01_Brutal_Merciless_Unstoppable",
        "Battle",
    ),
]
BY_ID = {c.id: c for c in CARDS}
INFO = {c.id: CardInfo(c.id, c.title, c.type, c.side, set_code=c.set, image_file=c.image) for c in CARDS}


class FakeResolver:
    """The resolver contract as DatabaseResolver keeps it for SWTCG: exact titles; the set hint chooses among
    cards sharing a title; printings of one card (same title and type) give the first, with every printing as
    candidates; anything else is ambiguous, or unmatched with difflib's closest titles."""

    def by_id(self, card_id):
        return card_id if card_id in BY_ID else None

    def side_of(self, card_id):
        return BY_ID[card_id].side if card_id in BY_ID else None

    def by_name(self, name, *, side=None, set_hint=None, suggest=True):
        hits = [c for c in CARDS if fold(c.title) == fold(name)]
        if not hits:
            titles = [fold(c.title) for c in CARDS] if suggest else []
            close = difflib.get_close_matches(fold(name), titles, n=3, cutoff=0.6)
            return Match(
                None, tuple((c.id, c.title, c.side) for t in close for c in CARDS if fold(c.title) == t)
            )
        hits = [c for c in hits if c.set == set_hint] or hits
        candidates = tuple((c.id, c.title, c.side) for c in hits)
        if len({c.type for c in hits}) == 1:
            return Match(hits[0].id, candidates)
        return Match(None, candidates, ambiguous=True)

    def by_image_file(self, image_file):
        found = [c.id for c in CARDS if c.image.lower() == image_file.lower()]
        return found[0] if len(found) == 1 else None


@pytest.fixture
def resolver():
    return FakeResolver()


def card(title, set_code="", image=""):
    name_id = f' id="{image}"' if image else ""
    title = title.replace("'", "&apos;")
    return f"\t\t<card><name{name_id}>{title}</name><set>{set_code}</set></card>"


def dek(*sections):
    """A .dek laid out as the plugin's decks: (section name, [card lines])."""
    lines = ['<deck version="0.8">', "\t<meta>", "\t\t<game>starwars</game>", "\t</meta>"]
    for name, cards in sections:
        lines += [f'\t<superzone name="{name}">', *cards, "\t</superzone>"]
    return "\n".join(lines + ["</deck>"]) + "\n"


def rows(result):
    return [(e.card_id, e.count, e.zone, e.section) for e in result.entries]


def codes(result):
    return [p.code for p in result.problems]


# -- .dek ------------------------------------------------------------------------------------------------

EVERY_SECTION = dek(
    (
        "Deck",
        [
            card("Jedi Master", "LEG", "LEG237_Jedi_Master"),
            card("Jedi Master", "LEG", "LEG237_Jedi_Master"),
            card("Jedi Master", "LEG", "LEG237_Jedi_Master"),
            card("Luke's Spirit (C)", "LEG", "LEG062_Luke_s_Spirit_C"),
            card("Kark This Destiny Sludge", "LEG", "LEG242_Kark_This_Destiny_Sludge"),
        ],
    ),
    ("Supply", [card("Imperial Knight", "15TH", "15thpromo_Imperial_Knight")]),
    ("Sideboard", [card("Anakin Skywalker (A)", "AOTC", "Anakin_Skywalker_A")] * 2),
    ("Outside the game", [card("Corrupt Supply Lines", "AGD", "AGD026_Corrupt_Supply_Lines")]),
)


def test_dek_reads_every_section_counting_one_card_per_copy(resolver):
    result = lackey.read_lackey_dek(EVERY_SECTION, resolver)
    assert result.format == "lackey-dek" and result.problems == []
    assert rows(result) == [
        ("LEG_237", 3, "deck", "Deck"),
        ("LEG_62", 1, "deck", "Deck"),
        ("LEG_242", 1, "deck", "Deck"),
        ("15TH_imperial-knight", 1, "outside", "Supply"),
        ("AOTC_1", 2, "outside", "Sideboard"),
        ("AGD_26", 1, "outside", "Outside the game"),
    ]
    assert [e.line for e in result.entries] == [6, 9, 10, 13, 16, 20]  # each entry's first copy
    assert result.side == "Light"  # Neutral cards go with either side
    assert result.name is None  # a .dek carries no name (the file's name is the deck's)


def test_dek_set_chooses_among_cards_sharing_a_title(resolver):
    result = lackey.read_lackey_dek(
        dek(("Deck", [card("Imperial Knight", "LEG"), card("Imperial Knight", "15TH")])), resolver
    )
    assert rows(result) == [("LEG_232", 1, "deck", "Deck"), ("15TH_imperial-knight", 1, "deck", "Deck")]
    unsure = lackey.read_lackey_dek(dek(("Deck", [card("Imperial Knight")])), resolver)
    assert codes(unsure) == ["ambiguous-card-name", "empty-deck"]
    problem = unsure.problems[0]
    assert problem.line == 6 and problem.candidates == (
        "Imperial Knight (LEG_232, Neutral)",
        "Imperial Knight (15TH_imperial-knight, Neutral)",
    )


def test_dek_id_picks_the_printing_and_finds_renamed_cards(resolver):
    promo = card("Bastila Shan (C)", "KAE", "KAEpromo_Bastila_Shan_C")
    numbered = card("Bastila Shan (C)", "KAE", "KAE005_Bastila_Shan_C")
    no_id = card("Bastila Shan (C)", "KAE")
    renamed = card("Luke Spirit (C)", "LEG", "LEG062_Luke_s_Spirit_C")  # the id still names the card
    other = card("Jedi Master", "LEG", "ANH007_Darth_Vader_A")  # an id of another title: the title wins
    result = lackey.read_lackey_dek(dek(("Deck", [promo, numbered, no_id, renamed, other])), resolver)
    assert result.problems == []
    assert [e.card_id for e in result.entries] == [
        "KAE_P-bastila-shan-c",
        "KAE_5",
        "KAE_5",
        "LEG_62",
        "LEG_237",
    ]


def test_dek_id_does_not_bring_in_a_card_the_stated_side_excludes(resolver):
    renamed = card("Luke Spirit (C)", "LEG", "LEG062_Luke_s_Spirit_C")
    assert rows(lackey.read_lackey_dek(dek(("Deck", [renamed])), resolver, side="Light")) == [
        ("LEG_62", 1, "deck", "Deck")
    ]
    dark = lackey.read_lackey_dek(dek(("Deck", [renamed])), resolver, side="dark")
    assert codes(dark) == ["unknown-card-name", "empty-deck"]


def test_dek_unknown_names_are_problems_with_their_lines_and_candidates(resolver):
    wrong = card("Jedi Mastr", "LEG", "nothing")
    result = lackey.read_lackey_dek(
        dek(("Deck", [card("Jedi Master", "LEG"), wrong, wrong, wrong])), resolver
    )
    assert rows(result) == [("LEG_237", 1, "deck", "Deck")]
    (problem,) = result.problems
    assert problem.code == "unknown-card-name" and problem.line == 7
    assert problem.message.startswith('Lines 7–9 (3 copies): no card named "Jedi Mastr" in set LEG.')
    assert problem.candidates == ("Jedi Master (LEG_237, Light)",)
    assert problem.text == '<card><name id="nothing">Jedi Mastr</name><set>LEG</set></card>'


def test_dek_unknown_sections_and_stray_elements_are_reported_and_their_cards_kept(resolver):
    text = dek(
        ("Deck", [card("Jedi Master", "LEG"), "\t\t<token>Clone</token>", "\t\t<card><set>LEG</set></card>"]),
        ("Bench", [card("Darth Vader (A)", "ANH")]),
    ).replace("\t<meta>", "\t<card><name>Jedi Master</name></card>\n\t<meta>")
    result = lackey.read_lackey_dek(text, resolver)
    assert rows(result) == [("LEG_237", 1, "deck", "Deck"), ("ANH_7", 1, "outside", "Bench")]
    assert codes(result) == ["bad-xml", "bad-xml", "bad-xml", "unknown-section"]
    stray, token, nameless, bench = result.problems
    assert stray.line == 2 and "cards belong in a <superzone>" in stray.message
    assert token.line == 8 and "<token>" in token.message
    assert nameless.line == 9 and "without a card name" in nameless.message
    assert bench.line == 11 and '"Bench"' in bench.message
    assert result.side is None  # a Light and a Dark card: no side


def test_cards_and_sections_nested_at_the_wrong_depth_are_each_reported_never_dropped(resolver):
    """<card> and <superzone> elements inside <meta>, inside another card or inside an unknown wrapper are
    not read (their section cannot be told) but every one is a bad-xml problem with its own line."""
    text = "\n".join(
        [
            '<deck version="0.8">',  # 1
            "\t<meta>",  # 2
            "\t\t<game>starwars</game>",  # 3
            card("Jedi Master", "LEG"),  # 4: a card in <meta>
            '\t\t<superzone name="Sideboard">',  # 5: a section in <meta>
            card("Darth Vader (A)", "ANH"),  # 6: ...and its card
            "\t\t</superzone>",
            "\t</meta>",
            '\t<superzone name="Deck">',  # 9
            card("Luke's Spirit (C)", "LEG"),  # 10: read
            "\t\t<group>",  # 11: unexpected in a superzone (reported before this change too)
            card("Corrupt Supply Lines", "AGD"),  # 12: a card in the wrapper
            "\t\t</group>",
            "\t\t<card><name>Jedi Master</name><card><name>Czerka Guard</name></card></card>",  # 14
            "\t</superzone>",
            "\t<sideboard>",  # 16: unexpected in the deck
            '\t\t<superzone name="Supply">',  # 17: a section in the wrapper
            "\t\t</superzone>",
            "\t</sideboard>",
            "</deck>",
        ]
    )
    result = lackey.read_lackey_dek(text, resolver)
    assert rows(result) == [("LEG_62", 1, "deck", "Deck"), ("LEG_237", 1, "deck", "Deck")]
    problems = [(p.code, p.line) for p in result.problems]
    assert problems == [
        ("bad-xml", 4),
        ("bad-xml", 5),
        ("bad-xml", 6),
        ("bad-xml", 11),
        ("bad-xml", 12),
        ("bad-xml", 14),
        ("bad-xml", 16),
        ("bad-xml", 17),
    ]
    by_line = {p.line: p for p in result.problems}
    assert by_line[4].message == (
        'Line 4: the card "Jedi Master" is inside <deck>/<meta>; cards belong in a <superzone> directly '
        "under <deck>, so it was not read. Move it there."
    )
    assert by_line[4].text == "<card><name>Jedi Master</name><set>LEG</set></card>"
    assert 'the section <superzone name="Sideboard"> is inside <deck>/<meta>' in by_line[5].message
    assert '"Darth Vader (A)" is inside <deck>/<meta>/<superzone>' in by_line[6].message
    assert '"Corrupt Supply Lines" is inside <deck>/<superzone>/<group>' in by_line[12].message
    assert '"Czerka Guard" is inside <deck>/<superzone>/<card>' in by_line[14].message
    assert '<superzone name="Supply"> is inside <deck>/<sideboard>' in by_line[17].message


def test_a_dek_whose_only_cards_are_misplaced_is_not_read_as_empty_silently(resolver):
    text = dek().replace(
        "\t\t<game>starwars</game>",
        '\t\t<superzone name="Deck">\n' + card("Jedi Master") + "\n\t\t</superzone>",
    )
    result = lackey.read_lackey_dek(text, resolver)
    assert result.entries == [] and codes(result) == ["bad-xml", "bad-xml", "empty-deck"]
    assert [p.line for p in result.problems[:2]] == [3, 4]


def test_gemp_xml_read_as_lackey_reports_every_card(resolver):
    gemp = '<deck>\n<card blueprintId="1_168" title="Darth Vader"/>\n<card blueprintId="1_168"/>\n</deck>'
    result = lackey.read_lackey_dek(gemp, resolver)
    assert codes(result) == ["bad-xml", "bad-xml", "empty-deck"]
    assert [p.line for p in result.problems[:2]] == [2, 3]


@pytest.mark.parametrize(
    "text, line, fragment",
    [
        (
            '<deck version="0.8">\n\t<superzone name="Deck">\n\t\t<card><name>Jedi\n</deck>',
            4,
            "not valid XML",
        ),
        ("<deck><superzone name='Deck'></deck>", 1, "mismatched tag"),
        ('<!DOCTYPE deck [<!ENTITY x "y">]>\n<deck/>', 1, "DOCTYPE or entities"),
        ("<cards><card/></cards>", 1, "root element is <cards>"),
        ("<deck>" + " " * lackey.MAX_CHARS + "</deck>", None, "characters"),
    ],
)
def test_bad_xml(resolver, text, line, fragment):
    result = lackey.read_lackey_dek(text, resolver)
    assert codes(result) == ["bad-xml", "empty-deck"] and result.entries == []
    assert result.problems[0].line == line and fragment in result.problems[0].message


def test_files_saved_on_windows(resolver):
    declared = '\ufeff<?xml version="1.0" encoding="UTF-8"?>\r\n' + EVERY_SECTION.replace("\n", "\r\n")
    assert detect(declared) == "lackey-dek"
    assert rows(lackey.read_lackey_dek(declared, resolver)) == rows(
        lackey.read_lackey_dek(EVERY_SECTION, resolver)
    )
    crlf = "\ufeff" + TXT.replace("\n", "\r\n")
    assert rows(lackey.read_lackey_txt(crlf, resolver)) == rows(lackey.read_lackey_txt(TXT, resolver))


def test_empty_dek(resolver):
    assert codes(lackey.read_lackey_dek("  \n", resolver)) == ["empty-deck"]
    empty = lackey.read_lackey_dek(dek(("Deck", []), ("Sideboard", [])), resolver)
    assert codes(empty) == ["empty-deck"] and "is empty" in empty.problems[0].message


def test_more_than_99_copies_is_a_bad_count(resolver):
    result = lackey.read_lackey_dek(dek(("Deck", [card("Jedi Master", "LEG")] * 100)), resolver)
    assert codes(result) == ["bad-count", "empty-deck"]
    assert result.problems[0].message.startswith("Lines 6–105 (100 copies): 100 copies")


# -- .txt ------------------------------------------------------------------------------------------------

TXT = """3\tJedi Master
1\tLuke's Spirit (C)
1\tKark This Destiny Sludge

Supply:
1\tCzerka Guard

sideboard:
2\tAnakin Skywalker (A)

Outside the game:
1\tCorrupt Supply Lines
"""


def test_txt_reads_counts_and_sections(resolver):
    result = lackey.read_lackey_txt(TXT, resolver)
    assert result.format == "lackey-txt" and result.problems == []
    assert rows(result) == [
        ("LEG_237", 3, "deck", "Deck"),
        ("LEG_62", 1, "deck", "Deck"),
        ("LEG_242", 1, "deck", "Deck"),
        ("15TH_czerka-guard", 1, "outside", "Supply"),
        ("AOTC_1", 2, "outside", "Sideboard"),
        ("AGD_26", 1, "outside", "Outside the game"),
    ]
    assert [e.line for e in result.entries] == [1, 2, 3, 6, 9, 12]
    assert result.side == "Light"


def test_txt_accepts_spaces_and_x_counts(resolver):
    result = lackey.read_lackey_txt(
        "2x Jedi Master\n1 x Luke's Spirit (C)\n  1   Darth Vader (A)  \n", resolver
    )
    assert result.problems == []
    assert rows(result) == [
        ("LEG_237", 2, "deck", "Deck"),
        ("LEG_62", 1, "deck", "Deck"),
        ("ANH_7", 1, "deck", "Deck"),
    ]


def test_txt_problems_name_their_lines(resolver):
    text = (
        "4\tJedi Master\nJedi Master\n0\tJedi Master\n100\tJedi Master\n2\tJedi Mastr\n"
        "1\tImperial Knight\nBench:\n1\tDarth Vader (A)\n"
    )
    result = lackey.read_lackey_txt(text, resolver)
    assert rows(result) == [("LEG_237", 4, "deck", "Deck"), ("ANH_7", 1, "outside", "Bench")]
    assert [(p.code, p.line) for p in result.problems] == [
        ("bad-line", 2),
        ("bad-count", 3),
        ("bad-count", 4),
        ("unknown-card-name", 5),
        ("ambiguous-card-name", 6),  # a .txt has no set to choose between the two "Imperial Knight" cards
        ("unknown-section", 7),
    ]
    unknown, ambiguous = result.problems[3:5]
    assert unknown.candidates == ("Jedi Master (LEG_237, Light)",) and unknown.text == "2\tJedi Mastr"
    assert len(ambiguous.candidates) == 2 and "version letter" in ambiguous.message


def test_txt_empty(resolver):
    assert codes(lackey.read_lackey_txt("\n\n", resolver)) == ["empty-deck"]


@pytest.mark.parametrize(
    "cards, side",
    [
        (["Jedi Master", "Kark This Destiny Sludge"], "Light"),
        (["Brutal, Merciless, Unstoppable", "Kark This Destiny Sludge"], "Yuuzhan Vong"),
        (["Kark This Destiny Sludge"], None),
        (["Jedi Master", "Darth Vader (A)"], None),
    ],
)
def test_side_is_the_one_besides_neutral(resolver, cards, side):
    assert lackey.read_lackey_txt("".join(f"1\t{c}\n" for c in cards), resolver).side == side


def test_a_stated_side_is_kept(resolver):
    assert lackey.read_lackey_txt("1\tJedi Master\n", resolver, side="Dark").side == "Dark"


# -- writers ---------------------------------------------------------------------------------------------

DECK = [
    DeckEntry("LEG_237", 3, "deck", section="Deck"),
    DeckEntry("LEG_62", 1, "deck", section="Deck"),
    DeckEntry("KAE_P-bastila-shan-c", 2, "deck", section="Deck"),
    DeckEntry("15TH_czerka-guard", 1, "outside", section="Supply"),
    DeckEntry("AOTC_1", 2, "outside", section="Sideboard"),
    DeckEntry("AGD_26", 1, "outside", section="Outside the game"),
]


def test_dek_writer_lays_the_file_out_as_the_plugin_does():
    written = write_lackey_dek(DECK[:2] + DECK[4:5], INFO)
    assert written == (
        '<deck version="0.8">\n'
        "\t<meta>\n"
        "\t\t<game>starwars</game>\n"
        "\t</meta>\n"
        '\t<superzone name="Deck">\n'
        + '\t\t<card><name id="LEG237_Jedi_Master">Jedi Master</name><set>LEG</set></card>\n'
        * 3
        + '\t\t<card><name id="LEG062_Luke_s_Spirit_C">Luke&apos;s Spirit (C)</name><set>LEG</set></card>\n'
        "\t</superzone>\n"
        '\t<superzone name="Supply">\n'
        "\t</superzone>\n"
        '\t<superzone name="Sideboard">\n'
        + '\t\t<card><name id="Anakin_Skywalker_A">Anakin Skywalker (A)</name><set>AOTC</set></card>\n'
        * 2
        + "\t</superzone>\n"
        '\t<superzone name="Outside the game">\n'
        "\t</superzone>\n"
        "</deck>\n"
    )


def test_txt_writer_writes_counts_and_only_sections_with_cards():
    assert write_lackey_txt(DECK[:2] + DECK[4:5], INFO) == (
        "3\tJedi Master\n1\tLuke's Spirit (C)\n\nSideboard:\n2\tAnakin Skywalker (A)\n"
    )


def test_dek_round_trip_is_identical(resolver):
    written = write_lackey_dek(DECK, INFO)
    for result in (lackey.read_lackey_dek(written, resolver), read_any(written, resolver)):
        assert result.format == "lackey-dek" and result.problems == []
        assert rows(result) == [(e.card_id, e.count, e.zone, e.section) for e in DECK]


def test_txt_round_trip_is_identical_but_for_printings_of_one_title(resolver):
    written = write_lackey_txt(DECK, INFO)
    result = read_any(written, resolver, game="swtcg")
    assert result.format == "lackey-txt" and result.problems == []
    expected = [(e.card_id, e.count, e.zone, e.section) for e in DECK]
    expected[2] = ("KAE_5", 2, "deck", "Deck")  # a .txt has no id: the title's first printing comes back
    assert rows(result) == expected


def test_writers_place_cards_without_a_section():
    entries = [
        DeckEntry("LEG_237", 1, "starting"),  # SWTCG has no starting cards: they are deck cards
        DeckEntry("LEG_237", 2, "deck"),
        DeckEntry("AGD_26", 1, "outside"),
        DeckEntry("AOTC_1", 1, "outside", section="Bench"),
        DeckEntry("ANH_7", 1, "deck", section="Sideboard"),  # the zone decides, not a stale section
    ]
    assert write_lackey_txt(entries, INFO) == (
        "3\tJedi Master\n1\tDarth Vader (A)\n\n"
        "Outside the game:\n1\tCorrupt Supply Lines\n1\tAnakin Skywalker (A)\n"
    )
    assert totals(lackey.read_lackey_dek(write_lackey_dek(entries, INFO), FakeResolver()).entries) == {
        ("LEG_237", "deck"): 3,
        ("ANH_7", "deck"): 1,
        ("AGD_26", "outside"): 1,
        ("AOTC_1", "outside"): 1,
    }


def test_writers_need_every_card_and_fall_back_to_the_ids_set():
    with pytest.raises(ValueError, match="ZZZ_1"):
        write_lackey_dek([DeckEntry("ZZZ_1", 1)], INFO)
    with pytest.raises(ValueError, match="ZZZ_1"):
        write_lackey_txt([DeckEntry("ZZZ_1", 1)], INFO)
    bare = {"LEG_237": CardInfo("LEG_237", "Jedi Master", "Character", "Light")}
    assert "<card><name>Jedi Master</name><set>LEG</set></card>" in write_lackey_dek(
        [DeckEntry("LEG_237", 1)], bare
    )


def test_titles_with_markup_characters_are_escaped(resolver):
    info = {"X_1": CardInfo("X_1", 'R2 & "C3" <droids>', "Character", "Light", set_code="X")}
    written = write_lackey_dek([DeckEntry("X_1", 1)], info)
    assert "<name>R2 &amp; &quot;C3&quot; &lt;droids&gt;</name>" in written
    assert (
        'no card named "R2 & "C3" <droids>"' in lackey.read_lackey_dek(written, resolver).problems[0].message
    )


# -- detection -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "document, game, expected",
    [
        (EVERY_SECTION, None, "lackey-dek"),
        ('<?xml version="1.0"?>\n<deck><superzone name="Deck"/></deck>', None, "lackey-dek"),
        ('<deck><card blueprintId="1_168"/></deck>', "swtcg", "gemp-xml"),
        (TXT, None, "lackey-txt"),  # "count<TAB>title" with LackeyCCG's section headers
        ("2\t•Darth Vader\n1\tAlter", None, "holotable"),  # Holotable's text export, as before
        ("2\t•Darth Vader\n1\tAlter", "swccg", "holotable"),
        ("4\tJedi Master\n1\tLuke's Spirit (C)", "swtcg", "lackey-txt"),
        ("4 Jedi Master\n\nSupply:\n1 Imperial Knight", "swtcg", "lackey-txt"),
        ("4 Jedi Master\n\nSupply:\n1 Imperial Knight", None, "text"),
        ("4x Jedi Master\n1 Luke's Spirit (C)", "swtcg", "text"),
    ],
)
def test_detect(document, game, expected):
    assert detect(document, game=game) == expected
