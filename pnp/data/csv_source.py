"""CSV decks: one row a card, a `count` column for copies, blank cells meaning absent."""

import csv
import io
import re
from pathlib import Path

from pnp.data.located import Located
from pnp.errors import DataError, Problem
from pnp.files import read_text
from pnp.limits import MAX_COPIES, MAX_CSV_ROWS, MAX_DECK_CARDS

COUNT_COLUMN = "count"
WHOLE_NUMBER = re.compile(r"[0-9]{1,9}")


def load_csv(file: Path, display: Path | str | None = None, root: Path | None = None) -> Located:
    """Rows as dicts (blank cells dropped), each expanded `count` times; lines remembered.

    Copies keep the line of their row, so an error in any copy points at the row.
    """
    shown = display or file
    cards: list = []
    lines: dict = {(): 1}
    problems: list = []
    reader = csv.DictReader(io.StringIO(read_text(file, shown, root), newline=""))
    try:
        if not reader.fieldnames:
            raise DataError([Problem(shown, 1, "(header)", "a header row naming the columns",
                                     "an empty file")])
        for row in reader:
            line = reader.line_num
            if line > MAX_CSV_ROWS + 1:
                raise DataError([Problem(shown, line, "(rows)", f"at most {MAX_CSV_ROWS:,} rows (MAX_CSV_ROWS)",
                                         "more", "Split the deck")])
            if None in row:
                problems.append(Problem(shown, line, "(row)",
                                        f"{len(reader.fieldnames)} cells as in the header",
                                        f"{len(reader.fieldnames) + len(row[None])} cells",
                                        "Quote cells that contain commas"))
                continue
            card = {key.strip(): value.strip() for key, value in row.items()
                    if key is not None and value is not None and value.strip() != ""}
            copies = card.pop(COUNT_COLUMN, "1")
            if not WHOLE_NUMBER.fullmatch(copies) or not 1 <= int(copies) <= MAX_COPIES:
                problems.append(Problem(shown, line, COUNT_COLUMN,
                                        f"a whole number of copies from 1 to {MAX_COPIES} (MAX_COPIES)",
                                        repr(copies)))
                continue
            if len(cards) + int(copies) > MAX_DECK_CARDS:
                raise DataError(problems + [Problem(shown, line, COUNT_COLUMN,
                                                    f"at most {MAX_DECK_CARDS:,} cards in a deck (MAX_DECK_CARDS)",
                                                    "more", "Lower the counts")])
            for _ in range(int(copies)):
                index = len(cards)
                cards.append(card)
                lines[(index,)] = line
                for key in card:
                    lines[(index, key)] = line
    except csv.Error as error:
        raise DataError([Problem(shown, reader.line_num, "(row)", "a well-formed CSV row", str(error))]) from None
    if problems:
        raise DataError(problems)
    return Located(cards, lines, shown)
