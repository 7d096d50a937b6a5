"""Hand totals against brute force over every way of counting the aces."""

from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from pnp.rules.verset.cards import RANKS, Card, parse_card
from pnp.rules.verset.hands import hand_total, is_blackjack, is_eagle_eye

hands = st.lists(st.sampled_from(RANKS).map(Card), min_size=1, max_size=7)


def brute_force_total(cards):
    """Every ace as 1 or 11: the best total not above 21, else the smallest."""
    options = [(1, 11) if c.rank == "A" else (10 if c.rank in "JQK" else int(c.rank),) for c in cards]
    totals = {sum(choice) for choice in product(*options)}
    fitting = [t for t in totals if t <= 21]
    return max(fitting) if fitting else min(totals)


@given(hands)
def test_hand_total_is_the_best_count_of_the_aces(cards):
    total = hand_total(cards)
    assert total.total == brute_force_total(cards)
    assert total.bust == (total.total > 21)


@given(hands)
def test_soft_means_an_ace_still_counts_eleven(cards):
    total = hand_total(cards)
    hard = sum(1 if c.rank == "A" else 10 if c.rank in "JQK" else int(c.rank) for c in cards)
    assert total.soft == (total.total == hard + 10)


@given(hands)
def test_blackjack_and_eagle_eye(cards):
    total = hand_total(cards).total
    assert is_blackjack(cards) == (len(cards) == 2 and total == 21)
    assert is_eagle_eye(cards) == (len(cards) >= 3 and total == 21)


def test_the_rulebooks_ace():
    hand = [parse_card(c) for c in ("2", "A", "4")]
    assert hand_total(hand).total == 17
    assert hand_total(hand + [parse_card("6")]).total == 13
