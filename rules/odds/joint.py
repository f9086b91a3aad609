"""The joint odds of several groups, exact when affordable and simulated otherwise.

The exact programme (`rules.odds.exact`) grows exponentially with the number of overlapping groups and with the
hand size, so a question from a stranger is first costed (`joint_cost`, computed before any work) and, past the
budget, answered by a seeded simulation (`rules.odds.simulate`) of bounded work instead. The answer says which
method gave it; a simulated one carries its standard error, its trials and its 95% interval.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from rules.odds.exact import MAX_JOINT_COST, Target, TooCostly, joint_probability
from rules.odds.simulate import Estimate, max_trials, simulate_targets

__all__ = ["FALLBACK_COST", "FALLBACK_TRIALS", "JointAnswer", "joint_answer"]

# The fallback simulation: this many trials at most, within this much work (`simulation_cost` units, about a
# tenth of a second on one core), so a pathological question costs little more than an ordinary one.
FALLBACK_TRIALS = 100_000
FALLBACK_COST = 10_000_000


@dataclass(frozen=True, slots=True)
class JointAnswer:
    method: Literal["exact", "simulated"]
    probability: float
    estimate: Estimate | None = None  # the simulation's, when simulated
    reason: str = ""  # why it was simulated


def joint_answer(
    pile: Sequence[str],
    hand_size: int,
    targets: Sequence[Target],
    *,
    rng: np.random.Generator,
    max_cost: int | None = None,
    estimate: Estimate | None = None,
) -> JointAnswer:
    """P(every target is met by the same hand). `estimate`: a joint estimate the caller already simulated,
    reused when the exact answer is too costly; otherwise `rng` drives a fallback of bounded work. `max_cost`:
    the exact programme's budget (default MAX_JOINT_COST)."""
    budget = MAX_JOINT_COST if max_cost is None else max_cost
    try:
        return JointAnswer("exact", float(joint_probability(pile, hand_size, targets, max_cost=budget)))
    except TooCostly as exc:
        reason = f"Simulated: {exc}."
    if estimate is None:
        trials = max(1, min(FALLBACK_TRIALS, max_trials(len(pile), hand_size, FALLBACK_COST, len(targets))))
        _, estimate = simulate_targets(pile, hand_size, targets, trials=trials, rng=rng)
    return JointAnswer("simulated", estimate.probability, estimate, reason)
