"""Exact chances for the player's next card, from one 52-card deck with no reshuffle."""

from collections import Counter
from fractions import Fraction

from pnp.rules.verset.cards import Card, full_deck
from pnp.rules.verset.hands import PLAIN, TWENTY_ONE, Valuation, hand_total


class ImpossibleCards(ValueError):
    """More copies of a card out of the deck than the deck holds."""


def remaining_deck(out) -> list[Card]:
    """The cards still in the deck when `out` (hand, seen cards) are gone.

    A card without a suit takes away one card of that rank, from the suits not named elsewhere.
    """
    deck = Counter(full_deck())
    for card in sorted(out, key=lambda c: c.suit is None):
        if card.suit is not None:
            if deck[card] == 0:
                raise ImpossibleCards(f"{card} is out twice")
            deck[card] -= 1
            continue
        candidates = [c for c in deck if c.rank == card.rank and deck[c] > 0]
        if not candidates:
            raise ImpossibleCards(f"more than four {card.rank}s are out")
        deck[min(candidates, key=lambda c: c.suit)] -= 1
    return list(deck.elements())


def hit_odds(hand, seen=(), valuation: Valuation = PLAIN) -> dict[str, Fraction]:
    """The chance that one more card busts the hand, and that it makes exactly 21."""
    deck = remaining_deck(list(hand) + list(seen))
    if not deck:
        raise ImpossibleCards("no card is left to draw")
    bust = twenty_one = 0
    for card in deck:
        total = hand_total(list(hand) + [card], valuation)
        bust += total.bust
        twenty_one += total.total == TWENTY_ONE and not total.bust
    return {"bust_if_hit": Fraction(bust, len(deck)),
            "twenty_one_if_hit": Fraction(twenty_one, len(deck))}
