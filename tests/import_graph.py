"""The import graph of the pnp package, read from its source with `ast` (nothing is imported).

Every import statement counts, one inside a function as much as one at the top of a module, and
importing `a.b.c` imports the packages `a.b` and `a` too (Python runs their __init__ first),
unless they are packages of the importing module itself, already running (a statement that
names one of them still counts).
"""

import ast
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Import:
    """One module importing another: the statement's file and line say where."""

    source: str
    target: str
    file: Path
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.source} imports {self.target}"


@dataclass(frozen=True)
class Statement:
    """One import statement: the module names it reads (`pnp.render.cards`, `os`), with its line."""

    module: str
    file: Path
    line: int
    names: tuple[str, ...]
    base: str | None = None     # `from BASE import ...`: names are BASE.NAME, each a module or not


def module_files(package: Path) -> dict[str, Path]:
    """Each module of the package by its dotted name (a package by its own name, not __init__)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def statements(package: Path) -> list[Statement]:
    """Every import statement of the package, its relative names made absolute."""
    found = []
    for module, path in module_files(package).items():
        own_package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found.append(Statement(module, path, node.lineno, tuple(alias.name for alias in node.names)))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = own_package
                    for _ in range(node.level - 1):
                        anchor = anchor.rpartition(".")[0]
                    base = f"{anchor}.{base}" if base else anchor
                names = tuple(f"{base}.{alias.name}" for alias in node.names)
                found.append(Statement(module, path, node.lineno, names, base))
    return found


def imports(package: Path) -> list[Import]:
    """Every module-to-module import inside the package, each with the statement that makes it."""
    modules = module_files(package)

    def resolved(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    found = []
    for statement in statements(package):
        named = statement.names
        if statement.base is not None:      # a name that is no module is one of BASE's
            named = [name if name in modules else statement.base for name in named]
        targets = {resolved(name) for name in named} - {None, statement.module}
        for target in sorted(targets):
            found.append(Import(statement.module, target, statement.file, statement.line))
            parent = target.rpartition(".")[0]
            while parent in modules and not (statement.module + ".").startswith(parent + "."):
                found.append(Import(statement.module, parent, statement.file, statement.line))
                parent = parent.rpartition(".")[0]
    return found


def circles(found: list[Import]) -> list[list[Import]]:
    """One circle of imports through each group of modules that import each other (Tarjan's
    strongly connected components, without recursion), as the imports that close it."""
    edges: dict[str, dict[str, Import]] = defaultdict(dict)
    for edge in found:
        edges[edge.source].setdefault(edge.target, edge)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, following = work[-1]
            step = next(following, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(edges[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(group)
    return [_circle_through(group, edges) for group in groups]


def _circle_through(group: set[str], edges: dict) -> list[Import]:
    """A shortest way from the group's first module back to itself, inside the group."""
    first = min(group)
    came_from: dict[str, Import] = {}
    waiting = [first]
    while waiting:
        node = waiting.pop(0)
        for target, edge in sorted(edges[node].items()):
            if target not in group or target in came_from:
                continue
            came_from[target] = edge
            if target == first:
                path = [edge]
                while path[0].source != first:
                    path.insert(0, came_from[path[0].source])
                return path
            waiting.append(target)
    return []
