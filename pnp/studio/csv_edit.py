"""Edits to a deck kept as a CSV table, spliced into the file's text: a changed cell is the only
text that changes in its row (the other cells keep their quoting), a row added, copied, removed
or moved is one line, and every other row stays byte for byte as it was. A column the header
does not have yet is added at its end, each row given an empty cell for it."""

import csv
import io
import re
from dataclasses import dataclass

from pnp.errors import UsageError

NEEDS_QUOTES = re.compile(r'[",\r\n]|^\s|\s$')


@dataclass(frozen=True)
class RawRow:
    start: int               # index of the row's first character
    end: int                 # index just past its last cell (its newline not included)
    next: int                # index of the next row (past the newline)
    cells: list              # (start, end) of each cell's raw text, quotes included


def raw_rows(text: str) -> list[RawRow]:
    """Every row of the text with the place of each cell, as the csv module reads them."""
    rows, index = [], 0
    while index < len(text):
        start, cells, cell_start, quoted = index, [], index, False
        while True:
            if index >= len(text):
                cells.append((cell_start, index))
                end = next_row = index
                break
            char = text[index]
            if quoted:
                if char == '"' and text[index + 1:index + 2] == '"':
                    index += 2
                    continue
                quoted = char != '"'
                index += 1
            elif char == '"' and index == cell_start:
                quoted = True
                index += 1
            elif char == ",":
                cells.append((cell_start, index))
                index += 1
                cell_start = index
            elif char in "\r\n":
                cells.append((cell_start, index))
                end = index
                next_row = index + (2 if text[index:index + 2] == "\r\n" else 1)
                break
            else:
                index += 1
        rows.append(RawRow(start, end, next_row, cells))
        index = next_row
    return rows


def cell_text(value: str) -> str:
    """A cell as written in the file: quoted only when it must be."""
    if NEEDS_QUOTES.search(value):
        return '"' + value.replace('"', '""') + '"'
    return value


def _newline(text: str) -> str:
    """The file's own line ending: the first one it has (\\r\\n, \\n, or a lone \\r)."""
    found = re.search(r"\r\n|\n|\r", text)
    return found.group() if found else "\n"


def _parsed(text: str) -> list[list[str]]:
    return [row for row in csv.reader(io.StringIO(text, newline=""))]


def _unquoted(raw: str) -> str:
    return raw[1:-1].replace('""', '"') if raw.startswith('"') and raw.endswith('"') and len(raw) > 1 else raw


def _blank(text: str, row: RawRow) -> bool:
    """A row the loader skips: every cell blank once unquoted and stripped (`"",""` too)."""
    return not any(_unquoted(text[start:end]).strip() for start, end in row.cells)


def _data_rows(text: str) -> tuple[RawRow, list[RawRow]]:
    """The header, and the rows that hold cards, counted as the loader counts them."""
    rows = raw_rows(text)
    if not rows:
        raise UsageError("the CSV file has no header row")
    return rows[0], [row for row in rows[1:] if not _blank(text, row)]


def table(text: str) -> tuple[list[str], list[list[str]]]:
    """The header and each card row's cells as the loader reads them (stripped, blank rows
    left out, padded to the header's width): what an edit is read back against."""
    rows = [[cell.strip() for cell in row] for row in _parsed(text)]
    if not rows:
        return [], []
    names = rows[0]
    while names and not names[-1]:
        names = names[:-1]
    body = [row + [""] * (len(names) - len(row)) for row in rows[1:] if any(row)]
    return names, [row[:len(names)] if not any(row[len(names):]) else row for row in body]


def header(text: str) -> list[str]:
    return [name.strip() for name in (_parsed(text)[:1] or [[]])[0]]


def _with_column(text: str, name: str) -> str:
    """The text with a column `name` added at the end of the header, and an empty cell for it in
    every row that has one for each column before."""
    head, rows = _data_rows(text)
    width = len(head.cells)
    new, last = [], 0
    for row in [head] + rows:
        cut = row.end
        new += [text[last:cut], "," + (cell_text(name) if row is head else "") if len(row.cells) >= width else ""]
        last = cut
    return "".join(new) + text[last:]


def set_cell(text: str, row_number: int, column: str, value: str) -> str:
    """The text with the card row `row_number` (0 for the first under the header) given `value`
    in `column`."""
    if column not in header(text):
        text = _with_column(text, column)
    names = header(text)
    head, rows = _data_rows(text)
    row = rows[row_number]
    position = names.index(column)
    if position >= len(row.cells):
        missing = position - len(row.cells) + 1
        return text[:row.end] + "," * missing + cell_text(value) + text[row.end:]
    start, end = row.cells[position]
    return text[:start] + cell_text(value) + text[end:]


def row_line(values: dict, names: list[str]) -> str:
    return ",".join(cell_text(str(values.get(name, ""))) for name in names)


def _insert_line(text: str, at: int, line: str) -> str:
    nl = _newline(text)
    if at >= len(text) and text and not text.endswith(("\n", "\r")):
        return text + nl + line
    return text[:at] + line + nl + text[at:]


def added_row(text: str, values: dict) -> str:
    head, rows = _data_rows(text)
    names = header(text)
    for name in values:
        if name not in names:
            text = _with_column(text, name)
            names = header(text)
    head, rows = _data_rows(text)
    after = (rows[-1] if rows else head).next
    return _insert_line(text, after, row_line(values, names))


def copied_row(text: str, row_number: int, new_values: dict) -> str:
    head, rows = _data_rows(text)
    row = rows[row_number]
    text = _insert_line(text, row.next, text[row.start:row.end])
    for column, value in new_values.items():
        text = set_cell(text, row_number + 1, column, value)
    return text


def removed_row(text: str, row_number: int) -> str:
    head, rows = _data_rows(text)
    row = rows[row_number]
    if row.next > row.end:                            # the row and its own line ending
        return text[:row.start] + text[row.next:]
    before = [other for other in raw_rows(text) if other.next <= row.start]
    return text[:before[-1].end] + text[row.end:]     # the last line: the line ending before it goes


def moved_row(text: str, row_number: int, to: int) -> str:
    head, rows = _data_rows(text)
    first, second = sorted((row_number, to))
    a, b = rows[first], rows[second]
    return (text[:a.start] + text[b.start:b.end] + text[a.end:b.start] + text[a.start:a.end] + text[b.end:])
