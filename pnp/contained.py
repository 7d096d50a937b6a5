"""Work on a stranger's input under limits the operating system enforces.

A limit checked in Python cannot stop C code (pango laying out a million characters, Pillow
decoding, `"%0999999999d" % 1`), so `pnp` runs as two processes (`supervised`). The child does
the work under an address-space cap (RLIMIT_AS = MAX_MEMORY_BYTES), which its worker processes
inherit: past it, an allocation fails (a MemoryError, or an abort in a library) and never takes
the machine. The parent does nothing but watch: each stage of the work that reads a stranger's
input says what it reads and for how long it may run (`stage`), on a pipe to the parent, which
kills the work when a stage overruns its clock and then deletes what the work had begun to
write (`made`). Either way the user reads one line, exit status 2, naming the file and the limit.

Outside the supervised program (tests calling the command in-process, the library) `stage`
keeps its local record, so a MemoryError is still reported with the file it was reading.
"""

import ctypes
import errno
import os
import re
import resource
import select
import shutil
import signal
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import EXIT_BAD_INPUT, PnpError
from pnp.limits import MAX_MEMORY_BYTES, STAGE_GRACE_SECONDS

PR_SET_PDEATHSIG = 1             # Linux prctl: a signal for the child when its parent dies
M_ARENA_MAX = -8                  # glibc mallopt parameter
MALLOC_ARENAS = 2
PIPE_ATOMIC_BYTES = 4096          # POSIX PIPE_BUF on Linux: writes up to this size never interleave
EXIT_WORKER_LOST = 70             # the work's own code for "a worker process died under it"
WATCH_INTERVAL = 0.1              # seconds between the parent's looks at the clocks
ENDING_INTERVAL = 0.002           # seconds between its looks at a work that has closed the pipe
FORWARDED_SIGNALS = {signal.SIGTERM, signal.SIGHUP}   # the parent passes these on to the work


class LimitExceeded(PnpError):
    """The work went past a limit the operating system enforces (exit status 2)."""


@dataclass
class Stage:
    file: str
    doing: str
    seconds: float | None
    limit: str | None
    pid: int
    started: float

    def describe(self) -> str:
        return f"{self.file}: {self.doing}" if self.file else self.doing


_channel: int | None = None
_stages: list[Stage] = []


def memory_cap() -> int:
    """The address-space cap of the work, in bytes."""
    return MAX_MEMORY_BYTES


def _send(message: str) -> None:
    if _channel is None:
        return
    data = (message.replace("\n", " ")[:PIPE_ATOMIC_BYTES - 1] + "\n").encode("utf-8", "replace")
    try:
        os.write(_channel, data[:PIPE_ATOMIC_BYTES])
    except OSError:
        pass


def _memory_error(current: Stage | None) -> LimitExceeded:
    where = current.describe() if current else "the work"
    return LimitExceeded(f"{where} needed more than {memory_cap():,} bytes of memory (MAX_MEMORY_BYTES); "
                         "nothing was written. The input is too large or built to exhaust the machine")


@contextmanager
def stage(file: str, doing: str, seconds: float | None = None, limit: str | None = None):
    """Announce that the block reads `file` (as the project names it) doing `doing`; with
    `seconds`, the supervising parent kills the work when the block runs longer (plus a grace,
    so a clock inside the block that can speak first does). A MemoryError inside is reported as
    the memory limit reached while reading `file`."""
    current = Stage(str(file), doing, seconds, limit, os.getpid(), time.monotonic())
    _stages.append(current)
    clock = f"{seconds + STAGE_GRACE_SECONDS:.3f}" if seconds else "0"
    _send(f"S {current.pid} {clock} {limit or '-'} {current.file}\t{doing}")
    try:
        yield current
    except MemoryError:
        raise _memory_error(current) from None
    except (OSError, SystemError) as error:
        if out_of_memory(error):
            raise _memory_error(current) from None
        raise
    finally:
        _stages.pop()
        _send(f"E {current.pid}")


def made(path: Path | str) -> None:
    """The work created `path` (a staging folder, a lock, a temporary file): the parent deletes
    it if the work is killed before `kept(path)`."""
    _send(f"M {os.getpid()} {os.fspath(path)}")


def kept(path: Path | str) -> None:
    """`path` was renamed into place or removed by the work itself: nothing to clean."""
    _send(f"K {os.getpid()} {os.fspath(path)}")


def current_stage() -> Stage | None:
    return _stages[-1] if _stages else None


def out_of_memory(error: OSError | SystemError | ImportError) -> bool:
    """Whether the system refused memory: ENOMEM, or a library that could not be mapped in
    (the loader says so in words, with no errno; Python raises it as an ImportError), or a
    SystemError near the cap (near_the_cap)."""
    if isinstance(error, SystemError):
        return near_the_cap()
    text = str(error).lower()
    return (getattr(error, "errno", None) == errno.ENOMEM or "failed to map segment" in text
            or "cannot allocate memory" in text)


NEAR_THE_CAP = 0.75              # of the address-space cap: a failure past it is the cap's (glibc maps 64 MB at once)


def near_the_cap() -> bool:
    """Whether this process's address space came near its cap: there a library whose allocation
    failed may raise SystemError ("error return without exception set") and not MemoryError."""
    soft, status = resource.getrlimit(resource.RLIMIT_AS)[0], Path("/proc/self/status")
    peak = re.search(r"^VmPeak:\s+(\d+) kB", status.read_text() if status.exists() else "", re.M)
    return soft != resource.RLIM_INFINITY and peak is not None and int(peak[1]) * 1024 >= NEAR_THE_CAP * soft


def memory_error() -> LimitExceeded:
    """A MemoryError met outside any stage, as the user reads it."""
    return _memory_error(current_stage())


def die_with_parent() -> None:
    """Linux: this process is killed when its parent dies, even by SIGKILL."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def _cap_memory() -> None:
    """RLIMIT_AS on this process and the workers it forks. glibc reserves 64 MB of address space
    for each extra malloc arena its threads make (pango's font threads): two arenas keep that
    reservation from counting against the cap in place of memory."""
    try:
        ctypes.CDLL(None).mallopt(M_ARENA_MAX, MALLOC_ARENAS)
    except (OSError, AttributeError):
        pass

    cap = memory_cap()
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def supervised(work) -> int:
    """Run `work()` (returning an exit status) in a child process under the memory cap, watched
    by this process; the exit status of the whole."""
    global _channel
    read_end, write_end = os.pipe()
    parent = os.getpid()
    # The handlers are in place before the fork: a SIGTERM or SIGHUP that comes at once is passed
    # on to the work as soon as it exists, never ending this process and leaving the work behind.
    supervisor = Supervisor(None, read_end)
    previous = supervisor.take_signals()
    child = os.fork()
    if child == 0:
        for number, handler in previous.items():
            signal.signal(number, handler)
        os.close(read_end)
        _channel = write_end
        die_with_parent()
        if os.getppid() != parent:
            os._exit(EXIT_BAD_INPUT)
        _cap_memory()
        code = EXIT_BAD_INPUT
        try:
            code = work()
        except BaseException:           # a bug of pnp's: shown whole, so it gets reported
            import traceback

            traceback.print_exc()
            code = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    os.close(write_end)
    supervisor.started(child)
    return supervisor.watch(previous)


def _lock_free(path: Path) -> bool:
    """Whether no other build holds the lock file (a waiting build took it when the killed one
    let go: it removes the file itself when it ends)."""
    import fcntl

    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return True
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return os.fstat(handle).st_ino == os.lstat(path).st_ino
    except OSError:
        return False
    finally:
        os.close(handle)


class Supervisor:
    """The parent's side: reads the stages, enforces their clocks, reports how the work ended."""

    def __init__(self, child: int | None, channel: int):
        self.child = child
        self.channel = channel
        self.open: dict[int, list[Stage]] = {}
        self.created: dict[str, int] = {}
        self.pending = b""
        self.forwarded: set[int] = set()

    def take_signals(self) -> dict:
        """SIGTERM and SIGHUP passed on to the work, Ctrl-C left to it (it reports it); the
        handlers they had, to put back."""
        previous = {number: signal.signal(number, self._forward) for number in FORWARDED_SIGNALS}
        previous[signal.SIGINT] = signal.signal(signal.SIGINT, signal.SIG_IGN)
        return previous

    def started(self, child: int) -> None:
        """The work's process exists: what came for it before is passed on now."""
        self.child = child
        for number in sorted(self.forwarded):
            self._send(number)

    def watch(self, previous: dict | None = None) -> int:
        """Watch until the work ends, then put back the signal handlers `previous` (those
        take_signals() replaced; taken here when None)."""
        if previous is None:
            previous = self.take_signals()
        try:
            while True:
                finished, status = os.waitpid(self.child, os.WNOHANG)
                if finished:
                    self._read(0)
                    return self._ended(status)
                self._read(WATCH_INTERVAL)
                late = self._overrun()
                if late:
                    return self._stop(late)
        finally:
            for number, handler in previous.items():
                signal.signal(number, handler)

    def _forward(self, number, frame) -> None:
        self.forwarded.add(number)
        if self.child is not None:
            self._send(number)

    def _send(self, number: int) -> None:
        try:
            os.kill(self.child, number)
        except ProcessLookupError:
            pass

    def _read(self, timeout: float) -> None:
        while True:
            ready, _, _ = select.select([self.channel], [], [], timeout)
            if not ready:
                return
            chunk = os.read(self.channel, 65536)
            if not chunk:              # every writer gone: the work is ending, looked at again soon
                time.sleep(min(timeout, ENDING_INTERVAL))
                return
            self.pending += chunk
            *lines, self.pending = self.pending.split(b"\n")
            for line in lines:
                self._message(line.decode("utf-8", "replace"))
            timeout = 0

    def _message(self, line: str) -> None:
        kind, _, rest = line.partition(" ")
        pid_text, _, rest = rest.partition(" ")
        if not pid_text.isdigit():
            return
        pid = int(pid_text)
        if kind == "S":
            clock, _, rest = rest.partition(" ")
            limit, _, rest = rest.partition(" ")
            file, _, doing = rest.partition("\t")
            seconds = float(clock) or None
            self.open.setdefault(pid, []).append(Stage(file, doing, seconds, None if limit == "-" else limit, pid,
                                                       time.monotonic()))
        elif kind == "E" and self.open.get(pid):
            self.open[pid].pop()
        elif kind == "M":
            self.created[rest] = pid
        elif kind == "K":
            self.created.pop(rest, None)

    def _overrun(self) -> Stage | None:
        now = time.monotonic()
        for stages in self.open.values():
            for current in stages:
                if current.seconds and now - current.started > current.seconds:
                    return current
        return None

    def _kill_all(self) -> None:
        for pid in [self.child, *(pid for pid, stages in self.open.items() if stages)]:
            try:
                os.kill(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            os.waitpid(self.child, 0)
        except ChildProcessError:
            pass

    def _stop(self, late: Stage) -> int:
        self._kill_all()
        self._clean()
        seconds = late.seconds - STAGE_GRACE_SECONDS
        limit = f" ({late.limit})" if late.limit else ""
        self._say(f"{late.describe()} took longer than {seconds:g} s{limit}, so the work was stopped; "
                  "nothing was written. The input is too large or built to never finish")
        return EXIT_BAD_INPUT

    def _ended(self, status: int) -> int:
        code = os.waitstatus_to_exitcode(status)
        if code >= 0 and code != EXIT_WORKER_LOST:
            self._clean()
            return code
        if -code in self.forwarded:
            self._kill_all()
            self._clean()
            return 128 - code
        lost = self._lost_stage(killed=code < 0)
        self._kill_all()
        self._clean()
        self._say(f"{lost.describe() if lost else 'the work'} stopped the process doing it (over the memory "
                  f"limit of {memory_cap():,} bytes, MAX_MEMORY_BYTES, or a crash in a library); nothing was "
                  "written. The input is too large or built to break the typesetter")
        return EXIT_BAD_INPUT

    def _lost_stage(self, killed: bool) -> Stage | None:
        """What the process that died was doing: the work's own innermost stage when the work
        itself was killed, else that of a worker that is gone (a worker still alive was only
        waiting)."""
        def gone(pid: int) -> bool:
            try:
                return Path(f"/proc/{pid}/stat").read_text().rpartition(") ")[2][:1] in ("Z", "X")
            except OSError:
                return True
        workers = [pid for pid, stages in self.open.items() if stages and pid != self.child]
        if killed and self.open.get(self.child):
            return self.open[self.child][-1]
        chosen = [pid for pid in workers if gone(pid)] or workers
        if chosen:
            return self.open[chosen[0]][-1]
        return self.open[self.child][-1] if self.open.get(self.child) else None

    def _clean(self) -> None:
        """Delete what the killed work had created, links and all, never what a link names."""
        for path in sorted(self.created, key=len, reverse=True):
            target = Path(path)
            try:
                if target.name.endswith(".lock") and not _lock_free(target):
                    continue
                if target.is_dir() and not target.is_symlink():
                    shutil.rmtree(target)
                elif target.is_symlink() or target.exists():
                    target.unlink()
            except OSError:
                pass
        self.created.clear()

    @staticmethod
    def _say(message: str) -> None:
        sys.stdout.flush()
        red = "\x1b[1;31merror:\x1b[0m " if sys.stderr.isatty() else "error: "
        print(red + message, file=sys.stderr, flush=True)
