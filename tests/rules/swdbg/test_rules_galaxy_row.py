"""A card leaving the galaxy row by discard: the rulebook discards it first, then refills the slot ("If the galaxy
deck is empty, wait until a card needs to be added to the galaxy row to shuffle the galaxy discard pile back"), so
the card just discarded is part of that reshuffle, and the row never runs short while the galaxy deck and discard
pile hold a card. Every way a row card is discarded: bounty hunting, sabotage, TIE Bomber, AT-ST, paying off,
the Death Star and the Hammerhead Corvette against a row ship, and Rodia."""

from dataclasses import replace

import pytest

from rules.swdbg.game import Game
from rules.swdbg.players import RandomPlayer
from rules.swdbg.state import ROW_SIZE

from .positions import attack, fresh, place, reveal_base, select, set_row, turn_of, use

EMPIRE, REBEL = 0, 1


# Each way readies its cards (while the galaxy piles are whole: a card may be taken from them) and returns what
# discards the row card `target` then.


def _bounty(game, taken):
    trooper = place(game, "Stormtrooper", "in_play", EMPIRE, taken)
    return lambda target: attack(game, target, trooper)  # 2 attack ≥ the Y-Wing's target value 1


def _sabotage(game, taken):
    trooper = place(game, "Rebel Trooper", "in_play", REBEL, taken)
    return lambda target: attack(game, target, trooper)  # 2 attack ≥ the TIE Fighter's target value 1


def _discard_row_with(title):
    def ready(game, taken):
        unit = place(game, title, "in_play", EMPIRE, taken)
        return lambda target: (use(game, unit), select(game, card=target))

    return ready


def _pay_off(game, taken):
    game.state.players[EMPIRE].resources = 1
    return lambda target: game.apply({"type": "pay_off", "card": target})


def _death_star(game, taken):
    star = place(game, "Death Star", "base", EMPIRE, taken)
    game.state.players[EMPIRE].resources = 4
    return lambda target: (use(game, star), select(game, card=target))


def _hammerhead(game, taken):
    corvette = place(game, "Hammerhead Corvette", "in_play", REBEL, taken)
    return lambda target: (use(game, corvette), select(game, card=target))


# name: (the player whose turn it is, the row card discarded, how)
WAYS = {
    "bounty hunting": (EMPIRE, "Y-Wing", _bounty),
    "sabotage": (REBEL, "TIE Fighter", _sabotage),
    "TIE Bomber": (EMPIRE, "Lobot", _discard_row_with("TIE Bomber")),
    "AT-ST": (EMPIRE, "X-Wing", _discard_row_with("AT-ST")),
    "paying off": (EMPIRE, "Z-95 Headhunter", _pay_off),
    "Death Star": (EMPIRE, "Mon Calamari Cruiser", _death_star),
    "Hammerhead Corvette": (REBEL, "Star Destroyer", _hammerhead),
}


def _discard_with_piles(full_setup, way, waiting_count):
    """Discard the row's third card `way`'s way, the galaxy deck empty and `waiting_count` cards in the galaxy
    discard pile; returns the game, the card, the cards that were waiting and the row before."""
    player, title, ready = WAYS[way]
    game = Game.new(replace(full_setup, pay_off_neutral=True), 3)
    turn_of(game, player)
    taken: set = set()
    target = set_row(game, "Jawa Scavenger", "Kel Dor Mystic", title, taken=taken)[2]
    discard = ready(game, taken)
    state = game.state
    waiting = state.galaxy_deck[:waiting_count]
    state.galaxy_deck, state.galaxy_discard = [], waiting[:]
    row = state.row[:]
    fresh(game)
    discard(target)
    return game, target, waiting, row


@pytest.mark.parametrize("way", WAYS)
def test_a_discarded_row_card_is_reshuffled_with_the_galaxy_discard_pile(full_setup, way):
    game, target, waiting, row = _discard_with_piles(full_setup, way, 8)
    state = game.state
    assert len(state.row) == ROW_SIZE and state.row[:2] + state.row[3:] == row[:2] + row[3:]
    assert state.galaxy_discard == []  # reshuffled into the galaxy deck, the discarded card with the rest
    assert sorted([state.row[2], *state.galaxy_deck]) == sorted([*waiting, target])


@pytest.mark.parametrize("way", WAYS)
def test_with_galaxy_deck_and_discard_empty_the_discarded_card_comes_straight_back(full_setup, way):
    game, target, _, row = _discard_with_piles(full_setup, way, 0)
    state = game.state
    assert state.row == row and state.galaxy_deck == [] and state.galaxy_discard == []


def test_rodia_discards_every_rebel_card_then_refills_from_them(new_game):
    """The galaxy deck and discard pile empty: the three Rebel cards are discarded together, then reshuffled
    into their own slots (the row keeps six cards); 1 damage to the Rebel base each."""
    game, taken = new_game(3), set()
    row = set_row(game, "X-Wing", "TIE Fighter", "Y-Wing", "Lobot", "B-Wing", "AT-ST", taken=taken)
    state = game.state
    state.galaxy_deck, state.galaxy_discard = [], []
    reveal_base(game, "Rodia")
    rebels = [row[0], row[2], row[4]]
    assert len(state.row) == ROW_SIZE and [state.row[i] for i in (1, 3, 5)] == [row[1], row[3], row[5]]
    assert sorted(state.row[i] for i in (0, 2, 4)) == sorted(rebels)
    assert state.galaxy_deck == [] and state.galaxy_discard == []
    assert state.players[REBEL].base_damage == 3


GAMES = 50  # per setup: with the old refill order, about one random game in five left the row short


@pytest.mark.parametrize("code", ["beginner", "full-galaxy"])
def test_random_games_never_leave_the_row_short_while_galaxy_cards_remain(swdbg_setups, code):
    """A seeded sample of random-vs-random games: after every action, a row of fewer than six cards means the
    galaxy deck and discard pile are both empty (every other galaxy card was purchased)."""
    setup = swdbg_setups[code]
    for seed in range(GAMES):
        game = Game.new(setup, seed)
        state = game.state
        seats = (RandomPlayer(seed * 2), RandomPlayer(seed * 2 + 1))
        while game.outcome() is None:
            game.apply(seats[game.to_move()].choose(game))
            if len(state.row) < ROW_SIZE and (state.galaxy_deck or state.galaxy_discard):
                raise AssertionError(
                    f"{code} seed {seed}, action {len(game.actions)}: a row of {len(state.row)} cards with "
                    f"{len(state.galaxy_deck)} in the galaxy deck and {len(state.galaxy_discard)} discarded"
                )
