import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.project import Project

ROOT = Path(__file__).resolve().parent.parent
# Tests render everything afresh; tests/render/test_cache.py turns the cache on for itself.
os.environ["PNP_CACHE"] = "off"


def copy_project(target: Path) -> Path:
    """A throwaway copy of the project's inputs, for tests that break them."""
    for name in ("card_data", "layouts", "fonts"):
        shutil.copytree(ROOT / name, target / name)
    return target


@pytest.fixture
def project_copy(tmp_path) -> Path:
    return copy_project(tmp_path / "project")


def run_pnp(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


PAPERS = ("a4", "letter", "a3", "tabloid")


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """The verset sheets built once per test session, for every paper, in one run (in a copy
    of the project: each paper goes to its own output folder)."""
    root = copy_project(tmp_path_factory.mktemp("verset-project"))
    result = run_pnp("build", "verset", *(option for paper in PAPERS for option in ("--paper", paper)),
                     "--project", str(root))
    assert result.exit_code == 0, result.output
    return {paper: root / "output" / "verset" / paper for paper in PAPERS}


@pytest.fixture(scope="session")
def built_wizard(tmp_path_factory):
    """The Last Wizard built once per test session, for A4 and Letter."""
    out = {}
    for paper in ("a4", "letter"):
        target = tmp_path_factory.mktemp(f"wizard-{paper}")
        result = run_pnp("build", "wizard", "--paper", paper, "--out", str(target), "--project", str(ROOT))
        assert result.exit_code == 0, result.output
        out[paper] = target
    return out


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The download site of every game, built once per test session."""
    target = tmp_path_factory.mktemp("site") / "site"
    result = run_pnp("site", "--out", str(target), "--project", str(ROOT))
    assert result.exit_code == 0, result.output
    return target


@pytest.fixture
def cache_on(monkeypatch, tmp_path):
    monkeypatch.setenv("PNP_CACHE", "on")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home"))


@pytest.fixture
def tiny(tmp_path) -> Project:
    """A project copy with the starter game `tiny` (one deck of six cards, a rulebook)."""
    root = copy_project(tmp_path / "project")
    result = run_pnp("new", "tiny", "--project", str(root))
    assert result.exit_code == 0, result.output
    return Project.at(root)
