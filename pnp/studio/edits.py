"""An edit made in the studio's grid, written to the file the deck lives in: a cell's new value,
a card added, copied, removed or moved. The edit names the version of the file it was made on
(a digest of its bytes): a file changed since (saved from the designer's own editor) is not
overwritten, the grid is shown it first. The new bytes are read back as the build reads them
before they replace the file, atomically, with its mode kept: never a half-written file."""

import hashlib
import os
import re
from dataclasses import dataclass

from pnp.atomic import write_atomically
from pnp.data.csv_source import table_of_text
from pnp.data.fields import LIST_SEPARATOR
from pnp.data.game import Deck, Game
from pnp.data.rows import COUNT_COLUMN
from pnp.errors import CONTROL_CHARACTER, CONTROL_EXPECTED, UsageError
from pnp.files import decode_text, read_bytes
from pnp.limits import MAX_VALUE_CHARS
from pnp.project import Project
from pnp.studio import csv_edit, xlsx_edit, yaml_edit
from pnp.studio.grid import deck_file, digest_of, kind_of, rows_of

OPERATIONS = ("set", "add", "copy", "delete", "move")
WHOLE = re.compile(r"[-+]?[0-9]{1,15}")
NEW_CARD_ID = "new-card"
NEW_CARD_TEXT = "New card"


class StaleEdit(UsageError):
    """The file changed since the grid showed it."""


@dataclass(frozen=True)
class Edit:
    deck: str
    version: str             # the file's digest the grid was built from
    operation: str           # one of OPERATIONS
    row: int = 0
    field: str = ""
    value: str = ""          # what the cell holds, as typed
    to: int = 0              # where a moved row goes (a neighbour)


def typed_value(deck: Deck, field: str, text: str):
    """What a YAML deck stores for a cell's text: a number for a whole number in an int field,
    true or false for a flag, a list for a list field (items parted by a bar), None for an
    optional field left empty. What does not read as its type is kept as typed, and the grid
    says what is wrong with it."""
    spec = deck.fields.get(field)
    text = text.strip()
    if spec is None:
        return text
    if not text:
        return [] if spec.type in ("texts", "ints", "choices") and spec.required else ("" if spec.required else None)
    if spec.type == "int":
        return int(text) if WHOLE.fullmatch(text) else text
    if spec.type == "bool":
        return {"true": True, "false": False, "yes": True, "no": False}.get(text.lower(), text)
    if spec.type in ("texts", "choices", "ints"):
        items = [item.strip() for item in text.split(LIST_SEPARATOR)]
        return [int(item) if spec.type == "ints" and WHOLE.fullmatch(item) else item for item in items]
    return text


def cell_value(deck: Deck, field: str, text: str):
    """What a spreadsheet cell holds for the text: a number in a number field, else the text."""
    spec = deck.fields.get(field)
    text = text.strip()
    if not text:
        return None
    if (field == COUNT_COLUMN or spec is not None and spec.type == "int") and WHOLE.fullmatch(text):
        return int(text)
    return text


def _unique(base: str, taken: set) -> str:
    if base not in taken:
        return base
    number = 2
    while f"{base}-{number}" in taken:
        number += 1
    return f"{base}-{number}"


def new_card_values(deck: Deck, ids: set, icons: list[str], used_icons: list) -> dict:
    """A new card's required fields, each given the plainest value its type allows; the grid
    shows what the designer still has to set (a count past the deck's, say)."""
    values: dict = {}
    for name, spec in deck.fields.items():
        if not spec.required:
            continue
        kind = spec.type
        if name == "id" or kind == "slug":
            values[name] = _unique(NEW_CARD_ID, ids) if name == "id" else NEW_CARD_ID
        elif kind == "text":
            values[name] = NEW_CARD_TEXT
        elif kind == "int":
            low = spec.min if spec.min is not None else 0
            values[name] = min(low, spec.max) if spec.max is not None else low
        elif kind == "choice":
            values[name] = str(spec.choices[0])
        elif kind == "bool":
            values[name] = False
        elif kind == "icon":
            values[name] = next((icon for icon in used_icons if icon), icons[0] if icons else "")
        else:
            values[name] = []
    return values


def _ids(rows) -> set:
    return {str(row.values.get("id")) for row in rows if row.values.get("id") is not None}


def _refuse_long(edit: Edit) -> None:
    if len(edit.value) > MAX_VALUE_CHARS:
        raise UsageError(f"a value of at most {MAX_VALUE_CHARS:,} characters (MAX_VALUE_CHARS), found "
                         f"{len(edit.value):,}; shorten it")


def _located(deck: Deck, data: bytes, shown):
    """The deck as the loader reads these very bytes (those the version names)."""
    from pnp.data.xlsx_source import sheet_of_bytes
    from pnp.data.yaml_source import load_yaml_text

    kind = kind_of(deck)
    if kind == "xlsx":
        return sheet_of_bytes(data, deck.sheet or deck.key, shown)
    text = decode_text(data, shown)
    return table_of_text(text, shown) if kind == "csv" else load_yaml_text(text, shown)


def _refuse_unprintable(edit: Edit) -> None:
    """A control character (NEL, ESC...) or half of a surrogate pair: refused as the loader refuses them."""
    bad = CONTROL_CHARACTER.search(edit.value) or next(
        (char for char in edit.value if 0xD800 <= ord(char) <= 0xDFFF), None)
    if bad:
        character = bad.group() if hasattr(bad, "group") else bad
        raise UsageError(f"{edit.field}: expected {CONTROL_EXPECTED}, found the character U+{ord(character):04X}; "
                         "remove it")


def _checked(edit: Edit, deck: Deck, rows: list, table: bool, shown) -> None:
    if edit.row < 0 or edit.to < 0:
        raise UsageError(f"rows are counted from 1: no row {edit.row + 1}")
    if edit.operation in ("set", "copy", "delete", "move") and edit.row >= len(rows):
        raise StaleEdit(f"{shown} has no row {edit.row + 1} now; the grid shows the file as saved")
    if edit.operation == "move" and not (edit.to < len(rows) and abs(edit.to - edit.row) == 1):
        raise UsageError("a row moves to the row above or below it")
    if edit.operation == "set" and edit.field not in deck.fields and not (table and edit.field == COUNT_COLUMN):
        raise UsageError(f"{deck.title} has no field {edit.field!r}: its fields are {', '.join(deck.fields)}")
    if edit.operation == "set" and deck.fields.get(edit.field) is not None and deck.fields[edit.field].type == "effects":
        raise UsageError(f"{edit.field} holds a rules engine's steps: edit it in {shown} itself")


def apply_edit(project: Project, game: Game, edit: Edit, icons: list[str], written: dict | None = None) -> None:
    """Make the edit in the deck's file, or refuse it in words (nothing written). `written`:
    where the digest of the new bytes is kept by the file's real path, before they are written
    (the studio knows its own save when the watcher sees it)."""
    deck = next((deck for deck in game.declared_decks or game.decks if deck.key == edit.deck), None)
    if deck is None:
        raise UsageError(f"no deck {edit.deck!r} in {game.key}")
    if edit.operation not in OPERATIONS:
        raise UsageError(f"an edit is one of {', '.join(OPERATIONS)}, not {edit.operation!r}")
    _refuse_long(edit)
    _refuse_unprintable(edit)
    path = deck_file(project, game, deck)
    shown = project.relative(path)
    data = read_bytes(path, shown, project.root)
    if digest_of(data) != edit.version:
        raise StaleEdit(f"{shown} changed on disk since the grid showed it; the grid now shows the file as saved, "
                        "make the edit again")
    info = os.stat(path, follow_symlinks=False)
    if not os.access(path, os.W_OK) or not info.st_mode & 0o222:
        raise UsageError(f"{shown} is read-only; make it writable to edit it here")
    kind = kind_of(deck)
    if kind == "xlsx":
        xlsx_edit.refuse_lossy(data, shown)
    located = _located(deck, data, shown)
    rows = rows_of(located, kind != "yaml")
    _checked(edit, deck, rows, kind != "yaml", shown)
    fresh = {"id": _unique(f"{rows[edit.row].values.get('id')}-copy", _ids(rows))} \
        if edit.operation == "copy" and "id" in deck.fields and rows[edit.row].values.get("id") else {}
    used = [row.values.get(name) for row in rows for name, spec in deck.fields.items() if spec.type == "icon"]
    new = new_card_values(deck, _ids(rows), icons, used) if edit.operation == "add" else {}
    if kind == "yaml":
        result = _yaml(decode_text(data, shown), shown, located.data, deck, edit, fresh, new).encode()
    elif kind == "csv":
        text = decode_text(data, shown)
        after = _csv(text, deck, edit, fresh, new)
        _read_back(shown, csv_edit.table(text), csv_edit.table(after), edit, fresh, new)
        result = after.encode()
    else:
        sheet = deck.sheet or deck.key
        result = _xlsx(data, deck, edit, fresh, new)
        _read_back(shown, xlsx_edit.table(data, sheet), xlsx_edit.table(result, sheet), edit, fresh, new)
    if data.startswith(b"\xef\xbb\xbf") and not result.startswith(b"\xef\xbb\xbf") and kind != "xlsx":
        result = b"\xef\xbb\xbf" + result
    if digest_of(read_bytes(path, shown, project.root)) != edit.version:        # saved elsewhere meanwhile
        raise StaleEdit(f"{shown} was saved by another program while the edit was made; the grid now shows it, "
                        "make the edit again")
    if written is not None:
        written[os.path.realpath(path)] = hashlib.sha256(result).hexdigest()
    write_atomically(path, result, resolve=False, mode=info.st_mode & 0o7777)


def expected_table(before: tuple, edit: Edit, fresh: dict, new: dict) -> tuple[list[str], list[list[str]]]:
    """A table's header and rows (as csv_edit.table and xlsx_edit.table read them) once the
    edit is made: what the new file must read as, or it is not written."""
    names, rows = list(before[0]), [list(row) for row in before[1]]

    def column(name: str) -> int:
        if name not in names:
            names.append(name)
            for row in rows:
                row.append("")
        return names.index(name)

    if edit.operation == "set":
        rows[edit.row][column(edit.field)] = edit.value.strip()
    elif edit.operation == "add":
        positions = {name: column(name) for name in new}
        row = [""] * len(names)
        for name, value in new.items():
            row[positions[name]] = _table_text(value)
        rows.append(row)
    elif edit.operation == "copy":
        rows.insert(edit.row + 1, list(rows[edit.row]))
        for name, value in fresh.items():
            rows[edit.row + 1][column(name)] = value
    elif edit.operation == "delete":
        del rows[edit.row]
    elif edit.operation == "move":
        rows[edit.row], rows[edit.to] = rows[edit.to], rows[edit.row]
    return names, [row for row in rows if any(row)]


def _read_back(shown, before: tuple, after: tuple, edit: Edit, fresh: dict, new: dict) -> None:
    """The edited table must read as the table before with this one change, every other row and
    column as it was; else nothing is written."""
    if after != expected_table(before, edit, fresh, new):
        raise UsageError(f"{shown}: the edit could not be made without changing another row or column; make it "
                         "in your editor or spreadsheet program")


def _yaml(text: str, shown, data: list, deck: Deck, edit: Edit, fresh: dict, new: dict) -> str:
    if edit.operation == "set":
        return yaml_edit.set_value(text, shown, data, edit.row, edit.field, typed_value(deck, edit.field, edit.value))
    if edit.operation == "copy":
        return yaml_edit.copied(text, shown, data, edit.row, fresh)
    if edit.operation == "delete":
        return yaml_edit.removed(text, shown, data, edit.row)
    if edit.operation == "move":
        return yaml_edit.moved(text, shown, data, edit.row, edit.to)
    return yaml_edit.added(text, shown, data, new)


def _table_text(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return f" {LIST_SEPARATOR} ".join(map(str, value))
    return str(value)


def _csv(text: str, deck: Deck, edit: Edit, fresh: dict, new: dict) -> str:
    if edit.operation == "set":
        return csv_edit.set_cell(text, edit.row, edit.field, edit.value.strip())
    if edit.operation == "copy":
        return csv_edit.copied_row(text, edit.row, fresh)
    if edit.operation == "delete":
        return csv_edit.removed_row(text, edit.row)
    if edit.operation == "move":
        return csv_edit.moved_row(text, edit.row, edit.to)
    return csv_edit.added_row(text, {name: _table_text(value) for name, value in new.items()})


def _xlsx(data: bytes, deck: Deck, edit: Edit, fresh: dict, new: dict) -> bytes:
    sheet = deck.sheet or deck.key
    if edit.operation == "set":
        return xlsx_edit.set_cell(data, sheet, edit.row, edit.field, cell_value(deck, edit.field, edit.value))
    if edit.operation == "copy":
        return xlsx_edit.copied_row(data, sheet, edit.row, fresh)
    if edit.operation == "delete":
        return xlsx_edit.removed_row(data, sheet, edit.row)
    if edit.operation == "move":
        return xlsx_edit.moved_row(data, sheet, edit.row, edit.to)
    return xlsx_edit.added_row(data, sheet, {name: _table_text(value) if isinstance(value, (list, bool)) else value
                                              for name, value in new.items()})
