"""Each Rebel galaxy card of the original edition, played in a real position: its ability and its reward.

Player 1 is the Rebel player: its cards are played on turn 2, after the Empire's first turn (the Empire then
holds a fresh hand of five). The Empire player (0) bounty hunts Rebel units in the galaxy row on turn 1 to take
their rewards. The Force track runs from -3 (all the way to the Empire) to +3 (all the way to the Rebels).
"""

import pytest

from .positions import (
    attack,
    decline,
    defeat,
    options,
    place,
    play,
    refused,
    reveal_base,
    select,
    set_row,
    turn_of,
    use,
)

EMPIRE, REBEL = 0, 1


def rebel_turn(game, force=3):
    """The Rebel player's turn 2 with the Force at `force` and an empty resource pool (the Force track's income
    would blur what a card gives)."""
    game.state.force = force
    turn_of(game, REBEL)
    game.state.players[REBEL].resources = 0
    return game


def bounty(game, title, *attackers, row=(), taken=None):
    """The Empire's turn 1: a Rebel unit `title`, first of the galaxy row (`row` after it), is defeated by
    `attackers`; returns it."""
    assert game.state.active == EMPIRE and game.state.players[EMPIRE].resources == 0
    top = game.state.galaxy_deck[-1]
    card = defeat(game, title, *attackers, row=row, taken=taken)
    assert card in game.state.galaxy_discard and game.state.row[0] == top
    return card


# ---- Y-Wing: exile it to deal 2 damage to the opponent's base; reward 1 resource ----


def test_y_wing_exiles_itself_to_damage_the_base_past_capital_ships(new_game):
    g, taken = new_game(3), set()
    destroyer = place(g, "Star Destroyer", "in_play", EMPIRE, taken)
    rebel_turn(g)
    wing = play(g, "Y-Wing", taken)
    use(g, wing)
    state, me = g.state, g.state.players[REBEL]
    assert state.players[EMPIRE].base_damage == 2 and destroyer not in state.ship_damage
    assert me.exile == [wing] and wing not in me.in_play and g.pending() is None


def test_y_wing_attacks_before_it_is_exiled(new_game):
    g = rebel_turn(new_game(3))
    wing = play(g, "Y-Wing")
    attack(g, "base", wing)
    use(g, wing)
    assert g.state.players[EMPIRE].base_damage == 4 and g.state.players[REBEL].exile == [wing]


def test_y_wing_reward_is_1_resource(new_game):
    g = new_game(3)
    bounty(g, "Y-Wing", "Stormtrooper")
    assert g.state.players[EMPIRE].resources == 1 and g.pending() is None


# ---- Snowspeeder: your opponent discards 1 card from hand; reward: exile 1 card ----


def test_snowspeeder_makes_the_opponent_discard_a_card_of_their_choice(new_game):
    g = rebel_turn(new_game(3))
    speeder = play(g, "Snowspeeder")
    empire = g.state.players[EMPIRE]
    hand = empire.hand[:]
    use(g, speeder)
    pending = g.pending()
    assert pending["kind"] == "opp_discard" and g.to_move() == EMPIRE and not pending["optional"]
    assert options(g) == hand
    select(g, card=hand[2])
    assert empire.hand == hand[:2] + hand[3:] and empire.discard[-1] == hand[2] and g.to_move() == REBEL


def test_snowspeeder_reward_exiles_1_card_and_is_optional(new_game):
    g = new_game(3)
    bounty(g, "Snowspeeder", "Stormtrooper")
    me = g.state.players[EMPIRE]
    assert g.pending()["kind"] == "exile" and g.pending()["optional"] and options(g) == me.hand
    hand = me.hand[:]
    decline(g)
    assert me.exile == [] and me.hand == hand


# ---- Duros Spy: 2 resources; the opponent chooses: discard 1 card, or you gain 1 Force; reward: exile 1 ----


def test_duros_spy_opponent_chooses_to_discard(new_game):
    g = rebel_turn(new_game(3), force=0)
    spy = play(g, "Duros Spy")
    empire = g.state.players[EMPIRE]
    assert g.state.players[REBEL].resources == 2
    use(g, spy)
    assert g.pending()["kind"] == "choose" and g.to_move() == EMPIRE and options(g) == ["discard", "force"]
    select(g, option="discard")
    hand = empire.hand[:]
    assert g.pending()["kind"] == "opp_discard" and g.to_move() == EMPIRE and options(g) == hand
    select(g, card=hand[0])
    assert empire.discard[-1] == hand[0] and g.state.force == 0


def test_duros_spy_opponent_chooses_the_force(new_game):
    g = rebel_turn(new_game(3), force=0)
    spy = play(g, "Duros Spy")
    hand = g.state.players[EMPIRE].hand[:]
    use(g, spy)
    select(g, option="force")
    assert g.state.force == 1 and g.state.players[EMPIRE].hand == hand and g.pending() is None


def test_duros_spy_gives_the_force_when_the_opponent_has_no_hand(new_game):
    g = rebel_turn(new_game(3), force=0)
    empire = g.state.players[EMPIRE]
    empire.discard += empire.hand
    empire.hand = []
    spy = play(g, "Duros Spy")
    use(g, spy)
    assert g.pending() is None and g.state.force == 1


def test_duros_spy_reward_exiles_1_card(new_game):
    g = new_game(3)
    bounty(g, "Duros Spy", "Stormtrooper")
    me = g.state.players[EMPIRE]
    chosen = me.hand[1]
    select(g, card=chosen)
    assert me.exile == [chosen] and g.pending() is None


# ---- Baze Malbus: +1 attack for each of your bases destroyed; reward 1 Force ----


def test_baze_malbus_attacks_for_2(new_game):
    g = rebel_turn(new_game(3))
    baze = play(g, "Baze Malbus")
    attack(g, "base", baze)
    assert g.state.players[EMPIRE].base_damage == 2


def test_baze_malbus_gets_1_attack_per_destroyed_base(new_game):
    g = new_game(3)
    reveal_base(g, "Sullust")  # the Empire destroyed Dantooine: Sullust is the Rebels' new base
    baze = play(g, "Baze Malbus")
    assert g.state.players[EMPIRE].victory != [] and g.state.attack_of(baze, REBEL) == 3
    attack(g, "base", baze)
    assert g.state.players[EMPIRE].base_damage == 3


def test_baze_malbus_reward_is_1_force(new_game):
    g = new_game(3)
    bounty(g, "Baze Malbus", "Stormtrooper")
    assert g.state.force == 2


# ---- Rebel Transport (capital ship, 2 HP): choose 1 resource or repair 2 damage ----


def test_rebel_transport_gives_1_resource_to_an_undamaged_base(new_game):
    g = rebel_turn(new_game(3))
    transport = play(g, "Rebel Transport")
    use(g, transport)
    assert g.pending() is None and g.state.players[REBEL].resources == 1


@pytest.mark.parametrize("option, resources, damage", [("resources", 1, 3), ("repair", 0, 1)])
def test_rebel_transport_chooses_resources_or_repair(new_game, option, resources, damage):
    g = rebel_turn(new_game(3))
    me = g.state.players[REBEL]
    me.base_damage = 3
    transport = play(g, "Rebel Transport")
    use(g, transport)
    assert g.pending()["kind"] == "choose" and options(g) == ["resources", "repair"]
    select(g, option=option)
    assert me.resources == resources and me.base_damage == damage


def test_rebel_transport_shields_the_base_and_cannot_be_hunted(new_game):
    g, taken = new_game(3), set()
    transport = place(g, "Rebel Transport", "in_play", REBEL, taken)
    (in_row,) = set_row(g, "Rebel Transport", taken=taken)
    trooper = place(g, "Stormtrooper", "in_play", EMPIRE, taken)
    assert refused(g, {"type": "commit", "card": trooper, "target": in_row}) == "not-a-target"
    attack(g, "base", trooper)
    state = g.state
    assert transport in state.players[REBEL].discard and state.players[REBEL].base_damage == 0


# ---- Chirrut Imwe: 2 Force; +2 attack if the Force is with you; reward 2 Force ----


def test_chirrut_imwe_attacks_for_2_with_the_force(new_game):
    g = rebel_turn(new_game(3), force=0)
    chirrut = play(g, "Chirrut Imwe")
    assert g.state.force == 2
    attack(g, "base", chirrut)
    assert g.state.players[EMPIRE].base_damage == 2


def test_chirrut_imwe_has_no_attack_without_the_force(new_game):
    g = rebel_turn(new_game(3), force=-3)
    chirrut = play(g, "Chirrut Imwe")
    assert g.state.force == -1
    assert refused(g, {"type": "commit", "card": chirrut, "target": "base"}) == "no-attack"


def test_chirrut_imwe_reward_is_2_force(new_game):
    g = new_game(3)
    bounty(g, "Chirrut Imwe", "Death Trooper")
    assert g.state.force == 1


# ---- Rebel Commando: the opponent discards 1 card (at random if the Force is with you); reward 2 Force ----


def test_rebel_commando_discards_at_random_with_the_force(new_game):
    g = rebel_turn(new_game(3), force=1)
    commando = play(g, "Rebel Commando")
    empire = g.state.players[EMPIRE]
    hand, discard = empire.hand[:], empire.discard[:]
    use(g, commando)
    assert g.pending() is None and len(empire.hand) == 4
    (gone,) = set(hand) - set(empire.hand)
    assert empire.discard == [*discard, gone]


@pytest.mark.parametrize("force", [0, -2])
def test_rebel_commando_lets_the_opponent_choose_without_the_force(new_game, force):
    g = rebel_turn(new_game(3), force=force)
    commando = play(g, "Rebel Commando")
    empire = g.state.players[EMPIRE]
    hand = empire.hand[:]
    use(g, commando)
    assert g.pending()["kind"] == "opp_discard" and g.to_move() == EMPIRE and options(g) == hand
    select(g, card=hand[4])
    assert empire.hand == hand[:4] and empire.discard[-1] == hand[4]


def test_rebel_commando_reward_is_2_force(new_game):
    g = new_game(3)
    bounty(g, "Rebel Commando", "Death Trooper")
    assert g.state.force == 1


# ---- X-Wing: if the Force is with you, draw 1 card; reward 3 resources ----


def test_x_wing_draws_with_the_force(new_game):
    g = rebel_turn(new_game(3), force=1)
    wing = play(g, "X-Wing")
    me = g.state.players[REBEL]
    hand, top = me.hand[:], me.deck[-1]
    use(g, wing)
    assert me.hand == [*hand, top]


@pytest.mark.parametrize("force", [0, -1])
def test_x_wing_draws_nothing_without_the_force(new_game, force):
    g = rebel_turn(new_game(3), force=force)
    wing = play(g, "X-Wing")
    assert refused(g, {"type": "ability", "card": wing}) == "ability-condition"


def test_x_wing_reward_is_3_resources(new_game):
    g = new_game(3)
    bounty(g, "X-Wing", "Death Trooper")
    assert g.state.players[EMPIRE].resources == 3


# ---- Chewbacca: if you have another unique unit in play, draw 1 card; reward 3 Force ----


def test_chewbacca_draws_with_another_unique_unit(new_game):
    g, taken = new_game(3), set()
    rebel_turn(g)
    place(g, "Baze Malbus", "in_play", REBEL, taken)
    chewie = play(g, "Chewbacca", taken)
    me = g.state.players[REBEL]
    hand, top = me.hand[:], me.deck[-1]
    use(g, chewie)
    assert me.hand == [*hand, top]


def test_chewbacca_draws_nothing_beside_units_that_are_not_unique(new_game):
    g, taken = new_game(3), set()
    rebel_turn(g)
    place(g, "X-Wing", "in_play", REBEL, taken)
    place(g, "Rebel Transport", "in_play", REBEL, taken)
    chewie = play(g, "Chewbacca", taken)
    assert refused(g, {"type": "ability", "card": chewie}) == "ability-condition"


def test_chewbacca_reward_is_3_force(new_game):
    g = new_game(3)
    bounty(g, "Chewbacca", "AT-ST")
    assert g.state.force == 0


# ---- Jyn Erso: look at the opponent's hand; if the Force is with you, put one of its cards on their deck ----


def test_jyn_erso_puts_a_card_of_the_opponents_hand_on_their_deck(new_game):
    g = rebel_turn(new_game(3), force=2)
    jyn = play(g, "Jyn Erso")
    empire = g.state.players[EMPIRE]
    hand, deck = empire.hand[:], empire.deck[:]
    use(g, jyn)
    assert g.state.seen[REBEL] == tuple(hand)
    pending = g.pending()
    assert pending["kind"] == "hand_to_deck" and g.to_move() == REBEL and options(g) == hand
    select(g, card=hand[3])
    assert empire.hand == hand[:3] + hand[4:] and empire.deck == [*deck, hand[3]]


@pytest.mark.parametrize("force", [0, -3])
def test_jyn_erso_only_looks_without_the_force(new_game, force):
    g = rebel_turn(new_game(3), force=force)
    jyn = play(g, "Jyn Erso")
    empire = g.state.players[EMPIRE]
    hand, deck = empire.hand[:], empire.deck[:]
    use(g, jyn)
    assert g.state.seen[REBEL] == tuple(hand) and g.pending() is None
    assert empire.hand == hand and empire.deck == deck


def test_jyn_erso_reward_is_3_force(new_game):
    g = new_game(3)
    bounty(g, "Jyn Erso", "AT-ST")
    assert g.state.force == 0


# ---- U-Wing: 3 resources; if the Force is with you, repair 3 damage; reward 4 resources ----


def test_u_wing_repairs_3_with_the_force(new_game):
    g = rebel_turn(new_game(3), force=1)
    me = g.state.players[REBEL]
    me.base_damage = 5
    wing = play(g, "U-Wing")
    assert me.resources == 3
    use(g, wing)
    assert me.base_damage == 2


def test_u_wing_repairs_nothing_without_the_force(new_game):
    g = rebel_turn(new_game(3), force=0)
    g.state.players[REBEL].base_damage = 5
    wing = play(g, "U-Wing")
    assert refused(g, {"type": "ability", "card": wing}) == "ability-condition"
    assert g.state.players[REBEL].base_damage == 5


def test_u_wing_reward_is_4_resources(new_game):
    g = new_game(3)
    bounty(g, "U-Wing", "AT-ST")
    assert g.state.players[EMPIRE].resources == 4


# ---- Hammerhead Corvette (capital ship, 2 resources): exile it to destroy an opponent's capital ship in play or
# an enemy capital ship in the galaxy row ----


@pytest.mark.parametrize("in_play", [True, False])
def test_hammerhead_corvette_destroys_an_enemy_capital_ship(new_game, in_play):
    g, taken = new_game(3), set()
    destroyer = place(g, "Star Destroyer", "in_play", EMPIRE, taken)
    rebel_turn(g)
    row = set_row(
        g, "Gozanti Cruiser", "Blockade Runner", "Mon Calamari Cruiser", "TIE Fighter", "X-Wing", "Lobot",
        taken=taken,
    )  # fmt: skip
    corvette = play(g, "Hammerhead Corvette", taken)
    state, me = g.state, g.state.players[REBEL]
    assert me.resources == 2
    top = state.galaxy_deck[-1]
    use(g, corvette)
    assert me.exile == [corvette] and corvette not in me.in_play
    assert g.pending()["kind"] == "destroy_ship" and options(g) == [destroyer, row[0]]
    select(g, card=destroyer if in_play else row[0])
    empire = state.players[EMPIRE]
    assert empire.in_play == ([] if in_play else [destroyer]) and (destroyer in empire.discard) is in_play
    assert state.row == ([*row] if in_play else [top, *row[1:]])
    assert state.galaxy_discard[-1:] == ([] if in_play else [row[0]])


# ---- B-Wing: the opponent chooses: discard 1 card, or this unit gets +2 attack; reward: exile up to 2 ----


def test_b_wing_gets_2_attack_if_the_opponent_chooses(new_game):
    g = rebel_turn(new_game(3))
    wing = play(g, "B-Wing")
    hand = g.state.players[EMPIRE].hand[:]
    use(g, wing)
    assert g.pending()["kind"] == "choose" and g.to_move() == EMPIRE and options(g) == ["discard", "attack"]
    select(g, option="attack")
    assert g.state.players[EMPIRE].hand == hand
    attack(g, "base", wing)
    assert g.state.players[EMPIRE].base_damage == 7


def test_b_wing_makes_the_opponent_discard_if_they_choose(new_game):
    g = rebel_turn(new_game(3))
    wing = play(g, "B-Wing")
    empire = g.state.players[EMPIRE]
    hand = empire.hand[:]
    use(g, wing)
    select(g, option="discard")
    select(g, card=hand[0])
    assert empire.discard[-1] == hand[0] and g.state.attack_of(wing, REBEL) == 5


def test_b_wing_reward_exiles_up_to_2_cards(new_game):
    g = new_game(3)
    bounty(g, "B-Wing", "Boba Fett")
    me = g.state.players[EMPIRE]
    first, second = me.hand[0], me.hand[1]
    select(g, card=first)
    assert g.pending()["optional"]
    select(g, card=second)
    assert me.exile == [first, second] and g.pending() is None


# ---- Cassian Andor: when he helps defeat a galaxy-row target, the opponent discards 1 card; reward 3 res + 2F ----


def test_cassian_andor_makes_the_opponent_discard_after_the_reward(new_game):
    g = rebel_turn(new_game(3))
    empire, me = g.state.players[EMPIRE], g.state.players[REBEL]
    hand = empire.hand[:]
    defeat(g, "Scout Trooper", "Cassian Andor")
    assert g.pending()["kind"] == "exile" and g.to_move() == REBEL  # the reward first
    decline(g)
    assert g.pending()["kind"] == "opp_discard" and g.to_move() == EMPIRE and options(g) == hand
    select(g, card=hand[1])
    assert empire.discard[-1] == hand[1] and me.exile == []


def test_cassian_andor_does_nothing_attacking_the_base(new_game):
    g = rebel_turn(new_game(3))
    hand = g.state.players[EMPIRE].hand[:]
    attack(g, "base", place(g, "Cassian Andor", "in_play", REBEL))
    assert g.pending() is None and g.state.players[EMPIRE].hand == hand


def test_cassian_andor_reward_is_3_resources_and_2_force(new_game):
    g = new_game(3)
    bounty(g, "Cassian Andor", "Boba Fett")
    assert g.state.players[EMPIRE].resources == 3 and g.state.force == 1


# ---- Han Solo: 2 resources; draw 1 card (2 if the Millennium Falcon is in play); reward 3 res + 2 Force ----


@pytest.mark.parametrize("falcon, draws", [(False, 1), (True, 2)])
def test_han_solo_draws_more_beside_the_falcon(new_game, falcon, draws):
    g, taken = new_game(3), set()
    rebel_turn(g)
    if falcon:
        place(g, "Millennium Falcon", "in_play", REBEL, taken)
    han = play(g, "Han Solo", taken)
    me = g.state.players[REBEL]
    assert me.resources == 2
    hand, deck = me.hand[:], me.deck[:]
    use(g, han)
    assert me.hand == hand + deck[::-1][:draws]


def test_han_solo_reward_is_3_resources_and_2_force(new_game):
    g = new_game(3)
    bounty(g, "Han Solo", "Boba Fett")
    assert g.state.players[EMPIRE].resources == 3 and g.state.force == 1


# ---- Mon Calamari Cruiser (capital ship, 3 attack, 6 HP): no ability ----


def test_mon_calamari_cruiser_attacks_and_shields_the_base(new_game):
    g, taken = new_game(3), set()
    cruiser = place(g, "Mon Calamari Cruiser", "in_play", REBEL, taken)
    state = g.state
    assert state.texts[cruiser].use is None
    attack(g, "base", place(g, "AT-ST", "in_play", EMPIRE, taken))
    assert state.ship_damage[cruiser] == 4 and state.players[REBEL].base_damage == 0
    rebel_turn(g)
    assert cruiser in state.players[REBEL].in_play
    attack(g, "base", cruiser)
    assert state.players[EMPIRE].base_damage == 3


# ---- Princess Leia: 2 resources, 2 Force; take a Rebel card of the row for free (on top of your deck if the
# Force is with you); reward 3 resources + 3 Force ----


@pytest.mark.parametrize("force, after, on_top", [(0, 2, True), (-3, -1, False)])
def test_princess_leia_takes_a_rebel_card_for_free(new_game, force, after, on_top):
    g, taken = new_game(3), set()
    rebel_turn(g, force=force)
    row = set_row(
        g, "X-Wing", "TIE Fighter", "Lobot", "B-Wing", "Star Destroyer", "Blockade Runner", taken=taken
    )
    leia = play(g, "Princess Leia", taken)
    state, me = g.state, g.state.players[REBEL]
    assert me.resources == 2 and state.force == after
    top = state.galaxy_deck[-1]
    use(g, leia)
    assert g.pending()["kind"] == "free_purchase" and options(g) == [row[0], row[3]]
    select(g, card=row[3])
    assert state.row[3] == top and me.resources == 2
    assert (me.deck[-1] == row[3]) is on_top and (me.discard[-1:] == [row[3]]) is not on_top


def test_princess_leia_reward_is_3_resources_and_3_force(new_game):
    g = new_game(3)
    bounty(g, "Princess Leia", "Darth Vader")
    assert g.state.players[EMPIRE].resources == 3 and g.state.force == 0


# ---- Millennium Falcon: 2 resources; return a unique unit from your discard pile to your hand; reward: a free
# Empire card of the row ----


def test_millennium_falcon_returns_a_unique_unit(new_game):
    g, taken = new_game(3), set()
    rebel_turn(g)
    me = g.state.players[REBEL]
    chewie = place(g, "Chewbacca", "discard", REBEL, taken)
    place(g, "X-Wing", "discard", REBEL, taken)
    baze = place(g, "Baze Malbus", "discard", REBEL, taken)
    place(g, "Rebel Transport", "discard", REBEL, taken)
    falcon = play(g, "Millennium Falcon", taken)
    assert me.resources == 2
    use(g, falcon)
    assert g.pending()["kind"] == "return" and options(g) == [chewie, baze]
    select(g, card=baze)
    assert me.hand[-1] == baze and baze not in me.discard


def test_millennium_falcon_reward_purchases_an_empire_card_for_free(new_game):
    g, taken = new_game(3), set()
    place(g, "Jawa Scavenger", "galaxy_deck", taken=taken)  # refills the Falcon's slot
    row = ("X-Wing", "TIE Fighter", "Lobot", "AT-ST", "Star Destroyer")
    bounty(g, "Millennium Falcon", "AT-AT", "Stormtrooper", row=row, taken=taken)
    state, me = g.state, g.state.players[EMPIRE]
    pending = g.pending()
    row = state.row[:]
    assert (
        pending["kind"] == "free_purchase" and pending["optional"] and options(g) == [row[2], row[4], row[5]]
    )
    select(g, card=row[4])
    assert me.discard[-1] == row[4] and me.resources == 0


def test_millennium_falcon_reward_may_be_declined(new_game):
    g = new_game(3)
    bounty(g, "Millennium Falcon", "AT-AT", "Stormtrooper")
    row, discard = g.state.row[:], g.state.players[EMPIRE].discard[:]
    decline(g)
    assert g.state.row == row and g.state.players[EMPIRE].discard == discard and g.pending() is None


# ---- Luke Skywalker: 2 Force; if the Force is with you, destroy a capital ship the opponent has in play;
# reward 4 resources + 4 Force ----


def test_luke_skywalker_destroys_a_capital_ship_in_play(new_game):
    g, taken = new_game(3), set()
    destroyer = place(g, "Star Destroyer", "in_play", EMPIRE, taken)
    gozanti = place(g, "Gozanti Cruiser", "in_play", EMPIRE, taken)
    rebel_turn(g, force=0)
    set_row(g, "Imperial Carrier", taken=taken)
    luke = play(g, "Luke Skywalker", taken)
    assert g.state.force == 2
    use(g, luke)
    assert g.pending()["kind"] == "destroy_ship" and options(g) == [destroyer, gozanti]
    select(g, card=gozanti)
    assert g.state.players[EMPIRE].in_play == [destroyer] and g.state.players[EMPIRE].discard[-1] == gozanti


def test_luke_skywalker_destroys_nothing_without_the_force(new_game):
    g, taken = new_game(3), set()
    place(g, "Star Destroyer", "in_play", EMPIRE, taken)
    rebel_turn(g, force=-3)
    luke = play(g, "Luke Skywalker", taken)
    assert g.state.force == -1
    assert refused(g, {"type": "ability", "card": luke}) == "ability-condition"


def test_luke_skywalker_reward_is_4_resources_and_4_force(new_game):
    g = new_game(3)
    bounty(g, "Luke Skywalker", "AT-AT", "Stormtrooper")
    assert g.state.players[EMPIRE].resources == 4 and g.state.force == -1
