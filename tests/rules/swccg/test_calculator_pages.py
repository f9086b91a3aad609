"""The SWCCG calculator pages (/games/swccg/calculators/…) against the real catalogue: each renders, answers a
real position in the rulebook's words, and shows a bad input's code instead of failing; the API docs' examples
are still what the API answers."""

import pytest
from django.contrib.auth.models import User

from cardsdb.models import Card
from decks.models import Deck, DeckCard
from rules.api import swccg_examples, swccg_rules
from rules.views.calculator_pages import CALCULATORS

PAGE = "/games/swccg/calculators/{}/"


def post(client, kind, form, status=200):
    response = client.post(PAGE.format(kind), form)
    assert response.status_code == status, response.content.decode()[:2000]
    return response.content.decode()


def test_the_index_links_every_calculator(client):
    page = client.get("/games/swccg/calculators/").content.decode()
    for kind in CALCULATORS:
        assert f'href="/games/swccg/calculators/{kind}/"' in page


@pytest.mark.parametrize("kind", list(CALCULATORS))
def test_each_page_renders_its_form(client, kind):
    page = client.get(PAGE.format(kind)).content.decode()
    assert 'id="calculator-form"' in page and 'list="card-names"' in page and "card-picker.js" in page
    assert client.get(PAGE.format("nope")).status_code == 404


BATTLE = {
    "dark-card-0": "•Darth Vader (1_168)",  # as the picker's list inserts it
    "dark-card-1": "1_194",  # a typed GEMP id: Stormtrooper
    "dark-destinies": "3",
    "light-card-0": "1_19",
    "light-card-1": "BoShek",  # a name, found by the catalogue's look-up
    "light-destinies": "4",
}


def test_battle_explained_step_by_step(client, catalogue):
    page = post(client, "battle", BATTLE)
    # Vader's "adds 1 to each of your battle destiny draws", counted without being told
    assert "Dark Side wins, 11 to 9." in page
    assert "Card text applied" in page
    assert "•Darth Vader: “When in battle, adds 1 to each of your battle destiny draws.”" in page
    assert "Power: •Darth Vader 6 + Stormtrooper 1 = 7." in page
    assert "Battle destiny drawn: 3, counting 4." in page
    assert "Total: power 7 + destiny 4 = 11." in page
    assert "Battle damage: Light Side loses 2 (the difference between the totals)." in page
    assert "Immune to that attrition: •Darth Vader." in page
    assert "Forfeited for attrition: Stormtrooper (2)." in page
    assert "2 attrition is left with no card to forfeit: it is ignored." in page
    assert 'value="BoShek"' in page  # the form keeps what was typed


def test_battle_without_the_text_and_its_questions_as_checkboxes(client, catalogue):
    page = post(client, "battle", BATTLE | {"ignore-text": "1"})
    assert "Dark Side wins, 10 to 9." in page and "Card text applied" not in page
    guard = {"dark-card-0": "1_181", "dark-card-1": "1_194", "dark-destinies": "", "light-card-1": ""}
    guard |= {"light-card-0": "1_4", "light-destinies": "2"}  # the rulebook's diagram
    asked = post(client, "battle", BATTLE | guard)
    assert 'id="text-questions"' in asked and 'name="cond-1_181:0" value="1">' in asked
    assert "“Power +4 when defending a battle.”" in asked and "Light Side wins, 4 to 1." in asked
    answered = post(client, "battle", BATTLE | guard | {"cond-1_181:0": "1"})
    assert "Dark Side wins, 5 to 4." in answered
    assert 'name="cond-1_181:0" value="1" checked>' in answered  # kept ticked for the next run
    located = post(client, "battle", BATTLE | {"location": "1_285"})  # a location is typed like a card
    assert "Dark Side wins, 11 to 9." in located
    assert "Dark Side wins, 11 to 9." in post(client, "battle", BATTLE | {"cond-x": "1"})  # names no effect
    many = BATTLE | {f"cond-1_168:{i}": "1" for i in range(201)}
    assert "<strong>invalid-request</strong>" in post(client, "battle", many, status=400)
    assert "<strong>invalid-request</strong>" in post(
        client, "battle", BATTLE | {"location": "1_168"}, status=400
    )


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"light-card-0": "", "light-card-1": ""}, "invalid-request"),  # no card: the API's own validation
        ({"dark-destinies": "x"}, "invalid-request"),
        ({"dark-destinies": "nan"}, "invalid-request"),
        ({"dark-power-0": "1e999"}, "invalid-request"),
        ({"dark-card-0": "999_999"}, "unknown-card"),
        ({"dark-card-0": "Qwzxqv Plonk"}, "no-match"),
        ({"dark-card-0": "Vader " * 100}, "no-match"),  # refused before the look-up
        ({"dark-card-0": "Jawa"}, "ambiguous-name"),  # several printings named so
        ({"dark-destinies": "3 4"}, "battle-not-resolvable"),  # one draw allowed
        ({"dark-deck": "123456"}, "deck-not-found"),
    ],
)
def test_battle_bad_input_shows_the_code(client, catalogue, change, code):
    page = post(client, "battle", BATTLE | change, status=400)
    assert 'id="calculator-error"' in page and f"<strong>{code}</strong>" in page
    assert 'id="answer"' not in page


def _deck(owner, name, side, codes):
    deck = Deck.objects.create(owner=owner, name=name, game_id="swccg", side=side, is_public=True)
    cards = Card.objects.filter(game_id="swccg", code__in=codes, edition=Card.Edition.CURRENT)
    for card in cards:
        DeckCard.objects.create(deck=deck, card=card, code=card.code, count=3, zone="deck")
    return deck


def test_the_deck_page_links_the_battle_calculator_with_its_destinies(client, catalogue):
    owner = User.objects.create_user("mon", password="mothma-12345")
    dark = _deck(owner, "Troopers", "Dark", ["1_194", "1_181", "1_168"])
    light = _deck(owner, "Rebels", "Light", ["1_19", "1_4", "1_11"])
    page = client.get(f"/decks/{dark.pk}/").content.decode()
    assert f'href="/games/swccg/calculators/battle/?dark-deck={dark.pk}"' in page
    form = client.get(f"/games/swccg/calculators/battle/?dark-deck={dark.pk}").content.decode()
    assert f'name="dark-deck" value="{dark.pk}"' in form
    body = BATTLE | {
        "dark-destinies": "",
        "light-destinies": "",
        "dark-deck": dark.pk,
        "light-deck": light.pk,
    }
    answer = post(client, "battle", body)
    assert "Drawing destiny from the decks: Dark Side wins" in answer and "Battle destiny draws: 1." in answer


def test_sabacc_explained(client, catalogue):
    page = post(
        client,
        "sabacc",
        {
            "dark-card-0": "5_99",
            "dark-card-1": "5_105",
            "dark-card-2": "1_195",
            "light-card-0": "2_14",
            "light-card-1": "5_12",
            "wild": "5_99",
            "clones": "5_105",
            "stakes": "Bionic Hand (5_12)",
        },
    )
    assert "Dark Side wins: closest to 11 without going over wins." in page
    assert (
        "•Lando Calrissian 6 (wild) + Ugnaught 2 (clones •Tonnika Sisters) + •Tonnika Sisters 2 = 10." in page
    )
    assert "Bionic Hand (a stake: to Dark Side&#x27;s Used Pile)" in page
    bad = post(client, "sabacc", {"dark-card-0": "5_99", "light-card-0": "2_14"}, status=400)
    assert "<strong>invalid-request</strong>" in bad  # a hand is 2 cards or more
    many = post(client, "sabacc", {"wild": "5_99\n" * 41}, status=400)
    assert "<strong>invalid-request</strong>" in many and "at most 40 cards" in many


def test_drain_explained(client, catalogue):
    page = post(client, "drain", {"side": "light", "location": "1_128", "light-card-0": "1_19"})
    assert "Light Side may Force drain for 2." in page and "Light Side controls •Tatooine: Cantina." in page
    refused = post(client, "drain", {"side": "dark", "location": "1_128", "light-card-0": "1_19"})
    assert "Dark Side may not Force drain here." in refused
    bad = post(client, "drain", {"side": "light", "location": "1_168"}, status=400)
    assert "<strong>invalid-request</strong>" in bad and "is not a location" in bad


def test_capture_explained(client, catalogue):
    form = {
        "captured-card-0": "1_11",
        "captured-seize-0": "1_168",
        "escort-card-0": "1_168",
        "escort-card-1": "1_194",
    }
    page = post(client, "capture", form)
    assert "May be seized by: •Darth Vader, Stormtrooper." in page and "Seized by •Darth Vader." in page
    bad = post(client, "capture", form | {"escort-card-0": "1_181", "captured-seize-0": "1_181"}, status=400)
    assert "<strong>capture-not-allowed</strong>" in bad


@pytest.mark.parametrize("name", ["BATTLE", "SABACC", "DRAIN", "CAPTURE"])
def test_the_api_docs_examples_are_what_the_api_answers(client, catalogue, name):
    request = getattr(swccg_examples, f"{name}_REQUEST")
    response = client.post(f"/api/rules/swccg/{name.lower()}", request, content_type="application/json")
    assert response.status_code == 200 and response.json() == getattr(swccg_examples, f"{name}_RESPONSE")
    assert callable(getattr(swccg_rules, f"{name.lower()}_answer"))
