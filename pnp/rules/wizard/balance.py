"""How close a deck's hands are: the exact distribution of best-hand values over every deal
of 2 personal and 2 common cards (every pair of personal cards, then every pair of the rest)."""

from collections import Counter
from fractions import Fraction
from itertools import combinations

from pnp.rules.wizard.hands import best_combination


def deal_values(deck) -> dict:
    """(personal card ids, common card ids), each a frozenset -> the best hand's value.

    A combination is any 3 or fewer of the 4 cards, whichever are personal (hands.py), so the
    best value depends only on the 4 cards: it is found once for each 4 cards and shared by
    their 6 deals."""
    values, by_cards = {}, {}
    for personal in combinations(deck, 2):
        rest = [card for card in deck if card not in personal]
        for common in combinations(rest, 2):
            key = (frozenset(c.id for c in personal), frozenset(c.id for c in common))
            cards = key[0] | key[1]
            if cards not in by_cards:
                by_cards[cards] = best_combination(personal, common).value
            values[key] = by_cards[cards]
    return values


def value_distribution(deck, values: dict | None = None) -> Counter:
    """Best-hand value -> number of deals giving it."""
    return Counter((values if values is not None else deal_values(deck)).values())


def summary(counts: Counter) -> dict:
    """Deals, mean (exact), lowest, highest and the quartiles of a distribution."""
    deals = sum(counts.values())
    ordered = sorted(counts.elements())
    mean = Fraction(sum(value * n for value, n in counts.items()), deals)
    return {"deals": deals, "mean": mean, "lowest": ordered[0], "highest": ordered[-1],
            "quartiles": [ordered[deals // 4], ordered[deals // 2], ordered[3 * deals // 4]]}
