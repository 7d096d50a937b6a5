"""A player's table: the faces in front of them, and what happens to it.

A table is a tuple of (card id, face up). Identical faces may not lie side by side: a card
that shows the face of another (taken or turned over) is thrown away at once (source,
"Cartes similaires"; V6: the card that has just changed goes). The square figure stands when
the table is exactly 9 cards, 3 of each colour (V7). It scores only when a draw or a card an
opponent makes you turn forms it (source, "La figure carrée"; V13): a square left by your own
series stands without scoring, and like a scored one must be broken before it can score again.
"""

from collections import Counter
from dataclasses import dataclass, replace

from pnp.rules.verso.components import COLOURS, SQUARE_CARDS, SQUARE_PER_COLOUR, SQUARE_POINTS
from pnp.rules.verso.faces import Face


@dataclass(frozen=True)
class Table:
    cards: tuple = ()                 # (card id, face up), in the order they came
    square_standing: bool = False     # the square stands (scored or not): it must break before scoring again

    @property
    def faces(self) -> list[Face]:
        return [face for _, face in self.cards]


@dataclass(frozen=True)
class Change:
    """What adding or turning a card did."""

    table: Table
    discarded: Face | None = None     # a face thrown away as identical to another
    square_points: int = 0


def is_square(faces: list[Face]) -> bool:
    counts = Counter(face.colour for face in faces)
    return len(faces) == SQUARE_CARDS and all(counts[c] == SQUARE_PER_COLOUR for c in COLOURS)


def settle(table: Table, scores: bool = True) -> Change:
    """After a change: a square just formed stands, and scores when the change is one that may
    score it (`scores`: a draw, or a card an opponent made you turn); a broken one stops standing."""
    if is_square(table.faces):
        if table.square_standing:
            return Change(table)
        return Change(replace(table, square_standing=True), square_points=SQUARE_POINTS if scores else 0)
    return Change(replace(table, square_standing=False))


def _with_identical_gone(table: Table, index: int) -> tuple[Table, Face | None]:
    card_id, face = table.cards[index]
    if any(other == face for i, (_, other) in enumerate(table.cards) if i != index):
        return replace(table, cards=table.cards[:index] + table.cards[index + 1:]), face
    return table, None


def add(table: Table, card_id: str, face: Face) -> Change:
    """A card taken onto the table, showing `face`."""
    grown = replace(table, cards=table.cards + ((card_id, face),))
    kept, gone = _with_identical_gone(grown, len(grown.cards) - 1)
    change = settle(kept)
    return replace(change, discarded=gone)


def remove(table: Table, faces: list[Face]) -> Change:
    """A series' two largest cards thrown away: your own series never scores the square (V13)."""
    left = list(table.cards)
    for face in faces:
        left.remove(next(item for item in left if item[1] == face))
    return settle(replace(table, cards=tuple(left)), scores=False)


def flip_target(faces: list[Face], colour: str) -> Face | None:
    """The card a neighbour turns over: the largest of the colour; a joker only when it is the
    only card of that colour (source); of two equal values, the one worth more (V8)."""
    mine = [f for f in faces if f.colour == colour]
    numbered = [f for f in mine if not f.joker]
    if numbered:
        return max(numbered, key=lambda f: (f.value, f.points))
    return mine[0] if len(mine) == 1 else None


def turn(table: Table, face: Face, back: Face) -> Change:
    """The card showing `face` turned over to show `back`."""
    index = next(i for i, (_, f) in enumerate(table.cards) if f == face)
    card_id = table.cards[index][0]
    cards = table.cards[:index] + ((card_id, back),) + table.cards[index + 1:]
    kept, gone = _with_identical_gone(replace(table, cards=cards), index)
    change = settle(kept)
    return replace(change, discarded=gone)
