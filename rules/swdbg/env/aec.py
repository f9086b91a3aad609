"""The SW:DBG engine as a PettingZoo AEC environment (docs/swdbg-env.md).

Two agents, "player_0" and "player_1" (the engine's seats: the Empire is seat 0 in the default setups). The agent
to act is the engine's player to move: the active player, or the one a pending decision waits for (the opponent
answers Duros Spy's choice), so one agent often acts several times in a row. An observation is the agent's own
view of the table (`ObservationEncoder`) and the mask of its legal actions (`ActionCodec`); the mask is all zeros
for the agent not to move. Rewards come at the end only: +1 for the winner, −1 for the loser; a game stopped at
the setup's turn limit (the engine calls it a draw) is truncated with 0 each.
"""

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..game import Game
from ..setup import Setup
from .actions import ActionCodec
from .observations import ObservationEncoder

AGENTS = ("player_0", "player_1")


class SwdbgEnv(AECEnv):
    metadata = {"name": "swdbg_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, setup: Setup, render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.setup, self.render_mode = setup, render_mode
        self.codec, self.encoder = ActionCodec(setup), ObservationEncoder(setup)
        self.possible_agents = list(AGENTS)
        self.agents = self.possible_agents[:]
        observation = spaces.Box(self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32)
        mask = spaces.Box(0, 1, (self.codec.size,), np.int8)
        self.observation_spaces = {
            a: spaces.Dict({"observation": observation, "action_mask": mask}) for a in AGENTS
        }
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in AGENTS}
        self._seeds = random.Random()  # a game's seed when reset() is given none
        self.game: Game | None = None
        self._legal: dict[int, dict] = {}
        self._last_move = "a new game"

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---- the AEC cycle ----

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; `seed` fixes it (the engine's own seed), else one is drawn from earlier seeds."""
        if seed is not None:
            self._seeds.seed(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(62)
        self.game = Game.new(self.setup, game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._last_move = "a new game"
        self._next_to_move()

    def observe(self, agent: str) -> dict:
        assert self.game is not None, "reset() first"
        seat = AGENTS.index(agent)
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if agent == self.agent_selection and not (self.terminations[agent] or self.truncations[agent]):
            mask[list(self._legal)] = 1
        return {"observation": self.encoder.encode(self.game.view(seat), seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.game is not None, "reset() first"
        chosen = self._legal.get(int(action)) if action is not None else None
        if chosen is None:
            raise ValueError(f"action {action} is not legal now (see the action mask)")
        self._cumulative_rewards[agent] = 0
        self._last_move = self.game.describe(chosen)
        self.game.apply(chosen)
        self.rewards = dict.fromkeys(self.agents, 0)
        outcome = self.game.outcome()
        if outcome is not None:
            winner = outcome["winner"]
            if winner is None:
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self.rewards[AGENTS[winner]], self.rewards[AGENTS[1 - winner]] = 1, -1
                self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"outcome": outcome}
        self._accumulate_rewards()
        self._next_to_move()
        if self.render_mode == "ansi":
            print(self.render())

    def _next_to_move(self) -> None:
        assert self.game is not None
        if self.game.outcome() is None:
            self.agent_selection = AGENTS[self.game.to_move()]
            self._legal = self.codec.legal_indices(self.game)
        else:  # each agent is stepped once more (with None) to leave, the one who acted last first
            self._legal = {}
            if not hasattr(self, "agent_selection"):
                self.agent_selection = AGENTS[0]

    def render(self) -> str | None:
        """ "ansi": the last move in words."""
        if self.render_mode is None or self.game is None:
            return None
        return f"Turn {self.game.state.turn}: {self._last_move}"

    def close(self) -> None:
        self.game = None

    # ---- for agents that act through the engine ----

    def legal_actions(self) -> dict[int, dict]:
        """The legal actions now, by index: the engine's actions behind the mask."""
        return dict(self._legal)

    def index_of(self, action: dict) -> int:
        """The index of one of the engine's legal actions now (a player of rules/swdbg/players.py chose it)."""
        assert self.game is not None
        return self.codec.index(self.game, action)


def raw_env(setup: Setup, render_mode: str | None = None) -> SwdbgEnv:
    return SwdbgEnv(setup, render_mode)


def env(setup: Setup, render_mode: str | None = None) -> AECEnv:
    """The environment with PettingZoo's usual guards: an action outside the space raises, and so does acting
    out of turn or before reset(). (An illegal action in the space raises too: use the mask.)"""
    wrapped = wrappers.AssertOutOfBoundsWrapper(raw_env(setup, render_mode))
    return wrappers.OrderEnforcingWrapper(wrapped)
