"""CSV decks: one row a card, a `count` column for copies, blank cells meaning absent."""

import csv
import io
from pathlib import Path

from pnp.contained import stage
from pnp.data.located import Located
from pnp.data.rows import Row, cards_from_rows, cell_problem, header_names
from pnp.errors import DataError, Problem, plural, reason
from pnp.files import read_text
from pnp.limits import LOAD_SECONDS, MAX_CSV_ROWS, MAX_VALUE_CHARS

FIELD_TOO_LARGE = "field larger than field limit"      # the csv module's words past its own cell limit


def load_csv(file: Path, display: Path | str | None = None, root: Path | None = None) -> Located:
    """Rows as dicts (blank cells dropped), each expanded `count` times; lines remembered."""
    shown = display or file
    with stage(shown, "reading the CSV", LOAD_SECONDS, "LOAD_SECONDS"):
        return table_of_text(read_text(file, shown, root), shown)


def table_of_text(text: str, shown) -> Located:
    """The deck a CSV file's text holds (the studio reads an edit back with it)."""
    reader = csv.reader(io.StringIO(text, newline=""))
    problems: list = []
    try:
        header = next(reader, None)
        if header is None:
            raise DataError([Problem(shown, 1, "(header)", "a header row naming the columns", "an empty file")])
        names = header_names(header, shown, lambda column: 1)
        located = cards_from_rows(_rows(reader, names, shown, problems), shown, names)
    except csv.Error as error:
        raise DataError(problems + [_csv_problem(shown, reader.line_num, error)]) from None
    except DataError as error:
        raise DataError(problems + error.problems) from None
    if problems:
        raise DataError(problems)
    return Located(located.data, {(): 1, **located.lines}, shown, columns=located.columns)


def _rows(reader, names: list, shown, problems: list):
    """The rows as Rows, each at the line it starts on; a row of blank cells is skipped, a row
    whose cells do not match the header is a problem."""
    end = reader.line_num
    for cells in reader:
        start, end = end + 1, reader.line_num
        if end > MAX_CSV_ROWS + 1:
            raise DataError([Problem(shown, end, "(rows)", f"at most {MAX_CSV_ROWS:,} rows (MAX_CSV_ROWS)",
                                     "more", "Split the deck")])
        texts = [cell.strip() for cell in cells]
        if not any(texts):
            continue
        problem = _open_quote_problem(cells, texts, names, shown, start, end)
        problem = problem or _row_problem(texts, names, shown, start)
        if problem:
            problems.append(problem)
            continue
        row = {name: text for name, text in zip(names, texts) if text}
        yield Row(start, row, {name: start for name in row})


def _open_quote_problem(cells: list, texts: list, names: list, shown, start: int, end: int) -> Problem | None:
    """A quote left open swallows the lines after it into one cell: a cell over several lines
    that holds whole rows, or a row that does not read, is that quote, reported where it opens."""
    for column, cell in enumerate(cells):
        if "\n" not in cell and "\r" not in cell:
            continue
        swallowed = any(line.count(",") >= len(names) - 1 for line in cell.splitlines()[1:])
        if swallowed or _row_problem(texts, names, shown, start):
            name = names[column] if column < len(names) else f"column {column + 1}"
            return Problem(shown, start, name, "a quoted cell that closes on its own line",
                           f"a quote (\") that opens here and runs on to line {end}" if end > start
                           else "a quote (\") that opens here and runs on to the end of the file",
                           'Close the quote, or write a quote meant as text twice ("")')
        return None
    return None


def _row_problem(texts: list, names: list, shown, line: int) -> Problem | None:
    """Cells that do not match the header, or one too long; None for a good row."""
    if len(texts) > len(names) and any(texts[len(names):]):
        return Problem(shown, line, "(row)", f"{len(names)} cells as in the header", plural(len(texts), "cell"),
                       "Quote cells that contain commas, or name the extra column in the header")
    if len(texts) < len(names):
        missing = ", ".join(name for name in names[len(texts):] if name)
        return Problem(shown, line, "(row)", f"{len(names)} cells as in the header",
                       f"{plural(len(texts), 'cell')}: none for {missing}",
                       "Add the missing cells (an empty cell is nothing between two commas)")
    for column, (name, text) in enumerate(zip(names, texts), start=1):
        if text and not name:
            return Problem(shown, line, "(row)", "cells only under a named header column",
                           f"{text!r} in column {column}", "Name the column in the header, or clear the cell")
        problem = cell_problem(text, shown, line, name)
        if problem:
            return problem
    return None


def _csv_problem(shown, line: int, error: csv.Error) -> Problem:
    if FIELD_TOO_LARGE in str(error):
        return Problem(shown, line, "(row)", f"a cell of at most {MAX_VALUE_CHARS:,} characters (MAX_VALUE_CHARS)",
                       f"a cell of more than {csv.field_size_limit():,} characters", "Shorten it")
    return Problem(shown, line, "(row)", "a well-formed CSV row", reason(error))
