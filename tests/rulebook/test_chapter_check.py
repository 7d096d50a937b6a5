"""A build checks the chapters it prints in its rulebook task, not once more in its check
(pnp/rulebook/chapter_check.py): what `pnp check` refuses in them, the build refuses, and the
verdict the task reaches is kept for `pnp check` as the check's own would be."""

import pytest

from tests.conftest import run_pnp


@pytest.fixture
def rendered_chapters(monkeypatch):
    """The languages whose chapters are rendered in this process."""
    import pnp.rulebook.render as rulebook_render

    seen, body = [], rulebook_render.rulebook_body
    monkeypatch.setattr(rulebook_render, "rulebook_body",
                        lambda project, game, *a, **k: (seen.append(game.language), body(project, game, *a, **k))[1])
    return seen


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_build_refuses_a_glossary_rule_no_heading_of_its_chapters_has(tiny, tmp_path, jobs):
    glossary = tiny.card_data / "tiny" / "glossary.yaml"
    glossary.write_text(glossary.read_text().replace("rule: how-to-play--the-end", "rule: how-to-play--the-ending"))
    out = tmp_path / "out"
    result = run_pnp("build", "tiny", "--jobs", jobs, "--out", str(out), "--project", str(tiny.root))
    assert result.exit_code == 2, result.output
    assert "card_data/tiny/glossary.yaml:" in result.output and "'how-to-play--the-ending'" in result.output
    assert not out.exists()


def test_the_chapters_a_build_printed_are_not_checked_again(cache_on, tiny, rendered_chapters):
    assert run_pnp("build", "tiny", "--project", str(tiny.root)).exit_code == 0
    assert rendered_chapters == []                      # the build's check left them to its rulebook task
    assert run_pnp("check", "tiny", "--project", str(tiny.root)).exit_code == 0
    assert rendered_chapters == []                      # whose verdict the check found kept
    chapter = tiny.card_data / "tiny" / "rulebook" / "01-how-to-play.md"
    chapter.write_text(chapter.read_text() + "\nOne more sentence.\n")
    assert run_pnp("check", "tiny", "--project", str(tiny.root)).exit_code == 0
    assert rendered_chapters == ["en"]
