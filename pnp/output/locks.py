"""One build at a time into a folder: a lock file beside it, never a link, removed when done."""

import errno
import fcntl
import os
import stat
from contextlib import contextmanager
from pathlib import Path

from pnp.atomic import OpenFolder, entry_kind, link_refused, opened_folder
from pnp.contained import kept, made
from pnp.errors import UsageError

READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
LOCK_FLAGS = READ_FLAGS | os.O_CREAT


def lock_name(out_dir: Path) -> str:
    return f".{out_dir.name}.lock"


def _lock_entry(parent: OpenFolder, name: str) -> None:
    """Refuse a lock that is there but is not a plain file (a link, a folder, a pipe)."""
    kind = entry_kind(parent.fd, name)
    if kind is not None and stat.S_ISLNK(kind):
        raise link_refused(parent.path / name)
    if kind is not None and not stat.S_ISREG(kind):
        raise UsageError(f"{parent.path / name} is not a file: it is the lock of a pnp build. Remove it")


def _open_lock(parent: OpenFolder, name: str) -> int:
    _lock_entry(parent, name)
    try:
        handle = os.open(name, LOCK_FLAGS, 0o644, dir_fd=parent.fd)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise link_refused(parent.path / name) from None
        raise
    if not stat.S_ISREG(os.fstat(handle).st_mode):
        os.close(handle)
        _lock_entry(parent, name)
        raise UsageError(f"{parent.path / name} is not a file: it is the lock of a pnp build. Remove it")
    return handle


def _is_entry(parent: OpenFolder, name: str, handle: int) -> bool:
    """The open lock is still the file of that name (not removed by the build that held it)."""
    try:
        entry = os.stat(name, dir_fd=parent.fd, follow_symlinks=False)
    except FileNotFoundError:
        return False
    mine = os.fstat(handle)
    return (entry.st_dev, entry.st_ino) == (mine.st_dev, mine.st_ino)


@contextmanager
def _held_lock(parent: OpenFolder, name: str):
    """The lock file `name` in the folder, held for the block and removed after it.

    Removing a lock file is safe only while holding it: a build that was waiting on the removed
    file finds, once it holds it, that the name no longer leads to it, and opens the lock again."""
    shown = parent.path / name
    while True:
        handle = _open_lock(parent, name)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
            if _is_entry(parent, name, handle):
                break
        except BaseException:
            os.close(handle)
            raise
        os.close(handle)
    made(shown)
    try:
        yield
    finally:
        try:
            if _is_entry(parent, name, handle):
                os.unlink(name, dir_fd=parent.fd)
        except OSError:
            pass
        kept(shown)
        os.close(handle)


@contextmanager
def _locked(out_dir: Path, create: bool = True):
    """The folder holding `out_dir`, opened with no link followed (made when missing), with the
    build lock of `out_dir` held."""
    with opened_folder(out_dir.parent, create) as parent:
        with _held_lock(parent, lock_name(out_dir)):
            yield parent


@contextmanager
def build_lock(out_dir: Path):
    """One build at a time into a folder: a second waits for the first to finish. The lock is a
    file beside the folder, never a link, removed when the block ends."""
    with _locked(Path(os.path.abspath(out_dir))):
        yield
