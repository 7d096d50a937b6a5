"""The solo simulator (the only mode it plays) makes legal moves only, by the engine's own check
(solo.is_legal), and its strategy decides on what a player sees (solo.SoloView): the table, the
pile's top face, the pile's size and the score, never the pile's order."""

from dataclasses import fields

from pnp.rules.verso.deck import generate_deck
from pnp.rules.verso.faces import parse_face
from pnp.rules.verso.simulate import simulate
from pnp.rules.verso.solo import SERIES, SoloView, is_legal, legal_moves
from pnp.rules.verso.strategy import Baseline
from tests.rules.simulated import games_per_mode

GAMES = games_per_mode(2000)


class Checked:
    """The simulator's strategy, each of its moves checked against the engine's rules."""

    def __init__(self):
        self.strategy = Baseline()
        self.moves = 0

    def choose(self, seen):
        assert type(seen) is SoloView
        move = self.strategy.choose(seen)
        assert is_legal(seen, move), (seen, move)
        self.moves += 1
        assert _same(move) in {_same(m) for m in legal_moves(seen)}
        return move

    def last_series(self, seen):
        assert type(seen) is SoloView
        faces = self.strategy.last_series(seen)
        if faces:
            assert is_legal(seen, (SERIES, faces), last=True), (seen, faces)
            assert _same((SERIES, faces)) in {_same(m) for m in legal_moves(seen, last=True)}
        return faces


def _same(move):
    action, choice = move
    return (action, frozenset(choice)) if action == SERIES else move


def test_every_simulated_solo_move_is_legal():
    checked = Checked()
    report = simulate(generate_deck(), GAMES, seed=24, policy=checked)
    assert report["games"] == GAMES and checked.moves > 10 * GAMES


def test_the_strategy_sees_only_what_a_player_sees():
    assert {f.name for f in fields(SoloView)} == {"table", "top", "pile_left", "score"}


def test_the_engine_check_refuses_what_the_rules_forbid():
    blue2, blue3, green5 = parse_face("blue 2/1"), parse_face("blue 3/3"), parse_face("green 5/3")
    seen = SoloView((blue2, blue3, green5), top=blue2, pile_left=4, score=0)
    assert not is_legal(seen, ("draw", False))                      # a face already yours must turn
    assert is_legal(seen, ("draw", True))
    assert is_legal(seen, (SERIES, [blue2, blue3]))
    assert not is_legal(seen, (SERIES, [blue2, parse_face("blue 4/1")]))     # not on the table
    assert not is_legal(seen, (SERIES, [blue2, green5]))                     # not a series
    assert not is_legal(seen, (SERIES, [blue2, blue2]))
    assert not is_legal(seen, ("draw", True), last=True)                     # the pile is empty
    assert not is_legal(seen, ("pass", None))
