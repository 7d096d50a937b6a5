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
A player decides on her `betting.View` alone: her own cards, the common cards once turned up,
the deck's list and the table. She chooses among the moves the engine allows
(`betting.legal_moves`); the last player still in play is never asked (ruling W4).
"""

from dataclasses import dataclass
from functools import lru_cache
from fractions import Fraction
from itertools import combinations

from pnp.rules.wizard.balance import deal_values, summary, value_distribution
from pnp.rules.wizard.betting import LEAVE, View
from pnp.rules.wizard.tokens import LOSS_TOKEN


def expected_value(hand, unseen, values: dict) -> Fraction:
    """The mean best value of the hand over every pair of common cards the unseen cards give
    (`values`: the deck's table of deal values, `balance.deal_values`)."""
    mine = frozenset(c.id for c in hand)
    pairs = list(combinations(unseen, 2))
    return Fraction(sum(values[(mine, frozenset((a.id, b.id)))] for a, b in pairs), len(pairs))


@dataclass(frozen=True)
class Knowledge:
    """What every player can work out from the deck's public list before a card is dealt."""

    values: dict          # (hand ids, common ids) -> the best value of that deal
    quartiles: tuple      # of the best values over every deal
    expected: dict        # hand ids -> the hand's expected value before the common cards show


def knowledge(deck) -> Knowledge:
    return _knowledge(tuple(deck))


@lru_cache(maxsize=4)
def _knowledge(deck: tuple) -> Knowledge:
    values = deal_values(deck)
    expected = {frozenset(c.id for c in hand): expected_value(hand, [c for c in deck if c not in hand], values)
                for hand in combinations(deck, 2)}
    return Knowledge(values, tuple(summary(value_distribution(deck, values))["quartiles"]), expected)


def _tokens(view: View) -> list:
    return [move for move in view.moves if move is not LEAVE]


def first_bet(view: View, known: Knowledge) -> int | None:
    """The round token to take, or LEAVE."""
    available, quartiles = _tokens(view), known.quartiles
    strength = known.expected[frozenset(c.id for c in view.hand)]
    if strength < quartiles[0] or not available:
        return LEAVE
    return max(available) if strength >= quartiles[1] else min(available)


def second_bet(view: View, known: Knowledge) -> int | None:
    """The square token to take, or LEAVE."""
    available, quartiles = _tokens(view), known.quartiles
    value = known.values[(frozenset(c.id for c in view.hand), frozenset(c.id for c in view.common))]
    if value < quartiles[0] or not available:
        return LEAVE
    plain = [t for t in available if t != LOSS_TOKEN]
    if value >= quartiles[2]:
        return max(available)
    if not plain:
        return LOSS_TOKEN
    return max(plain) if value >= quartiles[1] else min(plain)
