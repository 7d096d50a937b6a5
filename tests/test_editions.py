"""Builds of several games and papers, and the caches behind them: correctness, not speed.

A changed input always changes the output; an unchanged one is never laid out again (counted
by WeasyPrint documents, not timed); parallel and sequential, cached and uncached builds are
byte-identical; a deck's cards are laid out once for both papers.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.editions import Edition, PrintOptions, build_editions
from pnp.errors import PnpError
from pnp.games import get_game
from pnp.inputs import game_inputs
from pnp.project import Project
from pnp.render.cache import SHARED_FOLDER_VARIABLE
from tests.conftest import ROOT, copy_project, run_pnp

SHIPPED_GAMES = sorted(path.parent.name for path in (ROOT / "card_data").glob("*/game.yaml"))


def build(project: Project, game: str = "tiny", papers=("a4",), jobs: int = 1, options=PrintOptions(),
          out: Path | None = None) -> list:
    editions = [Edition(game, paper, out_dir=(out or project.root / "output" / game) / paper, owned=True)
                for paper in papers]
    return build_editions(project, editions, options, jobs)


def contents(report) -> dict:
    return {item.path.name: item.path.read_bytes() for item in report.files}


def test_an_unchanged_build_lays_out_nothing(cache_on, tiny):
    first = build(tiny)[0]
    assert first.rendered >= 2 and not first.up_to_date          # the cards and the rulebook
    again = build(tiny)[0]
    assert again.up_to_date and again.rendered == 0
    assert contents(again) == contents(first)
    shutil.rmtree(tiny.root / "output" / "tiny")                  # the files gone, the cache kept
    rebuilt = build(tiny)[0]
    assert not rebuilt.up_to_date and rebuilt.rendered == 0
    assert contents(rebuilt) == contents(first)


def test_each_file_written_is_handed_over_once_as_soon_as_it_is_ready(cache_on, tiny):
    """What `pnp build` measures the ink of while the rest renders: each file's very bytes."""
    editions = [Edition("tiny", paper, out_dir=tiny.root / "output" / "tiny" / paper, owned=True)
                for paper in ("a4", "letter")]
    handed: list = []
    reports = build_editions(tiny, editions, PrintOptions(), 1, on_file=lambda edition, file: handed.append(
        (edition, file[0], file[1])))
    written = [(index, item.path.name, item.path.read_bytes()) for index, report in enumerate(reports)
               for item in report.files]
    assert sorted(handed) == sorted(written)


def test_a_deck_edited_since_the_last_build_renders_first(cache_on, tiny):
    """The deck the designer just saved goes before the rulebook (which the cache may answer),
    instead of after it; a folder never built keeps the longest-first order."""
    def order() -> list:
        steps: list = []
        editions = [Edition("tiny", "a4", out_dir=tiny.root / "output" / "tiny" / "a4", owned=True)]
        build_editions(tiny, editions, PrintOptions(), 1, lambda done, total, step: steps.append(step))
        return [step for step in steps if ": " in step]

    assert order()[0] == "Tiny: rulebook"
    _card_text(tiny.root)
    assert order()[0] == "Tiny: Cards"
    _layout(tiny.root)                                # no deck's data changed
    assert order()[0] == "Tiny: rulebook"


def _card_text(root: Path) -> None:
    path = root / "card_data/tiny/cards.yaml"
    path.write_text(path.read_text().replace("Take another turn after this one.", "Take two more turns."))


def _layout(root: Path) -> None:
    path = root / "layouts/tiny/card.html"
    text = path.read_text()
    path.write_text(text.replace('<div class="bleed card">', '<div class="bleed card" style="background: #5a1d1d">', 1))


def _font(root: Path) -> None:
    shutil.copy(root / "fonts/eb-garamond/eb-garamond-latin-700-normal.woff",
                root / "fonts/eb-garamond/eb-garamond-latin-400-normal.woff")


def _icon(root: Path) -> None:
    path = root / "layouts/icons/raven.svg"
    path.write_text(path.read_text().replace("</svg>", '<circle cx="256" cy="256" r="40"/></svg>'))


@pytest.mark.parametrize("change", [_card_text, _layout, _font, _icon])
def test_a_changed_input_changes_the_output_and_back(cache_on, tiny, change):
    before = contents(build(tiny)[0])
    change(tiny.root)
    after = build(tiny)[0]
    assert not after.up_to_date and after.rendered >= 1
    assert contents(after)["cards.pdf"] != before["cards.pdf"]


def test_undoing_a_change_reuses_every_page(cache_on, tiny):
    path = tiny.root / "card_data/tiny/cards.yaml"
    original = path.read_text()
    before = contents(build(tiny)[0])
    _card_text(tiny.root)
    changed = build(tiny)[0]
    assert changed.rendered == 1                                  # the deck; the rulebook shows no card text
    path.write_text(original)
    undone = build(tiny)[0]
    assert undone.rendered == 0 and contents(undone) == before


def test_an_option_changes_the_output(cache_on, tiny):
    plain = contents(build(tiny)[0])
    moved = build(tiny, options=PrintOptions(back_offset_mm=(1.0, -0.5)))[0]
    assert not moved.up_to_date and moved.rendered == 0           # imposed again, nothing laid out
    assert contents(moved)["cards.pdf"] != plain["cards.pdf"]
    assert contents(moved)["rulebook.pdf"] == plain["rulebook.pdf"]


def test_the_engine_code_is_part_of_every_key(cache_on, tiny, monkeypatch):
    from pnp import inputs, tables
    from pnp.games.verset.rulebook import odds_tables

    odds_tables.cache_clear()
    tables.computed.clear()
    first = odds_tables()
    odds_tables.cache_clear()
    assert odds_tables() == first and tables.computed == ["pnp.games.verset.rulebook.odds_tables"]
    before = game_inputs(tiny, "tiny")
    monkeypatch.setattr(tables, "source_digest", lambda: "an engine edited since")
    monkeypatch.setattr(inputs, "source_digest", lambda: "an engine edited since")
    odds_tables.cache_clear()
    assert odds_tables() == first and len(tables.computed) == 2   # computed again, not read back
    assert game_inputs(tiny, "tiny") != before
    odds_tables.cache_clear()


def test_parallel_sequential_cached_uncached_are_byte_identical(tiny, tmp_path, monkeypatch):
    """On the starter game: a deck and a rulebook on two papers, on one process and on a pool."""
    project = tiny
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home"))
    monkeypatch.delenv(SHARED_FOLDER_VARIABLE)            # the project's own cache: cold at first
    builds = {}
    # parallel and cold at once: a cold cache renders every page afresh, on the workers
    for name, jobs, cache in (("sequential", 1, "off"), ("parallel-cold", 2, "on"), ("warm", 2, "on")):
        monkeypatch.setenv("PNP_CACHE", cache)
        reports = build(project, "tiny", ("a4", "letter"), jobs, out=tmp_path / name)
        builds[name] = [contents(report) for report in reports]
        if name == "warm":
            assert sum(report.rendered for report in reports) == 0
        if name == "sequential":
            laid_out_both = sum(report.rendered for report in reports)
    assert builds["sequential"] == builds["parallel-cold"] == builds["warm"]
    monkeypatch.setenv("PNP_CACHE", "off")
    one_paper = build(project, "tiny", ("a4",), 1, out=tmp_path / "a4-only")[0]
    assert laid_out_both == one_paper.rendered + 1                # only the rulebook is laid out per paper


def test_verset_in_one_process_equals_its_build_on_a_pool(built, tmp_path):
    """Boards, tiles, the fillable campaign sheet and the decks that print the engine's tables,
    drawn in one process, equal the run's pool-built Verset byte for byte (its pages read from
    the run's page cache: what is drawn afresh here is what no page cache keeps)."""
    reports = build(Project.at(ROOT), "verset", ("a4",), 1, out=tmp_path)
    assert reports[0].rendered == 0
    assert contents(reports[0]) == {path.name: path.read_bytes() for path in built["a4"].glob("*.pdf")}


def test_build_several_games_and_papers(cache_on, tmp_path):
    """--all builds every game of the project, each on every paper asked (two starter games: the
    shipped ones are built on both papers by the site's build)."""
    root = copy_project(tmp_path / "project")
    for game in SHIPPED_GAMES:
        shutil.rmtree(root / "card_data" / game)
    for game in ("alpha", "beta"):
        assert run_pnp("new", game, "--project", str(root)).exit_code == 0
    result = run_pnp("build", "--all", "--paper", "a4", "--paper", "LETTER", "--project", str(root))
    assert result.exit_code == 0, result.output
    project = Project.at(root)
    for game in ("alpha", "beta"):
        decks = [deck.key for deck in get_game(project, game).decks]
        for paper in ("a4", "letter"):
            made = {path.name for path in (root / "output" / game / paper).glob("*.pdf")}
            assert {f"{deck}.pdf" for deck in decks} | {"rulebook.pdf"} <= made, (game, paper, made)
    again = run_pnp("build", "alpha", "beta", "--paper", "a4", "--paper", "letter", "--project", str(root))
    assert again.output.count("up to date") == 4


def test_a_folder_built_by_someone_else_is_built_again(cache_on, tiny, monkeypatch, tmp_path):
    first = build(tiny)[0]
    assert build(tiny)[0].up_to_date
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "another-user"))
    shipped = build(tiny)[0]
    assert not shipped.up_to_date and contents(shipped) == contents(first)


def swap_vouched_for(folder, name: str = "cards.pdf") -> bytes:
    """A built file swapped, and its checksum and size written into the folder's manifest."""
    import hashlib
    import json

    swapped = b"%PDF-1.7 not the build's"
    (folder / name).write_bytes(swapped)
    manifest = json.loads((folder / ".pnp-build.json").read_text())
    manifest["files"][name].update(sha256=hashlib.sha256(swapped).hexdigest(), size=len(swapped))
    (folder / ".pnp-build.json").write_text(json.dumps(manifest, indent=1))
    return swapped


def test_a_swapped_file_vouched_for_by_an_edited_manifest_is_built_again(cache_on, tiny):
    """The manifest's seal covers each file's checksum: writing a swapped PDF's checksum into it
    does not make the folder pass for this build."""
    first = build(tiny)[0]
    swap_vouched_for(tiny.root / "output" / "tiny" / "a4")
    again = build(tiny)[0]
    assert not again.up_to_date and contents(again) == contents(first)


@pytest.mark.parametrize("arguments, message", [
    (["--all", "olf"], "GAME names or --all, not both"),
    ([], "name a GAME to build"),
    (["olf", "verso", "--out", "x"], "--out names one folder"),
    (["olf", "--paper", "a4", "--paper", "letter", "--out", "x"], "--out names one folder"),
    (["--all", "--module", "nope"], "--module nope: no game of the project has it"),
    (["nope"], "nope"),
])
def test_build_refusals(arguments, message):
    result = run_pnp("build", *arguments, "--project", str(ROOT))
    assert result.exit_code == 2 and message in result.output, result.output


HALF_SENT_RESULT = '''
import os, struct, sys, threading, time
from concurrent.futures import ProcessPoolExecutor
import multiprocessing
from pnp.pool import stop_workers

def half_a_result():
    writer = POOL._result_queue._writer          # inherited by fork, as every worker's is
    os.write(writer.fileno(), struct.pack("!i", 1_000_000) + b"the first bytes of a large PDF")
    time.sleep(120)

POOL = ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork"))
POOL.submit(half_a_result)
time.sleep(1)                                    # the pool's reader thread now waits for the rest
stop_workers(POOL)
ended = threading.Thread(target=POOL.shutdown, kwargs={"wait": True, "cancel_futures": True}, daemon=True)
ended.start()
ended.join(30)
print("stuck" if ended.is_alive() else "stopped", flush=True)
os._exit(0)
'''


def test_stopping_a_worker_halfway_through_its_result_does_not_hang_the_pool():
    """A refused build stops its workers at once; one stopped while sending a PDF used to leave
    the pool waiting forever for the rest of it (seen as a build that never ended)."""
    done = subprocess.run([sys.executable, "-c", HALF_SENT_RESULT], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.stdout.strip() == "stopped", done.stderr


CANCELLED_THEN_STOPPED = '''
import multiprocessing, time
from concurrent.futures import ProcessPoolExecutor
from pnp.pool import stop_workers

POOL = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"))
running = [POOL.submit(time.sleep, 60) for _ in range(2)]     # one runs, one waits in the call queue
waiting = [POOL.submit(time.sleep, 60) for _ in range(20)]
time.sleep(1)
assert sum(future.cancel() for future in waiting) > 10
stop_workers(POOL)
POOL.shutdown(wait=True, cancel_futures=True)
print("stopped", flush=True)
'''


def test_stopping_workers_after_cancelling_the_rest_prints_no_traceback():
    """A refused build cancels what has not started, then stops its workers: Python 3.11's pool
    then failed each cancelled future in its own thread and printed that thread's traceback."""
    done = subprocess.run([sys.executable, "-c", CANCELLED_THEN_STOPPED], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.stdout.strip() == "stopped" and "Traceback" not in done.stderr, done.stderr


def test_a_pool_that_failed_leaves_nothing_in_the_temporary_folder(tiny, tmp_path, monkeypatch):
    """Its processes, stopped halfway, run no clean-up of their own: their copies of the fonts
    are in the pool's folder, which goes with the pool (pnp.pool.end_pool)."""
    import tempfile

    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    (tiny.root / "fonts" / "broken.ttf").write_bytes(b"not a font" * 100)
    stylesheet = tiny.root / "layouts" / "tiny" / "cards.css"
    stylesheet.write_text('@font-face { font-family: "EB Garamond"; src: url("../../fonts/broken.ttf"); }\n'
                          + stylesheet.read_text())
    with pytest.raises(PnpError, match="cannot be loaded"):
        build(tiny, jobs=2)
    assert list(temporary.iterdir()) == []
