"""The limits the operating system enforces, on the program as installed (pnp.cli:run): the
work runs under the memory cap whatever `--jobs` says, a stage past its clock is killed by the
supervising parent, and either way the user reads one line and nothing is left behind."""

import pytest

from tests.test_attacks import run_capped
from tests.conftest import copy_project

LOW_CAP = 200_000_000          # below what laying out a rulebook needs: the cap must stop it


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return copy_project(tmp_path_factory.mktemp("limits") / "project")


def listing(folder):
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def one_error_line(output: str) -> str:
    lines = [line for line in output.splitlines() if line.startswith("error:")]
    assert len(lines) == 1, output
    assert "Traceback" not in output, output
    return lines[0]


RENDERING = {"PNP_CACHE": "off"}            # these limits bound the typesetting: it must run


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_memory_cap_stops_the_work_with_any_jobs(project, tmp_path, jobs):
    out = tmp_path / "out"
    before = listing(tmp_path)
    code, output, elapsed, memory = run_capped(["build", "wizard", "--paper", "a4", "--jobs", jobs, "--out", str(out)],
                                               project, {"PNP_MAX_MEMORY_BYTES": str(LOW_CAP), **RENDERING})
    assert code == 2, output
    line = one_error_line(output)
    assert "MAX_MEMORY_BYTES" in line and "200,000,000 bytes" in line
    assert memory < LOW_CAP, f"{memory / 2 ** 20:.0f} MB"
    assert elapsed < 60
    assert listing(tmp_path) == before


LONG_CHAPTER = "# A very long chapter\n\n" + "".join(
    f"Paragraph {number}: the mage plays a card, the round goes on, and the score is counted again.\n\n"
    for number in range(3_000))     # seconds of typesetting on any machine, well within the document limits


def test_a_stage_past_its_clock_is_killed_and_named(tmp_path):
    project = copy_project(tmp_path / "project")
    (project / "card_data/wizard/rulebook/en/06-long.md").write_text(LONG_CHAPTER, encoding="utf-8")
    out = tmp_path / "out"
    before = listing(tmp_path)
    code, output, elapsed, _ = run_capped(["build", "wizard", "--paper", "a4", "--jobs", "1", "--out", str(out)],
                                          project, {"PNP_RENDER_SECONDS": "1", **RENDERING})
    assert code == 2, output
    line = one_error_line(output)
    assert "took longer than 1 s (RENDER_SECONDS)" in line and "layouts/wizard/" in line
    assert elapsed < 60
    assert listing(tmp_path) == before
