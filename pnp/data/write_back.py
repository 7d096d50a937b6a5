"""Values written back into a deck's YAML file, each on its own line, the rest of the file byte
for byte as it was: comments, order, quoting, layout, line endings and the file's mode kept (a
tool that proposes card data, such as `pnp simulate olf --tune`, writes only what it changed).

A value written inline (`targets: [5, 4]`, on one line) is replaced where it stands; a value
written as a block list of plain items under its key is replaced by the same list inline. Any
other shape (an anchor or alias, a list over several lines with comments between its items) is
left alone and the tool says what to set by hand. The new text is read back before it is
written: unless it holds exactly the old data with the new values, nothing is written. Only
numbers and lists of numbers are written: what a tool computes, never text that needs quoting."""

import os
import re
from dataclasses import dataclass
from pathlib import Path

from pnp.atomic import write_atomically
from pnp.errors import DataError, UsageError
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


INLINE = r"\[[^\[\]&*!#]*\]|[-+]?\d+"           # a one-line flow list of plain items, or a number
ITEM = re.compile(r"^\s*-\s+[-+]?\d+\s*$")


def _key_line(field: str) -> re.Pattern:
    return re.compile(rf"^(?P<head>\s*(?:-\s+)?{re.escape(field)}\s*:)\s*(?P<value>{INLINE})?(?P<tail>\s+#.*)?\s*$")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _block_items(lines: list[str], key_line: int) -> range:
    """The lines of the plain block list under the key on `key_line` (1-based): `- N` items at
    the key's indent or deeper, one after the other."""
    indent, index = _indent(lines[key_line - 1]), key_line
    while index < len(lines) and _indent(lines[index]) >= indent and ITEM.match(lines[index]):
        index += 1
    return range(key_line, index)


def _by_hand(shown, line, change: CardValue, why: str) -> UsageError:
    return UsageError(f"{shown}:{line}: {change.field} is {why}, which is not rewritten here; "
                      f"set it by hand: {change.field}: {_flow(change.value)}")


def rewrite(text: str, located, changes: list[CardValue], shown) -> str:
    """`text` with each change made on its field's line (`located` is the file as loaded)."""
    lines = text.splitlines(keepends=True)
    bodies = [line.rstrip("\r\n") for line in lines]
    drop: set[int] = set()
    for change in changes:
        key_line = located.key_line_of((change.card, change.field))
        if key_line is None or not 1 <= key_line <= len(lines):
            raise UsageError(f"{shown}: card {change.card + 1} has no `{change.field}:` line to write to")
        match = _key_line(change.field).match(bodies[key_line - 1])
        if not match:
            raise _by_hand(shown, key_line, change, "not a one-line list or number here")
        if match.group("value") is None:              # a block list under the key: its items go
            items = _block_items(bodies, key_line)
            if not items:
                raise _by_hand(shown, key_line, change, "not a one-line list or a plain block list")
            drop |= set(items)
        ending = lines[key_line - 1][len(bodies[key_line - 1]):]
        lines[key_line - 1] = f"{match.group('head')} {_flow(change.value)}{match.group('tail') or ''}{ending}"
    return "".join(line for number, line in enumerate(lines) if number not in drop)


def _expected(data, changes: list[CardValue]):
    wanted = [dict(card) if isinstance(card, dict) else card for card in data]
    for change in changes:
        wanted[change.card][change.field] = change.value
    return wanted


def write_card_values(path: Path, shown, root: Path, located, changes: list[CardValue]) -> None:
    """The deck file at `path` with `changes` made, written whole or not at all."""
    from pnp.data.yaml_source import load_yaml_text

    wanted = "; ".join(f"card {c.card + 1} {c.field}: {_flow(c.value)}" for c in changes)
    if path.suffix not in (".yaml", ".yml"):
        raise UsageError(f"{shown}: values are written back to YAML decks only; set them by hand: {wanted}")
    if not path.stat().st_mode & 0o222 or not os.access(path, os.W_OK):     # root writes anything: ask the mode too
        raise UsageError(f"{shown} is read-only; make it writable, or set the values by hand: {wanted}")
    text = read_text(path, shown, root)
    new = rewrite(text, located, changes, shown)
    try:
        same = load_yaml_text(new, shown).data == _expected(located.data, changes)
    except DataError:
        same = False
    if not same:
        raise UsageError(f"{shown}: the values could not be written in place without changing anything else "
                         f"(an anchor, an alias or a list over several lines?); set them by hand: {wanted}")
    write_atomically(path, new.encode(), mode=path.stat().st_mode & 0o7777)
