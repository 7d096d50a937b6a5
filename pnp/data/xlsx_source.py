"""Spreadsheet decks (.xlsx): one sheet a deck, read like a CSV table: a header row naming the
fields, one row a card, a `count` column for copies, blank cells meaning absent.

Every value is read as the text a CSV cell would hold (a whole number `3`, not `3.0`), so a
deck builds the same from either, and each remembers its cell: errors read
`FILE:SHEET!CELL`.
"""

import datetime
import io
import zipfile
from pathlib import Path

from pnp.contained import stage
from pnp.data.located import Located
from pnp.data.rows import Row, cards_from_rows, cell_problem, header_names
from pnp.errors import DataError, Problem, reason
from pnp.files import read_bytes
from pnp.limits import LOAD_SECONDS, MAX_CSV_ROWS, MAX_DATA_CHARS, MAX_XLSX_PART_BYTES, MAX_XLSX_UNPACKED_BYTES

DOCTYPES = tuple("<!DOCTYPE".encode(encoding) for encoding in ("ascii", "utf-16-le", "utf-16-be"))
SCAN_CHUNK = 1 << 20


class Cell(str):
    """A cell's place, `verses!B3`, standing where a text file would give a line number; it
    sorts by row and column (a line number, or none, sorts as a row)."""

    def __new__(cls, sheet: str, row: int, column: int):
        from openpyxl.utils import get_column_letter

        quoted = sheet if sheet.replace("-", "").replace("_", "").isalnum() else "'" + sheet.replace("'", "''") + "'"
        cell = super().__new__(cls, f"{quoted}!{get_column_letter(column)}{row}")
        cell.sheet, cell.order = sheet, (row, column)
        return cell

    def __reduce__(self):
        """Made again from its sheet, row and column: a problem at a cell crosses from a worker
        process to the one reporting it (a str's own pickling would call __new__ with the text)."""
        return (Cell, (self.sheet, *self.order))

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


def _workbook(data: bytes, shown):
    """The workbook, opened by openpyxl from the bytes read once its parts are known to unzip
    within the limits and to declare no XML entities (a spreadsheet program writes none)."""
    import openpyxl

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            _check_parts(archive, shown)
        return openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (DataError, MemoryError):
        raise
    except Exception as error:     # not a zip, not a workbook, a damaged part
        raise _unreadable(shown, None, error) from None


def _unreadable(shown, where, error: Exception) -> DataError:
    words = reason(error)
    kind = type(error).__name__
    return DataError([Problem(shown, where, "(file)", "an Excel workbook (.xlsx) saved by a spreadsheet program",
                              f"a file openpyxl cannot read ({words if words == kind else f'{kind}: {words}'})",
                              "Save it again as .xlsx")])


def _check_parts(archive: zipfile.ZipFile, shown) -> None:
    """Refuse a zip bomb by the sizes the archive declares (zipfile reads no further than
    them), then any part holding a document type declaration, the way to an entity bomb."""
    total = 0
    for info in archive.infolist():
        total += info.file_size
        if info.file_size > MAX_XLSX_PART_BYTES:
            raise DataError([Problem(shown, None, "(file)", f"a workbook whose parts unzip to at most "
                                     f"{MAX_XLSX_PART_BYTES:,} bytes each (MAX_XLSX_PART_BYTES)",
                                     f"{info.filename} of {info.file_size:,} bytes", "Split the workbook")])
        if total > MAX_XLSX_UNPACKED_BYTES:
            raise DataError([Problem(shown, None, "(file)", f"a workbook of at most {MAX_XLSX_UNPACKED_BYTES:,} "
                                     "bytes unpacked (MAX_XLSX_UNPACKED_BYTES)", f"more than {total:,}",
                                     "Split the workbook")])
    for info in archive.infolist():
        if _declares_doctype(archive, info):
            raise DataError([Problem(shown, None, "(file)", "a workbook as spreadsheet programs save it",
                                     f"a document type declaration in {info.filename}, which can hide an "
                                     "entity bomb", "Remove that part (a picture pasted in the workbook?), "
                                     "or save the workbook again from a spreadsheet program")])


def _declares_doctype(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bool:
    overlap = max(len(pattern) for pattern in DOCTYPES) - 1
    tail = b""
    with archive.open(info) as part:
        while chunk := part.read(SCAN_CHUNK):
            window = tail + chunk
            if any(pattern in window for pattern in DOCTYPES):
                return True
            tail = window[-overlap:]
    return False


def load_xlsx(file: Path, sheet: str, display: Path | str | None = None, root: Path | None = None) -> Located:
    """The deck on one sheet of the workbook, located cell by cell."""
    shown = display or file
    return sheet_of_bytes(read_bytes(Path(file), shown, root), sheet, shown)


def sheet_of_bytes(data: bytes, sheet: str, shown) -> Located:
    """The deck on one sheet of the workbook whose bytes are `data` (read once: the studio
    edits the very bytes it checked)."""
    with stage(shown, "reading the spreadsheet", LOAD_SECONDS, "LOAD_SECONDS"):
        workbook = _workbook(data, shown)
        try:
            if sheet not in workbook.sheetnames:
                raise DataError([Problem(shown, None, "(sheet)", f"a sheet named {sheet!r} holding the deck",
                                         "sheets " + ", ".join(repr(name) for name in workbook.sheetnames),
                                         "Rename the deck's sheet, or name it with `sheet:` in game.yaml")])
            return Located(*_sheet(workbook[sheet], sheet, shown))
        except (DataError, MemoryError):
            raise
        except Exception as error:     # a part openpyxl reads only now: a damaged sheet
            raise _unreadable(shown, Cell(sheet, 1, 1), error) from None
        finally:
            workbook.close()


def _sheet(worksheet, sheet: str, shown) -> tuple:
    rows = worksheet.iter_rows(values_only=True)
    header = [cell_text(value) for value in next(rows, None) or ()]
    names = header_names(header, shown, lambda column: Cell(sheet, 1, column))
    return _cards(rows, names, sheet, shown)


def _first_value(values: tuple, start: int) -> int | None:
    """The index of the first value that is not None from `start` on, found by halves at C
    speed: a row may claim thousands of empty columns."""
    low, high = start, len(values)
    if low >= high or values[low:high].count(None) == high - low:
        return None
    while high - low > 1:
        middle = (low + high) // 2
        if values[low:middle].count(None) < middle - low:
            high = middle
        else:
            low = middle
    return low


def _stray_column(values: tuple, names: list) -> int | None:
    """The first column, counted from 1, holding a value under no header name."""
    for column, name in enumerate(names, start=1):
        if not name and column <= len(values) and cell_text(values[column - 1]):
            return column
    index = len(names)
    while (index := _first_value(values, index)) is not None:
        if cell_text(values[index]):
            return index + 1
        index += 1
    return None


def _cells(values: tuple, names: list, sheet: str, number: int, shown) -> dict:
    """The row's filled cells by column name; a cell past MAX_VALUE_CHARS is refused."""
    cells = {}
    for column, (name, value) in enumerate(zip(names, values), start=1):
        text = cell_text(value)
        if text:
            problem = cell_problem(text, shown, Cell(sheet, number, column), name)
            if problem:
                raise DataError([problem])
            cells[name] = text
    return cells


def _cards(rows, names: list, sheet: str, shown) -> tuple:
    problems: list = []

    def table():
        characters = 0
        for number, values in enumerate(rows, start=2):
            if number > MAX_CSV_ROWS + 1:
                raise DataError([Problem(shown, Cell(sheet, number, 1), "(rows)",
                                         f"at most {MAX_CSV_ROWS:,} rows (MAX_CSV_ROWS)", "more", "Split the deck")])
            stray = _stray_column(values, names)
            if stray:
                problems.append(Problem(shown, Cell(sheet, number, stray), "(row)",
                                        "cells only under a named header column", repr(cell_text(values[stray - 1])),
                                        "Name the column in row 1, or clear the cell"))
                continue
            cells = _cells(values, names, sheet, number, shown)
            if not cells:
                continue                                  # a blank row between groups of cards
            characters += sum(len(text) for text in cells.values())
            if characters > MAX_DATA_CHARS:
                raise DataError([Problem(shown, Cell(sheet, number, 1), "(size)", f"at most {MAX_DATA_CHARS:,} "
                                         "characters in the cells of a sheet (MAX_DATA_CHARS)", "more",
                                         "Split the deck")])
            places = {name: Cell(sheet, number, column) for column, name in enumerate(names, start=1) if name}
            yield Row(Cell(sheet, number, 1), cells, places)

    try:
        located = cards_from_rows(table(), shown, names)
    except DataError as error:
        raise DataError(problems + error.problems) from None
    if problems:
        raise DataError(problems)
    return located.data, {(): Cell(sheet, 1, 1), **located.lines}, shown, {}, located.columns
