"""Issue 26, kinds 2 and 5 (and the reading part of 4): what pnp reads is what it checked.

Run as an attacker would, in subprocesses (tests.test_attacks.run_capped): a layout that is a
FIFO or a link to /dev/zero, a loop of links in the card data or the layouts, and a folder the
rulebook reads swapped for a link to a folder outside, over and over, during builds."""

import os
import re
import threading
import time
from pathlib import Path

import pytest

from tests.conftest import copy_project, run_pnp
from tests.test_attacks import SECRET, refused, run_capped

RACE_BUILDS = 5
RACE_SECONDS = 40
RACE_PICTURES = 8
SWAP_REAL_SECONDS = 0.02             # the real folder is there this long, then a link this long:
SWAP_LINK_SECONDS = 0.003
REAL_PICTURE = "the picture of the game"


# Every page laid out, and so every file read, by the builds these attacks race: a page from
# the cache reads nothing.
pytestmark = pytest.mark.usefixtures("fresh_renders")


def listing(folder: Path) -> set:
    return {str(path.relative_to(folder)) for path in folder.rglob("*")}


def one_problem(output: str, named: str) -> str:
    """The refusal's one line (after the `error: 1 problem` header of a build, or before the
    summary of a check), which must name `named`."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    assert len(lines) == 2, output
    problem = lines[1] if lines[0].startswith("error: 1 problem") else lines[0]
    assert "1 problem" in output and problem.startswith(named + ":"), output
    assert SECRET not in output
    return problem


@pytest.fixture
def project(tmp_path):
    (tmp_path / "secret.txt").write_text(SECRET)
    return copy_project(tmp_path / "project")


SPECIAL_LAYOUTS = {
    "a FIFO": lambda path: os.mkfifo(path),
    "a link to /dev/zero": lambda path: path.symlink_to("/dev/zero"),
}


@pytest.mark.parametrize("kind", sorted(SPECIAL_LAYOUTS))
def test_a_layout_that_is_not_a_file_is_refused_at_once(project, tmp_path, kind):
    """The rulebook's icon scan reads every layout of the game's folders, in the worker
    processes (the default --jobs): such a layout is refused before a byte is read."""
    SPECIAL_LAYOUTS[kind](project / "layouts" / "verset" / "extra.html")
    before = listing(tmp_path)
    output = refused(project, "build", "verset", "--paper", "a4")
    problem = one_problem(output, "layouts/verset/extra.html")
    assert ("FIFO" if kind == "a FIFO" else "a link") in problem
    assert listing(tmp_path) == before


LOOPS = {"card data": "card_data/verset/loop", "layouts": "layouts/verset/loop"}


@pytest.mark.parametrize("where", sorted(LOOPS))
def test_a_loop_of_links_is_named_by_check_and_build(project, tmp_path, where):
    loop = project / LOOPS[where]
    loop.symlink_to(loop.name)
    before = listing(tmp_path)
    for command in (("check", "verset"), ("build", "verset", "--jobs", "1")):
        problem = one_problem(refused(project, *command), LOOPS[where])
        assert "a link; pnp reads no links inside a project" in problem
    assert listing(tmp_path) == before


def jpeg(path: Path, comment: str) -> None:
    """A small JPEG carrying `comment`: WeasyPrint embeds a JPEG's bytes as they are, so a
    picture read from outside would put the comment into the PDF."""
    from PIL import Image

    Image.new("RGB", (8, 8), (200, 40, 40)).save(path, "JPEG", comment=comment.encode())


def race_project(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A project with a small game whose rulebook shows pictures of layouts/tiny/pictures/,
    and a folder outside holding pictures of the same names carrying the secret."""
    root = copy_project(tmp_path / "project")
    result = run_pnp("new", "tiny", "--project", str(root))
    assert result.exit_code == 0, result.output
    pictures, outside = root / "layouts" / "tiny" / "pictures", tmp_path / "outside"
    pictures.mkdir()
    outside.mkdir()
    for number in range(RACE_PICTURES):
        jpeg(pictures / f"p{number}.jpg", REAL_PICTURE)
        jpeg(outside / f"p{number}.jpg", SECRET)
    layout = root / "layouts" / "tiny" / "rulebook.html"
    images = "".join(f'<img src="layouts/tiny/pictures/p{n}.jpg" style="width: 5mm" alt="A square {n}">'
                     for n in range(RACE_PICTURES))
    layout.write_text(layout.read_text() + f"{{% block emblem %}}<p>{images}</p>{{% endblock %}}\n")
    return root, pictures, outside


def swap_until(stop: threading.Event, pictures: Path, outside: Path, swaps: list) -> None:
    """The folder, swapped for a link to the folder outside and back, until `stop`."""
    real = pictures.with_name("pictures-real")
    while not stop.is_set():
        os.rename(pictures, real)
        os.symlink(outside, pictures)
        time.sleep(SWAP_LINK_SECONDS)
        os.unlink(pictures)
        os.rename(real, pictures)
        swaps.append(1)
        time.sleep(SWAP_REAL_SECONDS)


def test_a_folder_swapped_for_a_link_during_builds_never_leaks(tmp_path):
    root, pictures, outside = race_project(tmp_path)
    code, output, *_ = run_capped(["build", "tiny", "--out", str(tmp_path / "calm")], root, seconds=60)
    assert code == 0 and SECRET not in output, output          # undisturbed, the rulebook builds
    assert REAL_PICTURE.encode() in (tmp_path / "calm" / "rulebook.pdf").read_bytes()     # its pictures' bytes
    stop, swaps, outcomes = threading.Event(), [], []
    swapper = threading.Thread(target=swap_until, args=(stop, pictures, outside, swaps), daemon=True)
    swapper.start()
    start = time.monotonic()
    try:
        for build in range(RACE_BUILDS):
            if time.monotonic() - start > RACE_SECONDS:
                break
            code, output, elapsed, _ = run_capped(["build", "tiny", "--out", str(tmp_path / f"race-{build}")],
                                                  root, seconds=60)
            outcomes.append(code)
            assert "Traceback" not in output and SECRET not in output, output
            assert code in (0, 2) and elapsed < 60, output
            if code == 2:                  # one line: a refused fetch, or the problems under their header
                lines = [line for line in output.splitlines() if line.strip()]
                header = re.match(r"error: (\d+) problems? in the input", lines[0])
                assert lines[0].startswith("error: ") and len(lines) == 1 + (int(header[1]) if header else 0), output
                # each a task that read the swapped folder (the rulebook's pictures, a deck's)
                assert all("layouts/tiny/pictures" in line for line in lines[1:]), output
    finally:
        stop.set()
        swapper.join()
    assert len(swaps) > 10 and outcomes
    for path in tmp_path.rglob("*.pdf"):
        assert SECRET.encode() not in path.read_bytes(), path
