"""The 20 bases of the original edition in real positions.

A base other than the starting one comes into play the rulebook's way: the opponent destroys the player's base
with an attack, and at the start of the player's next turn the player chooses it among the remaining bases
(`destroy_base`, then the choose_base decision). Its "when revealed" ability resolves then; its constant ability
holds while it is the player's base.
"""

import pytest

from .positions import (
    attack,
    decline,
    destroy_base,
    fresh,
    instances,
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


def base_card(game, title) -> int:
    (card,) = instances(game, title)
    return card


def buy(game, card):
    game.apply({"type": "purchase", "card": card})


# ---- the starting bases: Lothal (Empire, 8 HP) and Dantooine (Rebel, 8 HP), no ability ----


def _starting_base(game, player, title):
    state = game.state
    me = state.players[player]
    base = base_card(game, title)
    assert me.base == base and me.base_damage == 0 and state.cards[base].hit_points == 8
    assert len(me.bases) == 9 and base not in me.bases
    turn_of(game, player)
    assert refused(game, {"type": "ability", "card": base}) == "no-ability"
    others = me.bases[:]
    destroy_base(game, player)
    assert state.players[1 - player].victory == [base] and me.base is None
    pending = game.pending()
    assert pending["kind"] == "choose_base" and not pending["optional"] and game.to_move() == player
    assert options(game) == others


def test_lothal_is_the_empires_starting_base(new_game):
    _starting_base(new_game(3), EMPIRE, "Lothal")


def test_dantooine_is_the_rebels_starting_base(new_game):
    _starting_base(new_game(3), REBEL, "Dantooine")


# ---- Corellia (Empire) and Mon Cala (Rebel): when revealed, a free card of your faction or a neutral one of the
# galaxy row into your hand ----

ROW = ("TIE Fighter", "X-Wing", "Lobot", "AT-ST", "Mon Calamari Cruiser", "Blockade Runner")


@pytest.mark.parametrize("take", [True, False])
def test_corellia_takes_an_empire_or_neutral_card_into_the_hand(new_game, take):
    g = new_game(3)
    destroy_base(g, EMPIRE)
    row = set_row(g, *ROW)
    state, me = g.state, g.state.players[EMPIRE]
    top, hand, discard = state.galaxy_deck[-1], me.hand[:], me.discard[:]
    select(g, card=base_card(g, "Corellia"))
    pending = g.pending()
    assert pending["kind"] == "free_purchase" and pending["optional"]
    assert options(g) == [row[0], row[2], row[3], row[5]]
    if take:
        select(g, card=row[3])
    else:
        decline(g)
    assert me.hand == hand + [row[3]][:take] and me.resources == 0 and me.discard == discard
    assert state.row == (row[:3] + [top] + row[4:] if take else row)


def test_mon_cala_takes_a_rebel_or_neutral_card_into_the_hand(new_game):
    g = new_game(3)
    destroy_base(g, REBEL)
    row = set_row(g, *ROW)
    me = g.state.players[REBEL]
    hand = me.hand[:]
    select(g, card=base_card(g, "Mon Cala"))
    assert g.pending()["kind"] == "free_purchase" and g.pending()["optional"]
    assert options(g) == [row[1], row[2], row[4], row[5]]
    select(g, card=row[4])
    assert me.hand == [*hand, row[4]] and row[4] not in g.state.row


# ---- Kessel (Empire) and Dagobah (Rebel): when revealed, exile up to 3 cards from your hand and discard pile ----


def _exiles_up_to_3(game, player, title, stop_after):
    destroy_base(game, player)
    me = game.state.players[player]
    place(game, "Outer Rim Pilot", "discard", player)
    select(game, card=base_card(game, title))
    chosen = []
    for _ in range(stop_after):
        pending = game.pending()
        assert pending["kind"] == "exile" and pending["optional"] and options(game) == me.hand + me.discard
        chosen.append((me.discard if len(chosen) == 1 else me.hand)[0])
        select(game, card=chosen[-1])
    if stop_after < 3:
        decline(game)
    assert me.exile == chosen and game.pending() is None


@pytest.mark.parametrize("stop_after", [3, 1])
def test_kessel_exiles_up_to_3_cards(new_game, stop_after):
    _exiles_up_to_3(new_game(3), EMPIRE, "Kessel", stop_after)


@pytest.mark.parametrize("stop_after", [3, 0])
def test_dagobah_exiles_up_to_3_cards(new_game, stop_after):
    _exiles_up_to_3(new_game(3), REBEL, "Dagobah", stop_after)


# ---- Mustafar (Empire) and Alderaan (Rebel): when revealed, gain 4 Force ----


def _gains_4_force(game, player, title, force, after, income):
    destroy_base(game, player)
    game.state.force = force
    select(game, card=base_card(game, title))
    # the Force all the way to your side after the reveal: the turn's income of 1 resource follows
    assert game.state.force == after and game.state.players[player].resources == income


@pytest.mark.parametrize("force, after, income", [(3, -1, 0), (0, -3, 1)])
def test_mustafar_gains_4_force(new_game, force, after, income):
    _gains_4_force(new_game(3), EMPIRE, "Mustafar", force, after, income)


@pytest.mark.parametrize("force, after, income", [(-3, 1, 0), (-1, 3, 1)])
def test_alderaan_gains_4_force(new_game, force, after, income):
    _gains_4_force(new_game(3), REBEL, "Alderaan", force, after, income)


# ---- Kafrene (Empire) and Bespin (Rebel): each turn, the first neutral card you play draws you 1 card ----


def _first_neutral_play_draws(game, player, title, own_card):
    reveal_base(game, title)
    taken = set()
    me = game.state.players[player]
    drawn = place(game, "Imperial Shuttle" if player == EMPIRE else "Alliance Shuttle", "deck", player, taken)
    hand = me.hand[:]
    play(game, own_card, taken)
    assert me.hand == hand
    play(game, "Outer Rim Pilot", taken)
    assert me.hand == [*hand, drawn]
    play(game, "Z-95 Headhunter", taken)
    assert me.hand == [*hand, drawn]
    turn_of(game, 1 - player)
    turn_of(game, player)
    hand = me.hand[:]
    drawn = place(game, "Outer Rim Pilot", "deck", player, taken)
    play(game, "Jawa Scavenger", taken)
    assert me.hand == [*hand, drawn]


def test_kafrene_draws_for_the_first_neutral_card_played_each_turn(new_game):
    _first_neutral_play_draws(new_game(3), EMPIRE, "Kafrene", "TIE Fighter")


def test_bespin_draws_for_the_first_neutral_card_played_each_turn(new_game):
    _first_neutral_play_draws(new_game(3), REBEL, "Bespin", "X-Wing")


# ---- Ord Mantell (Empire): once per turn, attack a neutral galaxy-row card; defeating it gives its cost ----


def test_ord_mantell_attacks_one_neutral_card_a_turn(new_game):
    g, taken = new_game(3), set()
    reveal_base(g, "Ord Mantell")
    bossk, lobot, runner, _ = set_row(g, "Bossk", "Lobot", "Blockade Runner", "X-Wing", taken=taken)
    state, me = g.state, g.state.players[EMPIRE]
    troopers = [place(g, "Stormtrooper", "in_play", EMPIRE, taken) for _ in range(2)]
    walker = place(g, "AT-ST", "in_play", EMPIRE, taken)
    # a capital ship is never a target, nor a second neutral card in one turn
    assert refused(g, {"type": "commit", "card": walker, "target": runner}) == "not-a-target"
    top = state.galaxy_deck[-1]
    attack(g, bossk, *troopers)
    assert state.galaxy_discard[-1] == bossk and state.row[0] == top and me.resources == 3
    assert g.pending() is None  # neutral cards have no reward
    assert refused(g, {"type": "commit", "card": walker, "target": lobot}) == "not-a-target"


def test_ord_mantell_attack_fails_below_the_cost(new_game):
    g, taken = new_game(3), set()
    reveal_base(g, "Ord Mantell")
    (lando,) = set_row(g, "Lando Calrissian", taken=taken)
    attack(g, lando, place(g, "Stormtrooper", "in_play", EMPIRE, taken))
    assert g.state.row[0] == lando and g.state.players[EMPIRE].resources == 0


def test_ord_mantells_rule_is_not_lothals(new_game):
    g, taken = new_game(3), set()
    (bossk,) = set_row(g, "Bossk", taken=taken)
    trooper = place(g, "Stormtrooper", "in_play", EMPIRE, taken)
    assert refused(g, {"type": "commit", "card": trooper, "target": bossk}) == "not-a-target"


# ---- Coruscant (Empire): at the start of your turn, look at the galaxy deck's top 2 cards; discard one ----


def test_coruscant_discards_one_of_the_top_2_galaxy_cards_each_turn(new_game):
    g = new_game(3)
    state = g.state
    destroy_base(g, EMPIRE)
    deck = state.galaxy_deck[:]
    select(g, card=base_card(g, "Coruscant"))
    pending = g.pending()
    assert pending["kind"] == "discard_top" and pending["optional"] and g.to_move() == EMPIRE
    assert options(g) == [deck[-1], deck[-2]] and state.seen[EMPIRE] == (deck[-1], deck[-2])
    select(g, card=deck[-2])
    assert state.galaxy_discard[-1] == deck[-2] and state.galaxy_deck == deck[:-2] + deck[-1:]
    turn_of(g, REBEL)
    turn_of(g, EMPIRE)
    deck = state.galaxy_deck[:]
    assert g.pending()["kind"] == "discard_top" and options(g) == [deck[-1], deck[-2]]
    decline(g)
    assert state.galaxy_deck == deck


# ---- Death Star (Empire): once per turn, pay 4 resources to destroy an opponent's capital ship in play or a
# capital ship in the galaxy row ----


def test_death_star_destroys_a_capital_ship_for_4_resources(new_game):
    g, taken = new_game(3), set()
    cruiser = place(g, "Mon Calamari Cruiser", "in_play", REBEL, taken)
    star = reveal_base(g, "Death Star")
    row = set_row(
        g, "Gozanti Cruiser", "X-Wing", "Blockade Runner", "TIE Fighter", "Lobot", "AT-ST", taken=taken
    )
    state, me = g.state, g.state.players[EMPIRE]
    me.resources = 3
    assert refused(fresh(g), {"type": "ability", "card": star}) == "ability-cost"
    me.resources = 5
    use(fresh(g), star)
    assert me.resources == 1 and g.pending()["kind"] == "destroy_ship"
    assert options(g) == [cruiser, row[0], row[2]]
    select(g, card=cruiser)
    assert state.players[REBEL].in_play == [] and state.players[REBEL].discard[-1] == cruiser
    me.resources = 4
    assert refused(fresh(g), {"type": "ability", "card": star}) == "ability-used"


def test_death_star_destroys_a_capital_ship_of_the_galaxy_row(new_game):
    g, taken = new_game(3), set()
    star = reveal_base(g, "Death Star")
    row = set_row(g, "Gozanti Cruiser", "X-Wing", "Blockade Runner", taken=taken)
    state = g.state
    state.players[EMPIRE].resources = 4
    top = state.galaxy_deck[-1]
    use(g, star)
    select(g, card=row[2])
    assert state.galaxy_discard[-1] == row[2] and state.row[2] == top


# ---- Endor (Empire): your Trooper and Vehicle units get +1 attack ----


def test_endor_gives_troopers_and_vehicles_1_attack(new_game):
    g, taken = new_game(3), set()
    reveal_base(g, "Endor")
    state = g.state
    cards = [
        place(g, title, "in_play", EMPIRE, taken)
        for title in ("Stormtrooper", "AT-ST", "TIE Fighter", "Star Destroyer", "Imperial Shuttle")
    ]
    assert [state.attack_of(c, EMPIRE) for c in cards] == [3, 5, 2, 4, 0]
    attack(g, "base", cards[0])
    assert state.players[REBEL].base_damage == 3


# ---- Rodia (Empire): when revealed, discard every Rebel card of the galaxy row; 1 damage to the Rebel base each --


def test_rodia_purges_the_rebel_cards_of_the_galaxy_row(new_game):
    g, taken = new_game(3), set()
    destroy_base(g, EMPIRE)
    row = set_row(g, "X-Wing", "TIE Fighter", "Y-Wing", "Lobot", "Mon Calamari Cruiser", "AT-ST", taken=taken)
    for title in ("Jawa Scavenger", "Z-95 Headhunter", "Gozanti Cruiser"):
        place(g, title, "galaxy_deck", taken=taken)  # the refills, top last
    state = g.state
    refills = state.galaxy_deck[-3:]
    select(g, card=base_card(g, "Rodia"))
    assert state.galaxy_discard[-3:] == [row[0], row[2], row[4]]
    assert state.row == [refills[2], row[1], refills[1], row[3], refills[0], row[5]]
    assert state.players[REBEL].base_damage == 3 and g.pending() is None


# ---- Hoth (Rebel): prevent the first 2 damage dealt to this base each turn ----


def test_hoth_prevents_the_first_2_damage_each_turn(new_game):
    g, taken = new_game(3), set()
    reveal_base(g, "Hoth")
    turn_of(g, EMPIRE)
    rebel = g.state.players[REBEL]
    attack(g, "base", place(g, "AT-ST", "in_play", EMPIRE, taken))
    assert rebel.base_damage == 2
    attack(g, "base", place(g, "Stormtrooper", "in_play", EMPIRE, taken))
    assert rebel.base_damage == 4
    turn_of(g, REBEL)
    turn_of(g, EMPIRE)
    attack(g, "base", place(g, "Death Trooper", "in_play", EMPIRE, taken))
    assert rebel.base_damage == 5


def test_hoth_prevents_2_damage_in_all_across_small_attacks(new_game):
    g, taken = new_game(3), set()
    reveal_base(g, "Hoth")
    runner = place(g, "Blockade Runner", "in_play", EMPIRE, taken)
    turn_of(g, EMPIRE)
    rebel = g.state.players[REBEL]
    attack(g, "base", runner)
    assert rebel.base_damage == 0  # 1 of the first 2 prevented
    attack(g, "base", place(g, "Stormtrooper", "in_play", EMPIRE, taken))
    assert rebel.base_damage == 1  # the second of the first 2 prevented


# ---- Jedha (Rebel): each turn, the first neutral card you purchase goes into your hand; it is exiled at the end
# of the turn ----


def test_jedha_puts_the_first_neutral_purchase_into_the_hand_until_the_end_of_the_turn(new_game):
    g, taken = new_game(3), set()
    reveal_base(g, "Jedha")
    x_wing, lobot, z95 = set_row(g, "X-Wing", "Lobot", "Z-95 Headhunter", taken=taken)
    me = g.state.players[REBEL]
    me.resources = 7
    hand = me.hand[:]
    buy(g, x_wing)
    buy(g, lobot)
    buy(g, z95)
    assert me.hand == [*hand, lobot] and me.discard[-2:] == [x_wing, z95]
    g.apply({"type": "play", "card": lobot})
    decline(g)
    g.apply({"type": "end_turn"})
    assert me.exile == [lobot] and lobot not in me.discard and x_wing in me.discard


# ---- Tatooine (Rebel): when revealed, you may swap a Rebel card of the galaxy discard pile with a row card ----


@pytest.mark.parametrize("swap", [True, False])
def test_tatooine_swaps_a_rebel_card_of_the_galaxy_discard_pile_into_the_row(new_game, swap):
    g, taken = new_game(3), set()
    destroy_base(g, REBEL)
    state = g.state
    assert state.galaxy_discard == []
    b_wing, tie = (place(g, t, "galaxy_discard", taken=taken) for t in ("B-Wing", "TIE Fighter"))
    row = state.row[:]
    select(g, card=base_card(g, "Tatooine"))
    pending = g.pending()
    assert pending["kind"] == "swap_discard" and pending["optional"]
    assert pending["options"] == [{"type": "select", "card": b_wing, "with": r} for r in row]
    if swap:
        g.apply({"type": "select", "card": b_wing, "with": row[4]})
    else:
        decline(g)
    assert state.row == (row[:4] + [b_wing] + row[5:] if swap else row)
    assert state.galaxy_discard == ([tie, row[4]] if swap else [b_wing, tie])


# ---- Sullust (Rebel): the first card you purchase each turn goes on top of your deck ----


def test_sullust_puts_the_first_purchase_of_each_turn_on_the_deck(new_game):
    g, taken = new_game(3), set()
    reveal_base(g, "Sullust")
    x_wing, y_wing = set_row(g, "X-Wing", "Y-Wing", taken=taken)
    me = g.state.players[REBEL]
    me.resources = 4
    buy(g, x_wing)
    buy(g, y_wing)
    assert me.deck[-1] == x_wing and me.discard[-1] == y_wing
    turn_of(g, EMPIRE)
    turn_of(g, REBEL)
    me.resources = 2
    pilot = g.state.pilots[-1]
    buy(g, pilot)
    assert me.deck[-1] == pilot


# ---- Yavin 4 (Rebel): whenever the opponent discards a card from hand during your turn, 2 damage to their base --


def test_yavin_4_damages_the_base_of_an_opponent_who_discards_during_your_turn(new_game):
    g, taken = new_game(3), set()
    reveal_base(g, "Yavin 4")
    speeder = play(g, "Snowspeeder", taken)
    empire = g.state.players[EMPIRE]
    use(g, speeder)
    select(g, card=empire.hand[0])
    assert empire.base_damage == 2
    g.apply({"type": "end_turn"})
    cruiser = play(g, "Gozanti Cruiser", taken)  # the Empire discards during its own turn: no damage
    use(g, cruiser)
    select(g, card=empire.hand[0])
    g.apply({"type": "end_turn"})
    assert empire.base_damage == 2
