"""Each neutral card of the original edition (the galaxy deck's, the Outer Rim Pilot) and the six starter cards,
played in a real position; and the catalogue's original edition against the engine's texts and these tests.

Neutral cards are played by the Empire player (0) on turn 1 unless a test says otherwise. They have no target
value or reward: only Ord Mantell lets a player attack them (tests/rules/swdbg/test_cards_bases.py).
"""

import importlib
import re

import pytest

from cardsdb.models import Card
from rules.swdbg.texts import TEXTS

from .positions import (
    attack,
    clear_hand,
    decline,
    defeat,
    options,
    place,
    play,
    refused,
    select,
    set_row,
    turn_of,
    use,
)

EMPIRE, REBEL = 0, 1
ORIGINAL_EDITION = "original_2023"


def buy(game, card):
    game.apply({"type": "purchase", "card": card})


# ---- Z-95 Headhunter: if the opponent has a capital ship in play, draw 1 card ----


def test_z_95_headhunter_draws_when_the_opponent_has_a_capital_ship(new_game):
    g, taken = new_game(3), set()
    place(g, "Rebel Transport", "in_play", REBEL, taken)
    z95 = play(g, "Z-95 Headhunter", taken)
    me = g.state.players[EMPIRE]
    hand, top = me.hand[:], me.deck[-1]
    use(g, z95)
    assert me.hand == [*hand, top]


def test_z_95_headhunter_draws_nothing_for_its_own_sides_capital_ship(new_game):
    g, taken = new_game(3), set()
    place(g, "Gozanti Cruiser", "in_play", EMPIRE, taken)
    z95 = play(g, "Z-95 Headhunter", taken)
    assert refused(g, {"type": "ability", "card": z95}) == "ability-condition"


# ---- Jawa Scavenger: 2 resources; exile it to purchase your faction's or a neutral card of the galaxy discard ----


def test_jawa_scavenger_purchases_from_the_galaxy_discard_pile(new_game):
    g, taken = new_game(3), set()
    state, me = g.state, g.state.players[EMPIRE]
    tie, x_wing, at_st, lobot = (
        place(g, title, "galaxy_discard", taken=taken)
        for title in ("TIE Fighter", "X-Wing", "AT-ST", "Lobot")
    )
    me.resources = 1
    jawa = play(g, "Jawa Scavenger", taken)
    assert me.resources == 3
    use(g, jawa)
    assert me.exile == [jawa] and jawa not in me.in_play
    pending = g.pending()
    assert pending["kind"] == "purchase_discard" and pending["optional"] and options(g) == [tie, lobot]
    select(g, card=lobot)
    assert me.resources == 0 and me.discard[-1] == lobot and state.galaxy_discard == [tie, x_wing, at_st]


# ---- Rodian Gunslinger: +2 attack attacking a target in the galaxy row ----


def test_rodian_gunslinger_attacks_the_base_for_2(new_game):
    g = new_game(3)
    attack(g, "base", place(g, "Rodian Gunslinger", "in_play", EMPIRE))
    assert g.state.players[REBEL].base_damage == 2


def test_rodian_gunslinger_defeats_a_target_of_4_alone(new_game):
    g = new_game(3)
    target = defeat(g, "Jyn Erso", "Rodian Gunslinger")
    assert target in g.state.galaxy_discard and g.state.force == 0  # Jyn Erso's reward: 3 Force


# ---- Kel Dor Mystic: 2 Force; exile it to exile 1 card from your hand or discard pile ----


def test_kel_dor_mystic_exiles_itself_and_a_card(new_game):
    g = new_game(3)
    me = g.state.players[EMPIRE]
    mystic = play(g, "Kel Dor Mystic")
    assert g.state.force == 1
    use(g, mystic)
    pending = g.pending()
    assert pending["kind"] == "exile" and not pending["optional"] and options(g) == me.hand + me.discard
    chosen = me.hand[0]
    select(g, card=chosen)
    assert me.exile == [mystic, chosen] and g.pending() is None


# ---- Fang Fighter: when purchased, put it into your hand; if the Force is with you, also draw 1 card ----


@pytest.mark.parametrize("force, draws", [(-1, True), (0, False), (2, False)])
def test_fang_fighter_goes_into_the_hand_when_purchased(new_game, force, draws):
    g = new_game(3)
    (fang,) = set_row(g, "Fang Fighter")
    state, me = g.state, g.state.players[EMPIRE]
    state.force, me.resources = force, 3
    hand, top = me.hand[:], me.deck[-1]
    buy(g, fang)
    assert me.hand == [*hand, fang, *[top][:draws]] and fang not in me.discard and me.resources == 0


# ---- Twi'lek Smuggler: 3 resources; the next card you purchase this turn goes on top of your deck ----


def test_twilek_smuggler_puts_the_next_purchase_on_the_deck(new_game):
    g, taken = new_game(3), set()
    (tie,) = set_row(g, "TIE Fighter", taken=taken)
    smuggler = play(g, "Twi'lek Smuggler", taken)
    state, me = g.state, g.state.players[EMPIRE]
    assert me.resources == 3
    use(g, smuggler)
    buy(g, tie)
    pilot = state.pilots[-1]
    buy(g, pilot)
    assert me.deck[-1] == tie and me.discard[-1] == pilot and me.resources == 0


# ---- C-ROC Cruiser (capital ship, 1 resource): discard a card from your hand to repair 3 damage ----


def test_c_roc_cruiser_discards_a_card_to_repair_3(new_game):
    g = new_game(3)
    me = g.state.players[EMPIRE]
    me.base_damage = 5
    cruiser = play(g, "C-ROC Cruiser")
    assert me.resources == 1
    hand = me.hand[:]
    use(g, cruiser)
    assert g.pending()["kind"] == "cost_discard" and options(g) == hand
    select(g, card=hand[0])
    assert me.discard[-1] == hand[0] and me.base_damage == 2


def test_c_roc_cruiser_needs_a_card_in_hand(new_game):
    g = new_game(3)
    g.state.players[EMPIRE].base_damage = 5
    cruiser = play(g, "C-ROC Cruiser")
    clear_hand(g, EMPIRE)
    assert refused(g, {"type": "ability", "card": cruiser}) == "ability-cost"


# ---- Lobot: when played, choose +2 attack, +2 resources or +2 Force ----


@pytest.mark.parametrize("option, attack_, resources, force", [
    ("attack", 2, 0, 3), ("resources", 0, 2, 3), ("force", 0, 0, 1),
])  # fmt: skip
def test_lobot_chooses_when_played(new_game, option, attack_, resources, force):
    g = new_game(3)
    lobot = play(g, "Lobot")
    pending = g.pending()
    assert (
        pending["kind"] == "choose" and pending["optional"] and options(g) == ["attack", "resources", "force"]
    )
    select(g, option=option)
    state = g.state
    assert state.attack_of(lobot, EMPIRE) == attack_
    assert state.players[EMPIRE].resources == resources and state.force == force


def test_lobot_may_choose_nothing(new_game):
    g = new_game(3)
    lobot = play(g, "Lobot")
    decline(g)
    assert g.state.attack_of(lobot, EMPIRE) == 0 and g.state.players[EMPIRE].resources == 0
    assert g.state.force == 3


# ---- Bossk, Dengar, IG-88: when he helps defeat a galaxy-row target ----


def test_bossk_gains_1_force_when_he_helps_defeat_a_target(new_game):
    g = new_game(3)
    defeat(g, "X-Wing", "Bossk")
    assert g.state.players[EMPIRE].resources == 3 and g.state.force == 2  # the X-Wing's reward, then Bossk's


def test_bossk_gains_nothing_attacking_the_base(new_game):
    g = new_game(3)
    attack(g, "base", place(g, "Bossk", "in_play", EMPIRE))
    assert g.state.force == 3 and g.state.players[REBEL].base_damage == 3


def test_dengar_gains_2_resources_when_he_helps_defeat_a_target(new_game):
    g = new_game(3)
    defeat(g, "Y-Wing", "Dengar")
    assert g.state.players[EMPIRE].resources == 3  # 1 of the Y-Wing's reward, 2 of Dengar's


def test_dengar_gains_nothing_from_a_failed_attack(new_game):
    g = new_game(3)
    target = defeat(g, "Millennium Falcon", "Dengar")
    assert target == g.state.row[0] and g.state.players[EMPIRE].resources == 0


def test_ig_88_exiles_a_card_when_he_helps_defeat_a_target(new_game):
    g = new_game(3)
    me = g.state.players[EMPIRE]
    defeat(g, "Y-Wing", "IG-88")
    assert me.resources == 1 and g.pending()["kind"] == "exile" and g.pending()["optional"]
    chosen = me.hand[2]
    select(g, card=chosen)
    assert me.exile == [chosen] and g.pending() is None


# ---- HWK-290: 4 resources; exile it to repair 4 damage ----


def test_hwk_290_exiles_itself_to_repair_4(new_game):
    g = new_game(3)
    me = g.state.players[EMPIRE]
    me.base_damage = 6
    hwk = play(g, "HWK-290")
    assert me.resources == 4
    use(g, hwk)
    assert me.base_damage == 2 and me.exile == [hwk] and hwk not in me.in_play


# ---- Quarren Mercenary: when purchased, exile 1 card (up to 2 if the Force is with you) ----


def test_quarren_mercenary_exiles_up_to_2_with_the_force(new_game):
    g = new_game(3)
    (quarren,) = set_row(g, "Quarren Mercenary")
    me = g.state.players[EMPIRE]
    g.state.force, me.resources = -2, 4
    buy(g, quarren)
    assert g.pending()["kind"] == "exile" and g.pending()["optional"] and options(g) == me.hand + me.discard
    first, second = me.hand[0], quarren
    select(g, card=first)
    select(g, card=second)
    assert me.exile == [first, second] and g.pending() is None


def test_quarren_mercenary_exiles_1_without_the_force(new_game):
    g = new_game(3)
    (quarren,) = set_row(g, "Quarren Mercenary")
    me = g.state.players[EMPIRE]
    g.state.force, me.resources = 0, 4
    buy(g, quarren)
    chosen = me.hand[1]
    select(g, card=chosen)
    assert me.exile == [chosen] and g.pending() is None and me.discard == [quarren]


# ---- Blockade Runner (capital ship, 1 attack, 1 resource, 4 HP): no ability ----


def test_blockade_runner_attacks_pays_and_shields(new_game):
    g = new_game(3)
    runner = play(g, "Blockade Runner")
    state, me = g.state, g.state.players[EMPIRE]
    assert me.resources == 1 and state.texts[runner].use is None
    attack(g, "base", runner)
    assert state.players[REBEL].base_damage == 1
    turn_of(g, REBEL)
    attack(g, "base", place(g, "Rebel Trooper", "in_play", REBEL))
    assert state.ship_damage[runner] == 2 and me.base_damage == 0
    turn_of(g, EMPIRE)
    assert me.resources == 1 and runner in me.in_play


# ---- Nebulon-B Frigate (capital ship, 5 HP): choose 3 resources or repair 3 damage ----


def test_nebulon_b_frigate_gives_3_resources_to_an_undamaged_base(new_game):
    g = new_game(3)
    frigate = play(g, "Nebulon-B Frigate")
    use(g, frigate)
    assert g.pending() is None and g.state.players[EMPIRE].resources == 3


@pytest.mark.parametrize("option, resources, damage", [("resources", 3, 4), ("repair", 0, 1)])
def test_nebulon_b_frigate_chooses_resources_or_repair(new_game, option, resources, damage):
    g = new_game(3)
    me = g.state.players[EMPIRE]
    me.base_damage = 4
    frigate = play(g, "Nebulon-B Frigate")
    use(g, frigate)
    assert options(g) == ["resources", "repair"]
    select(g, option=option)
    assert me.resources == resources and me.base_damage == damage


# ---- Lando Calrissian: 3 resources; draw 1 card; if the Force is with you, the opponent discards 1 card ----


def test_lando_calrissian_draws_and_makes_the_opponent_discard_with_the_force(new_game):
    g = new_game(3)
    g.state.force = -1
    lando = play(g, "Lando Calrissian")
    me, rebel = g.state.players[EMPIRE], g.state.players[REBEL]
    assert me.resources == 3
    hand, top, theirs = me.hand[:], me.deck[-1], rebel.hand[:]
    use(g, lando)
    assert me.hand == [*hand, top]
    assert g.pending()["kind"] == "opp_discard" and g.to_move() == REBEL and options(g) == theirs
    select(g, card=theirs[0])
    assert rebel.discard == [theirs[0]] and rebel.hand == theirs[1:]


def test_lando_calrissian_only_draws_without_the_force(new_game):
    g = new_game(3)
    lando = play(g, "Lando Calrissian")
    me, rebel = g.state.players[EMPIRE], g.state.players[REBEL]
    hand, top, theirs = me.hand[:], me.deck[-1], rebel.hand[:]
    use(g, lando)
    assert me.hand == [*hand, top] and rebel.hand == theirs and g.pending() is None


# ---- Jabba's Sail Barge: 3 resources; return a Bounty Hunter from your discard pile to your hand ----


def test_jabbas_sail_barge_returns_a_bounty_hunter(new_game):
    g, taken = new_game(3), set()
    me = g.state.players[EMPIRE]
    boba = place(g, "Boba Fett", "discard", EMPIRE, taken)
    place(g, "Stormtrooper", "discard", EMPIRE, taken)
    bossk = place(g, "Bossk", "discard", EMPIRE, taken)
    barge = play(g, "Jabba's Sail Barge", taken)
    assert me.resources == 3
    use(g, barge)
    assert g.pending()["kind"] == "return" and options(g) == [boba, bossk]
    select(g, card=bossk)
    assert me.hand[-1] == bossk and bossk not in me.discard and boba in me.discard


# ---- Jabba the Hutt: 2 resources, 2 Force; exile a card from your hand to draw 1 (2 if the Force is with you) --


@pytest.mark.parametrize("force, after, draws", [(3, 1, 1), (0, -2, 2)])
def test_jabba_the_hutt_exiles_a_card_to_draw(new_game, force, after, draws):
    g = new_game(3)
    g.state.force = force
    jabba = play(g, "Jabba the Hutt")
    me = g.state.players[EMPIRE]
    assert me.resources == 2 and g.state.force == after
    hand, deck = me.hand[:], me.deck[:]
    use(g, jabba)
    assert g.pending()["kind"] == "cost_exile" and not g.pending()["optional"] and options(g) == hand
    select(g, card=hand[0])
    assert me.exile == [hand[0]] and me.hand == hand[1:] + deck[::-1][:draws]


def test_jabba_the_hutt_needs_a_card_in_hand(new_game):
    g = new_game(3)
    jabba = play(g, "Jabba the Hutt")
    clear_hand(g, EMPIRE)
    assert refused(g, {"type": "ability", "card": jabba}) == "ability-cost"


# ---- Outer Rim Pilot (the stack of 10): costs 2, 2 resources; exile it to gain 1 Force ----


def test_outer_rim_pilot_is_bought_from_its_stack_and_exiles_itself_for_1_force(new_game):
    g = new_game(3)
    state, me = g.state, g.state.players[EMPIRE]
    me.resources = 2
    stack = state.pilots[:]
    buy(g, stack[-1])
    assert state.pilots == stack[:-1] and me.discard == [stack[-1]] and me.resources == 0
    pilot = play(g, "Outer Rim Pilot")
    assert me.resources == 2
    use(g, pilot)
    assert me.exile == [pilot] and state.force == 2


# ---- the starter cards ----


def _plays_a_shuttle(game, player, title):
    turn_of(game, player)
    game.state.players[player].resources = 0
    shuttle = play(game, title)
    assert game.state.players[player].resources == 1 and game.state.force == 3
    assert refused(game, {"type": "ability", "card": shuttle}) == "no-ability"
    assert refused(game, {"type": "commit", "card": shuttle, "target": "base"}) == "no-attack"


def test_imperial_shuttle_gives_1_resource(new_game):
    _plays_a_shuttle(new_game(3), EMPIRE, "Imperial Shuttle")


def test_alliance_shuttle_gives_1_resource(new_game):
    _plays_a_shuttle(new_game(3), REBEL, "Alliance Shuttle")


def _attacks_with_a_trooper(game, player, title):
    turn_of(game, player)
    trooper = play(game, title)
    assert game.state.texts[trooper].use is None
    attack(game, "base", trooper)
    assert game.state.players[1 - player].base_damage == 2


def test_stormtrooper_attacks_for_2(new_game):
    _attacks_with_a_trooper(new_game(3), EMPIRE, "Stormtrooper")


def test_rebel_trooper_attacks_for_2(new_game):
    _attacks_with_a_trooper(new_game(3), REBEL, "Rebel Trooper")


CHOICES_OF_1 = pytest.mark.parametrize("option, attack_, resources, force", [
    ("attack", 1, 0, 0), ("resources", 0, 1, 0), ("force", 0, 0, 1),
])  # fmt: skip


def _chooses_when_played(game, player, title, option, attack_, resources, force):
    """+1 attack, +1 resource or +1 Force (toward the player's side of the track), chosen when played."""
    game.state.force = 0
    turn_of(game, player)
    me = game.state.players[player]
    me.resources = 0
    card = play(game, title)
    assert game.pending()["kind"] == "choose" and game.pending()["optional"]
    assert options(game) == ["attack", "resources", "force"]
    select(game, option=option)
    assert game.state.attack_of(card, player) == attack_ and me.resources == resources
    assert game.state.force == force * me.side


@CHOICES_OF_1
def test_inquisitor_chooses_when_played(new_game, option, attack_, resources, force):
    _chooses_when_played(new_game(3), EMPIRE, "Inquisitor", option, attack_, resources, force)


@CHOICES_OF_1
def test_temple_guardian_chooses_when_played(new_game, option, attack_, resources, force):
    _chooses_when_played(new_game(3), REBEL, "Temple Guardian", option, attack_, resources, force)


# ---- the catalogue's original edition ----


def _original_titles() -> set[str]:
    cards = Card.objects.filter(game_id="swdbg", card_set__code=ORIGINAL_EDITION)
    return set(cards.values_list("name", flat=True))


def test_every_original_edition_card_has_an_engine_text(swdbg_catalogue):
    titles = _original_titles()
    assert len(titles) == 82
    assert sorted(titles - set(TEXTS)) == []


def test_every_original_edition_card_has_a_test_here(swdbg_catalogue):
    """One test (or more) per card title, named test_<title in snake case>…, in one of the four card modules."""
    package = __name__.rpartition(".")[0]
    names = [
        name
        for module in ("test_cards_empire", "test_cards_rebel", "test_cards_neutral", "test_cards_bases")
        for name in dir(importlib.import_module(f"{package}.{module}"))
        if name.startswith("test_")
    ]
    untested = sorted(
        title
        for title in _original_titles()
        if not any(re.match(rf"test_{_snake(title)}(_|$)", name) for name in names)
    )
    assert untested == []


def _snake(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", title.casefold().replace("'", "")).strip("_")
