"""Exact success chances (icepool) against every roll enumerated, and matching against every
assignment of dice to targets."""

from collections import Counter
from fractions import Fraction
from itertools import combinations_with_replacement, permutations, product

from hypothesis import given, strategies as st

from pnp.rules.olf.dice import match
from pnp.rules.olf.odds import brute_force_chance, success_chance

MAX_BRUTE_DICE = 6
MAX_TARGETS = 3


def _target_lists():
    for count in range(MAX_TARGETS + 1):
        yield from (list(t) for t in combinations_with_replacement(range(1, 7), count))


def test_chances_equal_every_roll_enumerated_up_to_six_dice_and_three_targets():
    targets = list(_target_lists())
    checked = 0
    for dice in range(MAX_BRUTE_DICE + 1):
        rolls = Counter(tuple(sorted(roll)) for roll in product(range(1, 7), repeat=dice))   # all 6^n rolls
        total = 6 ** dice
        for wanted in targets:
            by_roll = Fraction(sum(n for roll, n in rolls.items() if match(list(roll), wanted) is not None), total)
            assert success_chance(dice, wanted) == by_roll, (dice, wanted)
            checked += 1
    assert checked == 7 * 84


def test_the_brute_force_helper_agrees_on_a_few():
    for dice, wanted in ((3, [4]), (4, [4, 4]), (2, [5, 5, 5]), (5, [6, 6, 2])):
        assert brute_force_chance(dice, wanted) == success_chance(dice, wanted)


def _assignable(dice, targets) -> bool:
    return any(all(d >= t for d, t in zip(chosen, targets)) for chosen in permutations(dice, len(targets)))


@given(st.lists(st.integers(1, 6), max_size=6), st.lists(st.integers(1, 6), max_size=4))
def test_matching_finds_an_assignment_exactly_when_one_exists(dice, targets):
    used = match(dice, targets)
    assert (used is not None) == (len(targets) <= len(dice) and _assignable(dice, targets))
    if used is not None:
        assert all(u >= t for u, t in zip(used, targets))
        assert not Counter(used) - Counter(dice)            # each die used once


def test_large_pools_are_fast_enough_to_print_a_table():
    assert success_chance(12, [6, 6, 6]) > success_chance(8, [6, 6, 6]) > 0
