"""The deck: 90 cards generated under the source's pair rules, and the checks that prove them.

The pair rules (source, "Recto Verso d'une carte"): the two faces of a card never share a
colour, one is worth 1 point and the other 3, and their values are one apart on the cycle
1-2-3-4-5-6-1. Our readings (rulings): a joker's other face is a joker (V1), and a face
always has the same other face, so identical faces are identical cards (V2).

The generator pairs each 1-point face with a 3-point face: an even value goes to the next
colour one value up, an odd value to the colour after that one value down (blue 2/1 backs
green 3/3, blue 3/1 backs orange 2/3); the joker of a colour backs the next colour's joker.
Face counts are chosen so that every colour, value and point count comes out even.
"""

from collections import Counter

from pnp.rules.verso.components import (CARDS, COLOURS, FACES_PER_COLOUR_VALUE, JOKER_CARDS, POINTS,
                                        VALUES)
from pnp.rules.verso.faces import Card, Face, neighbours

LOW, HIGH = POINTS
RULE_COLOURS = "its two faces never share a colour"
RULE_POINTS = "one face is worth 1 point and the other 3"
RULE_VALUES = "its two values are one apart (6 and 1 are neighbours)"
RULE_JOKER = "a joker's other face is a joker (ruling V1)"
RULE_SAME_BACK = "a face always has the same other face (ruling V2)"


def _next_colour(colour: str, step: int) -> str:
    return COLOURS[(COLOURS.index(colour) + step) % len(COLOURS)]


def back_of_low(front: Face) -> Face:
    """The 3-point face behind a 1-point face."""
    if front.joker:
        return Face(_next_colour(front.colour, 1), None, HIGH)
    low, high = neighbours(front.value)
    if front.value % 2 == 0:
        return Face(_next_colour(front.colour, 1), high, HIGH)
    return Face(_next_colour(front.colour, 2), low, HIGH)


def copies_of_low(front: Face) -> int:
    """How many cards carry the 1-point face: odd values 5, even 4 (so each colour and value has
    9 faces in all), each joker 3."""
    if front.joker:
        return JOKER_CARDS // len(COLOURS)
    return (FACES_PER_COLOUR_VALUE + 1) // 2 if front.value % 2 else FACES_PER_COLOUR_VALUE // 2


def generate_deck() -> list[Card]:
    """The 90 cards, in a fixed order: blue before green before orange, 1 to 6 then jokers."""
    cards = []
    for colour in COLOURS:
        for value in (*VALUES, None):
            front = Face(colour, value, LOW)
            back = back_of_low(front)
            for copy in range(copies_of_low(front)):
                number = len(cards) + 1
                recto, verso = (front, back) if number % 2 else (back, front)
                cards.append(Card(f"v{number:02d}", recto, verso))
    assert len(cards) == CARDS
    return cards


def pair_problems(card: Card) -> list[str]:
    """The pair rules a card breaks, in words."""
    a, b = card.recto, card.verso
    broken = []
    if a.colour == b.colour:
        broken.append(RULE_COLOURS)
    if {a.points, b.points} != set(POINTS):
        broken.append(RULE_POINTS)
    if a.joker or b.joker:
        if not (a.joker and b.joker):
            broken.append(RULE_JOKER)
    elif b.value not in neighbours(a.value):
        broken.append(RULE_VALUES)
    return broken


def back_problems(cards: list[Card]) -> dict[str, str]:
    """Cards whose face is also on another card with a different other face: {card id: rule}."""
    seen: dict[Face, tuple[str, Face]] = {}
    broken = {}
    for card in cards:
        for front, back in ((card.recto, card.verso), (card.verso, card.recto)):
            first = seen.setdefault(front, (card.id, back))
            if first[1] != back:
                broken[card.id] = f"{RULE_SAME_BACK}: {front} is backed by {first[1]} on {first[0]}, by {back} here"
    return broken


def backs(cards: list[Card]) -> dict[Face, Face]:
    """Each face to its other face."""
    return {front: back for card in cards for front, back in ((card.recto, card.verso), (card.verso, card.recto))}


def balance(cards: list[Card]) -> dict:
    """How even the deck is: faces by colour, by value, by points, and by colour and value."""
    faces = [face for card in cards for face in (card.recto, card.verso)]
    value = lambda f: "*" if f.joker else f.value        # noqa: E731
    return {
        "faces": len(faces),
        "colours": dict(sorted(Counter(f.colour for f in faces).items())),
        "values": {str(k): v for k, v in sorted(Counter(value(f) for f in faces).items(), key=lambda i: str(i[0]))},
        "points": {str(k): v for k, v in sorted(Counter(f.points for f in faces).items())},
        "colour_value": sorted(set(Counter((f.colour, value(f)) for f in faces if not f.joker).values())),
        "colour_value_points": sorted(set(Counter((f.colour, value(f), f.points) for f in faces).values())),
        "distinct_cards": len({frozenset((c.recto, c.verso)) for c in cards}),
    }
