import fcntl
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.project import Project
from pnp.render.cache import SHARED_FOLDER_VARIABLE

ROOT = Path(__file__).resolve().parent.parent
RUN_CACHE = "PNP_TEST_CACHE_HOME"       # the test run's own user cache folder, shared by its workers

# The test run renders each page once: builds use pnp's page cache, signed with a secret of the
# run's own and kept in one folder of the run's (PNP_CACHE_FOLDER), which the first process of
# the run makes and every xdist worker and every pnp it starts inherits. A page is keyed by its
# inputs, not by the project's location, so a copy of the project that changes one deck lays
# out that deck only. A test that proves something of rendering afresh (two builds
# byte-identical, a killed build) turns the cache off for itself (`fresh_renders`), and tests of
# the cache give it a folder of their own (`cache_on`).
if RUN_CACHE not in os.environ:
    os.environ[RUN_CACHE] = tempfile.mkdtemp(prefix="pnp-test-cache-")
os.environ["PNP_CACHE"] = "on"
os.environ["XDG_CACHE_HOME"] = os.environ[RUN_CACHE]
os.environ[SHARED_FOLDER_VARIABLE] = str(Path(os.environ[RUN_CACHE]) / "pages")


def pytest_unconfigure(config):
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        shutil.rmtree(os.environ[RUN_CACHE], ignore_errors=True)


@pytest.fixture
def fresh_renders(monkeypatch):
    """Every page laid out afresh: for what only a fresh rendering proves."""
    monkeypatch.setenv("PNP_CACHE", "off")


def run_folder(tmp_path_factory) -> Path:
    """The folder every worker of this test run shares (the run's own one without xdist)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def made_once(tmp_path_factory, name: str, make: Callable[[Path], None]) -> Path:
    """A folder `make` fills once per test run, by the first worker that asks for it; the
    others wait for it and read it. Tests only read it."""
    base = run_folder(tmp_path_factory)
    target, done = base / name, base / f"{name}.done"
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(target, ignore_errors=True)
            target.mkdir(parents=True)
            make(target)
            done.touch()
    return target


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
    """The verset sheets built once per test run, for every paper, from the project itself: its
    pages are the ones the site's build lays out, read from the run's page cache."""
    def make(folder):
        for paper in PAPERS:
            result = run_pnp("build", "verset", "--paper", paper, "--out", str(folder / paper), "--project", str(ROOT))
            assert result.exit_code == 0, result.output

    folder = made_once(tmp_path_factory, "verset", make)
    return {paper: folder / paper for paper in PAPERS}


@pytest.fixture(scope="session")
def built_wizard(tmp_path_factory):
    """The Last Wizard built once per test run, for A4 and Letter."""
    def make(folder):
        for paper in ("a4", "letter"):
            result = run_pnp("build", "wizard", "--paper", paper, "--out", str(folder / paper), "--project", str(ROOT))
            assert result.exit_code == 0, result.output

    folder = made_once(tmp_path_factory, "wizard", make)
    return {paper: folder / paper for paper in ("a4", "letter")}


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The download site of every game, built once per test run."""
    def make(folder):
        result = run_pnp("site", "--out", str(folder / "site"), "--project", str(ROOT))
        assert result.exit_code == 0, result.output

    return made_once(tmp_path_factory, "site", make) / "site"


@pytest.fixture
def cache_on(monkeypatch, tmp_path):
    """The cache as a user has it: the project's own folder, under a secret of the test's."""
    monkeypatch.setenv("PNP_CACHE", "on")
    monkeypatch.delenv(SHARED_FOLDER_VARIABLE)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home"))


@pytest.fixture
def tiny(tmp_path) -> Project:
    """A project copy with the starter game `tiny` (one deck of six cards, a rulebook)."""
    root = copy_project(tmp_path / "project")
    result = run_pnp("new", "tiny", "--project", str(root))
    assert result.exit_code == 0, result.output
    return Project.at(root)
