"""The search player's budget inside a request (rules/swdbg/search.py SearchBudget): rollout actions per decision
(deterministic) and a deadline (past it: the greedy instinct); without a budget, the search is unchanged."""

import time

from rules.saved_games import let_ai_play
from rules.swdbg.game import Game
from rules.swdbg.players import GreedyPlayer
from rules.swdbg.search import SearchBudget, SearchPlayer
from rules.swdbg.simulate import play_games

EXPIRED = {"deadline": 0.0, "clock": lambda: 1.0}


def opening(setup, seed: int, budget: SearchBudget | None, turns: int = 2) -> list[dict]:
    """The first turns of search (seat 0) against greedy."""
    game = Game.new(setup, seed)
    seats = [SearchPlayer(seed, budget=budget), GreedyPlayer(seed + 1)]
    while game.outcome() is None and game.state.turn <= turns:
        game.apply(seats[game.to_move()].choose(game))
    return game.actions


def test_a_budget_that_never_binds_changes_nothing(full_setup):
    free = SearchBudget()
    assert opening(full_setup, 5, free) == opening(full_setup, 5, None)
    assert free.searched > 0 and free.cut_short == free.by_instinct == 0


def test_the_action_budget_cuts_every_search_the_same_way(full_setup):
    tight, again, free = (
        SearchBudget(actions_per_decision=1),
        SearchBudget(actions_per_decision=1),
        SearchBudget(),
    )
    actions = opening(full_setup, 5, tight)
    assert opening(full_setup, 5, again) == actions and again.as_dict() == tight.as_dict()  # deterministic
    opening(full_setup, 5, free)
    assert tight.searched > 0 and tight.cut_short == tight.searched  # each stopped after its first world
    # one world of the at least 4 an unbudgeted search samples
    assert tight.actions / tight.searched < free.actions / free.searched / 3


def test_past_the_deadline_search_plays_greedy_games(full_setup):
    late = SearchBudget(**EXPIRED)
    searched = next(play_games(full_setup, ("search", "greedy"), 1, 3, {"search": {"budget": late}}))[0]
    greedy = next(play_games(full_setup, ("greedy", "greedy"), 1, 3))[0]
    assert searched.game.actions == greedy.game.actions
    assert late.searched == 0 and late.by_instinct > 0


def test_a_saved_games_search_ai_replies_by_instinct_past_its_time(full_setup):
    searched, greedy = Game.new(full_setup, 8), Game.new(full_setup, 8)  # the Empire (seat 0) moves first
    started = time.monotonic()
    log = let_ai_play(searched, 1, "search", seconds=0)
    assert time.monotonic() - started < 1
    assert log == let_ai_play(greedy, 1, "greedy") and searched.actions == greedy.actions
