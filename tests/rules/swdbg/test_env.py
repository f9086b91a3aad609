"""The SW:DBG engine as a PettingZoo AEC environment (rules/swdbg/env/): PettingZoo's own API and seed tests,
every legal action at its own index of the action space, observations of what a seat may see, rewards."""

import dataclasses

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from rules.swdbg.env import ActionCodec, ObservationEncoder, env, raw_env
from rules.swdbg.env.actions import PENDING_KINDS
from rules.swdbg_env import swdbg_env

from .positions import place, reveal_base


# PettingZoo's hints for environments without an action mask: ours is the observation's "action_mask", as in its
# own board games (which get the same hints).
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_api_test(full_setup):
    api_test(env(full_setup), num_cycles=1000)


def test_a_seed_replays_the_same_game(full_setup):
    seed_test(lambda: env(full_setup), num_cycles=300)
    first, second = raw_env(full_setup), raw_env(full_setup)
    first.reset(seed=5)
    second.reset(seed=5)
    assert first.game.view() == second.game.view()
    second.reset(seed=6)
    assert first.game.view() != second.game.view()


def test_every_legal_action_has_an_index_of_its_own(full_setup):
    """Masked random games with the pay-off rule on: at each step the mask holds exactly the engine's legal
    actions, each behind its own index; between them the games use every block of the action space."""
    setup = dataclasses.replace(full_setup, pay_off_neutral=True)
    environment, rng, blocks = raw_env(setup), np.random.default_rng(0), set()
    codec = environment.codec
    for seed in range(3):
        environment.reset(seed=seed)
        for _agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = environment.game.legal_actions()
            indices = np.flatnonzero(observation["action_mask"])
            assert len(indices) == len(legal)  # legal_indices refuses two actions at one index
            assert sorted(codec.index(environment.game, a) for a in legal) == indices.tolist()
            choice = int(rng.choice(indices))
            blocks.add(codec.block_of(choice))
            environment.step(choice)
    # "select_with" (Tatooine's swap) is rare in random games: below
    assert set(codec.start) - blocks <= {"select_with"} and {"end_turn", "decline", "resolve_base"} <= blocks


def test_a_swap_with_a_row_card_is_indexed_by_its_row_slot(new_game, full_setup):
    game = new_game(3)
    b_wing = place(game, "B-Wing", "galaxy_discard")
    reveal_base(game, "Tatooine")
    codec = ActionCodec(full_setup)
    found = codec.legal_indices(game)
    swaps = [i for i in found if codec.block_of(i) == "select_with"]
    assert len(swaps) == len(game.state.row) == 6
    start = codec.start["select_with"] + b_wing * 6
    assert {found[start + slot]["with"] for slot in range(6)} == set(game.state.row)


def test_a_seat_sees_no_hidden_card(new_game, full_setup):
    """Cards swapped between the Rebel hand and deck (same counts) change the Rebel's vector, not the Empire's."""
    game, encoder = new_game(3), ObservationEncoder(full_setup)
    rebel = game.state.players[1]
    before = [encoder.encode(game.view(seat), seat) for seat in (0, 1)]
    swap = next(i for i, c in enumerate(rebel.deck) if game.cards[c].title != game.cards[rebel.hand[0]].title)
    rebel.hand[0], rebel.deck[swap] = rebel.deck[swap], rebel.hand[0]
    after = [encoder.encode(game.view(seat), seat) for seat in (0, 1)]
    assert np.array_equal(before[0], after[0]) and not np.array_equal(before[1], after[1])
    names = encoder.names()
    assert len(names) == encoder.size and names[-len(PENDING_KINDS)] == f"pending:{PENDING_KINDS[0]}"
    hand = dict(zip(names, after[1], strict=True))
    assert (
        sum(v for k, v in hand.items() if k.startswith("own_hand:"))
        == len(rebel.hand)
        == hand["own_hand_count"]
    )


def test_rewards_at_the_end_only_and_a_turn_limit_truncates(full_setup):
    for setup, seed in ((full_setup, 2), (dataclasses.replace(full_setup, turn_limit=2), 2)):
        environment, rng = raw_env(setup), np.random.default_rng(seed)
        environment.reset(seed=seed)
        totals = dict.fromkeys(environment.possible_agents, 0)
        for agent in environment.agent_iter():
            observation, reward, terminated, truncated, info = environment.last()
            totals[agent] += reward
            if terminated or truncated:
                environment.step(None)
                continue
            assert reward == 0
            environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        outcome = info["outcome"]
        if outcome["winner"] is None:
            assert (
                outcome["reason"] == "turn-limit" and truncated and totals == {"player_0": 0, "player_1": 0}
            )
        else:
            assert terminated and totals[f"player_{outcome['winner']}"] == 1
            assert totals[f"player_{1 - outcome['winner']}"] == -1
        assert setup.turn_limit != 2 or outcome["winner"] is None


def test_the_helper_builds_the_environment_from_the_stored_cards(swdbg_catalogue):
    environment = swdbg_env("beginner", wrapped=False)
    environment.reset(seed=1)
    assert environment.game.state.players[0].faction == "Empire"
    assert environment.action_space("player_0").n == environment.codec.size
