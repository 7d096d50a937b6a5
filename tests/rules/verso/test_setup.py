"""The pile at every count (15 cards a player, the rest aside; 35 alone), each card on a random
face (V15); the end of the game: the highest score wins, ties share (V12)."""

from collections import Counter
from random import Random

from pnp.rules.verso.components import CARDS, MAX_PLAYERS, SOLO_DECK
from pnp.rules.verso.deck import generate_deck
from pnp.rules.verso.seats import pile_size, winners
from pnp.rules.verso.solo import deal


def test_fifteen_cards_a_player_and_the_rest_aside():
    assert [pile_size(players) for players in range(2, MAX_PLAYERS + 1)] == [30, 45, 60, 75, 90]
    assert pile_size(MAX_PLAYERS) == CARDS


def test_the_solo_pile_is_35_cards_each_on_a_random_face():
    cards = generate_deck()
    rng = Random(5)
    up = Counter()
    for _ in range(400):
        pile = deal(cards, rng)
        assert len(pile) == SOLO_DECK == 35 and len({card.id for card, _ in pile}) == SOLO_DECK
        for card, face in pile:
            assert face in (card.recto, card.verso)
            up[face == card.recto] += 1
    assert abs(up[True] - up[False]) < 0.05 * sum(up.values())


def test_the_highest_score_wins_and_ties_share():
    assert winners([31, 40, 38]) == [1]
    assert winners([40, 33, 40, 12]) == [0, 2]
