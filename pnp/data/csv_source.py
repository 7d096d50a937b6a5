"""CSV decks: one row a card, a `count` column for copies, blank cells meaning absent."""

import csv
from pathlib import Path

from pnp.data.located import Located
from pnp.errors import DataError, Problem

COUNT_COLUMN = "count"


def load_csv(file: Path, display: Path | str | None = None) -> Located:
    """Rows as dicts (blank cells dropped), each expanded `count` times; lines remembered.

    Copies keep the line of their row, so an error in any copy points at the row.
    """
    shown = display or file
    cards: list = []
    lines: dict = {(): 1}
    problems: list = []
    with file.open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        if not reader.fieldnames:
            raise DataError([Problem(shown, 1, "(header)", "a header row naming the columns",
                                     "an empty file")])
        for row in reader:
            line = reader.line_num
            if None in row:
                problems.append(Problem(shown, line, "(row)",
                                        f"{len(reader.fieldnames)} cells as in the header",
                                        f"{len(reader.fieldnames) + len(row[None])} cells",
                                        "Quote cells that contain commas"))
                continue
            card = {key.strip(): value.strip() for key, value in row.items()
                    if value is not None and value.strip() != ""}
            copies = card.pop(COUNT_COLUMN, "1")
            if not copies.isdigit() or int(copies) < 1:
                problems.append(Problem(shown, line, COUNT_COLUMN, "a whole number of copies, 1 or more",
                                        repr(copies)))
                continue
            for _ in range(int(copies)):
                index = len(cards)
                cards.append(card)
                lines[(index,)] = line
                for key in card:
                    lines[(index, key)] = line
    if problems:
        raise DataError(problems)
    return Located(cards, lines, shown)
