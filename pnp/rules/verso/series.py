"""Series: 2 to 6 cards of one colour whose values follow each other, jokers standing in.

Scoring a series earns the points printed on its cards; its two largest cards are thrown away
(however long it is), and each neighbour turns over their largest card of its colour.
Readings: values do not wrap from 6 to 1 in a series (V3); a joker fills a gap first, then
stands above the run, then below (V4), and counts as the value it stands for when the two
largest are chosen; of two jokers, the one worth more points stands for the higher value, so
the order the cards are listed in never matters (V14); a series holds at least one numbered
card (V5).
"""

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from pnp.rules.verso.components import SERIES_DISCARD, SERIES_MAX, SERIES_MIN, VALUES
from pnp.rules.verso.faces import Face


@dataclass(frozen=True)
class Series:
    valid: bool
    points: int = 0
    standing: tuple = ()        # the value each card stands for, in the order given
    discard: tuple = ()         # the faces thrown away, largest first
    reason: str = ""


def joker_values(numbers: list[int], jokers: int) -> list[int]:
    """The values the jokers stand for: the gaps, then above the run, then below (V4)."""
    low, high = min(numbers), max(numbers)
    standing = [v for v in range(low, high + 1) if v not in numbers][:jokers]
    above = high
    while len(standing) < jokers and above < VALUES[-1]:
        above += 1
        standing.append(above)
    below = low
    while len(standing) < jokers and below > VALUES[0]:
        below -= 1
        standing.append(below)
    return standing


def _counted(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def evaluate_series(faces: list[Face]) -> Series:
    return _evaluate(tuple(faces))


@lru_cache(maxsize=1 << 16)
def _evaluate(faces: tuple[Face, ...]) -> Series:
    """Cached: there are few sets of faces of one colour, and the simulator asks again and again."""
    count = len(faces)
    if not SERIES_MIN <= count <= SERIES_MAX:
        return Series(False, reason=f"a series has {SERIES_MIN} to {SERIES_MAX} cards, not {count}")
    if len({f.colour for f in faces}) != 1:
        return Series(False, reason="a series is of one colour")
    numbers = [f.value for f in faces if not f.joker]
    if not numbers:
        return Series(False, reason="a series needs a numbered card; jokers only stand in (ruling V5)")
    if len(set(numbers)) != len(numbers):
        return Series(False, reason="a series cannot hold a value twice")
    jokers = count - len(numbers)
    gaps = max(numbers) - min(numbers) + 1 - len(numbers)
    if gaps > jokers:
        return Series(False, reason=f"the values {sorted(numbers)} leave {_counted(gaps, 'gap')} and there "
                                    f"{'is' if jokers == 1 else 'are'} {_counted(jokers, 'joker')} to fill "
                                    f"{'it' if gaps == 1 else 'them'} (values do not wrap from 6 to 1, ruling V3)")
    values = [f.value for f in faces]
    poorest_first = sorted((i for i, f in enumerate(faces) if f.joker), key=lambda i: faces[i].points)
    for index, value in zip(poorest_first, sorted(joker_values(numbers, jokers))):
        values[index] = value
    standing = tuple(values)
    order = sorted(range(count), key=lambda i: standing[i], reverse=True)
    discard = tuple(faces[i] for i in order[:SERIES_DISCARD])
    return Series(True, sum(f.points for f in faces), standing, discard)


def series_of(table: list[Face], colour: str) -> list[list[Face]]:
    """Every valid series of the colour the table can make (each a list of its faces)."""
    return [list(series) for series in _series_among(tuple(f for f in table if f.colour == colour))]


@lru_cache(maxsize=1 << 14)
def _series_among(mine: tuple[Face, ...]) -> tuple[tuple[Face, ...], ...]:
    return tuple(chosen for size in range(SERIES_MIN, min(SERIES_MAX, len(mine)) + 1)
                 for chosen in combinations(mine, size) if _evaluate(chosen).valid)
