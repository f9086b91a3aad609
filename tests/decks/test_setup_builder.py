"""The SW:DBG setup builder pages: the form without JavaScript, checks, the JSON box, saving and editing."""

import json
import re

import pytest
from django.contrib.auth.models import User
from django.template.loader import render_to_string

from decks.deck.setup_pages import setup_summary
from decks.legality.services import legality_check
from decks.models import Deck

EMPIRE_BASES = ["sw23_lothal", "sw23_corellia", "sw23_kessel", "sw23_kafrene", "sw23_mustafar"]
REBEL_BASES = ["sw23_dantooine", "sw23_mon-cala", "sw23_dagobah", "sw23_bespin", "sw23_alderaan"]

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _catalogue(swdbg_catalogue):
    """The SW:DBG cards and formats the test session imported."""


@pytest.fixture
def leia(db):
    return User.objects.create_user("leia", password="alderaan-123")


def form(**changes) -> dict:
    """A beginner Empire vs Rebel form as a browser without JavaScript posts it."""
    data = {
        "format": "beginner",
        "shown_format": "beginner",
        "bases_to_win": "3",
        "p0_faction": "Empire",
        "p0_shown_faction": "Empire",
        "p0_starting_base": "sw23_lothal",
        "p0_bases": EMPIRE_BASES,
        "p1_faction": "Rebel",
        "p1_shown_faction": "Rebel",
        "p1_starting_base": "sw23_dantooine",
        "p1_bases": REBEL_BASES,
        "name": "",
        "notes": "",
        "action": "check",
    }
    return {**data, **changes}


def codes(html: str) -> set[str]:
    return set(re.findall(r'data-code="([^"]+)"', html))


def textarea(html: str) -> dict:
    raw = re.search(r'<textarea name="setup_json"[^>]*>(.*?)</textarea>', html, re.S).group(1)
    return json.loads(raw.replace("&quot;", '"').replace("&#x27;", "'").replace("&amp;", "&"))


def test_the_form_offers_a_beginner_empire_vs_rebel_setup(client):
    response = client.get("/decks/setup/new/")
    html = response.content.decode()
    assert response.status_code == 200
    assert re.search(r'<option value="beginner"\s+selected>', html)
    assert re.search(r'<option value="Empire" selected>', html) and re.search(
        r'<option value="Rebel" selected>', html
    )
    assert "7× Imperial Shuttle" in html and "2× Rebel Trooper" in html and "1× Temple Guardian" in html
    # The original edition's beginner base lists are not in the data: the default a new game at /games/ uses too
    # (the starting base and the bases of fewest hit points), and the page says so.
    from decks.legality.pool import format_rules, setup_pool
    from decks.legality.swdbg import default_bases
    from decks.models import Format
    from rules.setups import default_setup

    fmt = Format.objects.get(game_id="swdbg", code="beginner")
    chosen = default_bases(format_rules(fmt), setup_pool(), "Empire")
    assert len(chosen) == 5 and "sw23_lothal" in chosen
    assert set(re.findall(r'value="(sw23_[\w-]+)" checked', html)) >= set(chosen)
    assert default_setup("beginner")["players"][0]["bases"] == chosen
    assert "beginner base list for Empire is not in our data" in html
    setup = textarea(html)
    assert setup["players"][0]["starter"][0] == {"card": "sw23_imperial-shuttle", "count": 7}
    assert setup["bases_to_win"] == 3 and "galaxy" not in setup
    assert "data-code" not in html  # nothing checked yet


def test_a_legal_beginner_setup_shows_no_violation_and_the_summary(client):
    html = client.post("/decks/setup/new/", form()).content.decode()
    assert "Legal in Beginner game" in html and codes(html) == set()
    assert "What each player may purchase" in html
    assert re.search(r'data-faction="Empire"><summary>Empire: \d+ different cards', html)
    assert "Outer Rim Pilot" in html and "Lothal" in html


def test_an_illegal_setup_shows_every_code(client):
    bad = form(
        p1_faction="Empire",
        p1_shown_faction="Empire",
        p1_starting_base="sw23_lothal",
        p1_bases=EMPIRE_BASES[:4],
    )
    html = client.post("/decks/setup/new/", bad).content.decode()
    assert "Not legal in Beginner game" in html
    assert {"same-faction", "base-deck-size"} <= codes(html)


def test_a_new_faction_takes_its_defaults(client):
    """Without JavaScript the page cannot redraw the bases: a changed faction gets its own defaults."""
    posted = form(p0_faction="Separatist", p1_faction="Republic")
    html = client.post("/decks/setup/new/", posted).content.decode()
    assert "Player 1 now plays Separatist" in html and "Player 2 now plays Republic" in html
    assert re.search(r'value="cw24_xorrn" checked', html) and re.search(r'value="cw24_mygeeto" checked', html)
    assert "7× Separatist Shuttle" in html and "Legal in Beginner game" in html


def test_a_new_format_takes_its_base_decks_and_bases_to_win(client):
    html = client.post("/decks/setup/new/", form(format="full-galaxy")).content.decode()
    assert "base deck is Full Galaxy&#x27;s default for Empire" in html
    setup = textarea(html)
    assert len(setup["players"][0]["bases"]) == 10 and setup["bases_to_win"] == 4
    assert "Legal in Full Galaxy" in html


def test_cross_edition_asks_for_the_neutral_edition(client):
    posted = form(format="cross-edition", p1_faction="Separatist")
    html = client.post("/decks/setup/new/", posted).content.decode()
    assert 'name="neutral_edition"' in html and "neutral-edition" in codes(html)
    chosen = client.post(
        "/decks/setup/new/",
        {
            **posted,
            "p1_shown_faction": "Separatist",
            "p1_starting_base": "cw24_xorrn",
            "p1_bases": ["cw24_xorrn", "cw24_dac", "cw24_felucia", "cw24_geonosis", "cw24_mygeeto"],
            "neutral_edition": "original_2023",
        },
    ).content.decode()
    assert "neutral-edition" not in codes(chosen) and textarea(chosen)["galaxy"] == {
        "neutral_edition": "original_2023"
    }


def test_edited_json_wins_over_the_form(client):
    shown = textarea(client.post("/decks/setup/new/", form()).content.decode())
    edited = {**shown, "bases_to_win": 5, "players": shown["players"][::-1]}
    html = client.post(
        "/decks/setup/new/",
        form(setup_shown=json.dumps(shown), setup_json=json.dumps(edited)),
    ).content.decode()
    assert "The setup JSON was edited" in html and textarea(html) == edited
    assert re.search(
        r'name="p0_faction">\s*(<option[^>]*>[^<]*</option>)*?<option value="Rebel" selected>', html
    )
    assert re.search(r"<option selected>5</option>", html)
    # An unchanged (re-indented) JSON leaves the form in charge.
    same = client.post(
        "/decks/setup/new/", form(setup_shown=json.dumps(shown), setup_json=json.dumps(shown, indent=4))
    ).content.decode()
    assert "The setup JSON was edited" not in same and textarea(same) == shown


def test_a_custom_starter_in_the_json_survives_a_form_change(client):
    shown = textarea(client.post("/decks/setup/new/", form()).content.decode())
    shown["players"][0]["starter"] = [{"card": "Imperial Shuttle", "count": 10}]
    html = client.post(
        "/decks/setup/new/",
        form(setup_shown=json.dumps(shown), setup_json=json.dumps(shown), bases_to_win="4"),
    ).content.decode()
    assert textarea(html)["players"][0]["starter"] == [{"card": "Imperial Shuttle", "count": 10}]
    assert "10× Imperial Shuttle" in html and "starter-deck-composition" in codes(html)


def test_bad_json_is_a_message_not_an_error(client, leia):
    html = client.post("/decks/setup/new/", form(setup_json='{"players": [')).content.decode()
    assert "Setup JSON: The JSON could not be read" in html and "line 1" in html
    assert codes(html) == {"bad-json"} and "Legal in" not in html
    assert "{&quot;players&quot;: [" in html  # kept for fixing
    deep = client.post("/decks/setup/new/", form(setup_json="[" * 100_000)).content.decode()
    assert "nested more than 20 levels" in deep
    deep = client.post("/decks/setup/new/", form(setup_json="[" * 900 + "]" * 900)).content.decode()
    assert "nested more than 20 levels" in deep
    client.force_login(leia)
    saved = client.post("/decks/setup/new/", form(setup_json="nope", action="save", name="x"))
    assert "Fix the setup JSON before saving" in saved.content.decode() and not Deck.objects.exists()


def test_a_setup_that_is_not_an_object_is_reported(client):
    html = client.post("/decks/setup/new/", form(setup_json="[1, 2]")).content.decode()
    assert "bad-setup" in codes(html)


def test_saving_needs_an_account(client):
    html = client.post("/decks/setup/new/", form(action="save", name="Hoth")).content.decode()
    assert "Log in or sign up to save setups" in html and not Deck.objects.exists()


def test_save_edit_round_trip(client, leia):
    client.force_login(leia)
    response = client.post("/decks/setup/new/", form(action="save", name="First game", is_public="on"))
    deck = Deck.objects.get(owner=leia)
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.pk}/"
    assert (
        deck.game_id == "swdbg"
        and deck.side == "Empire"
        and deck.format.code == "beginner"
        and deck.is_public
    )
    assert [p["faction"] for p in deck.setup["players"]] == ["Empire", "Rebel"]
    rows = {(dc.zone, dc.code): dc.count for dc in deck.cards.all()}
    assert rows == {
        ("deck", "sw23_imperial-shuttle"): 7,
        ("deck", "sw23_stormtrooper"): 2,
        ("deck", "sw23_inquisitor"): 1,
        **{("outside", code): 1 for code in EMPIRE_BASES},
    }
    # The saved deck checks like the page did.
    assert legality_check(game="swdbg", format="beginner", setup=deck.setup)["legal"] is True

    page = client.get(f"/decks/{deck.pk}/setup/").content.decode()
    assert 'value="First game"' in page and textarea(page) == deck.setup
    assert all(re.search(f'value="{code}" checked', page) for code in EMPIRE_BASES + REBEL_BASES)

    others = ["sw23_lothal", "sw23_death-star", "sw23_endor", "sw23_rodia", "sw23_coruscant"]
    response = client.post(
        f"/decks/{deck.pk}/setup/",
        form(
            action="save",
            name="Second game",
            p0_bases=others,
            setup_shown=json.dumps(deck.setup),
            version=deck.version,  # as the page holds it (a stale one is refused: test_deck_versions.py)
        ),
    )
    assert response.status_code == 302 and Deck.objects.count() == 1
    deck.refresh_from_db()
    assert deck.name == "Second game" and deck.setup["players"][0]["bases"] == others and not deck.is_public
    assert sorted(dc.code for dc in deck.cards.filter(zone="outside")) == sorted(others)

    # An edited JSON with the Rebel first makes a Rebel deck.
    flipped = {**deck.setup, "players": deck.setup["players"][::-1]}
    client.post(
        f"/decks/{deck.pk}/setup/",
        form(
            action="save",
            name="Rebels",
            setup_shown=json.dumps(deck.setup),
            setup_json=json.dumps(flipped),
            version=deck.version,
        ),
    )
    deck.refresh_from_db()
    assert deck.side == "Rebel" and deck.setup == flipped
    assert deck.cards.filter(zone="deck", code="sw23_alliance-shuttle", count=7).exists()


def test_an_unreadable_setup_is_not_saved(client, leia):
    client.force_login(leia)
    shown = textarea(client.post("/decks/setup/new/", form()).content.decode())
    broken = {**shown, "colour": "red"}
    html = client.post(
        "/decks/setup/new/",
        form(action="save", name="x", setup_shown=json.dumps(shown), setup_json=json.dumps(broken)),
    ).content.decode()
    assert "The setup could not be read" in html and "colour" in html and not Deck.objects.exists()


def test_only_the_owner_edits(client, leia):
    client.force_login(leia)
    client.post("/decks/setup/new/", form(action="save", name="Mine"))
    deck = Deck.objects.get()
    other = User.objects.create_user("vader", password="dark-side-123")
    client.force_login(other)
    assert client.get(f"/decks/{deck.pk}/setup/").status_code == 404
    client.logout()
    assert client.get(f"/decks/{deck.pk}/setup/").status_code == 404


def test_the_summary_template_takes_the_raw_summary_or_the_named_one():
    report = legality_check(
        game="swdbg",
        format="beginner",
        setup={
            "players": [
                {
                    "faction": "Empire",
                    "starter": ["Imperial Shuttle"] * 7 + ["Stormtrooper"] * 2 + ["Inquisitor"],
                    "bases": EMPIRE_BASES,
                },
                {
                    "faction": "Rebel",
                    "starter": [
                        {"card": "Alliance Shuttle", "count": 7},
                        {"card": "Rebel Trooper", "count": 2},
                        "Temple Guardian",
                    ],
                    "bases": REBEL_BASES,
                },
            ]
        },
    )
    named = render_to_string("decks/_setup_summary.html", {"setup_summary": setup_summary(report)})
    raw = render_to_string("decks/_setup_summary.html", {"setup_summary": report["summary"]})
    assert "<td>Lothal</td>" in named and "<td>sw23_lothal</td>" in raw
    for html in (named, raw):
        assert "What each player may purchase" in html and "10 cards" in html and "5 bases" in html
    assert "sw23_outer-rim-pilot" in raw and "Outer Rim Pilot" in named
    assert "Original edition (2023)" in named


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("name", "Hoth\x00"),
        ("notes", "\x00"),
        ("p0_faction", "Empire\x00"),
        ("neutral_edition", "original_2023\x00"),
        ("setup_json", '{"players": []}\x00'),
    ],
)
def test_a_nul_in_any_field_is_a_form_error_on_both_databases(client, leia, field, value):
    """PostgreSQL refuses a NUL in text (a 500 there) while SQLite stores it: the setup is not saved on either."""
    client.force_login(leia)
    response = client.post("/decks/setup/new/", form(**{"action": "save", "name": "Hoth", field: value}))
    html = response.content.decode()
    assert response.status_code == 200 and "held a NUL character" in html
    assert not Deck.objects.exists()


@pytest.mark.parametrize("bases_to_win", ["9" * 5000, "²", "-1", ""])
def test_an_unreadable_number_of_bases_is_the_formats_default(client, bases_to_win):
    response = client.post("/decks/setup/new/", form(bases_to_win=bases_to_win))
    assert response.status_code == 200
    assert textarea(response.content.decode())["bases_to_win"] == 3  # the beginner format's
