"""The documentation says exactly what the code accepts, and links only files that exist."""

import re

from pnp.data.fields import FIELD_TYPES
from pnp.games.spec import BoardSpec, CoverSpec, DeckSpec, FieldSpec, GameSpec, ModuleSpec
from pnp.games import get_game
from pnp.project import Project
from tests.conftest import ROOT

DECLARATION = (ROOT / "docs" / "game-declaration.md").read_text()


def table_after(heading: str, text: str) -> dict[str, str]:
    """The first column (a `code` name) to the last of the table under a heading."""
    section = text.split(heading, 1)[1]
    rows = {}
    for line in section.splitlines()[2:]:
        if not line.startswith("|"):
            if rows:
                break
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        for name in re.findall(r"`([a-z_]+)`", cells[0]):
            rows[name] = cells[-1]
    return rows


def test_the_documented_game_and_deck_keys_are_the_accepted_ones():
    assert set(table_after("## The game", DECLARATION)) == set(GameSpec.model_fields)
    assert set(table_after("## A deck", DECLARATION)) == set(DeckSpec.model_fields)
    assert set(table_after("## A board", DECLARATION)) == set(BoardSpec.model_fields)
    assert set(table_after("## The cover", DECLARATION)) == set(CoverSpec.model_fields)
    assert set(table_after("## A module", DECLARATION)) == set(ModuleSpec.model_fields)


def test_the_documented_field_types_and_options_are_the_accepted_ones():
    types = table_after("Each field is", DECLARATION)
    assert types == FIELD_TYPES
    options = table_after("Options of a field:", DECLARATION)
    assert set(options) == set(FieldSpec.model_fields) - {"type"}


def test_the_documented_example_kinds_are_verset_s():
    text = (ROOT / "docs" / "worked-examples.md").read_text()
    documented = set(table_after("## Le Dernier Verset's kinds", text))
    assert documented == set(get_game(Project.at(ROOT), "verset").kinds)


def test_readme_and_docs_link_only_files_in_the_repository():
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = path.read_text()
        assert "../shared" not in text, path
        for target in re.findall(r"\]\(([^)#:]+)\)", text):
            assert (path.parent / target).exists(), (path, target)


def test_every_limit_is_documented_with_its_value_and_used():
    import pnp.limits as limits
    documented = {}
    for line in (ROOT / "docs" / "safety.md").read_text().splitlines():
        match = re.match(r"\| `([A-Z_]+)` \| ([0-9,]+) \|", line)
        if match:
            documented[match.group(1)] = int(match.group(2).replace(",", ""))
    defined = {name: value for name, value in vars(limits).items() if name.isupper()}
    assert documented == defined
    code = "".join(p.read_text() for p in (ROOT / "pnp").rglob("*.py") if p.name != "limits.py")
    assert all(re.search(rf"\b{name}\b", code) for name in defined)


def test_the_documented_export_services_are_the_accepted_ones():
    from pnp.export.services import SERVICES

    documented = table_after("| service |", (ROOT / "docs" / "publishing.md").read_text())
    assert set(documented) == set(SERVICES)


def test_the_documented_example_kinds_are_verso_s():
    text = (ROOT / "docs" / "worked-examples.md").read_text()
    documented = set(table_after("## Verso's kinds", text))
    assert documented == set(get_game(Project.at(ROOT), "verso").kinds)


def test_the_documented_example_kinds_are_one_last_fight_s():
    text = (ROOT / "docs" / "worked-examples.md").read_text()
    assert set(table_after("## One Last Fight's kinds", text)) == set(get_game(Project.at(ROOT), "olf").kinds)


def test_the_documented_example_kinds_are_verdun_s():
    text = (ROOT / "docs" / "worked-examples.md").read_text()
    assert set(table_after("## Verdun's kinds", text)) == set(get_game(Project.at(ROOT), "verdun").kinds)
