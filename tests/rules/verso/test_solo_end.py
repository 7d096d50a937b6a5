"""The end of the solo game (V10): when the pile runs out the game stops at once, the opponent
plays no more, and only one last series may follow (it scores no square, V13:
tests/rules/verso/test_square.py)."""

from random import Random

from pnp.rules.verso.components import SOLO_DECK
from pnp.rules.verso.deck import backs, generate_deck
from pnp.rules.verso.solo import play

CARDS = generate_deck()
BACKS = backs(CARDS)


class DrawThenLastSeries:
    """Draws every turn, keeping the face shown unless the rule forces it over, then records the end."""

    def __init__(self):
        self.turns, self.last_view = 0, None

    def choose(self, seen):
        self.turns += 1
        return "draw", seen.top in seen.table

    def last_series(self, seen):
        self.last_view = seen
        return None


def test_the_game_stops_when_the_pile_is_empty_and_only_a_last_series_follows():
    for seed in range(30):
        policy = DrawThenLastSeries()
        game = play(CARDS, BACKS, policy, Random(seed))
        assert policy.last_view.pile_left == 0 and policy.last_view.top is None
        assert game.turns == policy.turns
        assert policy.turns == (SOLO_DECK + 1) // 2        # your draw takes the last card: no opponent after
