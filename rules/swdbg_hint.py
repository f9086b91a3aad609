"""A hint on the SW:DBG play table: what the computer would do in the player's seat, and why, in words.

The hint is the search player (rules/swdbg/search.py) thinking for the player's seat, with only what that seat
may see (it samples the hidden cards), within a fixed number of rollout actions (the same hint for the same
position) and a deadline. Its answer is either a rule it follows without searching, or the sampled scores of
each choice: the words name the best choice, the runner-up, and the parts of the evaluation where the best one
leads most ("more damage on the enemy base", "more Force") — what the search weighed.
"""

import random
import time

from django.utils.translation import gettext as _

from rules.swdbg.game import Game
from rules.swdbg.search import PARTS, SearchBudget, SearchPlayer, Thought
from rules.table_words import button

HINT_ACTIONS = 40_000  # rollout actions for one hint: about 0.3 s of search
HINT_SECONDS = 1.5  # the deadline, a safety net on a slow machine
SHOWN_CHOICES = 3

RULES = {
    "only-move": lambda: _("It is the only move."),
    "single-choice": lambda: _("Every other move comes to the same thing."),
    "play-first": lambda: _(
        "Playing your cards first costs nothing: their resources, attack and Force count only once in play."
    ),
    "pay-from-hand": lambda: _(
        "The card it pays with from your hand is worth less than what the ability gives."
    ),
    "lethal": lambda: _("The attack destroys the enemy base this turn."),
    "out-of-time": lambda: _("There was no time to search; this is the first instinct."),
}

# What each part of the evaluation measures (rules.swdbg.search.PARTS), when the best choice leads in it.
LEADS = {
    "outcome": lambda: _("more games won"),
    "bases": lambda: _("more enemy bases destroyed"),
    "damage": lambda: _("more damage on the enemy base"),
    "cards": lambda: _("a stronger deck"),
    "ships": lambda: _("more capital ships standing"),
    "force": lambda: _("the Force more on your side"),
}


def think(game: Game) -> Thought:
    seed = random.Random(f"hint:{game.seed}:{len(game.actions)}").getrandbits(32)
    budget = SearchBudget(HINT_ACTIONS, HINT_ACTIONS, deadline=time.monotonic() + HINT_SECONDS)
    return SearchPlayer(seed, budget=budget).think(game, explain=True)


def hint(game: Game) -> dict:
    """The hint for the player to move: the action (as the table offers it), its name and the reasons."""
    thought = think(game)
    text, name = button(game, thought.action)
    answer = {"action": thought.action, "text": text, "name": name, "reason": thought.reason, "choices": []}
    if thought.reason != "searched":
        answer["why"] = RULES[thought.reason]()
        return answer
    worlds = max(1, thought.worlds)
    ranked = sorted(range(len(thought.choices)), key=lambda i: -thought.scores[i])
    for i in ranked[:SHOWN_CHOICES]:
        answer["choices"].append({"name": button(game, thought.choices[i])[1],
                                  "score": round(thought.scores[i] / worlds, 1)})  # fmt: skip
    answer["why"] = _why(thought, ranked, worlds)
    return answer


def _why(thought: Thought, ranked: list[int], worlds: int) -> str:
    said = _("In %(n)s sampled games played a few turns ahead, this choice came out best.") % {"n": worlds}
    if len(ranked) < 2:
        return said
    best, next_best = thought.parts[ranked[0]], thought.parts[ranked[1]]
    leads = sorted(((best[k] - next_best[k]) / worlds, part) for k, part in enumerate(PARTS))
    gains = [LEADS[part]() for lead, part in reversed(leads) if lead >= 0.05][:2]
    if gains:
        said += " " + _("Compared with the next best, it leads to %(gains)s.") % {
            "gains": _(" and ").join(gains)
        }
    return said
