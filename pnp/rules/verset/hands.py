"""Hand totals with flexible aces, blackjacks and Eagle Eyes."""

from dataclasses import dataclass, field

from pnp.rules.verset.cards import ACE_HIGH, ACE_LOW, TEN_VALUE_RANKS, Card, base_value

TWENTY_ONE = 21
BLACKJACK_CARDS = 2
EAGLE_EYE_MIN_CARDS = 3


@dataclass(frozen=True)
class Valuation:
    """How cards count for one side: fixed ace value, rank overrides, bust limit."""

    ace_value: int | None = None                 # None: 1 or 11, whichever suits
    rank_values: dict = field(default_factory=dict)
    bust_over: int = TWENTY_ONE                   # the side busts above this total


PLAIN = Valuation()


@dataclass(frozen=True)
class Total:
    total: int
    soft: bool       # an ace still counted as 11
    bust: bool


def card_value(card: Card, valuation: Valuation = PLAIN) -> int:
    if card.rank in valuation.rank_values:
        return valuation.rank_values[card.rank]
    if card.rank == "A" and valuation.ace_value is not None:
        return valuation.ace_value
    return base_value(card)


def hand_total(cards, valuation: Valuation = PLAIN) -> Total:
    """The best total: one ace counts 11 when that does not bust (two never can)."""
    total = sum(card_value(card, valuation) for card in cards)
    flexible = valuation.ace_value is None and "A" not in valuation.rank_values
    has_ace = flexible and any(card.rank == "A" for card in cards)
    raise_by = ACE_HIGH - ACE_LOW
    if has_ace and total + raise_by <= valuation.bust_over:
        return Total(total + raise_by, True, False)
    return Total(total, False, total > valuation.bust_over)


def counted_values(cards, valuation: Valuation = PLAIN) -> list[int]:
    """What each card counts in the best total: the first ace raised to 11 when the total is soft."""
    values = [card_value(card, valuation) for card in cards]
    if hand_total(cards, valuation).soft:
        first_ace = next(i for i, card in enumerate(cards) if card.rank == "A")
        values[first_ace] += ACE_HIGH - ACE_LOW
    return values


def is_blackjack(cards, valuation: Valuation = PLAIN) -> bool:
    """Exactly two cards: an ace (able to count 11) and a ten-value card."""
    if len(cards) != BLACKJACK_CARDS:
        return False
    first, second = (card.rank for card in cards)
    pair = {first, second}
    return ("A" in pair and bool(pair & set(TEN_VALUE_RANKS))
            and hand_total(cards, valuation).total == TWENTY_ONE)


def is_eagle_eye(cards, valuation: Valuation = PLAIN) -> bool:
    """Exactly 21 reached with three or more cards."""
    return len(cards) >= EAGLE_EYE_MIN_CARDS and hand_total(cards, valuation).total == TWENTY_ONE
