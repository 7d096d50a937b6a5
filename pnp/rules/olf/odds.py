"""Exact success chances: icepool counts over multisets of dice instead of enumerating 6^n rolls.

With the targets sorted from the highest down, a roll succeeds exactly when its i-th highest die
meets the i-th target for every i (Hall's condition for thresholds), so the chance is that of the
pool's k highest dice, sorted, clearing the sorted targets.
"""

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import factorial

import icepool

from pnp.rules.olf.abilities import HEX, LEGERDEMAIN, OATHBOUND, known
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


def multiset_rolls(dice: int):
    """Every sorted roll of `dice` dice with its chance: C(n+5, 5) rolls instead of 6^n."""
    total = DIE_SIDES ** dice
    for roll in combinations_with_replacement(range(1, DIE_SIDES + 1), dice):
        ways = factorial(dice)
        for count in Counter(roll).values():
            ways //= factorial(count)
        yield roll, Fraction(ways, total)


def hex_cost(roll, targets: list[int]) -> int | None:
    """The fewest +1s (Hex) that make `roll` meet `targets`: the highest dice against the highest
    targets, in order (pairing in order is cheapest for a convex cost), or None when too few dice."""
    if len(roll) < len(targets):
        return None
    highest = sorted(roll, reverse=True)
    return sum(max(0, t - d) for t, d in zip(sorted(targets, reverse=True), highest))


def ability_chance(dice: int, targets: list[int], ability: str, uses: int = 1) -> Fraction:
    """The exact chance to meet `targets` with `dice` dice when a failed roll may call on
    Legerdemain (every die again, `uses` times), Hex (`uses` dice +1) or Oathbound (one die again,
    once per Challenge), each used only on a failure."""
    known(ability)
    base = success_chance(dice, targets)
    if ability == LEGERDEMAIN:
        return 1 - (1 - base) ** (uses + 1)
    if ability == HEX:
        total = Fraction(0)
        for roll, chance in multiset_rolls(dice):
            cost = hex_cost(roll, targets)
            if cost is not None and cost <= uses:
                total += chance
        return total
    if ability == OATHBOUND:
        total = Fraction(0)
        for roll, chance in multiset_rolls(dice):
            if match(list(roll), targets) is not None:
                total += chance
            elif roll:
                total += chance * max(_one_again(roll, die, targets) for die in set(roll))
        return total
    raise ValueError(f"{ability} does not change a roll")


def _one_again(roll, die: int, targets: list[int]) -> Fraction:
    rest = list(roll)
    rest.remove(die)
    return Fraction(sum(1 for face in range(1, DIE_SIDES + 1) if match(rest + [face], targets) is not None), DIE_SIDES)
