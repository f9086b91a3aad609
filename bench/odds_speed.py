"""Draw odds: exact answer times and simulated hands per second, on one core (run from the repository root).

1. Exact (`rules.odds.exact`): random 60-card questions with 1–4 groups (overlapping, with at-least, at-most
   and "exactly" bounds), each target alone and all of them jointly, plus a hard set of four heavily
   overlapping range targets. Each call is timed once; median, p99 and max. Target: every call < 10 ms.
   The 60-card question with four overlapping groups once timed in tests/rules/test_odds_exact.py (it
   asserted < 0.25 s, which a busy machine failed) is printed here instead.
2. Simulation (`rules.odds.simulate`): 8-card hands from a 60-card pile per second, vectorised, against a
   pure-Python loop of `random.sample` answering the same question, in the same run. Target: ≥ 2 M hands/s.
3. The pathological joint request of issue #9 (1,000 distinct cards, a hand of 200, 3/5/8 overlapping groups):
   before, the unbounded exact programme, run in a child process stopped after --before-seconds or at 4 GB;
   after, `rules.odds.joint.joint_answer` (cost estimate, then the bounded fallback simulation), and the
   slowest exact answer the budget still admits (a search over random large questions).

No database and no network; bounded to a few minutes (mostly the "before" runs).
Usage: .venv/bin/python bench/odds_speed.py [--questions 1000] [--trials 4000000] [--python-seconds 2]
       [--before-seconds 30] [--only pathological]
"""

import argparse
import os
import platform
import random
import resource
import statistics
import subprocess
import sys
import time

from _common import ROOT, percentile

sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from rules.odds import exact  # noqa: E402
from rules.odds.exact import MAX_JOINT_COST, Target, joint_cost, joint_probability, probability  # noqa: E402
from rules.odds.joint import joint_answer  # noqa: E402
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
    print(f"slowest call {worst:.2f} ms: target < 10 ms {'met' if worst < 10 else 'NOT met'}")
    pile = [f"c{i:02}" for i in range(15) for _ in range(4)]
    four = [
        Target("g1", frozenset(f"c{i:02}" for i in range(0, 10)), 1, 6),
        Target("g2", frozenset(f"c{i:02}" for i in range(3, 13)), 2, 5),
        Target("g3", frozenset(f"c{i:02}" for i in range(6, 15)), 2, 4),
        Target("g4", frozenset(f"c{i:02}" for i in (0, 4, 8, 12, 14)), 1, 3),
    ]
    times = []
    for _ in range(20):
        start = time.perf_counter()
        joint_probability(pile, 8, four, max_cost=MAX_JOINT_COST)
        times.append(time.perf_counter() - start)
    print(
        f"test_odds_exact's 4 overlapping groups (was asserted < 250 ms): best {min(times) * 1e3:.2f} ms, "
        f"worst {max(times) * 1e3:.2f} ms of 20; estimated cost {joint_cost(pile, 8, four):,} steps\n"
    )


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


def pathological(groups: int) -> tuple[list[str], list[Target]]:
    """The issue's request: 1,000 distinct ids, `groups` overlapping groups of 250 with 45–60 wanted each."""
    rng = random.Random(9)
    pile = [f"id{i:03}" for i in range(1000)]
    return pile, [Target(f"g{g}", frozenset(rng.sample(pile, 250)), 45, 60) for g in range(groups)]


_BEFORE = """
import sys, time
sys.path.insert(0, {root!r}); sys.path.insert(0, {bench!r})
from odds_speed import pathological
from rules.odds.exact import joint_probability
pile, targets = pathological({groups})
start = time.perf_counter()
joint_probability(pile, 200, targets)  # no max_cost: the programme as it was, unbounded
print(time.perf_counter() - start)
"""


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def bench_pathological(before_seconds: float) -> None:
    print(
        "Pathological joint request: 1,000 distinct cards, hand of 200, overlapping groups of 250 (45–60 each)"
    )
    print(
        f"{'groups':>6} {'before (unbounded exact)':>34} {'after':>9} {'method':>10} {'trials':>7} {'std err':>8}"
    )
    for groups in (3, 5, 8):
        code = _BEFORE.format(root=str(ROOT), bench=str(ROOT / "bench"), groups=groups)
        start = time.perf_counter()
        try:
            run = subprocess.run(
                [sys.executable, "-c", code],
                capture_output=True,
                text=True,
                timeout=before_seconds,
                preexec_fn=_limit_memory,
            )
            elapsed = time.perf_counter() - start
            before = (
                f"{float(run.stdout):.2f} s" if run.returncode == 0 else f"died at 4 GB after {elapsed:.1f} s"
            )
        except subprocess.TimeoutExpired:
            before = f"> {before_seconds:.0f} s (stopped)"
        pile, targets = pathological(groups)
        start = time.perf_counter()
        answer = joint_answer(pile, 200, targets, rng=np.random.default_rng(0))
        after = time.perf_counter() - start
        estimate = answer.estimate
        print(
            f"{groups:>6} {before:>34} {after:>8.2f}s {answer.method:>10} "
            f"{estimate.trials if estimate else '':>7} {estimate.stderr if estimate else 0:>8.4f}"
        )
    # The slowest exact answer the budget admits: random large questions whose estimate fits.
    rng = random.Random(5)
    worst = (0.0, 0, "")
    estimates: list[float] = []
    deadline = time.perf_counter() + 30
    while time.perf_counter() < deadline:
        size = rng.choice([60, 200, 1000])
        ids = [f"id{i}" for i in range(rng.choice([15, 50, size]))]
        pile = [rng.choice(ids) for _ in range(size)]
        hand = min(size, rng.choice([8, 20, 60, 200]))
        targets = []
        for g in range(rng.randint(1, 8)):
            low = rng.randint(0, min(hand, 60))
            high = rng.choice([None, low, rng.randint(low, min(hand, 60))])
            targets.append(Target(f"g{g}", frozenset(rng.sample(ids, rng.randint(1, len(ids)))), low, high))
        plan = exact._plan(pile, hand, targets)
        if not isinstance(plan, exact._Plan):
            continue
        start = time.perf_counter()
        cost = exact._cost(plan, MAX_JOINT_COST)
        estimates.append(time.perf_counter() - start)
        if cost > MAX_JOINT_COST:
            continue
        start = time.perf_counter()
        exact._favourable_hands(plan)
        elapsed = time.perf_counter() - start
        if elapsed > worst[0]:
            worst = (elapsed, cost, f"{size} cards, hand {hand}, {len(targets)} groups")
    print(
        f"slowest exact answer within the budget ({MAX_JOINT_COST:,} steps), 30 s of random large questions: "
        f"{worst[0]:.2f} s ({worst[2]}, estimated {worst[1]:,} steps); "
        f"slowest cost estimate {max(estimates) * 1e3:.1f} ms of {len(estimates):,}\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--questions", type=int, default=1000)
    parser.add_argument("--trials", type=int, default=4_000_000)
    parser.add_argument("--python-seconds", type=float, default=2.0)
    parser.add_argument("--before-seconds", type=float, default=30.0)
    parser.add_argument("--only", choices=["pathological"])
    args = parser.parse_args()
    print(
        f"Python {platform.python_version()}, numpy {np.__version__}, {os.cpu_count()} CPUs, "
        f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(unset)')}\n"
    )
    started = time.perf_counter()
    if args.only != "pathological":
        bench_exact(args.questions)
    bench_pathological(args.before_seconds)
    if args.only != "pathological":
        bench_simulation(args.trials, args.python_seconds)
    print(f"\nTotal {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
