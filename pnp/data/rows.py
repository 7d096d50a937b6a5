"""Decks kept as tables (CSV, spreadsheets): one row a card, a `count` column for copies,
blank cells meaning absent. Each value remembers where it came from: a line, or a cell."""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from pnp.data.located import Located
from pnp.errors import CONTROL_CHARACTER, CONTROL_EXPECTED, CONTROL_FIX, DataError, Problem
from pnp.limits import MAX_COLUMNS, MAX_COPIES, MAX_DECK_CARDS, MAX_VALUE_CHARS

COUNT_COLUMN = "count"
WHOLE_NUMBER = re.compile(r"[0-9]{1,9}")


@dataclass(frozen=True)
class Row:
    where: object               # the row's line (CSV) or first cell (spreadsheet)
    cells: dict                 # column name -> text, blank cells left out
    places: dict                # column name -> where that cell is


def header_names(cells: list[str], shown, where) -> list[str]:
    """The header's column names, each once, at most MAX_COLUMNS of them (blank cells after the
    last name dropped); `where(column)` places a column, counted from 1, for a message."""
    names = [cell.strip() for cell in cells]
    while names and not names[-1]:
        names.pop()
    if not names:
        raise DataError([Problem(shown, where(1), "(header)", "a header row naming the columns", "an empty first row")])
    if len(names) > MAX_COLUMNS:
        raise DataError([Problem(shown, where(MAX_COLUMNS + 1), "(header)",
                                 f"at most {MAX_COLUMNS} columns (MAX_COLUMNS)", f"{len(names):,} columns",
                                 "Remove the columns the cards do not use")])
    first: dict = {}
    problems = []
    for column, name in enumerate(names, start=1):
        too_long = cell_problem(name, shown, where(column), "(header)")
        if too_long:
            raise DataError([too_long])
        if name in first:
            problems.append(Problem(shown, where(column), f"(header) {name}", "each column named once",
                                    f"{name!r} again in column {column}, as in column {first[name]}",
                                    "Rename one of the columns, or merge them"))
        elif name:
            first[name] = column
    if problems:
        raise DataError(problems)
    return names


def cell_problem(text: str, shown, where, column: str) -> Problem | None:
    """A cell too long for card text (MAX_VALUE_CHARS), or holding a control character (a
    workbook keeps one written as _x001B_)."""
    control = CONTROL_CHARACTER.search(text)
    if control:
        return Problem(shown, where, column, CONTROL_EXPECTED, repr(control.group()), CONTROL_FIX)
    if len(text) <= MAX_VALUE_CHARS:
        return None
    return Problem(shown, where, column, f"a cell of at most {MAX_VALUE_CHARS:,} characters (MAX_VALUE_CHARS)",
                   f"{len(text):,} characters", "Shorten it")


def cards_from_rows(rows: Iterable[Row], shown, columns: Iterable[str] = ()) -> Located:
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
    return Located(cards, lines, shown, columns=tuple(name for name in columns if name))
