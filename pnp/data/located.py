"""Data read from a file, with the line each value came from."""

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import readable

IDENT_CHARS = 40                # a card's id as a message names the card


@dataclass(frozen=True)
class Located:
    data: Any
    lines: dict  # path tuple (keys and list indexes) -> 1-based line of the value
    file: Path | str
    key_lines: dict = field(default_factory=dict)  # path -> line of the key naming it
    columns: tuple = ()         # a deck kept as a table (CSV, spreadsheet): its header's column names

    def key_line_of(self, path: tuple) -> int | None:
        """The line of the key that names the value at path (for a block value, its key)."""
        return self.key_lines.get(tuple(path)) or self.line_of(path)

    def line_of(self, path: tuple) -> int | None:
        """The line of the value at path, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), 1)

    def field_name(self, path: tuple) -> str:
        """How a message names the value at path: the card by number and id, then the field."""
        path = tuple(path)
        if len(path) >= 2 and isinstance(self.data, dict) and isinstance(path[0], str) and isinstance(path[1], int):
            return self._entry_name(path)
        if not path or not isinstance(path[0], int) or not isinstance(self.data, list):
            return dotted(path)
        index = path[0]
        item = self.data[index] if index < len(self.data) else None
        label = f"card {index + 1}"
        if isinstance(item, dict):
            ident = item.get("id") or " ".join(str(item[k]) for k in ("rank", "suit") if k in item)
            if ident:
                label += f" ({readable(ident, IDENT_CHARS)})"
        rest = dotted(path[1:])
        return label if rest == "(top)" else f"{label}, {rest}"


    def _entry_name(self, path: tuple) -> str:
        """An entry of a declaration's list by its number and key: `deck 2 (verses), face`, not
        `decks[1].face`."""
        entries, index = self.data.get(path[0]), path[1]
        if not isinstance(entries, list) or index >= len(entries) or not isinstance(entries[index], dict):
            return dotted(path)
        key = entries[index].get("key") or entries[index].get("id")
        label = f"{path[0].removesuffix('s')} {index + 1}"
        if isinstance(key, str) and key:
            label += f" ({readable(key, IDENT_CHARS)})"
        rest = dotted(path[2:])
        return label if rest == "(top)" else f"{label}, {rest}"


def dotted(path: tuple) -> str:
    """A path as `effect[0].count`."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top)"
