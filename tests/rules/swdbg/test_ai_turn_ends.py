"""What the AI players must not leave undone when they end a turn (issue #27): a lethal attack on the enemy base
(committed, or a commit away) and resources that buy a card they value. The search player's sampled scores could
not tell them from ending the turn (a destroyed base now or by the greedy rollout a turn later score alike): the
positions and seeds below are ones where it ended the turn. The Empire (player 0) moves on turn 1, its hand
emptied into its discard pile."""

import pytest

from rules.swdbg.players import GreedyPlayer, card_value
from rules.swdbg.search import SearchPlayer

from .positions import attack, clear_hand, fresh, place, set_row

EMPIRE, REBEL = 0, 1


def lethal_position(new_game, seed: int, committed: bool):
    """Dengar in play for the Empire, with exactly the attack the Rebel base has left; committed to it or not."""
    game = new_game(seed=seed)
    clear_hand(game, EMPIRE)
    dengar = place(game, "Dengar", "in_play", EMPIRE, set())
    state = game.state
    if committed:
        state.committed[dengar] = "base"
    rebel = state.players[REBEL]
    rebel.base_damage = state.cards[rebel.base].hit_points - state.attack_of(dengar, EMPIRE)
    return fresh(game)


def late_game(game) -> None:
    """Two bases destroyed on each side: the next one destroyed wins, so rollouts end in ±1000 within reach."""
    state = game.state
    for player in (EMPIRE, REBEL):
        enemy = state.players[1 - player]
        state.players[player].victory += [enemy.bases.pop(), enemy.bases.pop()]


def play_turn(game, player) -> dict:
    """The player's actions up to its end of turn; returns the legal actions it ended the turn with."""
    while True:
        action = player.choose(game)
        if action["type"] == "end_turn":
            return game.legal_actions()
        game.apply(action)


PLAYERS = [
    pytest.param(lambda seed: GreedyPlayer(seed), id="greedy"),
    pytest.param(lambda seed: SearchPlayer(seed), id="search"),
]


@pytest.mark.parametrize("make", PLAYERS)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_committed_lethal_attack_is_resolved(new_game, make, seed):
    game = lethal_position(new_game, seed, committed=True)
    assert make(seed).choose(game) == {"type": "resolve", "target": "base"}


@pytest.mark.parametrize("make", PLAYERS)
def test_a_commit_that_destroys_the_base_is_made(new_game, make):
    game = lethal_position(new_game, 1, committed=False)
    rebel_base = game.state.players[REBEL].base
    play_turn(game, make(1))
    assert game.state.players[EMPIRE].victory == [rebel_base]


@pytest.mark.parametrize("make", PLAYERS)
@pytest.mark.parametrize("endgame", [False, True], ids=["opening", "endgame"])
def test_no_turn_ends_with_a_valued_card_affordable(new_game, make, endgame):
    game = new_game(seed=4)
    clear_hand(game, EMPIRE)
    if endgame:
        late_game(game)
    set_row(game, "Jabba the Hutt")
    game.state.players[EMPIRE].resources = 10
    left = play_turn(fresh(game), make(4))
    state = game.state
    assert [a for a in left if a["type"] == "purchase" and card_value(state, a["card"]) > 0] == []
    assert state.players[EMPIRE].resources < 10


def test_greedy_commits_to_a_galaxy_row_target_until_its_attack_reaches_the_value(new_game):
    """It used to resolve after each commit: the first Stormtrooper alone (2) against Jyn Erso (4) did nothing."""
    game, taken = new_game(seed=1), set()
    clear_hand(game, EMPIRE)
    (jyn,) = set_row(game, "Jyn Erso", taken=taken)
    troopers = [place(game, "Stormtrooper", "in_play", EMPIRE, taken) for _ in range(2)]
    play_turn(fresh(game), GreedyPlayer(1))
    assert jyn in game.state.galaxy_discard
    assert [a for a in game.actions if a["type"] in ("commit", "resolve")] == [
        *({"type": "commit", "card": t, "target": jyn} for t in troopers),
        {"type": "resolve", "target": jyn},
    ]


def test_the_position_is_what_it_claims(new_game):
    """The lethal positions above are lethal: the committed attack, resolved by hand, destroys the Rebel base."""
    game = lethal_position(new_game, 1, committed=True)
    base = game.state.players[REBEL].base
    attack(game, "base")
    assert game.state.players[EMPIRE].victory == [base]
