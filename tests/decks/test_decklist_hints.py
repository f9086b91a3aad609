"""Deck-list reading with the real catalogues: a bracketed set that matches no printing is never dropped in
silence, a stated side is used (never asked for again) and a card of the other side says so, an unread line
counts all its copies, and a pasted "Side:" line becomes the deck's side."""

import pytest
from django.contrib.auth.models import User

from decks.legality.decklists import read_decklist, stated_side
from decks.legality.services import legality_check
from decks.models import Deck

pytestmark = pytest.mark.django_db


def read(text: str, game: str = "swccg", side: str | None = None):
    result = read_decklist(text, game=game, side=side)
    entries = {(e.card_id, e.count) for e in result.read.entries}
    problems = [p for p in result.problems if p.code != "empty-deck"]
    return entries, problems


@pytest.fixture
def swccg(catalogue):
    """The SWCCG catalogue (and, imported with it, SWTCG's)."""


# ---- [set] hints ----


@pytest.mark.parametrize("hint", ["V0", "Virtual Set 0", "v0", "Virtual 0"])
def test_a_virtual_set_picks_the_v_version(swccg, hint):
    entries, problems = read(f"1x Darth Vader [{hint}]")
    assert entries == {("200_78", 1)} and problems == []


def test_the_printings_set_is_kept(swccg):
    assert read("1x Darth Vader [Premiere]") == ({("1_168", 1)}, [])
    assert read("1x Alter [Coruscant]", side="Dark") == ({("12_145", 1)}, [])


def test_a_set_without_the_card_is_reported_with_its_printings(swccg):
    entries, [problem] = read("2x Darth Vader [Hoth]")
    assert entries == set() and problem.code == "set-hint-mismatch" and problem.count == 2
    assert '"Hoth" has no printing of Darth Vader' in problem.message
    assert problem.candidates == ("•Darth Vader (1_168, Dark)",)


def test_a_hint_that_names_no_set_is_reported(swccg):
    _, [problem] = read("1x Darth Vader [XYZ]")
    assert problem.code == "unknown-set" and '"XYZ" names no set' in problem.message


def test_a_set_hint_among_same_named_cards_that_matches_none_is_reported(swccg):
    _, [problem] = read("1x Alter [Hoth]", side="Dark")
    assert problem.code == "set-hint-mismatch"
    assert {c.split("(")[-1].split(",")[0] for c in problem.candidates} == {"12_145", "1_234"}


# ---- sides ----


def test_a_stated_side_is_not_asked_for_again(swccg):
    _, [problem] = read("Side: Dark\n1x Boba Fett")
    assert problem.code == "ambiguous-card-name"
    assert "State the side" not in problem.message and "several Dark cards" in problem.message
    assert '"1x Boba Fett [Cloud City]"' in problem.message  # how to say which one
    assert read("Side: Dark\n1x Boba Fett [Cloud City]")[0] == {("5_91", 1)}


def test_two_cards_of_one_side_need_no_side_without_one_either(swccg):
    _, [problem] = read("1x Boba Fett\n1x Darth Vader")
    assert problem.code == "ambiguous-card-name" and "State the side" not in problem.message


def test_light_and_dark_namesakes_still_ask_for_the_side(swccg):
    _, [problem] = read("1x Alter [Coruscant]")
    assert problem.code == "ambiguous-card-name" and "State the side" in problem.message


def test_a_card_of_the_other_side_says_so(swccg):
    _, [problem] = read("Side: Dark\n3x Luke Skywalker")
    assert problem.code == "card-on-other-side" and problem.count == 3
    assert "it is a Light card" in problem.message and "1_19" in problem.message


def test_an_swtcg_card_of_the_other_side_says_so_in_both_readers(swccg):
    _, [text_problem] = read("Side: Light\n4 Stormtrooper Squad (A)", game="swtcg")
    _, [lackey_problem] = read("4\tStormtrooper Squad (A)\nSideboard:\n", game="swtcg", side="Light")
    assert {text_problem.code, lackey_problem.code} == {"card-on-other-side"}
    assert text_problem.count == lackey_problem.count == 4


def test_an_swtcg_version_letter_is_not_a_set(swccg):
    assert read("4 Stormtrooper Squad (A)", game="swtcg")[0] == {("ANH_161", 4)}
    assert read("4 Stormtrooper Squad (A) [ANH]", game="swtcg")[0] == {("ANH_161", 4)}
    _, [wrong_set] = read("4 Stormtrooper Squad (A) [ROTS]", game="swtcg")
    _, [no_set] = read("4 Stormtrooper Squad (A) [XYZ]", game="swtcg")
    _, [no_version] = read("4 Stormtrooper Squad (C)", game="swtcg")
    assert (wrong_set.code, no_set.code, no_version.code) == (
        "set-hint-mismatch",
        "unknown-set",
        "unknown-version",
    )
    assert wrong_set.count == no_set.count == no_version.count == 4


# ---- an unread line counts all its copies ----


@pytest.mark.parametrize(
    "unknown",
    [
        "4 Stormtroper Squad (A)",  # a misspelt name
        "4x Stormtrooper Squad (A) [XYZ]",  # a set that does not exist
        "4 Stormtrooper Squad (C)",  # a version the card does not have
    ],
)
def test_an_unknown_swtcg_line_counts_all_its_copies(swccg, unknown):
    body = legality_check(game="swtcg", format="full", decklist=f"{unknown}\n56 Stormtrooper Squad (A)\n")
    assert body["summary"]["deck_cards"] == 60
    assert "deck-size" not in body["summary"]["violations_by_code"]
    [unread] = [v for v in body["violations"] if v["code"] == "unknown-card"]
    assert "(4 copies in the deck)" in unread["message"]
    assert [p["count"] for p in body["decklist"]["problems"]] == [4]


def test_an_unknown_lackey_line_counts_all_its_copies(swccg):
    body = legality_check(
        game="swtcg", format="full", decklist="4\tStormtroper Squad (A)\n56\tStormtrooper Squad (A)\n"
    )
    assert body["decklist"]["format"] == "lackey-txt" and body["summary"]["deck_cards"] == 60


def test_the_builder_page_counts_an_unknown_lines_copies(client, swccg):
    html = client.post(
        "/decks/new/?game=swtcg",
        {
            "game": "swtcg",
            "format": "full",
            "decklist": "4 Stormtroper Squad (A)\n56 Stormtrooper Squad (A)",
            "action": "check",
        },
    ).content.decode()
    assert 'data-code="unknown-card"' in html and "(4 copies in the deck)" in html
    assert 'data-code="deck-size"' not in html


def test_the_api_counts_an_unknown_lines_copies(client, swccg):
    body = client.post(
        "/api/legality/",
        {"game": "swtcg", "format": "full", "decklist": "4 Stormtroper Squad (A)\n56 Stormtrooper Squad (A)"},
        content_type="application/json",
    ).json()
    assert body["summary"]["deck_cards"] == 60


# ---- a pasted "Side:" line is the deck's side ----


def test_stated_side():
    assert stated_side("Side: Dark\n1x Darth Vader") == "Dark"
    assert stated_side("  side : light side \n") == "Light"
    assert stated_side("1x Darth Vader") is None and stated_side("Side: purple") is None


def test_the_builder_applies_a_pasted_side_and_saves_it(client, swccg):
    client.force_login(User.objects.create_user("leia", password="alderaan-123"))
    posted = {"format": "open", "side": "", "decklist": "Side: Dark\n1x Darth Vader", "action": "check"}
    html = client.post("/decks/new/", posted).content.decode()
    assert '<option value="Dark" selected>Dark</option>' in html
    # A stated side wins over the form's choice, and is what the deck is saved with.
    saved = client.post("/decks/new/", {**posted, "side": "Light", "name": "Vader", "action": "save"})
    assert saved.status_code == 302
    deck = Deck.objects.get()
    assert deck.side == "Dark" and deck.cards.get().code == "1_168"
    listing = client.get("/decks/").content.decode()
    assert "Vader" in listing


def test_the_api_saves_a_pasted_side(client, swccg):
    client.force_login(User.objects.create_user("leia", password="alderaan-123"))
    response = client.post(
        "/api/decks/",
        {"name": "Vader", "game": "swccg", "decklist": "Side: Dark\n1x Darth Vader [V0]"},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    assert Deck.objects.get().side == "Dark" and Deck.objects.get().cards.get().code == "200_78"


def test_an_inferred_side_never_turns_an_ambiguous_line_into_an_other_side_one():
    """The side the other cards agree on settles look-alikes; a line with no card of that side stays ambiguous,
    asking which card by its full title (the side was only inferred, never stated)."""
    from decks.formats_io import text
    from decks.formats_io.base import DictResolver

    resolver = DictResolver(
        [
            ("5_91", "•Boba Fett", "Dark", ()),
            ("A_1", "Anakin Skywalker (A)", "Light", ["Anakin Skywalker"]),
            ("A_2", "Anakin Skywalker (B)", "Light", ["Anakin Skywalker"]),
        ]
    )
    [problem] = text.read("1x Boba Fett\n2 Anakin Skywalker", resolver).problems
    assert problem.code == "ambiguous-card-name" and problem.count == 2
    assert '"2x Anakin Skywalker (A)"' in problem.message and "State the side" not in problem.message
