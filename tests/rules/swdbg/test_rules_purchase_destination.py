"""Where a purchased card goes when several texts speak: Princess Leia's free purchase is put on top of the deck
if the Force is with you and is otherwise a purchase like any other, so Sullust (the first purchase of each turn
goes on top of your deck) and the Twi'lek Smuggler (the next purchase this turn goes on top) apply to it, and it
spends them as any purchase does."""

import pytest

from .positions import place, reveal_base, select, set_row, use

EMPIRE, REBEL = 0, 1
WITHOUT_FORCE, WITH_FORCE = -3, 3


def leia_takes(game, card: int, taken: set) -> None:
    """The Rebel player uses Princess Leia (put into play: playing her would move the Force) to take `card`."""
    use(game, place(game, "Princess Leia", "in_play", REBEL, taken))
    select(game, card=card)


def buy(game, card: int) -> None:
    game.state.players[REBEL].resources = game.cards[card].cost
    game.apply({"type": "purchase", "card": card})


@pytest.mark.parametrize("force", [WITHOUT_FORCE, WITH_FORCE])
def test_sullust_puts_leias_free_card_on_the_deck_and_is_spent(new_game, force):
    game, taken = new_game(3), set()
    reveal_base(game, "Sullust")
    game.state.force = force
    x_wing, y_wing = set_row(game, "X-Wing", "Y-Wing", taken=taken)
    me = game.state.players[REBEL]
    leia_takes(game, x_wing, taken)
    assert me.deck[-1] == x_wing and x_wing not in me.discard
    buy(game, y_wing)  # the turn's second purchase: the discard pile
    assert me.discard[-1] == y_wing and me.deck[-1] == x_wing


@pytest.mark.parametrize("force", [WITHOUT_FORCE, WITH_FORCE])
def test_the_twilek_smuggler_puts_leias_free_card_on_the_deck_and_is_spent(new_game, force):
    game, taken = new_game(3), set()
    game.apply({"type": "end_turn"})  # the Rebel player's turn 2, Dantooine its base
    game.state.force = force
    x_wing, y_wing = set_row(game, "X-Wing", "Y-Wing", taken=taken)
    use(game, place(game, "Twi'lek Smuggler", "in_play", REBEL, taken))
    me = game.state.players[REBEL]
    leia_takes(game, x_wing, taken)
    assert me.deck[-1] == x_wing and x_wing not in me.discard
    buy(game, y_wing)  # the smuggler's "next purchase" was Leia's: this one goes to the discard pile
    assert me.discard[-1] == y_wing and me.deck[-1] == x_wing


def test_without_sullust_or_the_smuggler_leia_without_the_force_discards(new_game):
    game, taken = new_game(3), set()
    game.apply({"type": "end_turn"})
    game.state.force = WITHOUT_FORCE
    (x_wing,) = set_row(game, "X-Wing", taken=taken)
    me = game.state.players[REBEL]
    deck = me.deck[:]
    leia_takes(game, x_wing, taken)
    assert me.discard[-1] == x_wing and me.deck == deck
