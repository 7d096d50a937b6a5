"""Faces and cards: `blue 3/1` is a blue 3 worth 1 point, `orange */3` an orange joker worth 3."""

import re
from dataclasses import dataclass

from pnp.rules.verso.components import COLOURS, JOKER, POINTS, VALUES

FACE = re.compile(r"^\s*(\w+)\s+(\*|\d)\s*/\s*(\d)\s*$")


class FaceError(ValueError):
    pass


@dataclass(frozen=True, order=True)
class Face:
    colour: str
    value: int | None         # None: a joker
    points: int

    @property
    def joker(self) -> bool:
        return self.value is None

    def __str__(self) -> str:
        return f"{self.colour} {JOKER if self.joker else self.value}/{self.points}"


@dataclass(frozen=True)
class Card:
    id: str
    recto: Face
    verso: Face

    def other(self, face: Face) -> Face:
        return self.verso if face == self.recto else self.recto


def face(colour: str, value, points) -> Face:
    if colour not in COLOURS:
        raise FaceError(f"a colour is one of {', '.join(COLOURS)}, not '{colour}'")
    if value in (JOKER, None, "joker"):
        number = None
    else:
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise FaceError(f"a value is 1 to 6 or {JOKER} (a joker), not '{value}'") from None
        if number not in VALUES:
            raise FaceError(f"a value is 1 to 6 or {JOKER} (a joker), not {number}")
    try:
        worth = int(points)
    except (TypeError, ValueError):
        raise FaceError(f"points are 1 or 3, not '{points}'") from None
    if worth not in POINTS:
        raise FaceError(f"points are 1 or 3, not {worth}")
    return Face(colour, number, worth)


def parse_face(text) -> Face:
    """`blue 3/1` -> Face('blue', 3, 1); `orange */3` a joker."""
    match = FACE.match(str(text))
    if not match:
        raise FaceError(f"a face is written 'COLOUR VALUE/POINTS', such as 'blue 3/1' or 'orange */3', not '{text}'")
    return face(match.group(1), match.group(2), match.group(3))


def card_from(card: dict) -> Card:
    """A card from its data: id, recto_colour, recto_value, recto_points, verso_..."""
    return Card(str(card["id"]),
                face(card["recto_colour"], card["recto_value"], card["recto_points"]),
                face(card["verso_colour"], card["verso_value"], card["verso_points"]))


def neighbours(value: int) -> tuple[int, int]:
    """The values one away on the cycle 1-2-3-4-5-6-1: a face's other side has one of them."""
    low, high = VALUES[0], VALUES[-1]
    return (high if value == low else value - 1, low if value == high else value + 1)
