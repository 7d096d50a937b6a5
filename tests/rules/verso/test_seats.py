"""Neighbours at every count (V11): left and right, each player once; at two players the lone
opponent turns one card for a series, not two."""

from pnp.rules.verso.components import MAX_PLAYERS
from pnp.rules.verso.deck import backs, generate_deck
from pnp.rules.verso.faces import parse_face
from pnp.rules.verso.seats import neighbours, score_series
from pnp.rules.verso.table import Table

BACKS = backs(generate_deck())


def _table(texts) -> Table:
    return Table(tuple((f"c{i}", parse_face(text)) for i, text in enumerate(texts)))


def test_each_player_has_two_neighbours_and_one_at_two_players():
    assert neighbours(0, 2) == [1] and neighbours(1, 2) == [0]
    for players in range(3, MAX_PLAYERS + 1):
        for seat in range(players):
            assert neighbours(seat, players) == sorted({(seat - 1) % players, (seat + 1) % players})


def test_the_lone_opponent_turns_one_card():
    tables = [_table(["blue 2/1", "blue 3/3"]), _table(["blue 4/1", "blue 5/3"])]
    played = score_series(tables, 0, [parse_face("blue 2/1"), parse_face("blue 3/3")], BACKS)
    assert played.turned == (None, parse_face("blue 5/3"))
    assert [str(f) for f in played.tables[1].faces] == ["blue 4/1", "orange 4/1"]


def test_the_last_series_turns_nothing_and_scores_no_square():
    tables = [_table(["blue 1/1", "blue 2/1", "blue 3/1", "blue 4/1", "blue 5/1", "green 1/1", "green 2/1",
                      "green 3/1", "orange 1/1", "orange 2/1", "orange 3/1"]), _table(["blue 6/1"])]
    played = score_series(tables, 0, [parse_face("blue 4/1"), parse_face("blue 5/1")], BACKS, final=True)
    assert played.turned == (None, None) and played.square_points == (0, 0)
    assert played.series.points == 2
