"""Edits to a deck kept on a sheet of an Excel workbook, made with openpyxl: the other sheets,
the other rows and columns, and every cell's style are kept (a copied row takes its row's
styles). A workbook holding what openpyxl does not carry over, or does not compute, is not
edited: the designer edits it in the spreadsheet program, and the studio shows each save."""

import io
import re
import warnings
import zipfile
from copy import copy

from pnp.data.xlsx_source import cell_text
from pnp.errors import UsageError

# Parts openpyxl drops when it saves a workbook, by what they hold (a cell's note, kept in
# xl/comments and a VML drawing, it keeps).
NOT_KEPT = {"xl/drawings/drawing": "pictures or shapes", "xl/drawings/_rels/drawing": "pictures or shapes",
            "xl/media/": "pictures or shapes", "xl/charts/": "charts", "xl/pivotTables/": "pivot tables", "xl/pivotCache/": "pivot tables", "xl/vbaProject.bin": "macros",
            "customXml/": "queries or custom data (Power Query)", "xl/externalLinks/": "links to other workbooks"}
SHEET_PART = re.compile(r"xl/worksheets/[^/]+\.xml")
# In a sheet's XML: a formula (openpyxl saves none of its computed values, and pnp reads only
# those), and an extension list (dropdowns listing another sheet, sparklines: dropped).
IN_A_SHEET = {b"<f>": "formulas", b"<f ": "formulas", b"<extLst": "dropdown lists, sparklines or rules of Excel 2010"}


def refuse_lossy(data: bytes, shown) -> None:
    """Refuse to rewrite a workbook that openpyxl would save without some of what it holds."""
    lost = set()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for name in archive.namelist():
            lost |= {what for part, what in NOT_KEPT.items() if name.startswith(part)}
            if SHEET_PART.fullmatch(name):
                xml = archive.read(name)
                lost |= {what for marker, what in IN_A_SHEET.items() if marker in xml}
    if lost:
        raise UsageError(f"{shown} holds {', '.join(sorted(lost))}, which the studio's spreadsheet library "
                         "would not keep when saving; edit this deck in your spreadsheet program (the studio shows "
                         "each save as it lands)")


def _open(data: bytes, sheet: str):
    import openpyxl

    with warnings.catch_warnings():          # what it would drop is refused above; its words stay out of the terminal
        warnings.simplefilter("ignore")
        workbook = openpyxl.load_workbook(io.BytesIO(data), rich_text=True)
    return workbook, workbook[sheet]


def _saved(workbook) -> bytes:
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _columns(sheet) -> dict[str, int]:
    return {cell_text(cell.value).strip(): cell.column for cell in sheet[1] if cell_text(cell.value).strip()}


def _put(cell, value) -> None:
    """A value into a cell: text is text, even when it starts with `=` (never a formula)."""
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"


def _column(sheet, name: str) -> int:
    """The column headed `name`, a new one after the last when the header has none."""
    columns = _columns(sheet)
    if name in columns:
        return columns[name]
    column = max(columns.values(), default=0) + 1
    header = sheet.cell(1, column)
    _put(header, name)
    if column > 1:
        header._style = copy(sheet.cell(1, column - 1)._style)
    return column


def data_rows(sheet) -> list[int]:
    """The numbers of the rows that hold cards, counted as the loader counts them: a row with
    no text under any named column holds none."""
    named = list(_columns(sheet).values())
    return [row[0].row for row in sheet.iter_rows(min_row=2)
            if any(column <= len(row) and cell_text(row[column - 1].value).strip() for column in named)]


def table(data: bytes, sheet_name: str) -> tuple[list[str], list[list[str]]]:
    """The header and each card row's cells as the loader reads them: what an edit is read back
    against."""
    workbook, sheet = _open(data, sheet_name)
    names = [cell_text(cell.value).strip() for cell in sheet[1]]
    while names and not names[-1]:
        names.pop()
    rows = []
    for number in data_rows(sheet):
        rows.append([cell_text(sheet.cell(number, column).value).strip() for column in range(1, len(names) + 1)])
    return names, rows


def set_cell(data: bytes, sheet_name: str, row_number: int, column: str, value) -> bytes:
    workbook, sheet = _open(data, sheet_name)
    _put(sheet.cell(data_rows(sheet)[row_number], _column(sheet, column)), value)
    return _saved(workbook)


def _copy_row(sheet, source: int, target: int) -> None:
    for cell in sheet[source]:
        new = sheet.cell(target, cell.column)
        _put(new, cell.value)
        new._style = copy(cell._style)
    if sheet.row_dimensions[source].height is not None:
        sheet.row_dimensions[target].height = sheet.row_dimensions[source].height


def added_row(data: bytes, sheet_name: str, values: dict) -> bytes:
    workbook, sheet = _open(data, sheet_name)
    rows = data_rows(sheet)
    target = (rows[-1] if rows else 1) + 1
    if rows:
        sheet.insert_rows(target)
        _copy_row(sheet, rows[-1], target)
        for cell in sheet[target]:
            cell.value = None
    for name, value in values.items():
        _put(sheet.cell(target, _column(sheet, name)), value)
    return _saved(workbook)


def copied_row(data: bytes, sheet_name: str, row_number: int, new_values: dict) -> bytes:
    workbook, sheet = _open(data, sheet_name)
    source = data_rows(sheet)[row_number]
    sheet.insert_rows(source + 1)
    _copy_row(sheet, source, source + 1)
    for name, value in new_values.items():
        _put(sheet.cell(source + 1, _column(sheet, name)), value)
    return _saved(workbook)


def removed_row(data: bytes, sheet_name: str, row_number: int) -> bytes:
    workbook, sheet = _open(data, sheet_name)
    sheet.delete_rows(data_rows(sheet)[row_number])
    return _saved(workbook)


def moved_row(data: bytes, sheet_name: str, row_number: int, to: int) -> bytes:
    workbook, sheet = _open(data, sheet_name)
    rows = data_rows(sheet)
    first, second = rows[row_number], rows[to]
    width = max(sheet.max_column, 1)
    held = [(sheet.cell(first, c).value, copy(sheet.cell(first, c)._style)) for c in range(1, width + 1)]
    for column in range(1, width + 1):
        a, b = sheet.cell(first, column), sheet.cell(second, column)
        _put(a, b.value)
        a._style = copy(b._style)
        _put(b, held[column - 1][0])
        b._style = held[column - 1][1]
    return _saved(workbook)
