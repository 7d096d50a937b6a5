"""The supervised program: the work runs under the memory cap, a stage that overruns its clock
is killed by the parent, a worker that dies is named, and what the work had begun is deleted."""

import faulthandler
import os
import resource
import signal
import time

import pytest

from pnp.contained import (EXIT_WORKER_LOST, LimitExceeded, kept, made, memory_cap, near_the_cap, stage,
                           supervised)
from pnp.errors import EXIT_BAD_INPUT
from pnp.limits import MAX_MEMORY_BYTES, STAGE_GRACE_SECONDS


def busy_in_c() -> None:
    """A loop the interpreter cannot interrupt: one call into C that runs for minutes."""
    sum(range(10 ** 12))


def test_the_exit_status_of_the_work_is_the_programs():
    assert supervised(lambda: 0) == 0
    assert supervised(lambda: 1) == 1


def test_the_work_runs_under_the_memory_cap(tmp_path):
    seen = tmp_path / "cap"

    def work():
        seen.write_text(str(resource.getrlimit(resource.RLIMIT_AS)[0]))
        return 0
    assert supervised(work) == 0
    assert int(seen.read_text()) == min(MAX_MEMORY_BYTES, memory_cap())


def test_memory_past_the_cap_is_refused_by_the_os_naming_the_file(tmp_path, capfd):
    def work():
        try:
            with stage("card_data/game/big.csv", "reading the spreadsheet"):
                bytearray(2 * MAX_MEMORY_BYTES)
        except LimitExceeded as error:
            print(error)
            return EXIT_BAD_INPUT
        return 0
    assert supervised(work) == EXIT_BAD_INPUT
    out = capfd.readouterr().out
    assert "card_data/game/big.csv: reading the spreadsheet needed more than" in out
    assert "MAX_MEMORY_BYTES" in out


def test_a_library_s_system_error_near_the_cap_is_the_cap_and_elsewhere_a_bug(tmp_path, capfd):
    """Past most of its address space, a library whose allocation failed may raise SystemError
    ("error return without exception set") instead of MemoryError: the cap, named with the file."""
    def work():
        ballast = []
        try:
            with stage("layouts/game/card.html", "typesetting the cards"):
                while not near_the_cap():
                    ballast.append(bytearray(16 * 2**20))
                raise SystemError("error return without exception set")
        except LimitExceeded as error:
            print(error)
            return EXIT_BAD_INPUT
        return 0
    assert supervised(work) == EXIT_BAD_INPUT
    assert "layouts/game/card.html: typesetting the cards needed more than" in capfd.readouterr().out
    with pytest.raises(SystemError), stage("layouts/game/card.html", "typesetting the cards"):
        raise SystemError("error return without exception set")          # this process is far from any cap


def test_a_stage_past_its_clock_is_killed_by_the_parent(tmp_path, capfd):
    started = time.monotonic()

    def work():
        with stage("layouts/game/card.html", "typesetting cards.pdf", 0.5, "RENDER_SECONDS"):
            busy_in_c()
        return 0
    assert supervised(work) == EXIT_BAD_INPUT
    assert time.monotonic() - started < 0.5 + STAGE_GRACE_SECONDS + 3
    err = capfd.readouterr().err
    assert err.count("\n") == 1
    assert "layouts/game/card.html: typesetting cards.pdf took longer than 0.5 s (RENDER_SECONDS)" in err


def test_what_the_killed_work_had_made_is_deleted_and_links_are_not_followed(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("mine")
    staging = tmp_path / "out" / ".a4.new-1"
    link = tmp_path / "out" / ".a4.lock"
    finished = tmp_path / "out" / "done.pdf"

    def work():
        staging.mkdir(parents=True)
        (staging / "cards.pdf").write_bytes(b"%PDF")
        made(staging)
        link.symlink_to(outside)
        made(link)
        finished.write_bytes(b"%PDF")
        made(finished)
        kept(finished)
        with stage("layouts/game/card.html", "typesetting", 0.2):
            busy_in_c()
        return 0
    assert supervised(work) == EXIT_BAD_INPUT
    assert not staging.exists() and not link.is_symlink()
    assert (outside / "keep.txt").read_text() == "mine"
    assert finished.exists()


def test_a_worker_killed_by_the_os_is_named_by_what_it_was_reading(capfd):
    def work():
        worker = os.fork()
        if worker == 0:
            with stage("layouts/game/rulebook.css", "typesetting rulebook.pdf"):
                os.kill(os.getpid(), signal.SIGKILL)
        os.waitpid(worker, 0)
        return EXIT_WORKER_LOST
    assert supervised(work) == EXIT_BAD_INPUT
    err = capfd.readouterr().err
    assert "layouts/game/rulebook.css: typesetting rulebook.pdf stopped the process doing it" in err
    assert "MAX_MEMORY_BYTES" in err


def test_the_work_killed_by_a_signal_is_reported_in_one_line(capfd):
    def work():
        faulthandler.disable()
        with stage("layouts/game/card.html", "typesetting cards.pdf"):
            os.kill(os.getpid(), signal.SIGABRT)
        return 0
    assert supervised(work) == EXIT_BAD_INPUT
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "layouts/game/card.html: typesetting cards.pdf stopped" in err


def test_outside_the_supervised_program_a_memory_error_still_names_the_file():
    with pytest.raises(LimitExceeded, match="card_data/g/d.yaml: reading"):
        with stage("card_data/g/d.yaml", "reading"):
            raise MemoryError


def _terminating_its_parent(staging):
    """Work that makes a staging folder, then asks its parent to stop (as `kill PID` would)."""
    def work():
        staging.mkdir()
        made(staging)
        os.kill(os.getppid(), signal.SIGTERM)
        time.sleep(30)
        return 0
    return work


def test_a_terminated_program_stops_its_work_quietly_and_cleans_up(tmp_path, capfd):
    staging = tmp_path / ".a4.new-1"
    assert supervised(_terminating_its_parent(staging)) == 128 + signal.SIGTERM
    assert not staging.exists()
    assert capfd.readouterr().err == ""


def test_a_sigterm_before_the_watch_begins_still_stops_the_work_and_cleans_up(tmp_path, capfd, monkeypatch):
    """The work signals its parent at once, while the parent is still on its way to the watch:
    the parent's handlers are in place from before the fork, in every thread of it (a signal
    otherwise ends the parent, this test run with it, and leaves the work and its staging folder
    behind)."""
    from pnp.contained import Supervisor

    staging = tmp_path / ".a4.new-1"
    watch = Supervisor.watch

    def late_watch(self, previous=None):
        time.sleep(0.5)
        return watch(self, previous)

    monkeypatch.setattr(Supervisor, "watch", late_watch)
    assert supervised(_terminating_its_parent(staging)) == 128 + signal.SIGTERM
    assert not staging.exists()
    assert capfd.readouterr().err == ""


def test_a_bug_in_the_work_is_shown_not_swallowed(capfd):
    def work():
        raise ValueError("a bug of pnp's")
    assert supervised(work) == 1
    assert "ValueError: a bug of pnp's" in capfd.readouterr().err
