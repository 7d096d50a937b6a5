"""The shape of the pnp package (issue 27): no import circle, layers that import only their own
layer or those below, and modules small enough to read.

The layers, lowest first:
- foundation: leaf utilities every layer may use (errors, limits, reading and writing files,
  the sandbox of a stage, the project's folders, the digests of a build's inputs, the user's
  cache, the checks of tags and pictures, reading a git revision, the print-shop preflight, the
  closest names a message offers, room on the frame stack, the rules of typography);
- rules: the rules engines, pure: the standard library and each other only (and RULES_LIBRARIES);
- data: a game's declaration as loaded (pnp.data.game) and its cards;
- render: cards, boards and rulebooks laid out, checked and imposed;
- application: everything else (the games' declarations and adapters, build, editions, output,
  check, site, export, the commands and the CLI).
"""

import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.import_graph import circles, imports, module_files, statements

PACKAGE = ROOT / "pnp"
COMMANDS = PACKAGE / "commands"
MAX_MODULE_LINES = 400              # every module of pnp/ is under this
MAX_COMMAND_LINES = 250             # every command's module of pnp/commands/ is under this

FOUNDATION = ("pnp.assets", "pnp.atomic", "pnp.clock", "pnp.contained", "pnp.errors", "pnp.files",
              "pnp.gitrevision", "pnp.inputs", "pnp.limits", "pnp.picture_checks", "pnp.preflight",
              "pnp.project", "pnp.stack_room", "pnp.suggest", "pnp.tables", "pnp.tags", "pnp.typography", "pnp.user_cache")
LAYERS = ("foundation", "rules", "data", "render", "application")
# Libraries the rules engines may use beside the standard library: pure computation, no I/O.
RULES_LIBRARIES = {"icepool": "exact dice probabilities (One Last Fight's odds)"}


def _within(module: str, name: str) -> bool:
    return module == name or module.startswith(name + ".")


def layer(module: str) -> str:
    if module == "pnp" or any(_within(module, name) for name in FOUNDATION):
        return "foundation"
    for name in ("rules", "data", "render"):
        if _within(module, f"pnp.{name}"):
            return name
    return "application"


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_the_layers_are_named_once():
    modules = module_files(PACKAGE)
    assert all(name in modules for name in FOUNDATION), [name for name in FOUNDATION if name not in modules]
    assert {layer(module) for module in modules} == set(LAYERS)


def test_no_import_circle():
    found = circles(imports(PACKAGE))
    described = ["\n".join(f"  {shown(edge.file)}:{edge.line}: {edge.source} imports {edge.target}"
                           for edge in circle) for circle in found]
    assert not found, "import circles:\n" + "\n\n".join(described)


def test_each_layer_imports_only_its_own_and_those_below():
    rank = {name: position for position, name in enumerate(LAYERS)}
    upward = sorted({f"{shown(edge.file)}:{edge.line}: {edge.source} ({layer(edge.source)}) imports "
                     f"{edge.target} ({layer(edge.target)})"
                     for edge in imports(PACKAGE) if rank[layer(edge.target)] > rank[layer(edge.source)]})
    assert not upward, "imports running up a layer:\n" + "\n".join(upward)


def test_the_rules_engines_import_only_the_standard_library_and_each_other():
    allowed = set(sys.stdlib_module_names) | set(RULES_LIBRARIES)
    outside = []
    for statement in statements(PACKAGE):
        if layer(statement.module) != "rules":
            continue
        for name in statement.names:
            top = name.partition(".")[0]
            if (top == "pnp" and not _within(name, "pnp.rules")) or (top != "pnp" and top not in allowed):
                outside.append(f"{shown(statement.file)}:{statement.line}: {statement.module} imports {name}")
    assert not outside, "rules engines importing outside the rules and the standard library:\n" + "\n".join(outside)


def _line_counts(files) -> dict[str, int]:
    return {shown(path): len(path.read_text().splitlines()) for path in files}


@pytest.mark.parametrize("files, limit", [
    (lambda: PACKAGE.rglob("*.py"), MAX_MODULE_LINES),
    (lambda: COMMANDS.glob("*.py") if COMMANDS.is_dir() else [], MAX_COMMAND_LINES),
], ids=["pnp", "pnp/commands"])
def test_every_module_is_under_its_limit(files, limit):
    counts = _line_counts(files())
    too_long = {path: lines for path, lines in sorted(counts.items()) if lines >= limit}
    assert not too_long, f"modules of {limit} lines or more: " + ", ".join(
        f"{path} ({lines})" for path, lines in too_long.items())
