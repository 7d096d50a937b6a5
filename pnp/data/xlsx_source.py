"""Spreadsheet decks (.xlsx): one sheet a deck, read like a CSV table: a header row naming the
fields, one row a card, a `count` column for copies, blank cells meaning absent.

Every value is read as the text a CSV cell would hold (a whole number `3`, not `3.0`), so a
deck builds the same from either, and each remembers its cell: errors read
`FILE:SHEET!CELL`.
"""

import datetime
import zipfile
from pathlib import Path

from pnp.data.located import Located
from pnp.data.rows import Row, cards_from_rows
from pnp.errors import DataError, Problem
from pnp.files import confined
from pnp.limits import MAX_CSV_ROWS, MAX_FILE_BYTES, MAX_XLSX_UNPACKED_BYTES


class Cell(str):
    """A cell's place, `verses!B3`, standing where a text file would give a line number; it
    sorts by row and column (a line number, or none, sorts as a row)."""

    def __new__(cls, sheet: str, row: int, column: int):
        from openpyxl.utils import get_column_letter

        quoted = sheet if sheet.replace("-", "").replace("_", "").isalnum() else "'" + sheet.replace("'", "''") + "'"
        cell = super().__new__(cls, f"{quoted}!{get_column_letter(column)}{row}")
        cell.order = (row, column)
        return cell

    def __lt__(self, other):
        return self.order < _order(other)

    def __gt__(self, other):
        return self.order > _order(other)


def _order(place) -> tuple:
    return getattr(place, "order", (place or 0, 0))


def cell_text(value) -> str:
    """A cell's value as a CSV cell would hold it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value).strip()


def _workbook(path: Path, shown, root: Path | None):
    import openpyxl

    path = confined(root, path, shown) if root is not None else Path(path)
    if path.stat().st_size > MAX_FILE_BYTES:
        raise DataError([Problem(shown, None, "(file)", f"a file of at most {MAX_FILE_BYTES:,} bytes (MAX_FILE_BYTES)",
                                 f"{path.stat().st_size:,} bytes", "Split the workbook")])
    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
        if unpacked > MAX_XLSX_UNPACKED_BYTES:
            raise DataError([Problem(shown, None, "(file)", f"a workbook of at most {MAX_XLSX_UNPACKED_BYTES:,} bytes "
                                     "unpacked (MAX_XLSX_UNPACKED_BYTES)", f"{unpacked:,}", "Split the workbook")])
        return openpyxl.load_workbook(path, read_only=True, data_only=True)
    except DataError:
        raise
    except Exception as error:     # not a zip, not a workbook, a damaged part
        raise DataError([Problem(shown, None, "(file)", "an Excel workbook (.xlsx) saved by a spreadsheet program",
                                 f"a file openpyxl cannot read ({type(error).__name__}: {error})",
                                 "Save it again as .xlsx")]) from None


def load_xlsx(file: Path, sheet: str, display: Path | str | None = None, root: Path | None = None) -> Located:
    """The deck on one sheet of the workbook, located cell by cell."""
    shown = display or file
    workbook = _workbook(Path(file), shown, root)
    try:
        if sheet not in workbook.sheetnames:
            raise DataError([Problem(shown, None, "(sheet)", f"a sheet named {sheet!r} holding the deck",
                                     "sheets " + ", ".join(repr(name) for name in workbook.sheetnames),
                                     "Rename the deck's sheet, or name it with `sheet:` in game.yaml")])
        rows = workbook[sheet].iter_rows(values_only=True)
        header = next(rows, None)
        names = [cell_text(value) for value in header or ()]
        if not any(names):
            raise DataError([Problem(shown, Cell(sheet, 1, 1), "(header)", "a header row naming the columns",
                                     "an empty first row")])
        return Located(*_cards(rows, names, sheet, shown))
    finally:
        workbook.close()


def _cards(rows, names: list, sheet: str, shown) -> tuple:
    problems: list = []

    def table():
        for number, values in enumerate(rows, start=2):
            if number > MAX_CSV_ROWS + 1:
                raise DataError([Problem(shown, Cell(sheet, number, 1), "(rows)",
                                         f"at most {MAX_CSV_ROWS:,} rows (MAX_CSV_ROWS)", "more", "Split the deck")])
            texts = [cell_text(value) for value in values]
            if not any(texts):
                continue                                  # a blank row between groups of cards
            extra = [column for column, text in enumerate(texts, start=1)
                     if text and (column > len(names) or not names[column - 1])]
            if extra:
                problems.append(Problem(shown, Cell(sheet, number, extra[0]), "(row)",
                                        "cells only under a named header column", repr(texts[extra[0] - 1]),
                                        "Name the column in row 1, or clear the cell"))
                continue
            cells = {names[column]: text for column, text in enumerate(texts) if text}
            places = {name: Cell(sheet, number, column + 1) for column, name in enumerate(names) if name}
            yield Row(Cell(sheet, number, 1), cells, places)

    try:
        located = cards_from_rows(table(), shown)
    except DataError as error:
        raise DataError(problems + error.problems) from None
    if problems:
        raise DataError(problems)
    return located.data, {(): Cell(sheet, 1, 1), **located.lines}, shown
