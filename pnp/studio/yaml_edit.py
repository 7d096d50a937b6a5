"""Edits to a deck kept in YAML, spliced into the file's text: only the characters of the value
changed (or the lines of the card added, copied, removed or moved) differ, and the rest of the
file stays byte for byte as it was, comments, blank lines, quoting and line endings included.

A round-trip library (ruamel.yaml) re-emits the whole document, which re-indents and re-wraps
what the edit did not touch; a splice cannot. Every new text is read back before it is kept:
unless it holds exactly the data asked for, the edit is refused in words and nothing changes.
"""

import re

import yaml

from pnp.data.yaml_source import SAFE_LOADER, load_yaml_text
from pnp.errors import DataError, UsageError

FLOW_WIDTH = 10**6          # one value on one line, however long


class Unsplicable(UsageError):
    """An edit this file's shape does not allow in place (an alias, a card written as one flow
    mapping over several lines): the designer makes it in an editor."""


def _compose(text: str):
    loader = SAFE_LOADER(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _entries(text: str, shown) -> list:
    root = _compose(text)
    if not isinstance(root, yaml.SequenceNode):
        raise Unsplicable(f"{shown}: a deck file is a list of cards, one `- ` entry each")
    return root.value


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


# Inside `[...]` or `{...}`, a plain text with any of these is quoted: YAML's parsers (libyaml,
# PyYAML's own) do not all read them alike there.
FLOW_INDICATORS = re.compile(r"[,\[\]{}?:#&*!|>'\"%@`]|^-")


def scalar_text(value, style: str | None = None, in_flow: bool = False) -> str:
    """`value` as one line of YAML: plain when it reads back as itself, else quoted (in the
    style the value had, when there was one); inside a flow collection (`[...]`, `{...}`), a
    text with a comma, a bracket or another indicator is quoted."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(scalar_text(item, in_flow=True) for item in value) + "]"
    if isinstance(value, str) and in_flow and FLOW_INDICATORS.search(value) and style != "'":
        style = '"'
    if isinstance(value, str) and ("\n" in value or style == '"'):
        quoted = yaml.safe_dump(value, default_style='"', width=FLOW_WIDTH, allow_unicode=True)
    elif isinstance(value, str) and style == "'":
        quoted = yaml.safe_dump(value, default_style="'", width=FLOW_WIDTH, allow_unicode=True)
    else:
        quoted = yaml.safe_dump(value, default_flow_style=True, width=FLOW_WIDTH, allow_unicode=True)
    return quoted.removesuffix("\n").removesuffix("\n...").removesuffix("\n")


def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def _line_end(text: str, index: int) -> int:
    """The index just past the newline of the line holding `index`."""
    end = text.find("\n", index)
    return len(text) if end < 0 else end + 1


def _last_value_end(text: str, node) -> int:
    """Where the entry's own text ends: after its last value, before the blank lines and
    comments that follow (a block scalar's span runs on over them)."""
    while isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.value and not node.flow_style:
        last = node.value[-1]
        node = last[1] if isinstance(last, tuple) else last
    end = node.end_mark.index
    if isinstance(node, yaml.ScalarNode) and node.style in ("|", ">"):
        while end > node.start_mark.index and text[end - 1] in " \t\r\n":
            end -= 1
    return end


def _content_end(text: str, node) -> int:
    """Just past the newline of the line where the node's text ends."""
    end = _last_value_end(text, node)
    return _line_end(text, max(end - 1, 0)) if end and text[end - 1] != "\n" else end


def entry_span(text: str, node) -> tuple[int, int]:
    """The entry's lines: from its dash's line to the end of its last value's line."""
    dash = text.rfind("-", 0, node.start_mark.index)
    return _line_start(text, dash), _content_end(text, node)


def _with_comments(text: str, entries: list, index: int) -> tuple[int, int]:
    """The entry's lines with the comment lines right above it (no blank line between): they
    are the card's own, and go where it goes. The first card's are the file's, and stay."""
    start, end = entry_span(text, entries[index])
    while index > 0 and start > 0:
        above = _line_start(text, start - 1)
        if not text[above:start].lstrip().startswith("#"):
            break
        start = above
    return start, end


def _trailing_gap(text: str, end: int) -> int:
    """The blank lines after `end` (not comments: those belong to what follows)."""
    index = end
    while index < len(text):
        line_end = _line_end(text, index)
        if text[index:line_end].strip():
            break
        index = line_end
    return index


def _key_and_value(entry, field: str):
    for key, value in entry.value if isinstance(entry, yaml.MappingNode) else ():
        if isinstance(key, yaml.ScalarNode) and key.value == field:
            return key, value
    return None, None


def _value_span(text: str, key, value) -> tuple[int, int, str]:
    """Where a value's text is, and the text that replaces it ahead of the new value: a block
    list or a block scalar is replaced from just after its key's colon."""
    if isinstance(value, yaml.ScalarNode) and value.style not in ("|", ">"):
        return value.start_mark.index, value.end_mark.index, ""
    if getattr(value, "flow_style", None) is True:
        return value.start_mark.index, value.end_mark.index, ""
    colon = text.index(":", key.end_mark.index) + 1
    return colon, _last_value_end(text, value), " "


def _check(new: str, shown, wanted: list) -> str:
    try:
        same = load_yaml_text(new, shown).data == wanted
    except DataError as error:
        problem = error.problems[0]
        if problem.field == "(text)":            # a control character: the value's own fault
            raise Unsplicable(f"the value holds {problem.found}; {problem.expected}") from None
        same = False
    if not same:
        raise Unsplicable(f"{shown}: this edit cannot be made in place without changing something else "
                          "(an anchor, an alias, a card written over several lines as one {...}?); make it in "
                          "your editor")
    return new


def set_value(text: str, shown, data: list, index: int, field: str, value) -> str:
    """The file with card `index`'s `field` set to `value` (None: the key removed). A value
    written as a block keeps its form: a list of `- item` lines stays one, a `|` or `>` text
    stays one (with its ending as it was: the grid shows texts without their last newline)."""
    entries = _entries(text, shown)
    entry = entries[index]
    key, node = _key_and_value(entry, field)
    wanted = [dict(card) if isinstance(card, dict) else card for card in data]
    if key is not None and value is None:
        new = _removed_key(text, entry, key, node)
    elif key is not None:
        start, end, lead = _value_span(text, key, node)
        block = _as_block(text, node, value)
        if block is not None:
            written, value = block
            new = text[:start] + written + text[end:]
        else:
            new = text[:start] + lead + scalar_text(value, getattr(node, "style", None), bool(entry.flow_style)) + text[end:]
    elif value is None:
        return text
    else:
        new = _added_key(text, entry, field, value)
    if value is None:
        wanted[index].pop(field, None)
    else:
        wanted[index][field] = value
    return _check(new, shown, wanted)


BLOCK_INDICATORS = ("|", "|-", ">", ">-")


def _column_of(text: str, index: int) -> int:
    return index - _line_start(text, index)


def _as_block(text: str, node, value):
    """(the text after the key's colon, the value it holds) for a block list or block text
    written again as one; None when the value is not written so."""
    newline = _newline(text)
    if isinstance(node, yaml.SequenceNode) and not node.flow_style and node.value and isinstance(value, list) and value \
            and all(isinstance(item, (str, int)) and not isinstance(item, bool) for item in value):
        first = node.value[0]
        dash = text.rfind("-", 0, first.start_mark.index)
        pad = " " * _column_of(text, dash)
        return "".join(newline + pad + "- " + scalar_text(item, in_flow=True) for item in value), value
    if isinstance(node, yaml.ScalarNode) and node.style in ("|", ">") and isinstance(value, str) and value.strip() \
            and not value[0].isspace():
        indicator = text[node.start_mark.index:_line_end(text, node.start_mark.index)].strip()
        if indicator not in BLOCK_INDICATORS:
            return None
        if indicator.startswith(">") and "\n" in value.strip("\n"):
            indicator = "|" + indicator[1:]                  # lines kept as lines: literal
        value = value.rstrip("\n") + ("" if indicator.endswith("-") else "\n")
        content = text[_line_end(text, node.start_mark.index):node.end_mark.index]
        first_line = next((line for line in content.splitlines() if line.strip()), "  ")
        pad = " " * (len(first_line) - len(first_line.lstrip(" ")))
        lines = value.rstrip("\n").split("\n")
        return " " + indicator + "".join(newline + (pad + line if line else "") for line in lines), value
    return None


def _added_key(text: str, entry, field: str, value) -> str:
    if not isinstance(entry, yaml.MappingNode):
        raise Unsplicable("a card that is not a mapping of fields")
    if entry.flow_style:
        close = text.rindex("}", 0, entry.end_mark.index)
        item = f"{field}: {scalar_text(value, in_flow=True)}"
        return text[:close].rstrip() + f", {item}" + text[close:] if entry.value else text[:close] + item + text[close:]
    first_key = entry.value[0][0]
    indent = first_key.start_mark.column
    end = _content_end(text, entry)
    line = " " * indent + f"{field}: {scalar_text(value)}" + _newline(text)
    if end == len(text) and not text.endswith("\n"):
        line = _newline(text) + line.removesuffix(_newline(text))
    return text[:end] + line + text[end:]


def _removed_key(text: str, entry, key, node) -> str:
    if entry.flow_style:
        start, end = key.start_mark.index, node.end_mark.index
        rest = text[end:]
        comma = re.match(r"\s*,\s*", rest)
        if comma:
            return text[:start] + rest[comma.end():]
        before = re.search(r",\s*$", text[:start])
        return text[:before.start() if before else start] + rest
    if key is entry.value[0][0]:
        raise Unsplicable("the card's first field, which its `- ` stands on: clear it in your editor")
    return text[:_line_start(text, key.start_mark.index)] + text[_content_end(text, node):]


def _gap_between(text: str, entries: list) -> str:
    """What separates one card from the next in this file: a blank line, or nothing."""
    if len(entries) < 2:
        return _newline(text)
    end = entry_span(text, entries[0])[1]
    return _newline(text) if not text[end:_line_end(text, end)].strip() else ""


def copied(text: str, shown, data: list, index: int, new_values: dict) -> str:
    """A copy of card `index` right after it, with `new_values` (a new id) set in the copy."""
    entries = _entries(text, shown)
    start, end = entry_span(text, entries[index])
    block = text[start:end]
    gap = _gap_between(text, entries)
    inserted = (gap + block) if end < len(text) or text.endswith("\n") else (_newline(text) + gap + block)
    new = text[:end] + inserted + text[end:]
    wanted = list(data[:index + 1]) + [dict(data[index])] + list(data[index + 1:])
    new = _check(new, shown, wanted)
    for field, value in new_values.items():
        new = set_value(new, shown, wanted, index + 1, field, value)
        wanted[index + 1] = {**wanted[index + 1], field: value}
    return new


def added(text: str, shown, data: list, values: dict) -> str:
    """A new card with `values` after the last one, indented as the first card is."""
    entries = _entries(text, shown)
    nl = _newline(text)
    indent = 0
    if entries:
        indent = _line_start(text, entries[0].start_mark.index)
        indent = text.index("-", indent) - indent
    pad = " " * indent
    lines = [f"{pad}- " if number == 0 else f"{pad}  " for number in range(len(values))]
    block = "".join(f"{head}{name}: {scalar_text(value)}{nl}" for head, (name, value) in zip(lines, values.items()))
    if entries:
        end = entry_span(text, entries[-1])[1]
        if not text[:end].endswith("\n"):
            block = nl + block
        new = text[:end] + _gap_between(text, entries) + block + text[end:]
    else:
        new = text.rstrip("[] \r\n") + (nl if text.strip("[] \r\n") else "") + block
    return _check(new, shown, list(data) + [values])


def removed(text: str, shown, data: list, index: int) -> str:
    """The file without card `index`: its lines, and the blank lines after it."""
    entries = _entries(text, shown)
    start, end = _with_comments(text, entries, index)
    if index == len(entries) - 1 and index > 0:
        previous_end = entry_span(text, entries[index - 1])[1]
        start = _trailing_gap(text, previous_end) if text[previous_end:start].strip() else previous_end
    else:
        end = _trailing_gap(text, end)
    new = text[:start] + text[end:]
    if len(entries) == 1:
        new += "[]" + _newline(text)
    return _check(new, shown, list(data[:index]) + list(data[index + 1:]))


def moved(text: str, shown, data: list, index: int, to: int) -> str:
    """Card `index` and card `to` (its neighbour) swapped, each with its own lines and comments."""
    entries = _entries(text, shown)
    first, second = sorted((index, to))
    a_start, a_end = _with_comments(text, entries, first)
    b_start, b_end = _with_comments(text, entries, second)
    a, b = text[a_start:a_end], text[b_start:b_end]
    if not b.endswith("\n"):                      # the last card, with no newline at the end of the file
        b, a = b + _newline(text), a.removesuffix(_newline(text))
    new = text[:a_start] + b + text[a_end:b_start] + a + text[b_end:]
    wanted = list(data)
    wanted[first], wanted[second] = wanted[second], wanted[first]
    return _check(new, shown, wanted)
