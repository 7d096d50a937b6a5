"""The render cache gives the same bytes as a fresh render, and notices changed inputs."""

import pytest

from tests.conftest import run_pnp


@pytest.fixture
def cache_on(monkeypatch):
    monkeypatch.setenv("PNP_CACHE", "on")


def build(project, out):
    result = run_pnp("build", "verset", "--duplex", "none", "--out", str(out), "--project", str(project))
    assert result.exit_code == 0, result.output
    return {path.name: path.read_bytes() for path in out.glob("*.pdf")}


def test_a_cached_build_equals_a_fresh_one_and_a_changed_card_is_rendered_again(project_copy, tmp_path,
                                                                                 cache_on, monkeypatch):
    first = build(project_copy, tmp_path / "first")
    assert list((project_copy / "output" / ".cache").glob("*.pdf"))
    cached = build(project_copy, tmp_path / "cached")
    assert cached == first
    verses = project_copy / "card_data" / "verset" / "verses.yaml"
    verses.write_text(verses.read_text().replace("The Unpaid Debt", "The Unpaid Loan"))
    changed = build(project_copy, tmp_path / "changed")
    assert changed["verses.pdf"] != first["verses.pdf"]
    assert changed["abilities.pdf"] == first["abilities.pdf"]
    monkeypatch.setenv("PNP_CACHE", "off")
    assert build(project_copy, tmp_path / "fresh")["verses.pdf"] == changed["verses.pdf"]
