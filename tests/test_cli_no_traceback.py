"""No command prints a traceback, whatever is broken in the project: each refuses in words."""

import shutil

import pytest

from tests.conftest import copy_project, run_pnp


def _write(project, relative, text):
    path = project / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


BREAKAGES = {
    "not a project": lambda p: [shutil.rmtree(p / name) for name in ("card_data", "layouts", "fonts")],
    "game.yaml is not YAML": lambda p: _write(p, "card_data/verset/game.yaml", "title: [unclosed\n"),
    "game.yaml is a list": lambda p: _write(p, "card_data/verset/game.yaml", "- one\n- two\n"),
    "game.yaml is empty": lambda p: _write(p, "card_data/verset/game.yaml", ""),
    "an engine that does not exist": lambda p: _write(
        p, "card_data/verset/game.yaml", (p / "card_data/verset/game.yaml").read_text().replace("engine: verset", "engine: chess")),
    "a data file is missing": lambda p: (p / "card_data/verset/verses.yaml").unlink(),
    "a data file is not YAML": lambda p: _write(p, "card_data/verset/verses.yaml", "- id: [\n"),
    "a data file is a mapping": lambda p: _write(p, "card_data/verset/organ.yaml", "id: x\n"),
    "a CSV with a missing column": lambda p: _write(p, "card_data/verset/tokens.csv", "id,value\none,1\n"),
    "the layouts are gone": lambda p: shutil.rmtree(p / "layouts" / "verset"),
    "the icons are gone": lambda p: shutil.rmtree(p / "layouts" / "icons"),
    "the fonts are gone": lambda p: [f.unlink() for f in (p / "fonts").rglob("*.woff")],
    "an examples file is broken": lambda p: _write(p, "card_data/verset/examples/hands.yaml", "- id: x\n  kind: hand\n"),
    "a rulebook chapter is broken": lambda p: _write(p, "card_data/verset/rulebook/en/02-cards-and-hands.md", "{{ nope( }}\n"),
    "the rulings are not YAML": lambda p: _write(p, "card_data/verset/rulings.yaml", "- id: [\n"),
    "a spreadsheet deck is not a workbook": lambda p: [
        _write(p, "card_data/verset/tokens.xlsx", "id,value\n"),
        _write(p, "card_data/verset/game.yaml",
               (p / "card_data/verset/game.yaml").read_text().replace("data: tokens.csv", "data: tokens.xlsx"))],
}


def commands(project, tmp_path):
    example = project / "card_data" / "verset" / "examples" / "hands.yaml"
    return [
        ("list",), ("check", "verset"), ("build", "verset", "--out", str(tmp_path / "out")),
        ("build", "verset", "--cards", "verses:1", "--out", str(tmp_path / "reprint")),
        ("rules", "verset", str(example)), ("rules", "verset", "--kinds"),
        ("simulate", "verset", "--campaigns", "3"), ("new", "fresh"),
        ("export", "verset", "--for", "tts", "--out", str(tmp_path / "export")),
        ("site", "--games", "verset", "--paper", "a4", "--out", str(tmp_path / "site")),
    ]


@pytest.mark.parametrize("case", sorted(BREAKAGES))
def test_every_command_on_a_broken_project_refuses_without_a_traceback(tmp_path, case):
    project = copy_project(tmp_path / "project", games=("verset",))
    BREAKAGES[case](project)
    for command in commands(project, tmp_path):
        result = run_pnp(*command, "--project", str(project))     # an exception would fail here
        assert result.exit_code in (0, 1, 2), (case, command, result.output)
        assert "Traceback" not in result.output, (case, command)
        if result.exit_code:
            assert "error" in result.output.lower() or ":" in result.output, (case, command)


@pytest.mark.parametrize("command", [("check", "tiny"), ("list",)])
def test_a_title_rich_would_read_as_broken_markup_is_printed_as_written(tiny, command):
    """A game titled "Tiny [/x]": rich's markup reader raised a MarkupError, a traceback."""
    path = tiny.root / "card_data" / "tiny" / "game.yaml"
    path.write_text(path.read_text().replace("title: Tiny\n", "title: Tiny [/x]\n", 1))
    result = run_pnp(*command, "--project", str(tiny.root))
    assert result.exit_code == 0 and "Tiny [/x]" in result.output and "Traceback" not in result.output


LINKED_TITLE = "[link=https://evil.example]Tiny[/link] [on red]now"


@pytest.mark.parametrize("command", [("check", "tiny"), ("list",), ("rules", "tiny", "--kinds")])
def test_a_title_written_as_markup_is_printed_as_written(tiny, command):
    """Values never reach rich as markup: "[link=...]" would print as a terminal hyperlink."""
    path = tiny.root / "card_data" / "tiny" / "game.yaml"
    path.write_text(path.read_text().replace("title: Tiny\n", f"title: '{LINKED_TITLE}'\n", 1))
    result = run_pnp(*command, "--project", str(tiny.root))
    assert LINKED_TITLE in " ".join(result.output.split()) and "\x1b]8;" not in result.output, result.output


def test_a_refusal_naming_a_title_written_as_markup_prints_it_as_written(tiny):
    path = tiny.root / "card_data" / "tiny" / "game.yaml"
    path.write_text(path.read_text().replace("title: Tiny\n", f"title: '{LINKED_TITLE}'\n", 1))
    cards = tiny.root / "card_data" / "tiny" / "cards.yaml"
    cards.write_text(cards.read_text().replace("value: 1", "value: 12", 1))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2 and f"in the input ({LINKED_TITLE})" in " ".join(result.output.split()), result.output
