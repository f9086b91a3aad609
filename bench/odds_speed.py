"""Draw odds: exact answer times and simulated hands per second, on one core (run from the repository root).

1. Exact (`rules.odds.exact`): random 60-card questions with 1–4 groups (overlapping, with at-least, at-most
   and "exactly" bounds), each target alone and all of them jointly, plus a hard set of four heavily
   overlapping range targets. Each call is timed once; median, p99 and max. Target: every call < 10 ms.
2. Simulation (`rules.odds.simulate`): 8-card hands from a 60-card pile per second, vectorised, against a
   pure-Python loop of `random.sample` answering the same question, in the same run. Target: ≥ 2 M hands/s.

No database and no network; bounded to well under a minute.
Usage: .venv/bin/python bench/odds_speed.py [--questions 1000] [--trials 4000000] [--python-seconds 2]
"""

import argparse
import os
import platform
import random
import statistics
import sys
import time

from _common import ROOT, percentile

sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from rules.odds.exact import Target, joint_probability, probability  # noqa: E402
from rules.odds.simulate import by_turn, destiny_total_at_least, sample_hands, simulate_targets  # noqa: E402


def random_deck(rng: random.Random) -> list[str]:
    """60 cards: ids with 1–4 copies, like a constructed deck."""
    pile: list[str] = []
    while len(pile) < 60:
        copies = min(rng.randint(1, 4), 60 - len(pile))
        pile += [f"card{len(set(pile)):02}"] * copies
    return pile


def random_targets(rng: random.Random, ids: list[str], hard: bool) -> list[Target]:
    targets = []
    for g in range(4 if hard else rng.randint(1, 4)):
        cards = frozenset(rng.sample(ids, rng.randint(5, 12) if hard else rng.randint(1, 15)))
        low = rng.randint(1, 4) if hard else rng.randint(0, 4)
        if hard:
            high = low + rng.randint(0, 4)
        else:
            high = rng.choice([None, None, low, low + rng.randint(0, 4)])
        targets.append(Target(f"group {g}", cards, low, high))
    return targets


def bench_exact(questions: int) -> None:
    rng = random.Random(2024)
    single: list[float] = []
    joint: list[float] = []
    hard: list[float] = []
    groups = []
    for q in range(questions + questions // 4):
        is_hard = q >= questions
        pile = random_deck(rng)
        targets = random_targets(rng, sorted(set(pile)), is_hard)
        groups.append(len(targets))
        if not is_hard:
            for target in targets:
                start = time.perf_counter()
                probability(pile, 8, target)
                single.append(time.perf_counter() - start)
        start = time.perf_counter()
        joint_probability(pile, 8, targets)
        (hard if is_hard else joint).append(time.perf_counter() - start)
    print(
        f"Exact, 60-card pile, 8-card hand ({questions} random questions of 1–4 groups, {questions // 4} hard)"
    )
    print(f"{'call':<38} {'calls':>6} {'median ms':>10} {'p99 ms':>8} {'max ms':>8}")
    for name, times in (
        ("probability (one target)", single),
        ("joint_probability (1–4 groups)", joint),
        ("joint, 4 overlapping range targets", hard),
    ):
        print(
            f"{name:<38} {len(times):>6} {statistics.median(times) * 1e3:>10.3f} "
            f"{percentile(times, 99) * 1e3:>8.3f} {max(times) * 1e3:>8.3f}"
        )
    worst = max(single + joint + hard) * 1e3
    print(f"slowest call {worst:.2f} ms: target < 10 ms {'met' if worst < 10 else 'NOT met'}\n")


def best_rate(run, count: int, repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def bench_simulation(trials: int, python_seconds: float) -> None:
    pile = [f"card{i:02}" for i in range(15) for _ in range(4)]
    one = [Target("a 4-of", frozenset({"card00"}))]
    three = [
        Target("Vader or Tarkin", frozenset({"card00", "card01"})),
        Target("any Imperial", frozenset(f"card{i:02}" for i in range(6)), 2, 4),
        Target("no card14", frozenset({"card14"}), 0, 0),
    ]
    rates = {}
    for name, targets in (("1 target", one), ("3 targets + joint", three)):
        rates[name] = best_rate(
            lambda t=targets: simulate_targets(pile, 8, t, trials=trials, rng=np.random.default_rng(1)),
            trials,
        )
    hands_count = 200_000
    rates["sample_hands (lists of ids)"] = best_rate(
        lambda: sample_hands(pile, 8, hands_count, rng=np.random.default_rng(1)), hands_count
    )
    turns_trials = trials // 4
    rates["by_turn, 8 + 1/turn × 6 turns"] = best_rate(
        lambda: by_turn(pile, 8, 1, 6, one[0], trials=turns_trials, rng=np.random.default_rng(1)),
        turns_trials,
    )
    values = [float(i % 7) for i in range(60)]
    rates["destiny_total_at_least, 2 draws"] = best_rate(
        lambda: destiny_total_at_least(values, 2, 8, trials=trials, rng=np.random.default_rng(1)), trials
    )

    # The straightforward loop, same question as "1 target", timed for about python_seconds.
    py_rng = random.Random(1)
    wanted = one[0].cards
    hands = hits = 0
    start = time.perf_counter()
    while time.perf_counter() - start < python_seconds:
        for _ in range(10_000):
            hand = py_rng.sample(pile, 8)
            hits += sum(card in wanted for card in hand) >= 1
        hands += 10_000
    python_rate = hands / (time.perf_counter() - start)

    print(f"Simulation, 8-card hands from a 60-card pile, one process (best of 3; {trials:,} trials)")
    print(f"{'what':<36} {'hands/s':>14}")
    for name, rate in rates.items():
        print(f"{name:<36} {rate:>14,.0f}")
    print(f"{'pure Python random.sample loop':<36} {python_rate:>14,.0f}")
    ratio = rates["1 target"] / python_rate
    print(f"vectorised / pure Python (1 target): {ratio:.1f}×")
    print(
        f"target ≥ 2,000,000 hands/s: {'met' if min(rates['1 target'], rates['3 targets + joint']) >= 2e6 else 'NOT met'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", type=int, default=1000)
    parser.add_argument("--trials", type=int, default=4_000_000)
    parser.add_argument("--python-seconds", type=float, default=2.0)
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()}, numpy {np.__version__}, {os.cpu_count()} CPUs, "
        f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(unset)')}\n"
    )
    started = time.perf_counter()
    bench_exact(args.questions)
    bench_simulation(args.trials, args.python_seconds)
    print(f"\nTotal {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
