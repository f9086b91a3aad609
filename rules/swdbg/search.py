"""The search player: flat Monte Carlo over sampled hidden information (determinization).

For a decision with several distinct choices, it samples `worlds` deals of what its seat cannot see (the
opponent's hand and deck together, its own deck's order, the galaxy deck's order, the generator's future),
plays each choice in every world, lets greedy players continue for `horizon` more turns, and scores the
position it reaches (`evaluate`). The same worlds serve every choice (common random numbers), so choices are
compared on equal draws. Everything comes from the player's own seeded generator: a game with search players
reproduces exactly from its seeds.

Choices that greedy play makes without doubt are not searched: playing a card from hand (always worth it:
resources, Force and attack come only from cards in play; an ability paid with a card from hand is used, or not,
as greedy play does it, while the hand holds that card) and a decision with one option. Two rules stand over the
sampled scores, which cannot tell a sure gain from noise (a won game and a lost one are ±1000, the rest a few
points, over 24 worlds): an attack that destroys the enemy base this turn is made at once (`lethal_plan`), and
the turn does not end while an attack can be committed or resolved or a card it values (card_value > 0) can be
bought — such an action is never worse than ending the turn.

A search inside a web request has a `SearchBudget`: greedy actions per decision and for the whole request
(deterministic: the same game for the same seeds; once the request's are spent the player plays its greedy
instinct) and a deadline (a safety net on a slow machine: past it, instinct too). Without one (the jobs, the
command) the search is exactly as described above.
"""

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .game import Game
from .players import GreedyPlayer, card_value, hand_cost, lethal_plan
from .state import State

DEFAULT_WORLDS = 24
DEFAULT_HORIZON = 4  # turns after the current one: two replies of the opponent, two turns of ours
MAX_ROLLOUTS = (
    480  # per move: a choice among many options samples fewer worlds, so a move stays well under 1 s
)


@dataclass
class SearchBudget:
    """What the search players of one request may spend. `actions_per_decision`: greedy actions played in
    rollouts before a decision stops sampling worlds (checked after each world, so every choice is scored on
    the same worlds; at least one world is played). `total_actions`: the same for all decisions together; once
    they are spent, decisions are taken by instinct, unsearched. `deadline`: a `clock()` time after which
    decisions are taken by instinct too. The counters say what the budget did, for the answer."""

    actions_per_decision: int | None = None
    total_actions: int | None = None
    deadline: float | None = None
    clock: Callable[[], float] = field(default=time.monotonic, repr=False)
    searched: int = 0  # decisions searched
    actions: int = 0  # greedy actions played in their rollouts
    cut_short: int = 0  # searches stopped by actions_per_decision or total_actions
    by_instinct: int = 0  # decisions not searched: the request's actions spent or its deadline passed

    def expired(self) -> bool:
        """No more searching: the request's actions are spent or its deadline has passed."""
        if self.total_actions is not None and self.actions >= self.total_actions:
            return True
        return self.deadline is not None and self.clock() >= self.deadline

    def as_dict(self) -> dict:
        return {
            "actions_per_decision": self.actions_per_decision,
            "total_actions": self.total_actions,
            "searched": self.searched,
            "actions": self.actions,
            "cut_short": self.cut_short,
            "by_instinct": self.by_instinct,
        }


class SearchPlayer:
    name = "search"

    def __init__(
        self,
        seed: int = 0,
        worlds: int = DEFAULT_WORLDS,
        horizon: int = DEFAULT_HORIZON,
        rollouts: int = MAX_ROLLOUTS,
        budget: SearchBudget | None = None,
    ):
        self.rng = random.Random(seed)
        self.worlds, self.horizon, self.rollouts = worlds, horizon, rollouts
        self.greedy = GreedyPlayer(seed)
        self.budget = budget

    def choose(self, game: Game) -> dict:
        return self.think(game).action

    def think(self, game: Game, explain: bool = False) -> "Thought":
        """The action and why: a rule that decides without searching, or the sampled scores of each choice
        (with `explain`, each choice's average of every part of the evaluation too, for a hint)."""
        legal = game.legal_actions()
        if len(legal) == 1:
            return Thought(legal[0], "only-move")
        instinct = self.greedy.choose(game)
        state = game.state
        if instinct["type"] == "play":
            return Thought(instinct, "play-first")
        if (
            instinct["type"] == "ability"
            and hand_cost(state, instinct["card"])
            and state.players[state.active].hand
        ):
            return Thought(instinct, "pay-from-hand")
        budget = self.budget
        if budget is not None and budget.expired():
            budget.by_instinct += 1
            return Thought(instinct, "out-of-time")  # greedy play, which makes a lethal attack too
        lethal = lethal_plan(state, state.active, legal)
        if lethal is not None:
            return Thought(lethal, "lethal")
        choices = _distinct(state, legal)
        if state.pending is None and _must_act(state, legal):
            choices = [c for c in choices if c["type"] != "end_turn"]
        if len(choices) == 1:
            return Thought(choices[0], "single-choice")
        me = game.to_move()
        scores = [0.0] * len(choices)
        parts: list[list[float]] = [[0.0] * len(PARTS) for _ in choices] if explain else []
        worlds = max(4, min(self.worlds, self.rollouts // len(choices)))
        spent = 0
        played = 0
        for world_index in range(worlds):
            if budget is not None and world_index and _spent_out(budget, spent):
                break
            world = sample_world(game.state, me, self.rng)
            for index, choice in enumerate(choices):
                trial = Game(game.setup, game.seed, world.copy(), [])
                trial.apply(choice)
                end = self.rollout_state(trial, world.turn + self.horizon)
                scores[index] += evaluate(end, me)
                if explain:
                    for k, value in enumerate(evaluate_parts(end, me)):
                        parts[index][k] += value
                spent += len(trial.actions)
            played += 1
        if budget is not None:
            budget.searched += 1
            budget.actions += spent
        best = max(range(len(choices)), key=lambda i: (scores[i], choices[i] == instinct))
        return Thought(choices[best], "searched", choices, scores, parts, played)

    def rollout(self, game: Game, me: int, last_turn: int) -> float:
        return evaluate(self.rollout_state(game, last_turn), me)

    def rollout_state(self, game: Game, last_turn: int) -> State:
        greedy = self.greedy
        state = game.state
        while state.outcome is None and state.turn <= last_turn:
            game.apply(greedy.choose(game))
            state = game.state
        return state


@dataclass
class Thought:
    """A search player's action and why: `reason` is a rule ("only-move", "play-first", "pay-from-hand",
    "out-of-time", "lethal", "single-choice") or "searched", with each choice's summed scores (and summed
    evaluation parts, when explained) over `worlds` sampled worlds."""

    action: dict
    reason: str
    choices: list[dict] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    parts: list[list[float]] = field(default_factory=list)
    worlds: int = 0


def _must_act(state: State, legal: list[dict]) -> bool:
    """Whether ending the turn now would waste something: an attack to commit or resolve, a card worth buying."""
    for action in legal:
        kind = action["type"]
        if kind == "commit" or kind == "resolve":
            return True
        if kind == "purchase" and card_value(state, action["card"]) > 0:
            return True
    return False


def _spent_out(budget: SearchBudget, spent: int) -> bool:
    """Whether a search that has played `spent` rollout actions stops before its next world."""
    per_decision, total = budget.actions_per_decision, budget.total_actions
    if (per_decision is not None and spent >= per_decision) or (
        total is not None and budget.actions + spent >= total
    ):
        budget.cut_short += 1
        return True
    return budget.deadline is not None and budget.clock() >= budget.deadline


def _distinct(state: State, legal: list[dict]) -> list[dict]:
    """One action per kind of choice: two copies of a card in the same zone are the same choice."""
    seen, found = set(), []
    for action in legal:
        key = tuple(
            (k, state.cards[v].title if k in ("card", "target", "with") and isinstance(v, int) else v)
            for k, v in sorted(action.items())
        )
        if key not in seen:
            seen.add(key)
            found.append(action)
    return found


def sample_world(state: State, me: int, rng: random.Random) -> State:
    """A copy of the state with what `me` cannot see dealt afresh: the opponent's hand and deck are shuffled
    together and dealt back in the same sizes; `me`'s deck and the galaxy deck are shuffled; the game's
    generator is reseeded (its future draws are unknown too). A pile holding a card `me` was shown keeps its
    order (the opponent's hand after Jyn Erso looked at it, the galaxy deck after Moff Jerjerrod)."""
    world = state.copy()
    known = set(state.seen.get(me, ()))  # what an ability showed `me`, and what a pending decision names
    if state.pending is not None:
        for option in state.pending.options:
            known.update(v for k, v in option.items() if k in ("card", "with"))
        known.update(v for v in state.pending.data if isinstance(v, int))
    opponent = world.players[1 - me]
    if known.isdisjoint(opponent.hand):
        unseen = opponent.hand + opponent.deck
        rng.shuffle(unseen)
        opponent.hand, opponent.deck = unseen[: len(opponent.hand)], unseen[len(opponent.hand) :]
    else:
        rng.shuffle(opponent.deck)
    rng.shuffle(world.players[me].deck)
    if known.isdisjoint(world.galaxy_deck):
        rng.shuffle(world.galaxy_deck)
    world.rng.seed(rng.getrandbits(64))
    return world


# The evaluation's weights: a win or loss outweighs everything else.
WIN = 1000.0
PER_BASE = 25.0  # an enemy base destroyed
BASE_DAMAGE = 12.0  # the enemy's current base, all of its hit points
PER_CARD_VALUE = 0.4  # the cards each side owns (card_value)
PER_SHIP_HP = 0.3  # capital ships' hit points left in play
PER_FORCE = 0.8  # each space of the Force track toward you
PARTS = ("outcome", "bases", "damage", "cards", "ships", "force")


def evaluate(state: State, me: int) -> float:
    """How good the position is for `me`: a win or loss outweighs everything; then destroyed bases, damage on
    the current bases, the cards each side owns, the Force track and capital ships in play."""
    if state.outcome is not None:
        winner = state.outcome["winner"]
        return 0.0 if winner is None else (WIN if winner == me else -WIN)
    score = 0.0
    for player, sign in ((me, 1.0), (1 - me, -1.0)):
        own = state.players[player]
        enemy = state.players[1 - player]
        score += sign * PER_BASE * len(own.victory)
        if enemy.base is not None:
            score += sign * BASE_DAMAGE * enemy.base_damage / (state.cards[enemy.base].hit_points or 1)
        cards = own.deck + own.hand + own.discard + own.in_play
        score += sign * PER_CARD_VALUE * sum(card_value(state, c) for c in cards)
        score += sign * sum(
            PER_SHIP_HP * ((state.cards[c].hit_points or 0) - state.ship_damage.get(c, 0)) for c in own.in_play
            if state.cards[c].is_ship
        )  # fmt: skip
    score += PER_FORCE * state.force * state.players[me].side
    return score


def evaluate_parts(state: State, me: int) -> list[float]:
    """`evaluate` by part (PARTS), for words about what a search weighed; the parts sum to `evaluate`."""
    parts = [0.0] * len(PARTS)
    if state.outcome is not None:
        winner = state.outcome["winner"]
        parts[0] = 0.0 if winner is None else (WIN if winner == me else -WIN)
        return parts
    for player, sign in ((me, 1.0), (1 - me, -1.0)):
        own = state.players[player]
        enemy = state.players[1 - player]
        parts[1] += sign * PER_BASE * len(own.victory)
        if enemy.base is not None:
            parts[2] += sign * BASE_DAMAGE * enemy.base_damage / (state.cards[enemy.base].hit_points or 1)
        parts[3] += (
            sign
            * PER_CARD_VALUE
            * sum(card_value(state, c) for c in own.deck + own.hand + own.discard + own.in_play)
        )
        parts[4] += sign * sum(
            PER_SHIP_HP * ((state.cards[c].hit_points or 0) - state.ship_damage.get(c, 0)) for c in own.in_play
            if state.cards[c].is_ship
        )  # fmt: skip
    parts[5] = PER_FORCE * state.force * state.players[me].side
    return parts
