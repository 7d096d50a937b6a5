"""What the commands print when their output is not a terminal (issue 28, item 10): plain, full
width, one line per problem, and a long command says what it is doing."""

import pytest

from pnp.commands import report
from tests.conftest import run_pnp


@pytest.fixture
def piped(monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)


def test_a_piped_table_keeps_every_path_whole(piped, tiny, tmp_path):
    out = tmp_path / "a-long-folder-name-for-the-sheets" / "of-the-tiny-game-printed-on-a4-paper"
    result = run_pnp("build", "tiny", "--paper", "a4", "--out", str(out), "--project", str(tiny.root))
    assert result.exit_code == 0, result.output
    assert f"{out}/cards.pdf" in result.output and "…" not in result.output
    assert "None" not in result.output and "checking" not in result.output   # no bar frames in a log


def test_a_piped_problem_and_its_summary_are_one_line_each_however_long(piped, tiny):
    declaration = tiny.card_data / "tiny" / "game.yaml"
    title = "The Lanterns of the Long Night Under the Hill, a Game of Light and Shadow"
    declaration.write_text(declaration.read_text().replace("title: Tiny", f"title: {title}"))
    cards = tiny.card_data / "tiny" / "cards.yaml"
    cards.write_text(cards.read_text().replace("value: 1", "value: 12", 1))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    lines = result.output.splitlines()
    assert len(lines) == 2, lines
    assert lines[0] == f"error: 1 problem in the input ({title})"
    assert lines[1].startswith("  card_data/tiny/cards.yaml:") and "found 12" in lines[1] and len(lines[1]) > 80


def test_a_long_command_without_counts_says_each_step_when_piped(piped, capsys):
    with report.progress_of("building the site", counted=False) as show:
        show(0, None, "building the site: Tiny: A4, US Letter")
        show(0, None, "building the site: Tiny: A4, US Letter")
    said = capsys.readouterr().err.splitlines()
    assert said == ["building the site", "  building the site: Tiny: A4, US Letter"]
