"""One draw-pile rule (rules/starting_pulls.py PILE_RULE) for the API's odds and the deck page's Odds panel: a card
a starting card takes into hand later (Mobilization Points) stays in the pile; one it deploys does not."""

import pytest
from django.contrib.auth.models import User
from django.http import QueryDict

from cardsdb.models import Card, CardRelation
from decks.models import Deck, DeckCard
from rules.deck_odds import deck_pile
from rules.starting_pulls import PILE_RULE, taken_into_hand
from rules.views.odds_panel import odds_panel, percent

pytestmark = pytest.mark.django_db

MOBILIZATION_POINTS = "9_129"  # "Once per game, you may take one Carida, … into hand from Reserve Deck"
CARIDA = "8_156"
FILLER = "1_194"  # Stormtrooper


def test_taken_into_hand_reads_the_sentence_that_names_the_card():
    text = (
        "Deploy on table. Your Force generation is +1 at each docking bay you occupy. Once per game, you may "
        "take one Carida, Wakeelmui, Gall, Kuat or Rendili system or Executor into hand from Reserve Deck; "
        "reshuffle. (Immune to Alter.)"
    )
    assert taken_into_hand(text, "Carida") and taken_into_hand(text, "•Executor")
    # A title the text shortens ("Flagship Executor"): every Reserve Deck sentence takes into hand.
    assert taken_into_hand(text, "Flagship Executor")
    objective = "Deploy Tatooine system (with Tantive IV there) and Dune Sea. For remainder of game, you may…"
    assert not taken_into_hand(objective, "Dune Sea") and not taken_into_hand(objective, "Anything")


def test_percent():
    assert [percent(p) for p in (0.4231, 0, 1, 0.0001, 0.99999, 0.5)] == [
        "42.3%",
        "0.0%",
        "100.0%",
        "<0.1%",
        ">99.9%",
        "50.0%",
    ]


def _deck(owner, rows) -> Deck:
    deck = Deck.objects.create(owner=owner, name="Odds", game_id="swccg", is_public=True)
    cards = {c.code: c for c in Card.objects.filter(game_id="swccg", code__in=[r[0] for r in rows])}
    DeckCard.objects.bulk_create(
        [DeckCard(deck=deck, card=cards[code], code=code, count=n, zone=zone) for code, n, zone in rows]
    )
    return deck


def _api_pile(client, deck, **body) -> dict:
    response = client.post(
        f"/api/decks/{deck.pk}/simulate/opening-hand/",
        {"targets": [{"cards": [CARIDA]}], **body},
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    return response.json()


def test_a_card_taken_into_hand_stays_in_the_pile_for_both(client, catalogue):
    owner = User.objects.create_user("leia", password="alderaan-123")
    deck = _deck(owner, [(MOBILIZATION_POINTS, 1, "starting"), (CARIDA, 1, "deck"), (FILLER, 58, "deck")])
    pile = deck_pile(deck)
    assert CARIDA in pile.cards and pile.derived == [] and len(pile.cards) == 59

    panel = odds_panel(deck, QueryDict("g1=•Carida"))
    api = _api_pile(client, deck)
    assert panel["pile_size"] == api["draw_pile_size"] == 59
    assert panel["starting"] == len(api["starting"]) == 1 and api["derived_starting"] == []
    assert api["targets"][0]["copies_in_pile"] == panel["groups"][0]["copies"] == 1
    assert api["pile_rule"] == panel["pile_rule"] == PILE_RULE

    # The API asked outright to derive pulls reads the same pile: Carida is not placed before the draw.
    explicit = client.post(
        "/api/simulate/opening-hand",
        {
            "game": "swccg",
            "cards": [MOBILIZATION_POINTS, CARIDA] + [FILLER] * 58,
            "starting": [MOBILIZATION_POINTS],
            "derive_pulls": True,
            "targets": [{"cards": [CARIDA]}],
        },
        content_type="application/json",
    ).json()
    assert explicit["draw_pile_size"] == 59 and explicit["targets"][0]["copies_in_pile"] == 1


def _deployed_pull() -> tuple[str, str]:
    """A starting card (an objective) and a card its text deploys, as the card data relates them."""
    for relation in CardRelation.objects.filter(
        kind="pulls", card__game_id="swccg", card__type="Objective", target__isnull=False
    ).select_related("card", "target"):
        if (
            not taken_into_hand(relation.card.gametext, relation.text)
            and relation.target.code != relation.card.code
        ):
            return relation.card.code, relation.target.code
    pytest.skip("no objective deploys a card in this catalogue")


def test_a_card_a_starting_card_deploys_leaves_the_pile_for_both(client, catalogue):
    objective, pulled = _deployed_pull()
    owner = User.objects.create_user("leia", password="alderaan-123")
    deck = _deck(owner, [(objective, 1, "starting"), (pulled, 2, "deck"), (FILLER, 57, "deck")])
    pile = deck_pile(deck)
    assert pile.derived == [pulled] and pile.cards.count(pulled) == 1

    panel = odds_panel(deck, QueryDict(""))
    api = _api_pile(client, deck, targets=[{"cards": [pulled]}])
    assert panel["pile_size"] == api["draw_pile_size"] == 58 and panel["derived"] == 1
    assert api["derived_starting"] == [pulled]
    # Asked not to derive, the API says the plain pile (the deck page always derives, as the rule says).
    plain = _api_pile(client, deck, derive_pulls=False, targets=[{"cards": [pulled]}])
    assert plain["draw_pile_size"] == 59


def test_a_pulled_card_already_listed_as_starting_is_not_taken_twice(catalogue):
    objective, pulled = _deployed_pull()
    owner = User.objects.create_user("leia", password="alderaan-123")
    deck = _deck(
        owner,
        [(objective, 1, "starting"), (pulled, 1, "starting"), (pulled, 1, "deck"), (FILLER, 57, "deck")],
    )
    pile = deck_pile(deck)
    assert pile.derived == [] and pile.cards.count(pulled) == 1 and len(pile.cards) == 58


def test_the_panel_picks_groups_by_name_and_shows_percentages(client, catalogue):
    owner = User.objects.create_user("leia", password="alderaan-123")
    deck = _deck(owner, [("1_168", 2, "deck"), (FILLER, 58, "deck")])
    page = client.get(f"/decks/{deck.pk}/", {"g1": "•Darth Vader"}).content.decode()
    # P(at least one of 2 Vaders in 8 of 60) = 1 - C(58,8)/C(60,8) = 0.2508…
    assert '<p class="result" data-group="1"><strong>25.1%</strong>' in page
    assert '<option value="•Darth Vader" selected>2× •Darth Vader</option>' in page
    by_code = client.get(f"/decks/{deck.pk}/", {"g1": "1_168"}).content.decode()
    assert "<strong>25.1%</strong>" in by_code
