"""Purchase a Card, the galaxy row's refill, Empty Deck for the galaxy deck, the Outer Rim Pilot stack and the
optional rule "Paying Off Neutral Cards"."""

from dataclasses import replace

import pytest

from rules.swdbg.errors import IllegalAction
from rules.swdbg.game import Game

from . import positions

END = {"type": "end_turn"}
EMPIRE, REBEL = 0, 1


def buy(card: int) -> dict:
    return {"type": "purchase", "card": card}


def refused(game, action) -> str:
    before = positions.table_snapshot(game)
    with pytest.raises(IllegalAction) as caught:
        game.apply(action)
    assert positions.table_snapshot(game) == before
    return caught.value.code


@pytest.fixture
def market(new_game):
    """The Empire's turn 1 with 10 resources and a row of an Empire, a neutral and a Rebel card of each kind."""
    game = new_game(3)
    taken: set = set()
    row = positions.set_row(
        game,
        "TIE Fighter",
        "Z-95 Headhunter",
        "X-Wing",
        "Star Destroyer",
        "Blockade Runner",
        "Mon Calamari Cruiser",
        taken=taken,
    )
    game.state.players[EMPIRE].resources = 10
    positions.fresh(game)
    return game, dict(zip(["tie", "z95", "xwing", "sd", "runner", "moncal"], row, strict=True))


# ---- own faction or neutral ----


def test_the_empire_may_purchase_empire_and_neutral_cards_only(market):
    game, row = market
    offered = {a["card"] for a in game.legal_actions() if a["type"] == "purchase"}
    assert {row["tie"], row["z95"], row["sd"], row["runner"]} <= offered
    assert row["xwing"] not in offered and row["moncal"] not in offered


@pytest.mark.parametrize("enemy", ["xwing", "moncal"])
def test_purchasing_an_enemy_card_is_refused_with_its_code(market, enemy):
    game, row = market
    assert refused(game, buy(row[enemy])) == "enemy-card"


def test_the_rebel_may_not_purchase_empire_cards(market):
    game, row = market
    game.apply(END)
    game.state.players[REBEL].resources = 10
    positions.fresh(game)
    offered = {a["card"] for a in game.legal_actions() if a["type"] == "purchase"}
    assert {row["xwing"], row["moncal"], row["z95"], row["runner"]} <= offered
    assert row["tie"] not in offered and row["sd"] not in offered
    assert refused(game, buy(row["tie"])) == "enemy-card"


# ---- paying, where the card goes, the refill ----


@pytest.mark.parametrize("which", ["tie", "z95", "sd"])
def test_a_purchase_pays_the_cost_and_goes_on_top_of_the_discard_pile(market, which):
    game, row = market
    card = row[which]
    empire = game.state.players[EMPIRE]
    hand, deck = list(empire.hand), list(empire.deck)
    game.apply(buy(card))
    assert empire.resources == 10 - game.cards[card].cost
    assert empire.discard[-1] == card
    assert empire.hand == hand and empire.deck == deck and card not in empire.in_play


def test_a_purchase_needs_the_whole_cost(market):
    game, row = market
    game.state.players[EMPIRE].resources = game.cards[row["sd"]].cost - 1
    positions.fresh(game)
    assert buy(row["sd"]) not in game.legal_actions()
    assert refused(game, buy(row["sd"])) == "not-enough-resources"
    game.state.players[EMPIRE].resources += 1
    positions.fresh(game)
    game.apply(buy(row["sd"]))
    assert game.state.players[EMPIRE].resources == 0


def test_the_galaxy_row_is_refilled_at_once_from_the_galaxy_deck_top(market):
    game, row = market
    state = game.state
    top, size = state.galaxy_deck[-1], len(state.galaxy_deck)
    game.apply(buy(row["z95"]))
    assert state.row == [row["tie"], top, row["xwing"], row["sd"], row["runner"], row["moncal"]]
    assert len(state.galaxy_deck) == size - 1 and state.galaxy_discard == []


def test_several_purchases_in_one_turn(market):
    game, row = market
    game.apply(buy(row["tie"]))
    game.apply(buy(row["z95"]))
    empire = game.state.players[EMPIRE]
    assert empire.discard[-2:] == [row["tie"], row["z95"]] and empire.resources == 10 - 1 - 1
    assert len(game.state.row) == 6


def test_cards_not_in_the_galaxy_row_cannot_be_purchased(market):
    game, _ = market
    state = game.state
    in_galaxy_deck = state.galaxy_deck[-1]
    in_hand = state.players[EMPIRE].hand[0]
    assert refused(game, buy(in_galaxy_deck)) == "not-in-galaxy-row"
    assert refused(game, buy(in_hand)) == "not-in-galaxy-row"


# ---- Empty Deck: the galaxy deck ----


def test_the_galaxy_deck_is_reformed_only_when_a_card_is_needed(market):
    game, row = market
    state = game.state
    last, waiting = state.galaxy_deck[-1], state.galaxy_deck[:-1]
    state.galaxy_deck, state.galaxy_discard = [last], waiting[:]
    positions.fresh(game)
    game.apply(buy(row["tie"]))
    assert state.row[0] == last
    assert state.galaxy_deck == [] and state.galaxy_discard == waiting  # empty, and not reformed yet
    game.apply(buy(row["z95"]))
    assert state.galaxy_discard == [] and len(state.galaxy_deck) == len(waiting) - 1
    assert sorted([state.row[1], *state.galaxy_deck]) == sorted(waiting)


def test_the_row_refill_reforms_the_galaxy_deck_with_a_shuffle(market):
    game, row = market
    state = game.state
    waiting = state.galaxy_deck[:]
    state.galaxy_deck, state.galaxy_discard = [], waiting[:]
    positions.fresh(game)
    game.apply(buy(row["tie"]))
    assert sorted([state.row[0], *state.galaxy_deck]) == sorted(waiting)
    assert [state.row[0], *state.galaxy_deck[::-1]] != waiting[::-1]  # not simply turned over


# ---- the Outer Rim Pilot stack ----


def test_the_outer_rim_pilot_stack_s_top_card_is_for_sale(market):
    game, _ = market
    state = game.state
    pilots, row = list(state.pilots), list(state.row)
    offered = [a for a in game.legal_actions() if a["type"] == "purchase" and a["card"] in pilots]
    assert offered == [buy(pilots[-1])]
    game.apply(buy(pilots[-1]))
    empire = state.players[EMPIRE]
    assert state.pilots == pilots[:-1] and state.row == row
    assert empire.discard[-1] == pilots[-1] and empire.resources == 10 - 2


def test_only_the_top_outer_rim_pilot_can_be_purchased(market):
    game, _ = market
    assert refused(game, buy(game.state.pilots[0])) == "not-in-galaxy-row"


def test_an_outer_rim_pilot_costs_two(market):
    game, _ = market
    game.state.players[EMPIRE].resources = 1
    positions.fresh(game)
    top = game.state.pilots[-1]
    assert buy(top) not in game.legal_actions()
    assert refused(game, buy(top)) == "not-enough-resources"


def test_an_empty_outer_rim_pilot_stack_offers_nothing(market):
    game, _ = market
    state = game.state
    state.players[EMPIRE].exile += state.pilots
    state.pilots = []
    positions.fresh(game)
    pilots = positions.instances(game, "Outer Rim Pilot")
    assert not any(a["type"] == "purchase" and a["card"] in pilots for a in game.legal_actions())
    assert refused(game, buy(pilots[0])) == "not-in-galaxy-row"


def test_both_players_buy_from_the_outer_rim_pilot_stack(market):
    game, _ = market
    game.apply(buy(game.state.pilots[-1]))
    game.apply(END)
    game.state.players[REBEL].resources = 2
    positions.fresh(game)
    top = game.state.pilots[-1]
    game.apply(buy(top))
    assert game.state.players[REBEL].discard[-1] == top and len(game.state.pilots) == 8


# ---- the optional rule: Paying Off Neutral Cards ----


@pytest.fixture
def pay_off_game(full_setup):
    game = Game.new(replace(full_setup, pay_off_neutral=True), 3)
    row = positions.set_row(
        game,
        "TIE Fighter",
        "Z-95 Headhunter",
        "X-Wing",
        "Star Destroyer",
        "Blockade Runner",
        "Nebulon-B Frigate",
    )
    game.state.players[EMPIRE].resources = 10
    positions.fresh(game)
    return game, dict(zip(["tie", "z95", "xwing", "sd", "runner", "nebulon"], row, strict=True))


def pay(card: int) -> dict:
    return {"type": "pay_off", "card": card}


def test_with_the_rule_neutral_row_cards_can_be_paid_off(pay_off_game):
    game, row = pay_off_game
    offered = {a["card"] for a in game.legal_actions() if a["type"] == "pay_off"}
    assert offered == {row["z95"], row["runner"], row["nebulon"]}


def test_paying_off_discards_the_card_to_the_galaxy_discard_and_refills_the_row(pay_off_game):
    game, row = pay_off_game
    state = game.state
    empire = state.players[EMPIRE]
    top, discard = state.galaxy_deck[-1], list(empire.discard)
    game.apply(pay(row["runner"]))
    assert empire.resources == 10 - game.cards[row["runner"]].cost
    assert state.galaxy_discard == [row["runner"]]
    assert state.row[4] == top and row["runner"] not in state.row
    assert empire.discard == discard  # not added to the player's deck


def test_paying_off_needs_the_whole_cost(pay_off_game):
    game, row = pay_off_game
    game.state.players[EMPIRE].resources = game.cards[row["nebulon"]].cost - 1
    positions.fresh(game)
    assert pay(row["nebulon"]) not in game.legal_actions()
    assert refused(game, pay(row["nebulon"])) == "not-enough-resources"


@pytest.mark.parametrize("which", ["tie", "xwing", "sd"])
def test_only_neutral_cards_are_paid_off(pay_off_game, which):
    game, row = pay_off_game
    assert refused(game, pay(row[which])) == "not-legal"


def test_the_rebel_pays_off_too(pay_off_game):
    game, row = pay_off_game
    game.apply(END)
    game.state.players[REBEL].resources = 1
    positions.fresh(game)
    game.apply(pay(row["z95"]))
    assert row["z95"] in game.state.galaxy_discard and game.state.players[REBEL].resources == 0


def test_without_the_rule_nothing_is_paid_off(market):
    game, row = market
    assert not any(a["type"] == "pay_off" for a in game.legal_actions())
    assert refused(game, pay(row["z95"])) == "pay-off-off"


def test_the_default_setups_are_without_the_optional_rule(swdbg_setups):
    assert not any(setup.pay_off_neutral for setup in swdbg_setups.values())
