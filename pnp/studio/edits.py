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
from pnp.errors import DataError, UsageError
from pnp.files import decode_text, read_bytes
from pnp.limits import MAX_VALUE_CHARS
from pnp.project import Project
from pnp.studio import csv_edit, xlsx_edit, yaml_edit
from pnp.studio.grid import deck_file, kind_of, rows_of

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


def apply_edit(project: Project, game: Game, edit: Edit, icons: list[str]) -> None:
    """Make the edit in the deck's file, or refuse it in words (nothing written)."""
    from pnp.data.decks import read_source

    deck = next((deck for deck in game.declared_decks or game.decks if deck.key == edit.deck), None)
    if deck is None:
        raise UsageError(f"no deck {edit.deck!r} in {game.key}")
    if edit.operation not in OPERATIONS:
        raise UsageError(f"an edit is one of {', '.join(OPERATIONS)}, not {edit.operation!r}")
    _refuse_long(edit)
    path = deck_file(project, game, deck)
    shown = project.relative(path)
    data = read_bytes(path, shown, project.root)
    if hashlib.sha256(data).hexdigest()[:16] != edit.version:
        raise StaleEdit(f"{shown} changed on disk since the grid showed it; the grid now shows the file as saved, "
                        "make the edit again")
    if not os.access(path, os.W_OK) or not os.stat(path).st_mode & 0o222:
        raise UsageError(f"{shown} is read-only; make it writable to edit it here")
    located = read_source(project, game, deck)
    table = kind_of(deck) != "yaml"
    rows = rows_of(located, table)
    if edit.operation in ("set", "copy", "delete", "move") and not 0 <= edit.row < len(rows):
        raise StaleEdit(f"{shown} has no row {edit.row + 1} now; the grid shows the file as saved")
    if edit.operation == "move" and not (0 <= edit.to < len(rows) and abs(edit.to - edit.row) == 1):
        raise UsageError("a row moves to the row above or below it")
    if edit.operation == "set" and edit.field not in deck.fields and not (table and edit.field == COUNT_COLUMN):
        raise UsageError(f"{deck.title} has no field {edit.field!r}: its fields are {', '.join(deck.fields)}")
    if edit.operation == "set" and deck.fields.get(edit.field) is not None and deck.fields[edit.field].type == "effects":
        raise UsageError(f"{edit.field} holds a rules engine's steps: edit it in {shown} itself")
    fresh = {"id": _unique(f"{rows[edit.row].values.get('id')}-copy", _ids(rows))} \
        if edit.operation == "copy" and "id" in deck.fields and rows[edit.row].values.get("id") else {}
    used = [row.values.get(name) for row in rows for name, spec in deck.fields.items() if spec.type == "icon"]
    new = new_card_values(deck, _ids(rows), icons, used) if edit.operation == "add" else {}
    kind = kind_of(deck)
    if kind == "yaml":
        text = decode_text(data, shown)
        result = _yaml(text, shown, located.data, deck, edit, fresh, new).encode()
    elif kind == "csv":
        text = decode_text(data, shown)
        result = _csv(text, deck, edit, fresh, new)
        _read_back_csv(result, shown)
        result = result.encode()
    else:
        xlsx_edit.refuse_lossy(data, shown)
        result = _xlsx(data, deck, edit, fresh, new)
    if data.startswith(b"\xef\xbb\xbf") and not result.startswith(b"\xef\xbb\xbf") and kind != "xlsx":
        result = b"\xef\xbb\xbf" + result
    write_atomically(path, result, mode=os.stat(path).st_mode & 0o7777)


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


def _read_back_csv(text: str, shown) -> None:
    """The new text must read as a table (a row the splice broke is refused before writing)."""
    try:
        table_of_text(text, shown)
    except DataError as error:
        structural = [p for p in error.problems if p.field in ("(row)", "(header)", "(rows)")]
        if structural:
            raise UsageError(f"{shown}: the edit would leave a row that does not read ({structural[0]}); make it "
                             "in your editor") from None


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
