"""Safe YAML loading that remembers the line of every value, within the limits of pnp/limits.py."""

from pathlib import Path

import yaml

from pnp.data.located import Located, dotted
from pnp.errors import DataError, Problem
from pnp.files import read_text
from pnp.limits import MAX_NESTING, MAX_NUMBER_DIGITS, MAX_YAML_ALIASES, MAX_YAML_NODES

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


def _size_problems(root: yaml.Node, shown) -> list[Problem]:
    """Nodes once aliases are expanded, alias uses, nesting and long numbers, measured
    without expanding anything: a node reached a second time is an alias."""
    expanded: dict = {}
    visiting: set = set()
    aliases = 0

    def refuse(node, field, expected, found, fix=""):
        raise _TooLarge(Problem(shown, node.start_mark.line + 1, field, expected, found, fix))

    def measure(node, depth: int) -> int:
        nonlocal aliases
        if depth > MAX_NESTING:
            refuse(node, "(nesting)", f"at most {MAX_NESTING} levels of lists and mappings (MAX_NESTING)",
                   "deeper nesting", "Flatten the data")
        key = id(node)
        if key in visiting:
            refuse(node, "(aliases)", "values that do not contain themselves", "an alias inside its own anchor")
        if key in expanded:
            aliases += 1
            if aliases > MAX_YAML_ALIASES:
                refuse(node, "(aliases)", f"at most {MAX_YAML_ALIASES} uses of aliases (MAX_YAML_ALIASES)",
                       "more", "Write the values out, or use fewer *aliases")
            return expanded[key]
        if (isinstance(node, yaml.ScalarNode) and node.tag == INT_TAG
                and len(node.value.lstrip("+-")) > MAX_NUMBER_DIGITS):
            refuse(node, "(number)", f"a number of at most {MAX_NUMBER_DIGITS} digits (MAX_NUMBER_DIGITS)",
                   f"{len(node.value)} digits")
        visiting.add(key)
        total = 1 + sum(measure(child, depth + 1) for child in _children(node))
        visiting.discard(key)
        if total > MAX_YAML_NODES:
            refuse(node, "(size)", f"at most {MAX_YAML_NODES:,} values, aliases expanded (MAX_YAML_NODES)",
                   "more", "Use fewer aliases, or split the file")
        expanded[key] = total
        return total

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
    return load_yaml_text(read_text(file, shown, root), shown)


def load_yaml_text(text: str, shown: Path | str, first_line: int = 1) -> Located:
    """Load YAML text that starts at `first_line` of the file `shown` (for embedded blocks)."""
    text = "\n" * (first_line - 1) + text
    loader = SAFE_LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return Located(None, {(): 1}, shown)
        problems = _size_problems(node, shown)
        if problems:
            raise DataError(problems)
        data = loader.construct_document(node)
        lines: dict = {}
        key_lines: dict = {}
        _node_lines(node, loader, (), lines, shown, problems, key_lines)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        raise DataError([Problem(shown, mark.line + 1 if mark else None, "(syntax)",
                                 "valid YAML", str(error.problem or error),
                                 "Check indentation and quoting on that line")]) from None
    except yaml.YAMLError as error:
        raise DataError([Problem(shown, None, "(syntax)", "valid YAML", str(error))]) from None
    except RecursionError:
        raise DataError([Problem(shown, _deep_line(text), "(nesting)",
                                 f"at most {MAX_NESTING} levels of lists and mappings (MAX_NESTING)",
                                 "far deeper nesting", "Flatten the data")]) from None
    except (ValueError, OverflowError, TypeError) as error:
        raise DataError([Problem(shown, None, "(value)", "values YAML can hold", str(error))]) from None
    finally:
        loader.dispose()
    if problems:
        raise DataError(problems)
    return Located(data, lines, shown, key_lines)
