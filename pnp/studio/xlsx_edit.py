"""Edits to a deck kept on a sheet of an Excel workbook, made with openpyxl: the other sheets,
the other rows and columns, and every cell's style are kept (a copied row takes its row's
styles). A workbook holding what openpyxl does not carry over (pictures, charts, pivot tables,
macros) is not edited: the designer edits it in the spreadsheet program."""

import io
import zipfile
from copy import copy

from pnp.errors import UsageError

NOT_KEPT = {"xl/drawings/": "pictures or shapes", "xl/charts/": "charts", "xl/pivotTables/": "pivot tables",
            "xl/vbaProject.bin": "macros", "xl/media/": "pictures"}


def refuse_lossy(data: bytes, shown) -> None:
    """Refuse to rewrite a workbook that openpyxl would save without some of its parts."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        names = archive.namelist()
    lost = sorted({what for name in names for part, what in NOT_KEPT.items() if name.startswith(part)})
    if lost:
        raise UsageError(f"{shown} holds {', '.join(lost)}, which the studio's spreadsheet library would drop "
                         "when saving; edit this deck in your spreadsheet program (the studio shows it as it changes)")


def _open(data: bytes, sheet: str):
    import openpyxl

    workbook = openpyxl.load_workbook(io.BytesIO(data), rich_text=True)
    return workbook, workbook[sheet]


def _saved(workbook) -> bytes:
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _columns(sheet) -> dict[str, int]:
    return {str(cell.value).strip(): cell.column for cell in sheet[1] if cell.value is not None and str(cell.value).strip()}


def _column(sheet, name: str) -> int:
    """The column headed `name`, a new one after the last when the header has none."""
    columns = _columns(sheet)
    if name in columns:
        return columns[name]
    column = max(columns.values(), default=0) + 1
    header = sheet.cell(1, column)
    header.value = name
    if column > 1:
        header._style = copy(sheet.cell(1, column - 1)._style)
    return column


def data_rows(sheet) -> list[int]:
    """The numbers of the rows that hold cards (a row of empty cells holds none)."""
    return [row[0].row for row in sheet.iter_rows(min_row=2)
            if any(cell.value not in (None, "") and str(cell.value).strip() for cell in row)]


def set_cell(data: bytes, sheet_name: str, row_number: int, column: str, value) -> bytes:
    workbook, sheet = _open(data, sheet_name)
    sheet.cell(data_rows(sheet)[row_number], _column(sheet, column)).value = value
    return _saved(workbook)


def _copy_row(sheet, source: int, target: int) -> None:
    for cell in sheet[source]:
        new = sheet.cell(target, cell.column)
        new.value = cell.value
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
        sheet.cell(target, _column(sheet, name)).value = value
    return _saved(workbook)


def copied_row(data: bytes, sheet_name: str, row_number: int, new_values: dict) -> bytes:
    workbook, sheet = _open(data, sheet_name)
    source = data_rows(sheet)[row_number]
    sheet.insert_rows(source + 1)
    _copy_row(sheet, source, source + 1)
    for name, value in new_values.items():
        sheet.cell(source + 1, _column(sheet, name)).value = value
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
        a.value, a._style = b.value, copy(b._style)
        b.value, b._style = held[column - 1]
    return _saved(workbook)
