"""Exact success chances: icepool counts over multisets of dice instead of enumerating 6^n rolls.

With the targets sorted from the highest down, a roll succeeds exactly when its i-th highest die
meets the i-th target for every i (Hall's condition for thresholds), so the chance is that of the
pool's k highest dice, sorted, clearing the sorted targets.
"""

from fractions import Fraction
from functools import lru_cache
from itertools import product

import icepool

from pnp.rules.olf.components import DIE_SIDES
from pnp.rules.olf.dice import match


def success_chance(dice: int, targets: list[int]) -> Fraction:
    return _chance(dice, tuple(sorted(targets, reverse=True)))


@lru_cache(maxsize=4096)
def _chance(dice: int, targets: tuple[int, ...]) -> Fraction:
    if not targets:
        return Fraction(1)
    if dice < len(targets):
        return Fraction(0)
    wanted = sorted(targets, reverse=True)
    highest = icepool.d(DIE_SIDES).pool(dice).highest(len(wanted)).expand()   # ascending tuples
    result = highest.map(lambda faces: all(f >= t for f, t in zip(sorted(faces, reverse=True), wanted)),
                         star=False)
    return Fraction(result.quantity(True), result.denominator())


def brute_force_chance(dice: int, targets: list[int]) -> Fraction:
    """Every one of the 6^n rolls, checked by matching: the cross-check the tests use."""
    rolls = list(product(range(1, DIE_SIDES + 1), repeat=dice))
    return Fraction(sum(1 for roll in rolls if match(list(roll), targets) is not None), len(rolls))
