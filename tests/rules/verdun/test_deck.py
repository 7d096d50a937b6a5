"""Verdun's decks: the standard and short game's composition, and the deal for 2v2 and 1v1."""

from collections import Counter
from random import Random

from hypothesis import given, strategies as st

from pnp.rules.verdun.deck import HAND, deal, short_deck, standard_deck


def test_the_standard_deck():
    deck = Counter(standard_deck())
    assert sum(deck.values()) == 64
    for nation in "FG":
        suit = {card: n for card, n in deck.items() if card.startswith(nation)}
        assert sum(suit.values()) == 30
        assert all(suit[f"{nation}{rank}"] == 2 for rank in range(4, 14))
        assert suit[f"{nation}2"] == suit[f"{nation}3"] == 3
        assert suit[f"{nation}G"] == suit[f"{nation}S"] == 2
    assert deck["XC"] == deck["XR"] == 2


def test_the_short_game_removes_2s_3s_chaplains_and_reconnaissance():
    deck = Counter(short_deck())
    assert sum(deck.values()) == 64 - 12 - 4 == 48
    assert not {"F2", "F3", "G2", "G3", "XC", "XR"} & set(deck)


@given(st.sampled_from(sorted(HAND)), st.integers(0, 2**31))
def test_every_deal(key, seed):
    mode, game = key
    hands, rest = deal(mode, game, Random(seed))
    assert len(hands) == (4 if mode == "2v2" else 2) and all(len(h) == HAND[key] for h in hands)
    dealt = Counter(card for hand in hands for card in hand) + Counter(rest)
    assert dealt == Counter(standard_deck() if game == "standard" else short_deck())
