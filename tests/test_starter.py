"""`pnp new`: the new game's own title, from the starter or a copy (issue 28, item 11)."""

import yaml

from tests.conftest import run_pnp


def title_of(project, key) -> str:
    return yaml.safe_load((project / "card_data" / key / "game.yaml").read_text())["title"]


def test_a_copied_game_takes_its_own_title(project_copy):
    assert run_pnp("new", "my-verset", "--from", "verset", "--project", str(project_copy)).exit_code == 0
    assert title_of(project_copy, "my-verset") == "My Verset"
    result = run_pnp("new", "redux", "--from", "verset", "--title", 'Verset: "Redux"', "--project", str(project_copy))
    assert result.exit_code == 0 and title_of(project_copy, "redux") == 'Verset: "Redux"'


def test_a_title_yaml_would_misread_is_written_as_typed(project_copy):
    assert run_pnp("new", "small", "--title", "Small: #1", "--project", str(project_copy)).exit_code == 0
    assert title_of(project_copy, "small") == "Small: #1"
    assert run_pnp("check", "small", "--project", str(project_copy)).exit_code == 0


def test_a_copied_game_names_itself_wherever_the_copied_one_named_itself(project_copy):
    """Once only game.yaml's title changed: the copy's backs, playmat, rulebook cover, running
    head and chapters still printed Le Dernier Verset."""
    result = run_pnp("new", "moon", "--from", "verset", "--title", "Moonlit Hands", "--project", str(project_copy))
    assert result.exit_code == 0, result.output
    copied = [path for folder in ("card_data", "layouts") for path in (project_copy / folder / "moon").rglob("*")
              if path.suffix in (".yaml", ".html", ".css", ".md")]
    assert not [path for path in copied if "Dernier Verset" in path.read_text()]
    assert "{% block cover_title %}Moonlit Hands{% endblock %}" in (project_copy / "layouts/moon/rulebook.html").read_text()
    assert run_pnp("check", "moon", "--project", str(project_copy)).exit_code == 0
    result = run_pnp("new", "redux", "--from", "verset", "--title", 'Verset: "Redux"', "--project", str(project_copy))
    assert "still write Le Dernier Verset" in result.output
    result = run_pnp("check", "redux", "--project", str(project_copy))      # written as typed; printed, it wants “ ”
    assert result.exit_code == 2 and 'game.yaml:4: title: expected typographic quotes (“ ”), found \'Verset: "Redux"\'' \
        in result.output, result.output
