"""A series scored at the table: the scorer's points and cards thrown away, and the card each of
their neighbours turns over.

Seats run clockwise; a player's neighbours are the players to their left and right (V11). With
two players the one opponent is both, and still turns one card, as every player does for a
series at any other count (V11). The scorer's own series never scores their square; a card a
neighbour has to turn may (V13). The last series, once the pile is empty, turns nothing.
"""

from dataclasses import dataclass

from pnp.rules.verso.components import CARDS, CARDS_PER_PLAYER, MAX_PLAYERS
from pnp.rules.verso.faces import Face
from pnp.rules.verso.series import Series, evaluate_series
from pnp.rules.verso.table import Table, flip_target, remove, turn


def pile_size(players: int) -> int:
    """The draw pile: so many cards per player; the rest of the box stays aside for the next game."""
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"Verso is played by 2 to {MAX_PLAYERS} players (or alone), not {players}")
    return min(CARDS, players * CARDS_PER_PLAYER)


def winners(scores: list[int]) -> list[int]:
    """The seats with the highest score: tied players share the victory (V12)."""
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


def neighbours(seat: int, players: int) -> list[int]:
    """The seats that turn a card when `seat` scores: left and right, each player once."""
    return sorted({(seat + step) % players for step in (-1, 1)} - {seat})


@dataclass(frozen=True)
class SeriesTurn:
    series: Series
    tables: tuple                 # every seat's Table after the series
    turned: tuple                 # by seat: the face that seat turned over, or None
    square_points: tuple          # by seat: the square points scored


class NotOnTable(ValueError):
    pass


def score_series(tables: list[Table], seat: int, faces: list[Face], backs: dict, final: bool = False) -> SeriesTurn:
    """`seat` scores the series `faces` from their table; `final`: the last series, turning nothing."""
    missing = [str(f) for f in faces if f not in tables[seat].faces]
    if missing or len(set(faces)) != len(faces):
        raise NotOnTable(f"a series is made of different cards of the scorer's table; not there: {', '.join(missing)}")
    series = evaluate_series(faces)
    after, turned, points = list(tables), [None] * len(tables), [0] * len(tables)
    if not series.valid:
        return SeriesTurn(series, tuple(after), tuple(turned), tuple(points))
    own = remove(tables[seat], list(series.discard))
    after[seat], points[seat] = own.table, own.square_points
    for other in ([] if final else neighbours(seat, len(tables))):
        target = flip_target(after[other].faces, faces[0].colour)
        if target is None:
            continue
        change = turn(after[other], target, backs[target])
        after[other], turned[other], points[other] = change.table, target, change.square_points
    return SeriesTurn(series, tuple(after), tuple(turned), tuple(points))
