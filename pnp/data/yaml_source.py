"""Safe YAML loading that remembers the line of every value."""

from pathlib import Path

import yaml

from pnp.data.located import Located, dotted
from pnp.errors import DataError, Problem


def _node_lines(node: yaml.Node, loader: yaml.SafeLoader, path: tuple, lines: dict,
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


def load_yaml(file: Path, display: Path | str | None = None) -> Located:
    """Load one YAML document safely; duplicate keys and syntax errors are DataErrors."""
    return load_yaml_text(file.read_text(encoding="utf-8"), display or file)


def load_yaml_text(text: str, shown: Path | str, first_line: int = 1) -> Located:
    """Load YAML text that starts at `first_line` of the file `shown` (for embedded blocks)."""
    text = "\n" * (first_line - 1) + text
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return Located(None, {(): 1}, shown)
        data = loader.construct_document(node)
        lines: dict = {}
        key_lines: dict = {}
        problems: list = []
        _node_lines(node, loader, (), lines, shown, problems, key_lines)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        raise DataError([Problem(shown, mark.line + 1 if mark else None, "(syntax)",
                                 "valid YAML", str(error.problem or error),
                                 "Check indentation and quoting on that line")]) from None
    finally:
        loader.dispose()
    if problems:
        raise DataError(problems)
    return Located(data, lines, shown, key_lines)

