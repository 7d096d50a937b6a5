"""Values written back into a deck's YAML file, each on its own line, the rest of the file byte
for byte as it was: comments, order, quoting and layout kept (a tool that proposes card data,
such as `pnp simulate olf --tune`, writes only what it changed).

A value written inline (`targets: [5, 4]`) is replaced where it stands; a value written as a
block list under its key is replaced by the same list inline. Only lists of numbers and plain
numbers are written: what a tool computes, never text that would need quoting."""

import re
from dataclasses import dataclass
from pathlib import Path

from pnp.atomic import write_atomically
from pnp.errors import UsageError
from pnp.files import read_text


@dataclass(frozen=True)
class CardValue:
    card: int                 # the card's index in its deck
    field: str
    value: object             # an int, or a list of ints


def _flow(value) -> str:
    if isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return "[" + ", ".join(map(str, value)) + "]"
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise ValueError(f"write_back writes numbers and lists of numbers, not {value!r}")


def _key_line(field: str) -> re.Pattern:
    return re.compile(rf"^(?P<head>\s*(?:-\s+)?{re.escape(field)}\s*:)(?P<value>[^#\n]*?)(?P<tail>\s+#.*)?$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _block_items(lines: list[str], key_line: int) -> range:
    """The lines of the block list under the key on `key_line` (1-based): items at the key's
    indent or deeper that start with a dash, and anything indented deeper than the key."""
    indent, index = _indent(lines[key_line - 1]), key_line
    while index < len(lines) and lines[index].strip() and (
            _indent(lines[index]) > indent or _indent(lines[index]) == indent and lines[index].lstrip().startswith("- ")):
        index += 1
    return range(key_line, index)


def rewrite(text: str, located, changes: list[CardValue], shown) -> str:
    """`text` with each change made on its field's line (`located` is the file as loaded)."""
    lines = text.split("\n")
    drop: set[int] = set()
    for change in changes:
        key_line = located.key_line_of((change.card, change.field))
        if key_line is None or not 1 <= key_line <= len(lines):
            raise UsageError(f"{shown}: card {change.card + 1} has no `{change.field}:` line to write to")
        match = _key_line(change.field).match(lines[key_line - 1])
        if not match:
            raise UsageError(f"{shown}:{key_line}: `{change.field}:` is not on this line as the tool expects; "
                             f"write {change.field}: {_flow(change.value)} there by hand")
        if not match.group("value").strip():           # a block list under the key: its items go
            drop |= set(_block_items(lines, key_line))
        lines[key_line - 1] = f"{match.group('head')} {_flow(change.value)}{match.group('tail') or ''}"
    return "\n".join(line for number, line in enumerate(lines) if number not in drop)


def write_card_values(path: Path, shown, root: Path, located, changes: list[CardValue]) -> None:
    """The deck file at `path` with `changes` made, written whole or not at all."""
    if path.suffix not in (".yaml", ".yml"):
        wanted = "; ".join(f"card {c.card + 1} {c.field}: {_flow(c.value)}" for c in changes)
        raise UsageError(f"{shown}: values are written back to YAML decks only; set them by hand: {wanted}")
    text = read_text(path, shown, root)
    write_atomically(path, rewrite(text, located, changes, shown).encode())
