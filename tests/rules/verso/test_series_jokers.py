"""Two jokers in a series (V14): the one worth more points stands for the higher value, whatever
the order the cards are listed in."""

from itertools import combinations

from pnp.rules.verso.components import SERIES_MAX, VALUES
from pnp.rules.verso.faces import Face
from pnp.rules.verso.series import evaluate_series

JOKERS = [Face("green", None, 1), Face("green", None, 3)]
NUMBERS = [Face("green", value, points) for value in VALUES for points in (1, 3)]


def test_the_order_of_the_cards_never_changes_the_series():
    checked = 0
    for size in range(0, SERIES_MAX - 1):
        for numbers in combinations(NUMBERS, size):
            cards = list(numbers) + JOKERS
            if not evaluate_series(cards).valid:
                continue
            poor, rich = JOKERS
            orders = [[*numbers, poor, rich], [*numbers, rich, poor], [rich, *numbers, poor],
                      [poor, *numbers[::-1], rich]]
            outcomes = {(evaluate_series(order).discard, evaluate_series(order).points) for order in orders}
            assert len(outcomes) == 1, cards
            stand = dict(zip(cards, evaluate_series(cards).standing))
            assert stand[JOKERS[1]] > stand[JOKERS[0]]
            checked += 1
    assert checked > 100
