"""Each Empire galaxy card of the original edition, played in a real position: its ability and its reward.

Player 0 is the Empire and moves first; the Rebel player (1) sabotages Empire units in the galaxy row to take
their rewards. The Force track runs from -3 (all the way to the Empire) to +3 (all the way to the Rebels).
"""

import pytest

from .positions import (
    attack,
    clear_hand,
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


def sabotage(game, title, *attackers, row=(), taken=None):
    """The Rebel player's turn: an Empire unit `title`, first of the galaxy row (`row` after it), is defeated by
    `attackers`; returns it."""
    turn_of(game, REBEL)
    game.state.players[REBEL].resources = 0  # not the Force track's income: only the reward counts
    taken = taken if taken is not None else set()
    top = game.state.galaxy_deck[-1]
    card = defeat(game, title, *attackers, row=row, taken=taken)
    assert card in game.state.galaxy_discard and game.state.row[0] == top
    return card


# ---- TIE Fighter: draw 1 if you have a capital ship in play; reward 1 resource ----


def test_tie_fighter_draws_with_a_capital_ship_in_play(new_game):
    g, taken = new_game(3), set()
    place(g, "Gozanti Cruiser", "in_play", EMPIRE, taken)
    fighter = play(g, "TIE Fighter", taken)
    me = g.state.players[EMPIRE]
    top, hand = me.deck[-1], me.hand[:]
    use(g, fighter)
    assert me.hand == [*hand, top]
    assert refused(g, {"type": "ability", "card": fighter}) == "ability-used"


def test_tie_fighter_draws_nothing_without_a_capital_ship(new_game):
    g = new_game(3)
    fighter = play(g, "TIE Fighter")
    assert refused(g, {"type": "ability", "card": fighter}) == "ability-condition"


def test_tie_fighter_reward_is_1_resource(new_game):
    g = new_game(3)
    sabotage(g, "TIE Fighter", "Rebel Trooper")
    assert g.state.players[REBEL].resources == 1 and g.pending() is None


# ---- TIE Bomber: discard a galaxy-row card; reward: exile 1 card from hand or discard pile ----


def test_tie_bomber_discards_a_galaxy_row_card_without_its_reward(new_game):
    g = new_game(3)
    bomber = play(g, "TIE Bomber")
    state = g.state
    row, top = state.row[:], state.galaxy_deck[-1]
    use(g, bomber)
    assert g.pending()["kind"] == "discard_row" and options(g) == row and not g.pending()["optional"]
    select(g, card=row[2])
    assert state.galaxy_discard[-1] == row[2] and state.row == [*row[:2], top, *row[3:]]
    assert state.players[EMPIRE].resources == 0 and state.force == 3 and g.pending() is None


def test_tie_bomber_reward_exiles_1_card_and_is_optional(new_game):
    g = new_game(3)
    sabotage(g, "TIE Bomber", "Rebel Trooper")
    me = g.state.players[REBEL]
    assert g.pending()["kind"] == "exile" and g.pending()["optional"]
    assert options(g) == me.hand + me.discard
    chosen = me.hand[0]
    select(g, card=chosen)
    assert me.exile == [chosen] and chosen not in me.hand and g.pending() is None


def test_tie_bomber_reward_may_be_declined(new_game):
    g = new_game(3)
    sabotage(g, "TIE Bomber", "Rebel Trooper")
    me = g.state.players[REBEL]
    hand = me.hand[:]
    decline(g)
    assert me.exile == [] and me.hand == hand and g.pending() is None


# ---- Scout Trooper: 2 resources; reveal the galaxy deck's top card: Empire → 1 Force, Rebel → discard it ----


@pytest.mark.parametrize(
    "top_title, force, discarded",
    [("TIE Fighter", 2, False), ("X-Wing", 3, True), ("Z-95 Headhunter", 3, False)],
)
def test_scout_trooper_reveals_the_galaxy_deck_top(new_game, top_title, force, discarded):
    g, taken = new_game(3), set()
    top = place(g, top_title, "galaxy_deck", taken=taken)
    scout = play(g, "Scout Trooper", taken)
    state = g.state
    assert state.players[EMPIRE].resources == 2
    use(g, scout)
    assert state.force == force
    assert (state.galaxy_discard[-1:] == [top]) is discarded
    assert (state.galaxy_deck[-1] == top) is not discarded
    assert g.pending() is None


def test_scout_trooper_reward_exiles_1_card(new_game):
    g = new_game(3)
    sabotage(g, "Scout Trooper", "Rebel Trooper")
    me = g.state.players[REBEL]
    assert g.pending()["kind"] == "exile" and g.pending()["optional"] and options(g) == me.hand
    chosen = me.hand[3]
    select(g, card=chosen)
    assert me.exile == [chosen] and chosen not in me.hand


# ---- Admiral Piett: 2 resources; while in play your capital ships get +1 attack; reward 1 Force ----


def test_admiral_piett_gives_capital_ships_1_attack_while_in_play(new_game):
    g, taken = new_game(3), set()
    destroyer = place(g, "Star Destroyer", "in_play", EMPIRE, taken)
    trooper = place(g, "Stormtrooper", "in_play", EMPIRE, taken)
    play(g, "Admiral Piett", taken)
    state = g.state
    assert state.players[EMPIRE].resources == 2
    assert state.attack_of(destroyer, EMPIRE) == 5 and state.attack_of(trooper, EMPIRE) == 2
    attack(g, "base", destroyer)
    assert state.players[REBEL].base_damage == 5
    g.apply({"type": "end_turn"})  # Piett leaves play; the Star Destroyer stays
    assert destroyer in state.players[EMPIRE].in_play and state.attack_of(destroyer, EMPIRE) == 4


def test_admiral_piett_reward_is_1_force(new_game):
    g = new_game(3)
    g.state.force = 0
    sabotage(g, "Admiral Piett", "Rebel Trooper")
    assert g.state.force == 1 and g.state.players[REBEL].resources == 0


# ---- Death Trooper: +2 attack if the Force is with you; reward 2 Force ----


@pytest.mark.parametrize("force, damage", [(-1, 5), (0, 3), (1, 3)])
def test_death_trooper_gets_2_attack_if_the_force_is_with_you(new_game, force, damage):
    g = new_game(3)
    g.state.force = force
    trooper = play(g, "Death Trooper")
    attack(g, "base", trooper)
    assert g.state.players[REBEL].base_damage == damage


def test_death_trooper_reward_is_2_force(new_game):
    g = new_game(3)
    g.state.force = -2
    sabotage(g, "Death Trooper", "Rebel Trooper", "Rebel Trooper")
    assert g.state.force == 0


# ---- TIE Interceptor: reveal the galaxy deck's top card: Empire → draw 1, Rebel → discard it; reward 3 res ----


@pytest.mark.parametrize(
    "top_title, draws, discarded", [("AT-ST", True, False), ("Y-Wing", False, True), ("Lobot", False, False)]
)
def test_tie_interceptor_reveals_the_galaxy_deck_top(new_game, top_title, draws, discarded):
    g, taken = new_game(3), set()
    top = place(g, top_title, "galaxy_deck", taken=taken)
    interceptor = play(g, "TIE Interceptor", taken)
    state, me = g.state, g.state.players[EMPIRE]
    hand, deck = me.hand[:], me.deck[:]
    use(g, interceptor)
    assert me.hand == (hand + deck[-1:] if draws else hand)
    assert (state.galaxy_discard[-1:] == [top]) is discarded
    assert (state.galaxy_deck[-1] == top) is not discarded
    assert top not in me.hand and state.force == 3


def test_tie_interceptor_reward_is_3_resources(new_game):
    g = new_game(3)
    sabotage(g, "TIE Interceptor", "Rebel Trooper", "Rebel Trooper")
    assert g.state.players[REBEL].resources == 3


# ---- Gozanti Cruiser (capital ship, 2 resources, 3 HP): discard a card from your hand to draw a card ----


def test_gozanti_cruiser_discards_a_card_to_draw_one(new_game):
    g = new_game(3)
    cruiser = play(g, "Gozanti Cruiser")
    me = g.state.players[EMPIRE]
    assert me.resources == 2
    hand, top = me.hand[:], me.deck[-1]
    use(g, cruiser)
    pending = g.pending()
    assert pending["kind"] == "cost_discard" and not pending["optional"] and options(g) == hand
    select(g, card=hand[1])
    assert me.discard[-1] == hand[1] and me.hand == [hand[0], *hand[2:], top]


def test_gozanti_cruiser_needs_a_card_in_hand_and_pays_each_turn(new_game):
    g = new_game(3)
    cruiser = play(g, "Gozanti Cruiser")
    me = g.state.players[EMPIRE]
    clear_hand(g, EMPIRE)
    assert refused(g, {"type": "ability", "card": cruiser}) == "ability-cost"
    turn_of(g, REBEL)
    turn_of(g, EMPIRE)
    assert cruiser in me.in_play and me.resources == 2  # a capital ship in play gives its resources each turn


def test_gozanti_cruiser_cannot_be_attacked_in_the_galaxy_row(new_game):
    g, taken = new_game(3), set()
    turn_of(g, REBEL)
    (cruiser,) = set_row(g, "Gozanti Cruiser", taken=taken)
    trooper = place(g, "Rebel Trooper", "in_play", REBEL, taken)
    assert refused(g, {"type": "commit", "card": trooper, "target": cruiser}) == "not-a-target"


# ---- AT-ST: discard a galaxy-row card; reward: exile up to 2 cards ----


def test_at_st_discards_a_galaxy_row_card(new_game):
    g = new_game(3)
    walker = play(g, "AT-ST")
    state = g.state
    row, top = state.row[:], state.galaxy_deck[-1]
    use(g, walker)
    assert g.pending()["kind"] == "discard_row" and options(g) == row
    select(g, card=row[5])
    assert state.row == [*row[:5], top] and state.galaxy_discard[-1] == row[5]


def test_at_st_reward_exiles_up_to_2_cards(new_game):
    g = new_game(3)
    sabotage(g, "AT-ST", "Rebel Trooper", "Rebel Trooper")
    me = g.state.players[REBEL]
    first, second = me.hand[0], me.hand[1]
    select(g, card=first)
    assert g.pending()["kind"] == "exile" and g.pending()["optional"]
    assert first not in options(g) and second in options(g)
    select(g, card=second)
    assert me.exile == [first, second] and g.pending() is None


def test_at_st_reward_may_stop_after_one_card(new_game):
    g = new_game(3)
    sabotage(g, "AT-ST", "Rebel Trooper", "Rebel Trooper")
    me = g.state.players[REBEL]
    chosen = me.hand[2]
    select(g, card=chosen)
    decline(g)
    assert me.exile == [chosen] and g.pending() is None


# ---- Landing Craft: choose 4 resources or repair 4 damage; reward 4 resources ----


def test_landing_craft_gives_4_resources_when_the_base_is_undamaged(new_game):
    g = new_game(3)
    craft = play(g, "Landing Craft")
    use(g, craft)  # repairing an undamaged base cannot be chosen: the one option left resolves
    assert g.pending() is None and g.state.players[EMPIRE].resources == 4


@pytest.mark.parametrize("option, resources, damage", [("resources", 4, 3), ("repair", 0, 0)])
def test_landing_craft_chooses_resources_or_repair(new_game, option, resources, damage):
    g = new_game(3)
    me = g.state.players[EMPIRE]
    me.base_damage = 3
    craft = play(g, "Landing Craft")
    use(g, craft)
    assert g.pending()["kind"] == "choose" and options(g) == ["resources", "repair"]
    assert not g.pending()["optional"]
    select(g, option=option)
    assert me.resources == resources and me.base_damage == damage


def test_landing_craft_reward_is_4_resources(new_game):
    g = new_game(3)
    sabotage(g, "Landing Craft", "Rebel Trooper", "Rebel Trooper")
    assert g.state.players[REBEL].resources == 4


# ---- General Veers: draw 1 if you have a Trooper or Vehicle in play; reward 3 Force ----


@pytest.mark.parametrize("other", ["Stormtrooper", "AT-ST"])
def test_general_veers_draws_with_a_trooper_or_vehicle(new_game, other):
    g, taken = new_game(3), set()
    place(g, other, "in_play", EMPIRE, taken)
    veers = play(g, "General Veers", taken)
    me = g.state.players[EMPIRE]
    hand, top = me.hand[:], me.deck[-1]
    use(g, veers)
    assert me.hand == [*hand, top]


def test_general_veers_draws_nothing_without_one(new_game):
    g, taken = new_game(3), set()
    place(g, "Imperial Shuttle", "in_play", EMPIRE, taken)
    place(g, "TIE Fighter", "in_play", EMPIRE, taken)
    veers = play(g, "General Veers", taken)
    assert refused(g, {"type": "ability", "card": veers}) == "ability-condition"


def test_general_veers_reward_is_3_force(new_game):
    g = new_game(3)
    g.state.force = -3
    sabotage(g, "General Veers", "Rebel Trooper", "Rebel Trooper")
    assert g.state.force == 0


# ---- Moff Jerjerrod: look at the galaxy deck's top card; if the Force is with you, you may swap it ----


def test_moff_jerjerrod_swaps_the_top_card_if_the_force_is_with_you(new_game):
    g = new_game(3)
    state = g.state
    state.force = -1
    moff = play(g, "Moff Jerjerrod")
    assert state.players[EMPIRE].resources == 2
    row, top = state.row[:], state.galaxy_deck[-1]
    use(g, moff)
    assert state.seen[EMPIRE] == (top,)
    assert g.pending()["kind"] == "swap_top" and g.pending()["optional"] and options(g) == row
    select(g, card=row[3])
    assert state.row == [*row[:3], top, *row[4:]] and state.galaxy_deck[-1] == row[3]


@pytest.mark.parametrize("force", [0, 2])
def test_moff_jerjerrod_only_looks_without_the_force(new_game, force):
    g = new_game(3)
    state = g.state
    state.force = force
    moff = play(g, "Moff Jerjerrod")
    row, deck = state.row[:], state.galaxy_deck[:]
    use(g, moff)
    assert state.seen[EMPIRE] == (deck[-1],) and g.pending() is None
    assert state.row == row and state.galaxy_deck == deck


def test_moff_jerjerrod_may_keep_the_row(new_game):
    g = new_game(3)
    g.state.force = -3
    moff = play(g, "Moff Jerjerrod")
    row, deck = g.state.row[:], g.state.galaxy_deck[:]
    use(g, moff)
    decline(g)
    assert g.state.row == row and g.state.galaxy_deck == deck


def test_moff_jerjerrod_reward_is_3_force(new_game):
    g = new_game(3)
    g.state.force = -1
    sabotage(g, "Moff Jerjerrod", "Rebel Trooper", "Rebel Trooper")
    assert g.state.force == 2


# ---- Director Krennic: 2 resources; draw 1 card (2 if your base is the Death Star); reward 3 res + 2 Force ----


def test_director_krennic_draws_1_card(new_game):
    g = new_game(3)
    krennic = play(g, "Director Krennic")
    me = g.state.players[EMPIRE]
    assert me.resources == 2
    hand, deck = me.hand[:], me.deck[:]
    use(g, krennic)
    assert me.hand == [*hand, deck[-1]]


def test_director_krennic_draws_2_cards_from_the_death_star(new_game):
    g = new_game(3)
    reveal_base(g, "Death Star")
    taken = set()
    first, second = (place(g, title, "deck", EMPIRE, taken) for title in ("AT-ST", "Stormtrooper"))
    krennic = play(g, "Director Krennic", taken)
    me = g.state.players[EMPIRE]
    hand = me.hand[:]
    use(g, krennic)
    assert me.hand == [*hand, second, first]


def test_director_krennic_reward_is_3_resources_and_2_force(new_game):
    g = new_game(3)
    g.state.force = -3
    sabotage(g, "Director Krennic", "Rebel Trooper", "Rebel Trooper", "X-Wing")
    assert g.state.players[REBEL].resources == 3 and g.state.force == -1


# ---- Boba Fett: when he helps defeat a galaxy-row target, draw 1; reward 3 resources + 2 Force ----


def test_boba_fett_draws_when_he_helps_defeat_a_target_after_its_reward(new_game):
    g, taken = new_game(3), set()
    state, me = g.state, g.state.players[EMPIRE]
    hand, deck = me.hand[:], me.deck[:]
    target = defeat(g, "Snowspeeder", "Boba Fett", taken=taken)
    assert target in state.galaxy_discard
    assert g.pending()["kind"] == "exile" and me.hand == hand  # the reward first
    decline(g)
    assert me.hand == [*hand, deck[-1]] and g.pending() is None


def test_boba_fett_draws_nothing_attacking_the_base(new_game):
    g = new_game(3)
    me = g.state.players[EMPIRE]
    boba = place(g, "Boba Fett", "in_play", EMPIRE)
    hand = me.hand[:]
    attack(g, "base", boba)
    assert me.hand == hand and g.state.players[REBEL].base_damage == 5


def test_boba_fett_reward_is_3_resources_and_2_force(new_game):
    g = new_game(3)
    g.state.force = 0
    sabotage(g, "Boba Fett", "Chewbacca")
    assert g.state.players[REBEL].resources == 3 and g.state.force == 2


# ---- Imperial Carrier (capital ship, 3 resources, 5 HP): your Fighter units get +1 attack ----


def test_imperial_carrier_gives_fighters_1_attack(new_game):
    g, taken = new_game(3), set()
    fighter = place(g, "TIE Fighter", "in_play", EMPIRE, taken)
    trooper = place(g, "Stormtrooper", "in_play", EMPIRE, taken)
    destroyer = place(g, "Star Destroyer", "in_play", EMPIRE, taken)
    carrier = play(g, "Imperial Carrier", taken)
    state = g.state
    assert state.players[EMPIRE].resources == 3
    assert [state.attack_of(c, EMPIRE) for c in (fighter, trooper, destroyer, carrier)] == [3, 2, 4, 0]
    attack(g, "base", fighter)
    assert state.players[REBEL].base_damage == 3


def test_imperial_carrier_absorbs_damage_and_pays_each_turn(new_game):
    g = new_game(3)
    carrier = play(g, "Imperial Carrier")
    turn_of(g, REBEL)
    attack(g, "base", place(g, "Rebel Trooper", "in_play", REBEL))
    state = g.state
    assert state.ship_damage[carrier] == 2 and state.players[EMPIRE].base_damage == 0
    turn_of(g, EMPIRE)
    assert state.players[EMPIRE].resources == 3 and carrier in state.players[EMPIRE].in_play


# ---- AT-AT: return a Trooper from your discard pile to your hand; reward: a free Rebel card of the row ----


def test_at_at_returns_a_trooper_from_the_discard_pile(new_game):
    g, taken = new_game(3), set()
    me = g.state.players[EMPIRE]
    trooper = place(g, "Stormtrooper", "discard", EMPIRE, taken)
    place(g, "Imperial Shuttle", "discard", EMPIRE, taken)
    death = place(g, "Death Trooper", "discard", EMPIRE, taken)
    place(g, "AT-ST", "discard", EMPIRE, taken)
    walker = play(g, "AT-AT", taken)
    use(g, walker)
    assert g.pending()["kind"] == "return" and sorted(options(g)) == sorted([trooper, death])
    select(g, card=death)
    assert me.hand[-1] == death and death not in me.discard


def test_at_at_reward_purchases_a_rebel_card_for_free(new_game):
    g, taken = new_game(3), set()
    place(g, "Jawa Scavenger", "galaxy_deck", taken=taken)  # refills the AT-AT's slot
    row = ("X-Wing", "TIE Fighter", "Lobot", "Y-Wing", "Star Destroyer")
    sabotage(g, "AT-AT", "Chewbacca", "Rebel Trooper", row=row, taken=taken)
    me, state = g.state.players[REBEL], g.state
    row = state.row[:]
    pending = g.pending()
    assert pending["kind"] == "free_purchase" and pending["optional"]
    assert options(g) == [row[1], row[4]]
    top = state.galaxy_deck[-1]
    select(g, card=row[4])
    assert me.discard[-1] == row[4] and me.resources == 0 and state.row[4] == top


def test_at_at_reward_may_be_declined(new_game):
    g = new_game(3)
    sabotage(g, "AT-AT", "Chewbacca", "Rebel Trooper")
    row = g.state.row[:]
    decline(g)
    assert g.state.row == row and g.pending() is None


# ---- Grand Moff Tarkin: 2 resources, 2 Force; take an Empire card of the row into your hand, exile it at the
# end of the turn; reward 3 resources + 3 Force ----


def test_grand_moff_tarkin_takes_an_empire_card_until_the_end_of_the_turn(new_game):
    g, taken = new_game(3), set()
    row = set_row(
        g, "TIE Fighter", "X-Wing", "Lobot", "Death Trooper", "Y-Wing", "Z-95 Headhunter", taken=taken
    )
    tarkin = play(g, "Grand Moff Tarkin", taken)
    state, me = g.state, g.state.players[EMPIRE]
    assert me.resources == 2 and state.force == 1
    top = state.galaxy_deck[-1]
    use(g, tarkin)
    assert g.pending()["kind"] == "free_purchase" and sorted(options(g)) == sorted([row[0], row[3]])
    select(g, card=row[3])
    assert me.hand[-1] == row[3] and me.resources == 2 and state.row[3] == top
    g.apply({"type": "play", "card": row[3]})
    g.apply({"type": "end_turn"})
    assert me.exile == [row[3]] and row[3] not in me.discard


def test_grand_moff_tarkin_reward_is_3_resources_and_3_force(new_game):
    g = new_game(3)
    g.state.force = -3
    sabotage(g, "Grand Moff Tarkin", "Chewbacca", "Rebel Trooper")
    assert g.state.players[REBEL].resources == 3 and g.state.force == 0


# ---- Star Destroyer (capital ship, 4 attack, 7 HP): no ability ----


def test_star_destroyer_attacks_and_shields_the_base(new_game):
    g = new_game(3)
    destroyer = play(g, "Star Destroyer")
    state = g.state
    assert g.state.texts[destroyer].use is None
    attack(g, "base", destroyer)
    assert state.players[REBEL].base_damage == 4
    turn_of(g, REBEL)
    attack(g, "base", place(g, "Rebel Trooper", "in_play", REBEL), place(g, "X-Wing", "in_play", REBEL))
    assert state.ship_damage[destroyer] == 5 and state.players[EMPIRE].base_damage == 0
    attack(g, "base", place(g, "Chewbacca", "in_play", REBEL))
    assert destroyer in state.players[EMPIRE].discard and state.players[EMPIRE].base_damage == 3


# ---- Darth Vader: 2 Force; +4 attack if the Force is with you; reward 4 resources + 4 Force ----


@pytest.mark.parametrize("force, after, damage", [(3, 1, 6), (1, -1, 10), (-3, -3, 10)])
def test_darth_vader_gets_4_attack_if_the_force_is_with_you(new_game, force, after, damage):
    g = new_game(3)
    reveal_base(g, "Sullust")  # 16 HP: the attack's whole damage stays on it
    turn_of(g, EMPIRE)
    g.state.force = force
    vader = play(g, "Darth Vader")
    assert g.state.force == after
    attack(g, "base", vader)
    assert g.state.players[REBEL].base_damage == damage


def test_darth_vader_reward_is_4_resources_and_4_force(new_game):
    g = new_game(3)
    g.state.force = -3
    sabotage(g, "Darth Vader", "Chewbacca", "Rebel Trooper", "Rebel Trooper")
    assert g.state.players[REBEL].resources == 4 and g.state.force == 1
