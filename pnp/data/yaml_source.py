"""Safe YAML loading that remembers the line of every value, within the limits of pnp/limits.py."""

from functools import partial
from pathlib import Path

import yaml

from pnp.contained import stage
from pnp.data.located import Located, dotted
from pnp.errors import CONTROL_CHARACTER, CONTROL_EXPECTED, CONTROL_FIX, DataError, Problem, reason
from pnp.files import read_text
from pnp.limits import LOAD_SECONDS, MAX_DATA_CHARS, MAX_NESTING, MAX_NUMBER_DIGITS, MAX_VALUE_CHARS, MAX_YAML_ALIASES, MAX_YAML_NODES

INT_TAG = "tag:yaml.org,2002:int"
# libyaml's parser when PyYAML was built with it (about ten times faster), else PyYAML's own.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _node_lines(node: yaml.Node, loader, path: tuple, lines: dict,
                file: Path, problems: list, key_lines: dict) -> None:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: set = set()
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if key in seen:
                problems.append(Problem(file, key_node.start_mark.line + 1, dotted(path + (key,)),
                                        "each key once", f"'{key}' a second time",
                                        "Remove or rename the repeated key"))
            seen.add(key)
            key_lines[path + (key,)] = key_node.start_mark.line + 1
            _node_lines(value_node, loader, path + (key,), lines, file, problems, key_lines)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _node_lines(item, loader, path + (index,), lines, file, problems, key_lines)


def _children(node: yaml.Node) -> list:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


class _TooLarge(Exception):
    def __init__(self, problem: Problem):
        self.problem = problem


def _alias_line(text: str, number: int) -> int | None:
    """The line of the text's `number`-th alias (`*name`), counted from 1: the composed document
    keeps only the anchor's place, so the events are read again (only to report a refusal)."""
    seen = 0
    for event in yaml.parse(text, Loader=SAFE_LOADER):
        if isinstance(event, yaml.AliasEvent):
            seen += 1
            if seen == number:
                return event.start_mark.line + 1
    return None


def _scalar_problem(node: yaml.ScalarNode) -> tuple | None:
    """What is wrong with one value on its own: a number or a text too long."""
    if node.tag == INT_TAG and len(node.value.lstrip("+-")) > MAX_NUMBER_DIGITS:
        return ("(number)", f"a number of at most {MAX_NUMBER_DIGITS} digits (MAX_NUMBER_DIGITS)",
                f"{len(node.value):,} digits", "")
    if len(node.value) > MAX_VALUE_CHARS:
        return ("(value)", f"a value of at most {MAX_VALUE_CHARS:,} characters (MAX_VALUE_CHARS)",
                f"{len(node.value):,} characters", "Shorten it, or split it into several values")
    control = CONTROL_CHARACTER.search(node.value)
    if control:
        return ("(text)", CONTROL_EXPECTED, repr(control.group()), CONTROL_FIX)
    return None


def _size_problems(root: yaml.Node, shown, text: str) -> list[Problem]:
    """Values and characters once aliases are expanded, alias uses, nesting, long numbers and
    long values, measured without expanding anything. A node reached a second time is an
    alias: the running totals grow by what it stands for, and a total past its limit is
    refused at the line of the value, or of the alias, that took it there."""
    expanded: dict = {}                    # id(node) -> (values, characters) it stands for
    visiting: set = set()
    values = characters = aliases = 0

    def refuse(line, field, expected, found, fix=""):
        raise _TooLarge(Problem(shown, line() if callable(line) else line, field, expected, found, fix))

    def check_totals(line) -> None:
        if values > MAX_YAML_NODES:
            refuse(line, "(size)", f"at most {MAX_YAML_NODES:,} values, aliases expanded (MAX_YAML_NODES)",
                   "more", "Use fewer aliases, or split the file")
        if characters > MAX_DATA_CHARS:
            refuse(line, "(size)", f"at most {MAX_DATA_CHARS:,} characters, aliases expanded (MAX_DATA_CHARS)",
                   "more", "Use fewer aliases, or split the file")

    def alias(node) -> None:
        nonlocal values, characters, aliases
        aliases += 1
        line = partial(_alias_line, text, aliases)
        if id(node) in visiting:
            refuse(line, "(aliases)", "values that do not contain themselves", "an alias inside its own anchor")
        if aliases > MAX_YAML_ALIASES:
            refuse(line, "(aliases)", f"at most {MAX_YAML_ALIASES:,} uses of aliases (MAX_YAML_ALIASES)",
                   "more", "Write the values out, or use fewer *aliases")
        values += expanded[id(node)][0]
        characters += expanded[id(node)][1]
        check_totals(line)

    def measure(node, depth: int) -> None:
        nonlocal values, characters
        key = id(node)
        if key in expanded or key in visiting:
            return alias(node)
        if depth > MAX_NESTING:
            refuse(node.start_mark.line + 1, "(nesting)",
                   f"at most {MAX_NESTING} levels of lists and mappings (MAX_NESTING)", "deeper nesting",
                   "Flatten the data")
        before = (values, characters)
        values += 1
        if isinstance(node, yaml.ScalarNode):
            problem = _scalar_problem(node)
            if problem:
                refuse(node.start_mark.line + 1, *problem)
            characters += len(node.value)
        check_totals(node.start_mark.line + 1)
        visiting.add(key)
        for child in _children(node):
            measure(child, depth + 1)
        visiting.discard(key)
        expanded[key] = (values - before[0], characters - before[1])

    try:
        measure(root, 0)
    except _TooLarge as error:
        return [error.problem]
    return []


def _deep_line(text: str) -> int:
    """The line where brackets first nest past MAX_NESTING (for nesting too deep to parse)."""
    depth = 0
    for index, char in enumerate(text):
        depth += char in "[{"
        depth -= char in "]}"
        if depth > MAX_NESTING:
            return text.count("\n", 0, index) + 1
    return 1


def load_yaml(file: Path, display: Path | str | None = None, root: Path | None = None) -> Located:
    """Load one YAML document safely from a file (inside `root` when given); duplicate keys,
    syntax errors and sizes past the limits are DataErrors."""
    shown = display or file
    with stage(shown, "reading the YAML", LOAD_SECONDS, "LOAD_SECONDS"):
        return _parse(read_text(file, shown, root), shown)


def load_yaml_text(text: str, shown: Path | str, first_line: int = 1) -> Located:
    """Load YAML text that starts at `first_line` of the file `shown` (for embedded blocks)."""
    with stage(shown, "reading the YAML", LOAD_SECONDS, "LOAD_SECONDS"):
        return _parse("\n" * (first_line - 1) + text, shown)


def _parse(text: str, shown: Path | str) -> Located:
    loader = SAFE_LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return Located(None, {(): 1}, shown)
        problems = _size_problems(node, shown, text)
        if problems:
            raise DataError(problems)
        data = loader.construct_document(node)
        lines: dict = {}
        key_lines: dict = {}
        _node_lines(node, loader, (), lines, shown, problems, key_lines)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        raise DataError([Problem(shown, mark.line + 1 if mark else None, "(syntax)",
                                 "valid YAML", str(error.problem or error).removeprefix("found ").strip(),
                                 "Check indentation and quoting on that line")]) from None
    except yaml.YAMLError as error:
        raise DataError([Problem(shown, None, "(syntax)", "valid YAML", reason(error))]) from None
    except RecursionError:
        raise DataError([Problem(shown, _deep_line(text), "(nesting)",
                                 f"at most {MAX_NESTING} levels of lists and mappings (MAX_NESTING)",
                                 "far deeper nesting", "Flatten the data")]) from None
    except (ValueError, OverflowError, TypeError) as error:
        raise DataError([Problem(shown, None, "(value)", "values YAML can hold", reason(error))]) from None
    finally:
        loader.dispose()
    if problems:
        raise DataError(problems)
    return Located(data, lines, shown, key_lines)
