"""Exact chances for the player's next card, from one 52-card deck with no reshuffle."""

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import perm

from pnp.rules.verset.cards import Card, full_deck
from pnp.rules.verset.hands import PLAIN, TWENTY_ONE, Valuation, hand_total


# The most cards an opponent's hand can draw after its up card: drawing while under 21 at
# most, the smallest cards (four aces, four 2s, three 3s) reach 21 in eleven cards.
MAX_DRAWS = 10


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


def hit_counts(hand, seen=(), valuation: Valuation = PLAIN) -> dict[str, int]:
    """Of the cards left to draw (neither in hand nor seen), how many bust the hand and how many
    make exactly 21."""
    deck = remaining_deck(list(hand) + list(seen))
    if not deck:
        raise ImpossibleCards("no card is left to draw")
    bust = twenty_one = 0
    for card in deck:
        total = hand_total(list(hand) + [card], valuation)
        bust += total.bust
        twenty_one += total.total == TWENTY_ONE and not total.bust
    return {"cards_left": len(deck), "busting": bust, "making_21": twenty_one}


def hit_odds(hand, seen=(), valuation: Valuation = PLAIN) -> dict[str, Fraction]:
    """The chance that one more card busts the hand, and that it makes exactly 21."""
    counts = hit_counts(hand, seen, valuation)
    return {"bust_if_hit": Fraction(counts["busting"], counts["cards_left"]),
            "twenty_one_if_hit": Fraction(counts["making_21"], counts["cards_left"])}


def bust_from_fresh_deck(total: int, soft: bool) -> Fraction:
    """The chance one card from a full 52-card deck busts a hand of this total.

    A soft hand counts an ace as 11 and drops it to 1 before busting, so it never busts on
    one card.
    """
    deck = full_deck()
    busts = 0
    for card in deck:
        value = hand_total([card]).total if card.rank != "A" else 1
        new = total + value
        if soft and new > TWENTY_ONE:
            new -= 10
        busts += new > TWENTY_ONE
    return Fraction(busts, len(deck))


def _rank_value(rank: str) -> int:
    return 1 if rank == "A" else min(10, 10 if rank in ("J", "Q", "K") else int(rank))


def opponent_finals(up_rank: str, stand_on: int) -> dict[str, Fraction]:
    """How the opponent's hand ends against a player standing on `stand_on`.

    The opponent holds `up_rank` face up; its hole card and draws come from the other 51
    cards of a full deck. It stops on a natural blackjack, or once its best total reaches
    `stand_on`, or when it busts. Keys: "blackjack", each final total from
    `stand_on` to 21, and "bust".

    Exact, in whole numbers: every way of drawing is weighted by the number of ordered draws
    of MAX_DRAWS cards it stands for, so no fraction is formed until the end.
    """
    values = [_rank_value(rank) for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    counts = Counter()
    for value in values:
        counts[value] += 4
    counts[_rank_value(up_rank)] -= 1
    start = tuple(counts[v] for v in range(1, 11))

    def best(hard: int, aces: int) -> int:
        return hard + 10 if aces and hard + 10 <= TWENTY_ONE else hard

    @lru_cache(maxsize=None)
    def ways(left: int, draws: int) -> int:
        """Ordered draws of `draws` cards from `left`: the weight of a hand that stops here."""
        return perm(left, draws) if draws <= left else 0

    @lru_cache(maxsize=None)
    def play(remaining: tuple, hard: int, aces: int, cards: int) -> tuple:
        left = sum(remaining)
        weight = ways(left, MAX_DRAWS - (cards - 1))
        total = best(hard, aces)
        if cards == 2 and total == TWENTY_ONE:
            return (("blackjack", weight),)
        if hard > TWENTY_ONE:
            return (("bust", weight),)
        if total >= stand_on:
            return ((str(total), weight),)
        outcome: dict = {}
        for index, count in enumerate(remaining):
            if not count:
                continue
            value = index + 1
            after = remaining[:index] + (count - 1,) + remaining[index + 1:]
            for key, chance in play(after, hard + value, aces + (value == 1), cards + 1):
                outcome[key] = outcome.get(key, 0) + count * chance
        return tuple(sorted(outcome.items()))

    up = _rank_value(up_rank)
    whole = ways(sum(start), MAX_DRAWS)
    result = {key: Fraction(weight, whole) for key, weight in play(start, up, int(up == 1), 1)}
    keys = ["blackjack"] + [str(t) for t in range(stand_on, TWENTY_ONE + 1)] + ["bust"]
    return {key: result.get(key, Fraction(0)) for key in keys}
