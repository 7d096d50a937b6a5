"""Decks kept as tables (CSV, spreadsheets): one row a card, a `count` column for copies,
blank cells meaning absent. Each value remembers where it came from: a line, or a cell."""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from pnp.data.located import Located
from pnp.errors import DataError, Problem
from pnp.limits import MAX_COPIES, MAX_DECK_CARDS

COUNT_COLUMN = "count"
WHOLE_NUMBER = re.compile(r"[0-9]{1,9}")


@dataclass(frozen=True)
class Row:
    where: object               # the row's line (CSV) or first cell (spreadsheet)
    cells: dict                 # column name -> text, blank cells left out
    places: dict                # column name -> where that cell is


def cards_from_rows(rows: Iterable[Row], shown) -> Located:
    """Rows as card dicts, each expanded `count` times; copies keep the places of their row,
    so an error in any copy points at the row."""
    cards: list = []
    lines: dict = {}
    problems: list = []
    for row in rows:
        card = dict(row.cells)
        copies = card.pop(COUNT_COLUMN, "1")
        if not WHOLE_NUMBER.fullmatch(copies) or not 1 <= int(copies) <= MAX_COPIES:
            problems.append(Problem(shown, row.places.get(COUNT_COLUMN, row.where), COUNT_COLUMN,
                                    f"a whole number of copies from 1 to {MAX_COPIES} (MAX_COPIES)", repr(copies)))
            continue
        if len(cards) + int(copies) > MAX_DECK_CARDS:
            raise DataError(problems + [Problem(shown, row.places.get(COUNT_COLUMN, row.where), COUNT_COLUMN,
                                                f"at most {MAX_DECK_CARDS:,} cards in a deck (MAX_DECK_CARDS)",
                                                "more", "Lower the counts")])
        for _ in range(int(copies)):
            index = len(cards)
            cards.append(card)
            lines[(index,)] = row.where
            for key, place in row.places.items():
                lines[(index, key)] = place
    if problems:
        raise DataError(problems)
    return Located(cards, lines, shown)
