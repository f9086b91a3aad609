"""Draw odds for card games: exact hypergeometric answers, seeded Monte Carlo and destiny analysis.

Game-neutral: the caller builds the draw pile (one card id per copy, with cards already on the table or kept
outside the deck left out) and asks about groups of card ids.

- `rules.odds.exact`: exact probabilities as `fractions.Fraction` (integer arithmetic only), overlapping groups
  and joint questions included.
- `rules.odds.simulate`: vectorised numpy simulation with a caller-supplied `numpy.random.Generator`.
- `rules.odds.destiny`: SWCCG-style destiny distributions, with a stated rule for non-numeric destinies.
"""

from rules.odds.exact import Target, count_distribution, joint_probability, probability, target_distribution

__all__ = ["Target", "count_distribution", "joint_probability", "probability", "target_distribution"]
