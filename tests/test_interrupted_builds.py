"""Builds killed at random moments leave a complete set, old or new, and no process behind;
two builds into one folder never mix; every PDF of every game opens."""

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pikepdf
import pypdfium2
import pytest

from pnp.games import game_keys
from pnp.project import Project
from tests.conftest import ROOT, run_pnp

KILLS = 10                  # random moments over a build of the starter game, from start to swap
RUN = "from pnp.cli import main; main()"


def start_build(project: Path, out: Path) -> subprocess.Popen:
    env = {**os.environ, "PNP_CACHE": "off", "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-c", RUN, "build", "lanterns", "--out", str(out),
                             "--project", str(project)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)


def snapshot(folder: Path) -> dict:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())} if folder.is_dir() else {}


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
        return True
    except ProcessLookupError:
        return False


def group_cpu_seconds(pgid: int) -> dict[int, float]:
    """Each process of the group, by pid, and the CPU-seconds it has used (Linux /proc)."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue                     # ended meanwhile
        if int(fields[2]) == pgid:       # pgrp, the 5th field of stat
            found[int(stat.parent.name)] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return found


def workers_rendering(pgid: int) -> bool:
    """The build's pool has started and a worker has worked past loading WeasyPrint."""
    workers = {pid: cpu for pid, cpu in group_cpu_seconds(pgid).items() if pid != pgid}
    return len(workers) >= 2 and max(workers.values()) > WORKER_READY_SECONDS


WORKER_READY_SECONDS = 1.5           # a worker's CPU once WeasyPrint is loaded and a page under way


def test_killed_builds_leave_a_complete_old_or_new_set_and_no_process(project_copy, tmp_path, fresh_renders):
    assert run_pnp("new", "lanterns", "--project", str(project_copy)).exit_code == 0
    out = tmp_path / "out"
    assert run_pnp("build", "lanterns", "--out", str(out), "--project", str(project_copy)).exit_code == 0
    old = snapshot(out)
    shutil.copytree(out, tmp_path / "old")
    declaration = project_copy / "card_data" / "lanterns" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("title: Lanterns", "title: Lanterns Again"))
    fresh = tmp_path / "fresh"
    assert run_pnp("build", "lanterns", "--out", str(fresh), "--project", str(project_copy)).exit_code == 0
    new = snapshot(fresh)
    assert old != new
    rng = random.Random(20261130)
    outcomes = []
    for _ in range(KILLS):
        process = start_build(project_copy, out)
        time.sleep(rng.uniform(0.05, 2.5))
        process.send_signal(signal.SIGKILL)
        process.wait()
        deadline = time.monotonic() + 5
        while group_alive(process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not group_alive(process.pid), "a worker outlived its killed build"
        state = snapshot(out)
        assert state in (old, new), sorted(state)
        outcomes.append("new" if state == new else "old")
        for name in state:
            if name.endswith(".pdf"):
                pikepdf.open(out / name).close()
        if state == new:                 # start the next round from the old set again, as its build left it
            shutil.rmtree(out)
            shutil.copytree(tmp_path / "old", out)
    assert len(outcomes) == KILLS
    print(f"{KILLS} kills: {outcomes.count('old')} left the old set, {outcomes.count('new')} the new one")
    assert run_pnp("build", "lanterns", "--out", str(out), "--project", str(project_copy)).exit_code == 0
    left = sorted(path.name for path in tmp_path.iterdir() if path.name.startswith(".out"))
    assert left == [], "a killed build's staging folder or lock outlived the next build"


def test_sigterm_takes_the_workers_with_it(project_copy, tmp_path):
    process = subprocess.Popen(
        [sys.executable, "-c", RUN, "build", "verset", "--out", str(tmp_path / "out"), "--project", str(project_copy)],
        env={**os.environ, "PNP_CACHE": "off", "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 60
    while not workers_rendering(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert workers_rendering(process.pid), "the build's workers never started rendering"
    process.send_signal(signal.SIGTERM)
    process.wait()
    deadline = time.monotonic() + 5
    while group_alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not group_alive(process.pid)
    assert not (tmp_path / "out").exists()


LOCKER = """
import os, sys, time
from pathlib import Path
from pnp.output import build_lock
folder = Path(sys.argv[1])
for _ in range(int(sys.argv[2])):
    with build_lock(folder / "out"):
        inside = os.open(folder / "inside", os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        time.sleep(0.001)
        os.close(inside)
        os.unlink(folder / "inside")
"""


def test_the_lock_file_is_removed_after_each_build_and_still_lets_one_in_at_a_time(tmp_path):
    """A build removes its lock file when it ends, while holding it; a build that was waiting on
    the removed file takes the lock afresh, so two builds are never inside at once."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    lockers = [subprocess.Popen([sys.executable, "-c", LOCKER, str(tmp_path), "150"], env=env) for _ in range(4)]
    assert [locker.wait(timeout=120) for locker in lockers] == [0, 0, 0, 0]
    assert list(tmp_path.iterdir()) == []


def test_two_builds_into_one_folder_do_not_mix(project_copy, tmp_path):
    assert run_pnp("new", "lanterns", "--project", str(project_copy)).exit_code == 0
    out = tmp_path / "out"
    builds = [subprocess.Popen([sys.executable, "-c", RUN, "build", "lanterns", "--out", str(out), "--project",
                                str(project_copy)], env={**os.environ, "PNP_CACHE": "off", "PYTHONPATH": str(ROOT)},
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
              for _ in range(2)]
    said = [b.communicate()[0].decode() for b in builds]
    assert [b.returncode for b in builds] == [0, 0], said
    names = sorted(p.name for p in out.iterdir())
    assert names == [".pnp-build.json", "cards.pdf", "rulebook.pdf"]


@pytest.mark.parametrize("key", game_keys(Project.at(ROOT)))
def test_every_pdf_of_every_game_opens(key, built, tmp_path):
    folder = built["a4"] if key == "verset" else tmp_path / key
    if key != "verset":
        assert run_pnp("build", key, "--out", str(folder), "--project", str(ROOT)).exit_code == 0
    pdfs = sorted(folder.glob("*.pdf"))
    assert pdfs
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            assert len(pdf.pages) >= 1
        document = pypdfium2.PdfDocument(str(path))
        assert len(document) >= 1
        document[0].render(scale=0.2)
        document.close()
