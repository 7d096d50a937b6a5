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
