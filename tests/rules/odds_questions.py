"""Seeded joint-odds questions shared by tests/rules/test_odds_fast.py and the golden answers it checks
(tests/rules/data/odds_joint_golden.json, written by the programme the vectorised one replaced)."""

import random

from rules.odds.exact import Target


def accepted_question(rng: random.Random) -> tuple[list[str], int, list[Target]]:
    """A random question inside the API's limits (rules/api/odds.py), weighted towards the shapes that cost the
    most: up to 1,000 cards, a hand of up to 200, up to 8 overlapping groups with at_least and at_most up to 60.
    The budget tests and bench/odds_speed.py's search for the slowest admitted question both draw from it."""
    size = rng.choice([40, 60, 60, 100, 200, 1000])
    ids = [f"id{i}" for i in range(rng.choice([10, 15, 30, min(size, 250), size]))]
    pile = [rng.choice(ids) for _ in range(size)]
    hand = min(size, rng.choice([5, 7, 8, 8, 10, 20, 40, 60, 200]))
    targets = []
    for g in range(rng.randint(1, 8)):
        low = rng.randint(0, min(hand, 60, rng.choice([4, 8, 60])))
        high = rng.choice([None, low, rng.randint(low, min(max(hand, low), 60))])
        targets.append(Target(f"g{g}", frozenset(rng.sample(ids, rng.randint(1, len(ids)))), low, high))
    return pile, hand, targets


def golden_questions() -> list[tuple[list[str], int, list[Target]]]:
    """About 600 questions: 60-card decks with 1–4 (overlapping, ranged) groups and 8-card hands as players ask
    them, the bench's heavily overlapping range targets, and random piles of 6–300 cards with 1–8 groups."""
    rng = random.Random(20261202)
    questions = []
    for q in range(600):
        kind = q % 3
        if kind == 0:  # a constructed 60-card deck
            pile: list[str] = []
            while len(pile) < 60:
                pile += [f"card{len(set(pile)):02}"] * min(rng.randint(1, 4), 60 - len(pile))
            ids = sorted(set(pile))
            hand = rng.choice([5, 7, 8, 8, 8, 10])
            groups = rng.randint(1, 4)
            spans = (1, 15)
        elif kind == 1:  # heavily overlapping ranges
            pile = [f"c{i:02}" for i in range(15) for _ in range(4)]
            ids = sorted(set(pile))
            hand, groups, spans = 8, 4, (5, 12)
        else:  # anything else: other sizes, more groups, bounds anywhere
            size = rng.randint(6, 300)
            ids = [f"x{i}" for i in range(rng.randint(1, min(size, 40)))]
            pile = [rng.choice(ids) for _ in range(size)]
            hand = rng.randint(1, min(size, 24))
            groups = rng.randint(1, 8)
            spans = (1, len(ids))
        targets = []
        for g in range(groups):
            cards = frozenset(rng.sample(ids, rng.randint(spans[0], min(spans[1], len(ids)))))
            low = rng.randint(0, min(hand, 5 if kind < 2 else hand))
            if kind == 1:
                low = max(low, 1)
                high = low + rng.randint(0, 4)
            else:
                high = rng.choice([None, None, low, min(hand, low + rng.randint(0, hand))])
            targets.append(Target(f"g{g}", cards, low, high))
        questions.append((pile, hand, targets))
    return questions
