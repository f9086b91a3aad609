"""LackeyCCG decks against the real SWTCG catalogue: titles, set hints, ids, sides, exports, the deck API."""

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from cardsdb.naming import find_card
from decks.deck import services as deck_services
from decks.deck.exports import export_deck, exports_for
from decks.formats_io.base import totals
from decks.legality.decklists import DatabaseResolver, read_decklist

pytestmark = pytest.mark.usefixtures("swtcg_catalogue")

# A Legacy-era Light deck of 60 cards and its outside sections: (section, count, title, set, ImageFile, code),
# every value as the SWTCG plugin's set files have it, and the importer's code for the card.
DECK = [
    ("Deck", 4, "Jedi Master", "LEG", "LEG237_Jedi_Master", "LEG_237"),
    ("Deck", 1, "Wolf Sazen (A)", "LEG", "LEG100_Wolf_Sazen_A", "LEG_100-wolf-sazen-a"),
    ("Deck", 1, "Wolf Sazen (B)", "LEG", "LEG197_Wolf_Sazen_B", "LEG_197"),
    ("Deck", 1, "Wolf Sazen (C)", "LEG", "LEG299_Wolf_Sazen_C", "LEG_299"),
    ("Deck", 4, "Twin Suns Pilot", "LEG", "LEG294_Twin_Suns_Pilot", "LEG_294"),
    ("Deck", 4, "Jedi Squad", "LEG", "LEG239_Jedi_Squad", "LEG_239"),
    ("Deck", 4, "Jedi Scout Speeder", "LEG", "LEG238_Jedi_Scout_Speeder", "LEG_238"),
    ("Deck", 2, "Jedi Landspeeder", "LEG", "LEG153_Jedi_Landspeeder", "LEG_153"),
    ("Deck", 4, "Twin Suns X-83 Twintail", "LEG", "LEG295_Twin_Suns_X_83_Twintail", "LEG_295"),
    ("Deck", 4, "Twintail Escort Squadron", "LEG", "LEG296_Twintail_Escort_Squadron", "LEG_296"),
    (
        "Deck",
        2,
        "Twin Suns Squadron (D)",
        "LEG",
        "LEG094_Twin_Suns_Squadron_D",
        "LEG_94-twin-suns-squadron-d",
    ),
    ("Deck", 4, "Hidden Temple Fleet", "LEG", "LEG145_Hidden_Temple_Fleet", "LEG_145"),
    ("Deck", 2, "Combined Defense Fleet", "LEG", "LEG013_Combined_Defense_Fleet", "LEG_13"),
    ("Deck", 4, "Kark This Destiny Sludge", "LEG", "LEG242_Kark_This_Destiny_Sludge", "LEG_242"),
    ("Deck", 4, "Take What is Given", "LEG", "LEG291_Take_What_is_Given", "LEG_291"),
    ("Deck", 1, "Luke's Spirit (C)", "LEG", "LEG062_Luke_s_Spirit_C", "LEG_62"),
    ("Deck", 2, "Jedi's Lightsaber", "LEG", "LEG155_Jedi_s_Lightsaber", "LEG_155"),
    ("Deck", 1, "Ossus Meditation Garden", "LEG", "LEG175_Ossus_Meditation_Garden", "LEG_175"),
    ("Deck", 2, "Whatever Works", "LEG", "LEG298_Whatever_Works", "LEG_298"),
    ("Deck", 2, "Heroic Leap", "LEG", "LEG039_Heroic_Leap", "LEG_39"),
    (
        "Deck",
        1,
        "Anakin Skywalker (C) (Promo)",
        "AOTC",
        "AOTCpromo_Anakin_Skywalker_C",
        "AOTC_anakin-skywalker-c-promo",
    ),
    (
        "Deck",
        2,
        "Bastila Shan (C)",
        "KAE",
        "KAEpromo_Bastila_Shan_C",
        "KAE_P-bastila-shan-c",
    ),  # the id: promo
    ("Deck", 1, "Anakin Skywalker (P)", "FOTR", "Anakin_Skywalker_P", "FOTR_41"),  # Neutral
    ("Deck", 1, "Padme Amidala (A)", "AOTC", "Padme_Amidala_A", "AOTC_34"),
    ("Deck", 2, "Imperial Knight", "LEG", "LEG232_Imperial_Knight", "LEG_232"),  # the set: LEG's, a Character
    ("Supply", 1, "Czerka Guard", "15TH", "15thpromo_Czerka_Guard", "15TH_czerka-guard"),
    ("Supply", 1, "Imperial Knight", "15TH", "15thpromo_Imperial_Knight", "15TH_imperial-knight"),
    (
        "Sideboard",
        1,
        "Anakin Skywalker (V) (Promo)",
        "AGD",
        "AGDpromo_Anakin_Skywalker_V",
        "AGD_anakin-skywalker-v-promo",
    ),
    ("Outside the game", 1, "Corrupt Supply Lines", "AGD", "AGD026_Corrupt_Supply_Lines", "AGD_26"),
]


def as_dek(rows) -> str:
    lines = ['<deck version="0.8">', "\t<meta>", "\t\t<game>starwars</game>", "\t</meta>"]
    for section in ("Deck", "Supply", "Sideboard", "Outside the game"):
        lines.append(f'\t<superzone name="{section}">')
        for where, count, title, set_code, image, _code in rows:
            if where == section:
                escaped = title.replace("'", "&apos;")
                lines += [
                    f'\t\t<card><name id="{image}">{escaped}</name><set>{set_code}</set></card>'
                ] * count
        lines.append("\t</superzone>")
    return "\n".join(lines + ["</deck>"]) + "\n"


def expected(rows) -> dict[tuple[str, str], int]:
    return {(code, "deck" if where == "Deck" else "outside"): count for where, count, *_rest, code in rows}


def test_a_real_deck_file_resolves_every_card():
    read = read_decklist(as_dek(DECK), game="swtcg")
    assert read.format == "lackey-dek" and read.problems == []
    assert totals(read.read.entries) == expected(DECK)
    assert len(read.deck_ids()) == 60 and len(read.outside_ids()) == 4
    assert {e.section for e in read.read.entries if e.zone == "outside"} == {
        "Supply",
        "Sideboard",
        "Outside the game",
    }
    assert read.side == "Light"  # Light and Neutral cards


def test_set_hints_and_ids_choose_printings():
    resolver = DatabaseResolver("swtcg")
    assert resolver.by_name("Imperial Knight", set_hint="LEG").card_id == "LEG_232"
    assert resolver.by_name("Imperial Knight", set_hint="15TH").card_id == "15TH_imperial-knight"
    different = resolver.by_name("Imperial Knight")  # a Character and a Subordinate: two cards, not printings
    assert different.card_id is None and different.ambiguous and len(different.candidates) == 2
    agd = resolver.by_name("Anakin Skywalker (V) (Promo)", set_hint="AGD")
    assert agd.card_id == "AGD_anakin-skywalker-v-promo"
    # Its PROMO row is no card of its own since issue #12 (one card, printed in AGD and PROMO): the name is one card.
    merged = resolver.by_name("Anakin Skywalker (V) (Promo)")
    assert merged.card_id == "AGD_anakin-skywalker-v-promo"
    assert [c[0] for c in merged.candidates] == ["AGD_anakin-skywalker-v-promo"]
    # …and its PROMO row still names it: a [PROMO] hint, and the PROMO row's image in a LackeyCCG .dek.
    assert resolver.by_name_in_set("Anakin Skywalker (V) (Promo)", side=None, set_hint="PROMO").card_id == (
        "AGD_anakin-skywalker-v-promo"
    )
    assert resolver.by_image_file("Anakin_Skywalker_V_promo") == "AGD_anakin-skywalker-v-promo"
    numbered = resolver.by_name("Bastila Shan (C)", set_hint="KAE")  # numbered card before its promo
    assert [c[0] for c in numbered.candidates] == ["KAE_5", "KAE_P-bastila-shan-c"]
    assert resolver.by_image_file("KAEpromo_Bastila_Shan_C") == "KAE_P-bastila-shan-c"
    assert resolver.by_image_file("no_such_image") is None
    assert resolver.by_name("Ewok Militia").card_id == "BOE_22"  # the exact title, not "… (Starter)"
    assert resolver.by_name("Ewok Militia", set_hint="START").card_id == "START_22-ewok-militia-starter"


def test_titles_as_players_type_them():
    text = (
        "4\tJEDI MASTER\n"
        "1\tPadmé Amidala (a)\n"  # case and accents do not matter
        "1\tanakin skywalker (c) (promo)\n"
        "1\tAnakin Skywalker (C)\n"
        "2\tAnakin Skywalker\n"  # which of the 40-odd versions?
        "1\tAnakin Skywalker (ZZ)\n"
    )
    read = read_decklist(text, game="swtcg")
    assert read.format == "lackey-txt"
    assert totals(read.read.entries) == {
        ("LEG_237", "deck"): 4,
        ("AOTC_34", "deck"): 1,
        ("AOTC_anakin-skywalker-c-promo", "deck"): 1,
        ("AOTC_62", "deck"): 1,
    }
    ambiguous, unknown = read.problems
    assert (ambiguous.code, ambiguous.line, len(ambiguous.candidates)) == ("ambiguous-card-name", 5, 5)
    assert all(c.startswith("Anakin Skywalker (") for c in ambiguous.candidates)
    assert (unknown.code, unknown.line) == ("unknown-card-name", 6) and unknown.candidates


def test_plain_text_lists_read_swtcg_titles_too():
    read = read_decklist("4x Jedi Master\n2x Anakin Skywalker (A)\n", game="swtcg")
    assert read.format == "text" and read.problems == []
    assert totals(read.read.entries) == {("LEG_237", "deck"): 4, ("AOTC_1", "deck"): 2}


def test_sides_allow_neutral_cards():
    resolver = DatabaseResolver("swtcg")
    assert resolver.by_name("Kark This Destiny Sludge", side="Light").card_id == "LEG_242"  # Neutral
    assert resolver.by_name("Jedi Master", side="light").card_id == "LEG_237"
    dark = resolver.by_name("Jedi Master", side="Dark")  # only a Light card has this title: say so
    assert dark.card_id is None and dark.candidates[0][:2] == ("LEG_237", "Jedi Master")
    refused = read_decklist("1\tJedi Master\n", game="swtcg", side="Dark").problems[0]
    assert refused.message.startswith('Line 1: no Dark card named "Jedi Master"; closest on other sides')
    vong = read_decklist("1\tBrutal, Merciless, Unstoppable\n1\tKark This Destiny Sludge\n", game="swtcg")
    assert vong.side == "Yuuzhan Vong"
    neutral = read_decklist("4x Kark This Destiny Sludge\n", game="swtcg")  # the text reader's agreed side
    assert neutral.read.side == "Neutral" and neutral.side is None  # no deck is of the Neutral side


def test_find_card_knows_swtcg_titles_and_swccg_names_as_before():
    assert len(find_card("swtcg", "Anakin Skywalker (A)", exact=True).cards) == 1
    assert len(find_card("swtcg", "Anakin Skywalker", exact=True).cards) > 20  # the name: every version
    swccg = DatabaseResolver("swccg")
    assert swccg.by_name("Vader (V)").card_id is not None
    two_printings = swccg.by_name("Alter", side="Dark")  # Premiere and Coruscant: unchanged, still ambiguous
    assert two_printings.card_id is None and two_printings.ambiguous


@pytest.fixture
def owner(db):
    return User.objects.create_user("rey", password="scavenger-pass-123")


@pytest.fixture
def deck(owner):
    entries = [deck_services.Entry(code, count, zone) for (code, zone), count in expected(DECK).items()]
    return deck_services.deck_create(owner=owner, name="Twin Suns / Legacy", game="swtcg", entries=entries)


def test_export_then_import_round_trips(deck):
    content, content_type, filename = export_deck(deck, "lackey-dek")
    assert content_type == "application/xml; charset=utf-8" and filename == "Twin_Suns_Legacy.dek"
    assert '<card><name id="KAEpromo_Bastila_Shan_C">Bastila Shan (C)</name><set>KAE</set></card>' in content
    read = read_decklist(content, game="swtcg")
    assert read.problems == [] and totals(read.read.entries) == expected(DECK)
    # A saved deck knows only "outside": its cards come back from LackeyCCG's "Outside the game".
    assert {e.section for e in read.read.entries if e.zone == "outside"} == {"Outside the game"}

    content, content_type, filename = export_deck(deck, "lackey-txt")
    assert content_type == "text/plain; charset=utf-8" and filename == "Twin_Suns_Legacy.lackey.txt"
    read = read_decklist(content, game="swtcg")
    assert read.format == "lackey-txt"
    # Without sets, "Imperial Knight" names two cards, and printings of one title come back as the first.
    assert [(p.code, p.text) for p in read.problems] == [
        ("ambiguous-card-name", "2\tImperial Knight"),
        ("ambiguous-card-name", "1\tImperial Knight"),
    ]
    back = totals(read.read.entries)
    # The PROMO printing read back by name is its card (AGD's row, issue #12).
    assert back[("KAE_5", "deck")] == 2 and back[("AGD_anakin-skywalker-v-promo", "outside")] == 1
    assert sum(back.values()) == 64 - 3


def test_lackey_exports_are_for_swtcg_decks_only(deck, owner):
    assert {"lackey-dek", "lackey-txt"} <= set(exports_for("swtcg"))
    assert not {"lackey-dek", "lackey-txt"} & set(exports_for("swccg"))
    swccg_deck = deck_services.deck_create(owner=owner, name="EBO", game="swccg")
    with pytest.raises(ValueError, match="cannot be exported as 'lackey-dek'"):
        export_deck(swccg_deck, "lackey-dek")


def test_deck_api_imports_and_exports_lackey_files(deck, owner):
    client = APIClient()
    body = client.post(
        "/api/decks/import/", {"game": "swtcg", "decklist": as_dek(DECK)}, format="json"
    ).json()
    assert body["format"] == "lackey-dek" and body["problems"] == [] and body["side"] == "Light"
    assert sum(c["count"] for c in body["cards"] if c["zone"] == "deck") == 60
    assert {c["section"] for c in body["cards"]} == {"Deck", "Supply", "Sideboard", "Outside the game"}
    client.force_authenticate(owner)
    response = client.get(f"/api/decks/{deck.pk}/export/", {"as": "lackey-dek"})
    assert (
        response.status_code == 200 and 'filename="Twin_Suns_Legacy.dek"' in response["Content-Disposition"]
    )
    assert response.content.decode() == export_deck(deck, "lackey-dek")[0]
