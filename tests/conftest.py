import fcntl
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.project import Project
from pnp.render.cache import SHARED_FOLDER_VARIABLE

pytest_plugins = ["tests.costs", "tests.browser.chromium"]     # the second: the `browser` fixture

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
    for process in _SITE_BUILD:          # reaped after the tests: its CPU is its own line (tests/costs.py)
        process.wait()
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        factory = getattr(config, "_tmp_path_factory", None)
        if factory is not None and factory._basetemp is not None:
            _stop_site_build(factory.getbasetemp())      # a run stopped early (-x, Ctrl-C) leaves no build behind
        shutil.rmtree(os.environ[RUN_CACHE], ignore_errors=True)


@pytest.fixture
def fresh_renders(monkeypatch):
    """Every page laid out afresh: for what only a fresh rendering proves."""
    monkeypatch.setenv("PNP_CACHE", "off")


def run_folder(tmp_path_factory) -> Path:
    """The folder every worker of this test run shares (the run's own one without xdist)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def made_once(tmp_path_factory, name: str, make: Callable[[Path], None], after_site: bool = True) -> Path:
    """A folder `make` fills once per test run, by the first worker that asks for it; the
    others wait for it and read it. Tests only read it. `after_site`: made once the run's site
    is built (a shipped game's pages then come from its cache); a starter game's need not wait."""
    base = run_folder(tmp_path_factory)
    target, done = base / name, base / f"{name}.done"
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(target, ignore_errors=True)
            target.mkdir(parents=True)
            if after_site:
                await_site_build(base)
            make(target)
            done.touch()
    return target


def await_site_build(base: Path) -> None:
    """Wait for the run's site build, if the run started one: a whole game built while the site
    lays out the same pages would lay them out a second time; after it, they come from the run's
    page cache. Its outcome is the site's tests' business (built_site)."""
    if (base / "site.started").exists():
        with open(base / "site.building", "a") as held:
            fcntl.flock(held, fcntl.LOCK_SH)


def copy_project(target: Path, games: tuple | None = None) -> Path:
    """A throwaway copy of the project's inputs, for tests that break them; with `games`, only
    those games' folders of card_data/ and layouts/ (with everything the games share): a copy
    costs its files, about half a millisecond each here, and the shipped games are half of them."""
    shipped = {path.parent.name for path in (ROOT / "card_data").glob("*/game.yaml")}
    left_out = shipped - set(games) if games is not None else set()
    for name in ("card_data", "layouts", "fonts"):
        shutil.copytree(ROOT / name, target / name,
                        ignore=lambda folder, names: [n for n in names if n in left_out and Path(folder).parent == ROOT])
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
    pages are the ones the site's build lays out, read from the run's page cache. On A3 and
    Tabloid, without the rulebook: its page is the paper by the rule A4 and Letter prove, and each
    paper's rulebook is a whole document laid out afresh."""
    def make(folder):
        without_rulebook = copy_project(folder / "without-rulebook")
        shutil.rmtree(without_rulebook / "card_data" / "verset" / "rulebook")
        for paper in PAPERS:
            project = ROOT if paper in ("a4", "letter") else without_rulebook
            result = run_pnp("build", "verset", "--paper", paper, "--out", str(folder / paper), "--project", str(project))
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


SITE_PAPERS = ("a4",)       # the run's site offers A4: Letter is proven where it differs (imposition, page
                            # size: `built`, tests/render), and a site of both papers on the starter game
# ... and no booklets (`--no-booklet`, a third of the site's cost): the starter game's site offers
# them, and the booklets' own tests (tests/rulebook) fold real pages


# The run's site is the largest single piece of the suite (every game, in every language): it is
# built by a process of its own, started as soon as a worker has collected a test that reads it,
# while the workers run the other tests; a test that reads it waits for it on a lock the build
# holds (an event, not a clock). Its cost is written beside its status (site.status.cost.json)
# and reported on a line of its own (tests/costs.py).
_SITE_BUILD = []                  # the process this worker started, to be reaped here


# The build's wrapper, and the build, die with the process that started them, even by SIGKILL
# (a cancelled CI job): each asks Linux for it (PR_SET_PDEATHSIG); pnp's own workers do the same.
WRAPPER = """
import ctypes, json, resource, signal, subprocess, sys, time
def die_with_parent():
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)
die_with_parent()
start = time.monotonic()
code = subprocess.call(sys.argv[2:], preexec_fn=die_with_parent)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
open(sys.argv[1] + ".cost.json", "w").write(json.dumps({"(the run's site, built in the background)": {
    "cpu": used.ru_utime + used.ru_stime, "wall": time.monotonic() - start, "tests": 0}}))
open(sys.argv[1], "w").write(str(code))
"""


def start_site_build(base: Path) -> None:
    """Start building the run's site in the background, once per run."""
    with open(base / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (base / "site.started").exists():
            return
        (base / "site").mkdir(exist_ok=True)
        command = [sys.executable, "-c", "from pnp.cli import main; main()", "site", "--out", str(base / "site" / "site"),
                   *(f"--paper={paper}" for paper in SITE_PAPERS), "--no-booklet", "--project", str(ROOT)]
        wrapper = WRAPPER
        with open(base / "site.building", "w") as held, open(base / "site.log", "w") as log:
            fcntl.flock(held, fcntl.LOCK_EX)        # held by the build (its copy of the descriptor) until it ends
            _SITE_BUILD.append(subprocess.Popen([sys.executable, "-c", wrapper, str(base / "site.status"), *command],
                                                pass_fds=(held.fileno(),), stdout=log, stderr=subprocess.STDOUT,
                                                stdin=subprocess.DEVNULL, start_new_session=True, cwd=ROOT,
                                                env={**os.environ, "PYTHONPATH": str(ROOT)}))
        (base / "site.pid").write_text(str(_SITE_BUILD[-1].pid))
        (base / "site.started").touch()


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The download site of every game in every language, on SITE_PAPERS, built once per test
    run: each game's build for the tests that read one (editions, languages, ink)."""
    base = run_folder(tmp_path_factory)
    start_site_build(base)
    with open(base / "site.building", "a") as held:
        fcntl.flock(held, fcntl.LOCK_SH)            # the build has ended
    status = base / "site.status"
    assert status.exists() and status.read_text() == "0", (base / "site.log").read_text()[-5000:]
    return base / "site" / "site"


def _stop_site_build(base: Path) -> None:
    if (base / "site.status").exists():         # ended: its number may be another process's by now
        return
    try:
        os.killpg(int((base / "site.pid").read_text()), signal.SIGKILL)
    except (OSError, ValueError):
        pass


@pytest.fixture
def cache_on(monkeypatch, tmp_path):
    """The cache as a user has it: the project's own folder, under a secret of the test's."""
    monkeypatch.setenv("PNP_CACHE", "on")
    monkeypatch.delenv(SHARED_FOLDER_VARIABLE)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home"))


@pytest.fixture
def tiny(tmp_path) -> Project:
    """A project copy with the starter game `tiny` (one deck of six cards, a rulebook), and none
    of the shipped games."""
    root = copy_project(tmp_path / "project", games=())
    result = run_pnp("new", "tiny", "--project", str(root))
    assert result.exit_code == 0, result.output
    return Project.at(root)


# The quick tier (`pytest -m quick`), for the inner loop: under 2 minutes, every package of pnp/
# proven by its cheapest tests (the rules engines' examples and legality, data loading and its
# refusals, the layout checks on the starter game, a build of it). The full suite runs in CI.
QUICK = {
    "assets": ["tests/test_files.py"],
    "commands": ["tests/commands/", "tests/test_cli.py", "tests/test_readme.py"],
    "data": ["tests/data/", "tests/test_inputs.py"],
    "export": ["tests/test_export.py::test_tts_grid", "tests/test_export.py::test_product_sizes",
               "tests/test_export.py::test_art_without", "tests/test_export.py::test_export_of_broken_data"],
    "games": ["tests/games/test_colours.py", "tests/games/test_declaration.py", "tests/games/test_registry.py",
              "tests/games/test_verset.py", "tests/games/test_verso.py", "tests/games/test_wizard.py"],
    "gitrevision": ["tests/test_reprint.py::test_the_revision_is_read_from_git_objects_as_git_archive_gives_it"],
    "i18n": ["tests/i18n/test_catalogue.py", "tests/i18n/test_checks.py", "tests/i18n/test_coverage.py",
             "tests/i18n/test_extract.py", "tests/i18n/test_locale_data.py"],
    "impose": ["tests/test_impose.py"],
    "output": ["tests/test_attacks_output.py::test_a_build_leaves_nothing_in_the_temporary_folder"],
    "press": ["tests/press/test_ink.py", "tests/press/test_black_text.py", "tests/press/test_softproof.py",
              "tests/press/test_profiles.py"],
    "reference": ["tests/reference/"],
    "render": ["tests/render/test_templates.py", "tests/render/test_words.py", "tests/render/test_layout_check.py", "tests/render/test_papers.py",
               "tests/render/test_sheet_layout.py", "tests/render/test_svg_check.py", "tests/render/test_syntax.py",
               "tests/render/test_stylesheet_check.py", "tests/render/test_cut_checks.py",
               "tests/render/test_named_pictures.py", "tests/render/test_fetcher.py", "tests/render/test_cards.py",
               "tests/render/test_compiled.py", "tests/render/test_shared_fonts.py", "tests/render/test_libraries.py"],
    "rulebook": ["tests/rulebook/test_booklet.py", "tests/rulebook/test_anchors.py"],
    "rules": ["tests/rules/"],
    "site": ["tests/site/test_site_languages.py"],
    "starter": ["tests/test_starter.py", "tests/test_tutorial.py"],
    "studio": ["tests/studio/test_yaml_edit.py", "tests/studio/test_csv_edit.py", "tests/studio/test_xlsx_edit.py",
               "tests/studio/test_edits.py"],
    "": ["tests/test_examples.py", "tests/test_rulings.py", "tests/test_docs.py", "tests/test_clock.py",
         "tests/test_contained.py", "tests/test_suggest.py", "tests/test_coverage.py", "tests/test_preflight.py::test_an_unembedded_font_fails",
         "tests/test_preflight.py::test_a_form_font", "tests/test_preflight.py::test_missing_or_misplaced_boxes_fail",
         "tests/test_preflight.py::test_transparency_and_spot_colours_fail",
         "tests/test_architecture.py", "tests/test_quick_tier.py",
         "tests/test_checked.py", "tests/test_costs.py", "tests/test_stack_room.py", "tests/test_task_feed.py"],
}
SLOW_FIXTURES = {"built_site", "built", "built_wizard"}         # a whole game's build: the full suite's
SLOW_FILES = ("test_simulate.py", "test_balance.py")              # simulated seasons: the full suite's
NOT_QUICK = ("tests/data/test_xlsx_source.py::test_a_csv_deck_moved_to_a_workbook_builds",     # lay whole decks out
             "tests/test_cli.py::test_text_too_long_to_fit_fails", "tests/test_cli.py::test_a_build_leaves_no_lock",
             "tests/test_cli.py::test_paper_names_in_any_case")


def pytest_collection_finish(session):
    if any("built_site" in item.fixturenames for item in session.items) and not session.config.option.collectonly:
        start_site_build(run_folder(session.config._tmp_path_factory))


# Fixtures that build whole games once per run (made_once): they wait for the site's build.
WHOLE_BUILDS = {"built", "built_wizard", "built_verso", "verso_builds", "built_olf", "built_verdun", "exports", "both",
                "verset_ink_saver"}


def run_order(item) -> int:
    """The whole games first: their builds wait for the site's (which then has both cores) and
    read its pages from the run's cache; then the tests that read the site (the browser's);
    then every other test, small ones that even out the workers' ends (with the whole builds
    last, the run's final minute was one export or ink saver on one core)."""
    fixtures = set(item.fixturenames)
    return 0 if WHOLE_BUILDS & fixtures else 1 if "built_site" in fixtures else 2


def pytest_xdist_auto_num_workers(config) -> int | None:
    """One worker more than the cores (`-n auto`): the browser tests, the subprocesses the
    attacks wait on and the builds waiting for the site leave a core idle that the extra worker
    fills (on 2 cores: 9 min 27 s with 3 workers, 10 min 58 s with 2, the same with 4).
    PYTEST_XDIST_AUTO_NUM_WORKERS, when set, is xdist's to read."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    from pnp.pool import default_jobs
    return default_jobs() + 1


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    items.sort(key=run_order)
    chosen = tuple(path for paths in QUICK.values() for path in paths)
    for item in items:
        if (item.nodeid.startswith(chosen) and not item.nodeid.startswith(NOT_QUICK)
                and not SLOW_FIXTURES & set(item.fixturenames)
                and not item.nodeid.split("::")[0].endswith(SLOW_FILES)):
            item.add_marker(pytest.mark.quick)
