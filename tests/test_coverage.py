"""Every rule of each source rulebook is proved somewhere: `card_data/GAME/coverage.yaml` maps the
source's lines to worked examples, engine tests and rulings, and this test keeps the map complete
(docs/worked-examples.md, "Coverage")."""

import re
from pathlib import Path

import pytest
import yaml

from pnp.check import collect_examples
from pnp.games import get_game
from pnp.project import Project
from tests.conftest import ROOT

GAMES = ("verset", "wizard", "verso", "olf", "verdun")
SOURCES = ROOT.parent / "shared" / "rulebooks"
LINES = re.compile(r"^(\d+)(?:-(\d+))?$")
ENTRY_KEYS = {"lines", "rule", "no_rule", "examples", "tests", "rulings"}


def coverage(game: str) -> dict:
    return yaml.safe_load((ROOT / "card_data" / game / "coverage.yaml").read_text(encoding="utf-8"))


def line_range(text) -> range:
    found = LINES.match(str(text))
    assert found, f"lines: expected 'N' or 'N-M', found {text!r}"
    first, last = int(found[1]), int(found[2] or found[1])
    assert first <= last, f"lines {text}: the range runs backwards"
    return range(first, last + 1)


def example_ids(game: str) -> set[str]:
    project = Project.at(ROOT)
    examples, problems = collect_examples(project, get_game(project, game))
    assert not problems, problems
    return {example.id for example in examples}


def ruling_ids(game: str) -> set[str]:
    rulings = yaml.safe_load((ROOT / "card_data" / game / "rulings.yaml").read_text(encoding="utf-8"))
    return {ruling["id"] for ruling in rulings}


def proof_exists(reference: str) -> bool:
    path, _, name = reference.partition("::")
    file = ROOT / path
    return (bool(name) and file.is_file() and file.resolve().is_relative_to(ROOT / "tests")
            and re.search(rf"^\s*def {re.escape(name)}\(", file.read_text(encoding="utf-8"), re.M) is not None)


@pytest.mark.parametrize("game", GAMES)
def test_every_entry_names_a_rule_and_its_proof(game):
    table = coverage(game)
    examples, rulings = example_ids(game), ruling_ids(game)
    assert isinstance(table.get("rules"), list) and table["rules"]
    faults = []
    for entry in table["rules"]:
        where = f"lines {entry.get('lines')}"
        unknown = set(entry) - ENTRY_KEYS
        if unknown:
            faults.append(f"{where}: unknown keys {sorted(unknown)}")
        line_range(entry.get("lines"))
        if "no_rule" in entry:
            if set(entry) & {"rule", "examples", "tests"} or not str(entry["no_rule"]).strip():
                faults.append(f"{where}: no_rule takes a reason and nothing else")
            continue
        if not str(entry.get("rule", "")).strip():
            faults.append(f"{where}: no rule in words")
        cited_examples, cited_tests = entry.get("examples") or [], entry.get("tests") or []
        if not cited_examples and not cited_tests:
            faults.append(f"{where}: no example or test proves '{entry.get('rule')}'")
        faults += [f"{where}: no example '{e}'" for e in cited_examples if e not in examples]
        faults += [f"{where}: no test '{t}'" for t in cited_tests if not proof_exists(t)]
        faults += [f"{where}: no ruling '{r}'" for r in entry.get("rulings") or [] if r not in rulings]
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("game", GAMES)
def test_every_line_of_the_source_is_mapped(game):
    table = coverage(game)
    source = SOURCES / table["source"]
    if not SOURCES.is_dir():
        pytest.skip("the source rulebooks (../shared/rulebooks) are not beside this checkout")
    lines = source.read_text(encoding="utf-8").splitlines()
    mapped = {n for entry in table["rules"] for n in line_range(entry["lines"])}
    beyond = sorted(n for n in mapped if n > len(lines))
    missing = [n for n, text in enumerate(lines, 1) if text.strip() and n not in mapped]
    assert not beyond, f"{source.name} has {len(lines)} lines; the table maps {beyond[:5]}"
    assert not missing, f"{source.name}: lines not in the table: {missing[:20]}" + "".join(
        f"\n  {n}: {lines[n - 1][:90]}" for n in missing[:5])


def test_a_missing_proof_is_caught(tmp_path):
    assert not proof_exists("tests/test_coverage.py::no_such_function")
    assert proof_exists("tests/test_coverage.py::test_a_missing_proof_is_caught")
    assert not proof_exists("../shared/x.py::f")
    with pytest.raises(AssertionError):
        line_range("12-3")
