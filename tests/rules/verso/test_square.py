"""When the square scores (V13): on a draw or a card an opponent makes you turn, never on your own
series, the last one included, and once per forming."""

from pnp.rules.verso.components import SQUARE_POINTS
from pnp.rules.verso.deck import backs, generate_deck
from pnp.rules.verso.faces import Card, parse_face
from pnp.rules.verso.solo import SoloGame, draw, opponent_turn, score_series
from pnp.rules.verso.table import Table, add, remove

BACKS = backs(generate_deck())
SQUARE_AFTER_A_SERIES = ["blue 1/1", "blue 2/1", "blue 3/1", "blue 4/1", "blue 5/3", "green 1/1", "green 2/1",
                         "green 3/1", "orange 1/1", "orange 2/1", "orange 3/1"]


def _faces(texts):
    return [parse_face(text) for text in texts]


def _pile(text):
    shown = parse_face(text)
    return [(Card("top", shown, BACKS[shown]), shown)]


def _table(texts) -> Table:
    return Table(tuple((f"c{i}", face) for i, face in enumerate(_faces(texts))))


def test_the_last_solo_series_scores_its_points_and_no_square():
    game = SoloGame([], BACKS, _table(SQUARE_AFTER_A_SERIES))
    score_series(game, _faces(["blue 4/1", "blue 5/3"]))
    assert game.score == 4 and game.squares == 0        # 4, never 4 + 7


def test_a_square_left_by_a_series_stands_without_scoring_until_broken_and_formed_again():
    left = remove(_table(SQUARE_AFTER_A_SERIES), _faces(["blue 4/1", "blue 5/3"]))
    assert left.square_points == 0 and left.table.square_standing
    same = add(left.table, "twin", parse_face("blue 1/1"))          # an identical card, thrown away
    assert same.discarded and same.square_points == 0
    broken = add(left.table, "tenth", parse_face("blue 6/1"))
    assert broken.square_points == 0 and not broken.table.square_standing
    eight = remove(broken.table, _faces(["blue 2/1", "blue 3/1"]))
    formed = add(eight.table, "drawn", parse_face("blue 4/3"))
    assert formed.square_points == SQUARE_POINTS

def test_a_solo_draw_and_the_solo_opponent_score_the_square():
    eight = ["blue 1/1", "blue 2/1", "blue 3/1", "green 1/1", "green 2/1", "green 3/1", "orange 1/1", "orange 2/1"]
    game = SoloGame(_pile("orange 5/3"), BACKS, _table(eight))
    draw(game, flip=False)
    assert game.score == SQUARE_POINTS and len(game.table.faces) == 9       # nothing thrown away
    nine = ["blue 1/1", "blue 2/1", "blue 3/1", "blue 5/1", "green 1/1", "green 2/1", "green 3/1", "orange 1/1",
            "orange 2/1"]
    game = SoloGame(_pile("orange 2/1"), BACKS, _table(nine))   # turned: blue 3/3, value up
    assert opponent_turn(game) == parse_face("blue 5/1")
    assert game.score == SQUARE_POINTS
