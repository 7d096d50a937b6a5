"""The documented baseline strategy the simulator plays.

A player judges her hand against the deck's own distribution of best-hand values (every deal
of 2 personal and 2 common cards, `balance.value_distribution`), using only what she sees:
- First betting round: the mean value of her best hand over every pair of common cards the
  unseen cards could give. Below the deck's first quartile she leaves; from the median up she
  takes the highest round token left, otherwise the lowest.
- Second betting round: the value of her best hand with the common cards revealed. Below the
  first quartile she leaves; from the third quartile up she takes the highest square token
  left; from the median up the highest that is not the -1; otherwise the lowest that is not
  the -1 (the -1 only when nothing else is left).
The last player still in play never leaves (ruling W4).
"""

from fractions import Fraction
from itertools import combinations

from pnp.rules.wizard.hands import best_combination
from pnp.rules.wizard.tokens import LOSS_TOKEN


def expected_value(hand, unseen, values: dict) -> Fraction:
    """The mean best value of the hand over every pair of common cards the unseen cards give
    (`values`: the deck's table of deal values, `balance.deal_values`)."""
    mine = frozenset(c.id for c in hand)
    pairs = list(combinations(unseen, 2))
    return Fraction(sum(values[(mine, frozenset((a.id, b.id)))] for a, b in pairs), len(pairs))


def first_bet(hand, unseen, available: list, quartiles, values: dict) -> int | None:
    """The round token to take, or None to leave."""
    strength = expected_value(hand, unseen, values)
    if strength < quartiles[0] or not available:
        return None
    return max(available) if strength >= quartiles[1] else min(available)


def second_bet(hand, common, available: list, quartiles) -> int | None:
    """The square token to take, or None to leave."""
    value = best_combination(hand, common).value
    if value < quartiles[0] or not available:
        return None
    plain = [t for t in available if t != LOSS_TOKEN]
    if value >= quartiles[2]:
        return max(available)
    if not plain:
        return LOSS_TOKEN
    return max(plain) if value >= quartiles[1] else min(plain)
