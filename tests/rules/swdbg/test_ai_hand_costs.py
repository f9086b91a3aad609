"""The AI players use the abilities paid with a card from hand (issue #27): Gozanti Cruiser and C-ROC Cruiser
(discard one), Jabba the Hutt (exile one). Both players used to play the whole hand first, so the ability never
had a card to pay with. Positions are built as in positions.py; the Empire (player 0) moves on turn 1."""

import pytest

from rules.swdbg.players import GreedyPlayer, card_value
from rules.swdbg.search import SearchPlayer

from .positions import clear_hand, place

EMPIRE = 0
STARTERS = ("Stormtrooper", "Imperial Shuttle", "Inquisitor")


def greedy():
    return GreedyPlayer(seed=1)


def search():
    # the rule is what is tested, not the sampling: few worlds and a short horizon keep the test fast
    return SearchPlayer(seed=1, worlds=4, horizon=1)


PLAYERS = [pytest.param(greedy, id="greedy"), pytest.param(search, id="search")]


def hand_of(game, *titles: str, taken: set) -> list[int]:
    clear_hand(game, EMPIRE)
    return [place(game, title, "hand", EMPIRE, taken) for title in titles]


def play_out_hand(game, player) -> list[dict]:
    """The player's actions until its hand is empty (no ability paid from hand is possible after that)."""
    done = []
    while game.state.players[EMPIRE].hand or game.pending() is not None:
        action = player.choose(game)
        done.append(action)
        game.apply(action)
    return done


def paid_with(game, done: list[dict], card: int) -> int:
    """The card the ability of `card` was paid with: the answer to the cost decision right after it."""
    index = done.index({"type": "ability", "card": card})
    assert done[index + 1]["type"] == "select"
    return done[index + 1]["card"]


@pytest.mark.parametrize("make", PLAYERS)
def test_gozanti_cruiser_trades_the_weakest_card_for_a_draw(new_game, make):
    game, taken = new_game(seed=3), set()
    cruiser = place(game, "Gozanti Cruiser", "in_play", EMPIRE, taken)
    hand = hand_of(game, *STARTERS, taken=taken)
    done = play_out_hand(game, make())
    assert {"type": "ability", "card": cruiser} in done
    paid = paid_with(game, done, cruiser)
    assert paid in hand and paid in game.state.players[EMPIRE].discard
    if make is greedy:
        assert card_value(game.state, paid) == min(card_value(game.state, c) for c in hand)


@pytest.mark.parametrize("make", PLAYERS)
def test_c_roc_cruiser_repairs_a_damaged_base(new_game, make):
    game, taken = new_game(seed=3), set()
    cruiser = place(game, "C-ROC Cruiser", "in_play", EMPIRE, taken)
    hand_of(game, *STARTERS, taken=taken)
    game.state.players[EMPIRE].base_damage = 5
    done = play_out_hand(game, make())
    assert {"type": "ability", "card": cruiser} in done
    assert game.state.players[EMPIRE].base_damage == 2


@pytest.mark.parametrize("make", PLAYERS)
def test_jabba_the_hutt_is_played_first_and_exiles_a_starter(new_game, make):
    game, taken = new_game(seed=3), set()
    *starters, jabba = hand_of(game, *STARTERS, "Jabba the Hutt", taken=taken)  # Jabba last in hand
    done = play_out_hand(game, make())
    assert done[0] == {"type": "play", "card": jabba}
    paid = paid_with(game, done, jabba)
    assert paid in starters and game.state.players[EMPIRE].exile == [paid]


def test_greedy_keeps_its_cards_when_the_ability_is_not_worth_them(new_game):
    game, taken = new_game(seed=3), set()
    c_roc = place(game, "C-ROC Cruiser", "in_play", EMPIRE, taken)  # the base is undamaged
    jabba, *_ = hand_of(game, "Jabba the Hutt", "Darth Vader", "Grand Moff Tarkin", taken=taken)
    done = play_out_hand(game, greedy())  # nothing but a starter card is worth exiling
    assert not [a for a in done if a["type"] == "ability" and a["card"] in (c_roc, jabba)]
