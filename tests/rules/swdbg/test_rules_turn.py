"""The rulebook's Setup and turn sequence as the engine plays it: Beginning of Turn, Play a Card, the Balance of
the Force, End Your Turn, Empty Deck, and the engine's turn limit (a draw)."""

from collections import Counter
from dataclasses import replace

import pytest

from rules.swdbg.game import Game
from rules.swdbg.state import TRACK_END

from . import positions

END = {"type": "end_turn"}
EMPIRE, REBEL = 0, 1


def titles(game, cards) -> Counter:
    return Counter(game.cards[c].title for c in cards)


# ---- Setup ----


@pytest.mark.parametrize("format_code", ["full-galaxy", "beginner"])
def test_setup_deals_hands_of_five_from_the_shuffled_starters(swdbg_setups, format_code):
    setup = swdbg_setups[format_code]
    game = Game.new(setup, 11)
    for me, player in zip(game.state.players, setup.players, strict=True):
        assert len(me.hand) == 5 and len(me.deck) == 5
        assert me.discard == [] and me.exile == [] and me.in_play == [] and me.victory == []
        assert titles(game, me.hand + me.deck) == Counter(c.title for c in player.starter)
        assert me.resources == 0


@pytest.mark.parametrize("format_code", ["full-galaxy", "beginner"])
def test_setup_starting_base_in_play_and_the_rest_face_down(swdbg_setups, format_code):
    setup = swdbg_setups[format_code]
    game = Game.new(setup, 11)
    for me, player in zip(game.state.players, setup.players, strict=True):
        assert game.cards[me.base] == player.starting_base and me.base_damage == 0
        assert sorted(game.cards[c].title for c in [me.base, *me.bases]) == sorted(
            b.title for b in player.bases
        )
        assert player.starting_base.title not in titles(game, me.bases)


def test_setup_galaxy_row_of_six_and_the_outer_rim_pilot_stack(new_game, full_setup):
    game = new_game(5)
    state = game.state
    assert len(state.row) == 6
    assert len(state.galaxy_deck) == len(full_setup.galaxy) - 6 == 84
    assert state.galaxy_discard == []
    assert titles(game, state.row + state.galaxy_deck) == Counter(c.title for c in full_setup.galaxy)
    assert len(state.pilots) == 10 and set(titles(game, state.pilots)) == {"Outer Rim Pilot"}


def test_setup_force_marker_all_the_way_to_the_rebel_side(new_game):
    state = new_game(5).state
    assert state.force == TRACK_END
    assert state.force_all_the_way(REBEL) and state.force_with(REBEL)
    assert not state.force_with(EMPIRE)


def test_setup_the_empire_takes_the_first_turn(new_game):
    game = new_game(5)
    assert game.state.players[EMPIRE].faction == "Empire"
    assert game.state.active == EMPIRE and game.to_move() == EMPIRE
    assert game.state.turn == 1 and game.pending() is None and game.outcome() is None


def test_the_dark_side_moves_first_whichever_player_it_is(full_setup):
    swapped = replace(full_setup, players=full_setup.players[::-1])
    game = Game.new(swapped, 5)
    assert game.state.players[1].faction == "Empire"
    assert game.state.active == 1 and game.to_move() == 1


def test_setup_shuffles_with_the_seed(new_game):
    deals = {tuple(new_game(seed).state.row) for seed in range(6)}
    assert len(deals) > 1


# ---- Beginning of Turn ----


def _destroy_empire_base_on_rebel_turn(game):
    """The Rebel player's turn 2: Luke Skywalker and a Rebel Trooper destroy Lothal (8 hit points)."""
    game.apply(END)
    luke = positions.put(game, "Luke Skywalker", "in_play", REBEL)
    trooper = positions.put(game, "Rebel Trooper", "in_play", REBEL)
    for card in (luke, trooper):
        game.apply({"type": "commit", "card": card, "target": "base"})
    game.apply({"type": "resolve", "target": "base"})


def test_a_player_without_a_base_chooses_a_new_one_at_the_start_of_their_turn(new_game):
    game = new_game(3)
    empire = game.state.players[EMPIRE]
    remaining = list(empire.bases)
    _destroy_empire_base_on_rebel_turn(game)
    assert empire.base is None and titles(game, game.state.players[REBEL].victory) == {"Lothal": 1}
    assert game.pending() is None  # chosen at the owner's next turn, not when destroyed
    game.apply(END)
    pending = game.pending()
    assert pending["kind"] == "choose_base" and pending["player"] == EMPIRE and not pending["optional"]
    assert sorted(o["card"] for o in pending["options"]) == sorted(remaining)
    assert game.legal_actions() == pending["options"]
    kafrene = positions.instances(game, "Kafrene")[0]
    game.apply({"type": "select", "card": kafrene})
    assert empire.base == kafrene and kafrene not in empire.bases and empire.base_damage == 0
    assert len(empire.bases) == len(remaining) - 1
    assert game.pending() is None and game.state.active == EMPIRE


def test_the_new_base_is_chosen_before_the_force_resource(new_game):
    """Mustafar's "when revealed: gain 4 Force" moves the Force all the way to the Empire before the next step."""
    game = new_game(3)
    _destroy_empire_base_on_rebel_turn(game)
    game.apply(END)
    game.state.force = 1  # the choice is pending: the income step has not run yet
    game.apply({"type": "select", "card": positions.instances(game, "Mustafar")[0]})
    assert game.state.force == -TRACK_END
    assert game.state.players[EMPIRE].resources == 1


def test_a_player_with_a_base_chooses_nothing(new_game):
    game = new_game(3)
    game.apply(END)
    assert game.pending() is None and game.state.players[REBEL].base is not None


@pytest.mark.parametrize(
    ("force", "player", "resources"),
    [
        (3, REBEL, 1),
        (2, REBEL, 0),
        (0, REBEL, 0),
        (-3, REBEL, 0),
        (-3, EMPIRE, 1),
        (-2, EMPIRE, 0),
        (3, EMPIRE, 0),
    ],
)
def test_force_all_the_way_to_your_side_gains_one_resource_at_turn_start(new_game, force, player, resources):
    game = new_game(3)
    if player == REBEL:
        game.state.force = force
        game.apply(END)
    else:
        game.apply(END)
        game.state.force = force
        game.apply(END)
    assert game.state.active == player
    assert game.state.players[player].resources == resources


def test_the_empire_gains_nothing_on_the_first_turn(new_game):
    """The Force starts all the way to the Rebel side: the Empire's first turn has no extra resource."""
    assert new_game(3).state.players[EMPIRE].resources == 0


def test_capital_ships_in_play_give_their_resources_at_turn_start(new_game):
    game = new_game(3)
    carrier = positions.put(game, "Imperial Carrier", "in_play", EMPIRE)
    gozanti = positions.put(game, "Gozanti Cruiser", "in_play", EMPIRE)
    scout = positions.put(game, "Scout Trooper", "in_play", EMPIRE)  # a unit: discarded, no income
    game.apply(END)
    game.apply(END)
    empire = game.state.players[EMPIRE]
    assert carrier in empire.in_play and gozanti in empire.in_play and scout in empire.discard
    assert empire.resources == game.cards[carrier].resources + game.cards[gozanti].resources == 5


def test_turn_start_income_adds_the_force_resource_and_the_ships(new_game):
    game = new_game(3)
    positions.put(game, "Blockade Runner", "in_play", REBEL)
    game.apply(END)
    assert game.state.players[REBEL].resources == 1 + 1


# ---- Play a Card, the Balance of the Force ----


def test_playing_a_card_gives_its_resources_at_once(new_game):
    game = new_game(3)
    shuttle = positions.put(game, "Imperial Shuttle", "hand", EMPIRE)
    piett = positions.put(game, "Admiral Piett", "hand", EMPIRE)
    game.apply({"type": "play", "card": shuttle})
    assert game.state.players[EMPIRE].resources == 1
    game.apply({"type": "play", "card": piett})
    empire = game.state.players[EMPIRE]
    assert empire.resources == 3 and {shuttle, piett} <= set(empire.in_play)
    assert shuttle not in empire.hand and piett not in empire.hand


def test_playing_a_card_moves_the_force_toward_you_at_once(new_game):
    game = new_game(3)
    mystic = positions.put(game, "Kel Dor Mystic", "hand", EMPIRE)
    game.apply({"type": "play", "card": mystic})
    assert game.state.force == TRACK_END - 2
    game.apply(END)
    chirrut = positions.put(game, "Chirrut Imwe", "hand", REBEL)
    game.apply({"type": "play", "card": chirrut})
    assert game.state.force == TRACK_END


def test_playing_a_capital_ship_gives_its_resources_when_played_too(new_game):
    game = new_game(3)
    carrier = positions.put(game, "Imperial Carrier", "hand", EMPIRE)
    game.apply({"type": "play", "card": carrier})
    assert game.state.players[EMPIRE].resources == 3


def test_playing_a_card_deals_no_damage_by_itself(new_game):
    game = new_game(3)
    trooper = positions.put(game, "Stormtrooper", "hand", EMPIRE)
    game.apply({"type": "play", "card": trooper})
    assert game.state.players[REBEL].base_damage == 0


@pytest.mark.parametrize(
    ("start", "player", "gain", "end"),
    [(-2, EMPIRE, 2, -3), (-3, EMPIRE, 2, -3), (2, REBEL, 2, 3), (3, REBEL, 2, 3), (-3, REBEL, 2, -1)],
)
def test_the_force_track_stops_at_its_ends(new_game, start, player, gain, end):
    game = new_game(3)
    if player == REBEL:
        game.apply(END)
    title = "Kel Dor Mystic"  # neutral, 2 Force
    card = positions.put(game, title, "hand", player)
    game.state.force = start
    game.apply({"type": "play", "card": card})
    assert game.cards[card].force == gain
    assert game.state.force == end


@pytest.mark.parametrize("force", range(-3, 4))
def test_the_force_is_with_you_on_your_three_spaces(new_game, force):
    state = new_game(3).state
    state.force = force
    assert state.force_with(EMPIRE) == (force <= -1)
    assert state.force_with(REBEL) == (force >= 1)
    assert state.force_all_the_way(EMPIRE) == (force == -3)
    assert state.force_all_the_way(REBEL) == (force == 3)


@pytest.mark.parametrize(("force", "usable"), [(1, True), (3, True), (0, False), (-1, False)])
def test_if_the_force_is_with_you_gates_an_ability(new_game, force, usable):
    """X-Wing: "If the Force is with you, draw 1 card" — usable only on the Rebel's three spaces."""
    game = new_game(3)
    game.apply(END)
    xwing = positions.put(game, "X-Wing", "in_play", REBEL)
    game.state.force = force
    positions.fresh(game)
    assert ({"type": "ability", "card": xwing} in game.legal_actions()) == usable


# ---- End Your Turn ----


def test_end_of_turn_discards_units_and_hand_and_keeps_capital_ships(new_game):
    game = new_game(3)
    empire = game.state.players[EMPIRE]
    positions.clear_hand(game, EMPIRE)
    empire.deck, empire.discard = empire.deck + empire.discard, []  # enough to draw five without a reshuffle
    taken: set = set()
    shuttle = positions.put(game, "Imperial Shuttle", "hand", EMPIRE, taken)
    trooper = positions.put(game, "Stormtrooper", "hand", EMPIRE, taken)
    kept = positions.put(game, "Stormtrooper", "hand", EMPIRE, taken)
    ship = positions.put(game, "Star Destroyer", "hand", EMPIRE, taken)
    for card in (shuttle, trooper, ship):
        game.apply({"type": "play", "card": card})
    game.apply(END)
    assert empire.in_play == [ship]
    assert sorted(empire.discard) == sorted([shuttle, trooper, kept])
    assert len(empire.hand) == 5 and not {shuttle, trooper, kept, ship} & set(empire.hand)


def test_unspent_resources_are_lost_at_end_of_turn(new_game):
    game = new_game(3)
    game.state.players[EMPIRE].resources = 7
    game.apply(END)
    game.apply(END)
    assert game.state.players[EMPIRE].resources == 0


def test_end_of_turn_clears_the_turn_s_attacks_and_abilities(new_game):
    game = new_game(3)
    ship = positions.put(game, "Star Destroyer", "in_play", EMPIRE)
    game.apply({"type": "commit", "card": ship, "target": "base"})
    game.apply({"type": "resolve", "target": "base"})
    assert {"type": "commit", "card": ship, "target": "base"} not in game.legal_actions()
    game.apply(END)
    game.apply(END)
    assert {"type": "commit", "card": ship, "target": "base"} in game.legal_actions()


def test_end_of_turn_draws_five_and_does_not_reform_an_empty_deck_early(new_game):
    """After the first turn the deck is empty: it is not reformed until a card is needed."""
    game = new_game(3)
    empire = game.state.players[EMPIRE]
    first_hand, deck = list(empire.hand), list(empire.deck)
    game.apply(END)
    assert sorted(empire.hand) == sorted(deck)
    assert empire.deck == [] and sorted(empire.discard) == sorted(first_hand)


def test_end_of_turn_reshuffles_when_the_deck_runs_out(new_game):
    game = new_game(3)
    game.apply(END)
    game.apply(END)  # the Empire's deck is empty, its discard pile holds its first hand
    empire = game.state.players[EMPIRE]
    starter = sorted(empire.hand + empire.discard)
    game.apply(END)
    assert len(empire.hand) == 5 and len(empire.deck) == 5 and empire.discard == []
    assert sorted(empire.hand + empire.deck) == starter


def test_the_rulebook_example_three_cards_then_reshuffle_then_two(new_game):
    """End Your Turn's example: three cards left in the deck are drawn, then the discard pile (this turn's
    discards included) is shuffled into a new deck and two more are drawn."""
    game = new_game(3)
    empire = game.state.players[EMPIRE]
    starter = empire.hand + empire.deck
    shuttles = [c for c in starter if game.cards[c].title == "Imperial Shuttle"]
    others = [c for c in starter if c not in shuttles[:4]]
    empire.deck, empire.hand, empire.discard = shuttles[:3], [shuttles[3], others[0]], others[1:]
    positions.fresh(game)
    game.apply({"type": "play", "card": shuttles[3]})
    game.apply(END)
    assert set(shuttles[:3]) <= set(empire.hand) and len(empire.hand) == 5
    assert empire.discard == [] and len(empire.deck) == 5
    assert sorted(empire.hand + empire.deck) == sorted(starter)


def test_drawing_from_an_empty_deck_and_empty_discard_draws_what_there_is(new_game):
    game = new_game(3)
    empire = game.state.players[EMPIRE]
    empire.exile += empire.deck + empire.hand[2:]
    empire.deck, empire.hand = [], empire.hand[:2]
    positions.fresh(game)
    kept = list(empire.hand)
    game.apply(END)
    assert sorted(empire.hand) == sorted(kept) and empire.deck == [] and empire.discard == []


def test_the_other_player_moves_after_the_end_of_turn(new_game):
    game = new_game(3)
    game.apply(END)
    assert game.state.active == REBEL and game.to_move() == REBEL and game.state.turn == 2
    game.apply(END)
    assert game.state.active == EMPIRE and game.state.turn == 3


# ---- the engine's turn limit ----


def test_the_turn_limit_ends_the_game_as_a_draw(full_setup):
    game = Game.new(replace(full_setup, turn_limit=2), 3)
    game.apply(END)
    assert game.outcome() is None
    game.apply(END)
    assert game.outcome() == {"winner": None, "reason": "turn-limit", "turn": 2}
    assert game.legal_actions() == []


def test_the_default_turn_limit_leaves_a_long_game_going(new_game):
    game = new_game(3)
    for _ in range(40):
        game.apply(END)
    assert game.outcome() is None and game.state.turn == 41


# ---- Additional Rules: abilities and their keywords (each through one card that uses it) ----


def test_an_ability_can_be_used_the_turn_its_card_is_played(new_game):
    game = new_game(3)
    game.apply(END)
    xwing = positions.put(game, "X-Wing", "hand", REBEL)
    game.apply({"type": "play", "card": xwing})
    assert {"type": "ability", "card": xwing} in game.legal_actions()


def test_abilities_are_optional(new_game):
    game = new_game(3)
    positions.put(game, "TIE Bomber", "in_play", EMPIRE)
    game.apply(END)
    assert game.state.active == REBEL


def test_a_capital_ship_s_ability_is_usable_again_each_turn(new_game):
    game = new_game(3)
    gozanti = positions.put(game, "Gozanti Cruiser", "in_play", EMPIRE)
    use = {"type": "ability", "card": gozanti}
    game.apply(use)
    game.apply(game.pending()["options"][0])  # its cost: discard a card from hand
    assert use not in game.legal_actions()
    game.apply(END)
    game.apply(END)
    assert use in game.legal_actions()


def test_only_the_active_player_uses_abilities(new_game):
    game = new_game(3)
    xwing = positions.put(game, "X-Wing", "in_play", REBEL)
    positions.fresh(game)
    assert not any(a.get("card") == xwing for a in game.legal_actions())


def test_resolve_as_much_as_you_can_repair(new_game):
    """U-Wing repairs 3; a base with 2 damage ends with none, not below."""
    game = new_game(3)
    game.apply(END)
    game.state.players[REBEL].base_damage = 2
    uwing = positions.put(game, "U-Wing", "in_play", REBEL)
    game.apply({"type": "ability", "card": uwing})
    assert game.state.players[REBEL].base_damage == 0


def test_choose_offers_only_options_you_can_resolve(new_game):
    """Landing Craft: gain 4 resources, or repair 4 damage; an undamaged base leaves only the resources."""
    game = new_game(3)
    craft = positions.put(game, "Landing Craft", "in_play", EMPIRE)
    game.apply({"type": "ability", "card": craft})
    assert game.pending() is None and game.state.players[EMPIRE].resources == 4
    game.apply(END)
    game.apply(END)
    game.state.players[EMPIRE].base_damage = 3
    craft = positions.put(game, "Landing Craft", "in_play", EMPIRE)
    game.apply({"type": "ability", "card": craft})
    pending = game.pending()
    assert pending["kind"] == "choose" and pending["player"] == EMPIRE
    assert sorted(o["option"] for o in pending["options"]) == ["repair", "resources"]
    game.apply({"type": "select", "option": "repair"})
    assert game.state.players[EMPIRE].base_damage == 0


def test_deal_damage_goes_to_the_base_ignoring_capital_ships(new_game):
    game = new_game(3)
    destroyer = positions.put(game, "Star Destroyer", "in_play", EMPIRE)
    game.apply(END)
    ywing = positions.put(game, "Y-Wing", "in_play", REBEL)
    game.apply({"type": "ability", "card": ywing})
    assert game.state.players[EMPIRE].base_damage == 2 and game.state.ship_damage == {}
    assert destroyer in game.state.players[EMPIRE].in_play


@pytest.mark.parametrize("where", ["in_play", "row"])
def test_a_destroyed_capital_ship_goes_to_its_discard_pile(new_game, where):
    """Hammerhead Corvette: exile it to destroy a capital ship in the opponent's play area (→ their discard pile)
    or an enemy one in the galaxy row (→ the galaxy discard pile, and the row is refilled)."""
    game = new_game(3)
    game.apply(END)
    if where == "row":
        (destroyer,) = positions.set_row(game, "Star Destroyer")
    else:
        destroyer = positions.put(game, "Star Destroyer", "in_play", EMPIRE)
    corvette = positions.put(game, "Hammerhead Corvette", "in_play", REBEL)
    top = game.state.galaxy_deck[-1]
    game.apply({"type": "ability", "card": corvette})
    game.apply({"type": "select", "card": destroyer})
    assert corvette in game.state.players[REBEL].exile
    if where == "row":
        assert game.state.galaxy_discard == [destroyer] and game.state.row[0] == top
    else:
        assert game.state.players[EMPIRE].discard[-1] == destroyer
        assert destroyer not in game.state.players[EMPIRE].in_play


def test_a_card_discarded_from_the_galaxy_row_gives_no_reward(new_game):
    """TIE Bomber discards X-Wing (reward: 3 resources) from the row: no reward; the row is refilled."""
    game = new_game(3)
    (xwing,) = positions.set_row(game, "X-Wing")
    bomber = positions.put(game, "TIE Bomber", "in_play", EMPIRE)
    top = game.state.galaxy_deck[-1]
    game.apply({"type": "ability", "card": bomber})
    game.apply({"type": "select", "card": xwing})
    assert game.state.galaxy_discard == [xwing] and game.state.row[0] == top
    assert game.state.players[EMPIRE].resources == 0 and game.pending() is None


def test_a_card_discarded_from_the_opponent_s_hand_goes_to_their_discard_pile(new_game):
    """Snowspeeder: the opponent discards a card of their choice."""
    game = new_game(3)
    game.apply(END)
    speeder = positions.put(game, "Snowspeeder", "in_play", REBEL)
    game.apply({"type": "ability", "card": speeder})
    pending = game.pending()
    empire = game.state.players[EMPIRE]
    assert pending["player"] == EMPIRE and game.to_move() == EMPIRE
    assert sorted(o["card"] for o in pending["options"]) == sorted(empire.hand)
    card = empire.hand[0]
    game.apply({"type": "select", "card": card})
    assert empire.discard[-1] == card and card not in empire.hand and game.to_move() == REBEL


def test_a_card_that_exiles_itself_gives_its_values_first(new_game):
    """Outer Rim Pilot: its 2 resources when played, then exile it to gain 1 Force; the resources stay."""
    game = new_game(3)
    game.state.force = 0  # the Rebel's turn begins without the Force resource
    game.apply(END)
    pilot = positions.put(game, "Outer Rim Pilot", "hand", REBEL)
    game.apply({"type": "play", "card": pilot})
    game.apply({"type": "ability", "card": pilot})
    rebel = game.state.players[REBEL]
    assert rebel.resources == 2 and game.state.force == 1
    assert rebel.exile == [pilot] and pilot not in rebel.in_play


def test_a_card_that_exiles_itself_may_attack_first(new_game):
    """Y-Wing attacks for 2, then is exiled for 2 more damage to the base."""
    game = new_game(3)
    game.apply(END)
    ywing = positions.put(game, "Y-Wing", "in_play", REBEL)
    game.apply({"type": "commit", "card": ywing, "target": "base"})
    game.apply({"type": "resolve", "target": "base"})
    game.apply({"type": "ability", "card": ywing})
    assert game.state.players[EMPIRE].base_damage == 4 and ywing in game.state.players[REBEL].exile


def test_exile_takes_a_card_from_your_hand_or_discard_pile_only(new_game):
    """Kel Dor Mystic: exile it to exile 1 card from your hand or discard pile, into your own exile pile."""
    game = new_game(3)
    empire = game.state.players[EMPIRE]
    discarded = positions.put(game, "Stormtrooper", "discard", EMPIRE)
    mystic = positions.put(game, "Kel Dor Mystic", "in_play", EMPIRE)
    other = positions.put(game, "TIE Fighter", "in_play", EMPIRE)
    game.apply({"type": "ability", "card": mystic})
    offered = {o["card"] for o in game.pending()["options"]}
    assert offered == set(empire.hand) | set(empire.discard) and discarded in offered
    assert not offered & (set(empire.deck) | {other, mystic})
    card = empire.hand[0]
    game.apply({"type": "select", "card": card})
    assert empire.exile == [mystic, card]
    assert {"type": "play", "card": card} not in game.legal_actions()


def test_revealing_the_top_card_of_an_empty_galaxy_deck_reforms_it(new_game):
    """Scout Trooper reveals the galaxy deck's top card: an empty deck is reformed from the galaxy discard pile;
    a neutral card revealed goes back on top."""
    game = new_game(3)
    state = game.state
    z95 = positions.put(game, "Z-95 Headhunter", "galaxy_discard")
    state.galaxy_discard, state.galaxy_deck = state.galaxy_deck + state.galaxy_discard, []
    positions.fresh(game)
    waiting = sorted(state.galaxy_discard)
    scout = positions.put(game, "Scout Trooper", "in_play", EMPIRE)
    game.apply({"type": "ability", "card": scout})
    assert len(state.galaxy_deck) >= len(waiting) - 1  # reformed (a Rebel card revealed is discarded)
    assert sorted(state.galaxy_deck + state.galaxy_discard) == waiting and z95 in state.galaxy_deck


def test_a_revealed_neutral_card_stays_on_top(new_game):
    game = new_game(3)
    z95 = positions.put(game, "Z-95 Headhunter", "galaxy_deck")
    scout = positions.put(game, "Scout Trooper", "in_play", EMPIRE)
    game.apply({"type": "ability", "card": scout})
    assert game.state.galaxy_deck[-1] == z95 and game.state.galaxy_discard == []


def test_the_reward_resolves_before_a_when_ability(new_game):
    """Cassian Andor helps defeat TIE Bomber: its reward (exile a card) comes before his "when he helps defeat"
    ability (the opponent discards a card)."""
    game = new_game(3)
    game.apply(END)
    (bomber,) = positions.set_row(game, "TIE Bomber")
    cassian = positions.put(game, "Cassian Andor", "in_play", REBEL)
    game.apply({"type": "commit", "card": cassian, "target": bomber})
    game.apply({"type": "resolve", "target": bomber})
    first = game.pending()
    assert first["kind"] == "exile" and first["player"] == REBEL and first["card"] == bomber
    game.apply({"type": "decline"})
    second = game.pending()
    assert second["kind"] == "opp_discard" and second["player"] == EMPIRE and second["card"] == cassian


def test_a_while_ability_ends_when_its_card_leaves_play(new_game):
    """Admiral Piett: while in play, your capital ships get +1 attack."""
    game = new_game(3)
    destroyer = positions.put(game, "Star Destroyer", "in_play", EMPIRE)
    piett = positions.put(game, "Admiral Piett", "in_play", EMPIRE)
    assert game.state.attack_of(destroyer, EMPIRE) == 5
    game.apply(END)
    assert piett in game.state.players[EMPIRE].discard
    assert game.state.attack_of(destroyer, EMPIRE) == 4
