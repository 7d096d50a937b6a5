"""Exact odds against brute-force enumeration of the 52 physical cards."""

from fractions import Fraction
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from pnp.rules.verset.cards import RANKS, SUITS, Card
from pnp.rules.verset.odds import hit_odds

PHYSICAL = [Card(rank, suit) for rank, suit in product(RANKS, SUITS)]


def value_options(card):
    return (1, 11) if card.rank == "A" else (10 if card.rank in "JQK" else int(card.rank),)


def best(cards):
    totals = {sum(c) for c in product(*(value_options(card) for card in cards))}
    fitting = [t for t in totals if t <= 21]
    return max(fitting) if fitting else min(totals)


@given(st.lists(st.integers(0, 51), min_size=2, max_size=10, unique=True), st.integers(2, 4))
def test_odds_equal_enumeration(indexes, hand_size):
    drawn = [PHYSICAL[i] for i in indexes]
    hand, seen = drawn[:hand_size], drawn[hand_size:]
    if len(hand) < 2:
        return
    left = [c for c in PHYSICAL if c not in drawn]
    bust = sum(best(hand + [c]) > 21 for c in left)
    exact = sum(best(hand + [c]) == 21 for c in left)
    odds = hit_odds(hand, seen)
    assert odds["bust_if_hit"] == Fraction(bust, len(left))
    assert odds["twenty_one_if_hit"] == Fraction(exact, len(left))


def test_cards_without_suits_take_one_card_of_their_rank():
    odds = hit_odds([Card("10"), Card("6")], [Card("5")] * 3)
    assert odds["twenty_one_if_hit"] == Fraction(1, 47)


def _finals_by_fractions(up_rank: str, stand_on: int) -> dict:
    """The opponent's final totals summed as fractions draw by draw (how the engine counted
    them before it weighed draws in whole numbers)."""
    from collections import Counter
    from functools import lru_cache

    from pnp.rules.verset.odds import _rank_value

    counts = Counter()
    for rank in RANKS:
        counts[_rank_value(rank)] += len(SUITS)
    counts[_rank_value(up_rank)] -= 1

    @lru_cache(maxsize=None)
    def play(remaining: tuple, hard: int, aces: int, cards: int) -> tuple:
        total = hard + 10 if aces and hard + 10 <= 21 else hard
        if cards == 2 and total == 21:
            return (("blackjack", Fraction(1)),)
        if hard > 21:
            return (("bust", Fraction(1)),)
        if total >= stand_on:
            return ((str(total), Fraction(1)),)
        outcome: dict = {}
        for index, count in enumerate(remaining):
            if count:
                after = remaining[:index] + (count - 1,) + remaining[index + 1:]
                for key, chance in play(after, hard + index + 1, aces + (index == 0), cards + 1):
                    outcome[key] = outcome.get(key, 0) + chance * Fraction(count, sum(remaining))
        return tuple(sorted(outcome.items()))

    up = _rank_value(up_rank)
    return dict(play(tuple(counts[v] for v in range(1, 11)), up, int(up == 1), 1))


def test_the_opponent_s_finals_in_whole_numbers_equal_the_fractions():
    from pnp.rules.verset.odds import opponent_finals

    for up_rank, stand_on in (("A", 17), ("2", 20), ("6", 18), ("10", 19)):
        finals = opponent_finals(up_rank, stand_on)
        assert {key: value for key, value in finals.items() if value} == _finals_by_fractions(up_rank, stand_on)
        assert sum(finals.values()) == 1
