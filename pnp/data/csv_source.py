"""CSV decks: one row a card, a `count` column for copies, blank cells meaning absent."""

import csv
import io
from pathlib import Path

from pnp.data.located import Located
from pnp.data.rows import Row, cards_from_rows
from pnp.errors import DataError, Problem
from pnp.files import read_text
from pnp.limits import MAX_CSV_ROWS


def load_csv(file: Path, display: Path | str | None = None, root: Path | None = None) -> Located:
    """Rows as dicts (blank cells dropped), each expanded `count` times; lines remembered."""
    shown = display or file
    reader = csv.DictReader(io.StringIO(read_text(file, shown, root), newline=""))
    problems: list = []

    def rows():
        for row in reader:
            line = reader.line_num
            if line > MAX_CSV_ROWS + 1:
                raise DataError([Problem(shown, line, "(rows)", f"at most {MAX_CSV_ROWS:,} rows (MAX_CSV_ROWS)",
                                         "more", "Split the deck")])
            if None in row:
                problems.append(Problem(shown, line, "(row)", f"{len(reader.fieldnames)} cells as in the header",
                                        f"{len(reader.fieldnames) + len(row[None])} cells",
                                        "Quote cells that contain commas"))
                continue
            cells = {key.strip(): value.strip() for key, value in row.items()
                     if key is not None and value is not None and value.strip() != ""}
            yield Row(line, cells, {key: line for key in cells})

    try:
        if not reader.fieldnames:
            raise DataError([Problem(shown, 1, "(header)", "a header row naming the columns", "an empty file")])
        located = cards_from_rows(rows(), shown)
    except csv.Error as error:
        raise DataError([Problem(shown, reader.line_num, "(row)", "a well-formed CSV row", str(error))]) from None
    except DataError as error:
        raise DataError(problems + error.problems) from None
    if problems:
        raise DataError(problems)
    return Located(located.data, {(): 1, **located.lines}, shown)
