"""How close a deck's hands are: the exact distribution of best-hand values over every deal
of 2 personal and 2 common cards (every pair of personal cards, then every pair of the rest)."""

from collections import Counter
from fractions import Fraction
from itertools import combinations

from pnp.rules.wizard.hands import best_combination


def value_distribution(deck) -> Counter:
    """Best-hand value -> number of deals giving it."""
    counts: Counter = Counter()
    for personal in combinations(range(len(deck)), 2):
        rest = [i for i in range(len(deck)) if i not in personal]
        for common in combinations(rest, 2):
            combination = best_combination([deck[i] for i in personal], [deck[i] for i in common])
            counts[combination.value] += 1
    return counts


def summary(counts: Counter) -> dict:
    """Deals, mean (exact), lowest, highest and the quartiles of a distribution."""
    deals = sum(counts.values())
    ordered = sorted(counts.elements())
    mean = Fraction(sum(value * n for value, n in counts.items()), deals)
    return {"deals": deals, "mean": mean, "lowest": ordered[0], "highest": ordered[-1],
            "quartiles": [ordered[deals // 4], ordered[deals // 2], ordered[3 * deals // 4]]}
