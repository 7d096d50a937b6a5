"""Writing output so that a reader never sees a half-written file, never through a link, and
with nothing left behind when writing fails.

Folders are opened one step at a time from the root with no link followed, and everything
after is done relative to the opened folder: a link met on the way, or swapped in halfway, is
refused, never followed. A file is written beside its final name and renamed over it. What a
write creates (folders, temporary files) is announced to the supervising parent
(pnp.contained.made), which deletes it if the work is killed, and removed by the write itself
when it fails.
"""

import errno
import os
import secrets
import stat
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from pnp.contained import kept, made
from pnp.errors import UsageError

FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
# The folders on the way are only passed through: Linux opens them for that alone (O_PATH), so a
# folder the user may search but not list (mode 711) is no obstacle.
PASSING_FLAGS = getattr(os, "O_PATH", os.O_RDONLY) | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
NEW_FILE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
DISK_FULL = frozenset({errno.ENOSPC, errno.EFBIG, errno.EDQUOT})


@dataclass
class OpenFolder:
    """A folder opened with no link followed: its path as given, its descriptor, and the
    folders the opening created (outermost first)."""

    path: Path
    fd: int
    created: list = field(default_factory=list)

    def undo(self) -> None:
        """Remove the folders the opening created, when they are still empty."""
        for folder in reversed(self.created):
            try:
                os.rmdir(folder)
            except OSError:
                pass
            kept(folder)
        self.created = []

    def keep(self) -> None:
        for folder in self.created:
            kept(folder)
        self.created = []


def link_refused(path: Path) -> UsageError:
    return UsageError(f"{path} is a link: pnp never writes through a link. Remove the link, or choose "
                      "another folder with --out")


def not_a_folder(path: Path) -> UsageError:
    return UsageError(f"cannot write there: {path} is a file, not a folder. Choose a folder you can "
                      "write to with --out")


def entry_kind(folder_fd: int, name: str) -> int | None:
    """The st_mode of `name` in the folder, the link itself when it is one; None when absent."""
    try:
        return os.stat(name, dir_fd=folder_fd, follow_symlinks=False).st_mode
    except FileNotFoundError:
        return None


def _refusal(folder_fd: int, part: str, shown: Path) -> UsageError:
    kind = entry_kind(folder_fd, part)
    return link_refused(shown) if kind is not None and stat.S_ISLNK(kind) else not_a_folder(shown)


def _step(folder_fd: int, part: str, shown: Path, create: bool, flags: int) -> tuple[int, bool]:
    """The subfolder `part` opened with no link followed (made when missing and `create`), and
    whether it was made."""
    try:
        return os.open(part, flags, dir_fd=folder_fd), False
    except FileNotFoundError:
        if not create:
            raise
    except OSError as error:
        if error.errno in (errno.ELOOP, errno.ENOTDIR):
            raise _refusal(folder_fd, part, shown) from None
        raise
    try:
        os.mkdir(part, 0o777, dir_fd=folder_fd)
    except FileExistsError:                  # made meanwhile by another process
        return _step(folder_fd, part, shown, False, flags)
    made(shown)
    try:
        return os.open(part, flags, dir_fd=folder_fd), True
    except OSError:
        try:
            os.rmdir(part, dir_fd=folder_fd)
        except OSError:
            pass
        kept(shown)
        raise _refusal(folder_fd, part, shown) from None


def open_folder(path: Path, create: bool = False) -> OpenFolder:
    """The folder `path`, opened step by step from the root with no link followed; with
    `create`, the missing folders are made. A link on the way is refused (UsageError), a missing
    folder without `create` raises FileNotFoundError. Close it with `close_folder`."""
    path = Path(os.path.abspath(path))
    parts = path.parts[1:]
    fd = os.open(path.anchor or "/", PASSING_FLAGS if parts else FOLDER_FLAGS)
    opened = OpenFolder(path, fd)
    step = Path(path.anchor or "/")
    try:
        for number, part in enumerate(parts, start=1):
            step = step / part
            flags = FOLDER_FLAGS if number == len(parts) else PASSING_FLAGS
            inner, made_here = _step(opened.fd, part, step, create, flags)
            if made_here:
                opened.created.append(step)
            os.close(opened.fd)
            opened.fd = inner
    except BaseException:
        os.close(opened.fd)
        opened.undo()
        raise
    return opened


@contextmanager
def opened_folder(path: Path, create: bool = False):
    """open_folder for a block: the folders it made stay when the block succeeds and are
    removed (when empty) when it fails."""
    folder = open_folder(path, create)
    try:
        yield folder
    except BaseException:
        folder.undo()
        raise
    else:
        folder.keep()
    finally:
        os.close(folder.fd)


def write_error(error: OSError, path, what: str = "") -> UsageError:
    """An OSError met while writing `path`, as the user reads it: a full disk (or a file size
    limit) said so, anything else with its reason."""
    if error.errno in DISK_FULL:
        return UsageError(f"the disk is full or a file size limit was reached while writing {path}: nothing was "
                          "written. Free some space and run the command again")
    return UsageError(f"cannot write {what}{path}: {error.strerror or error}. Choose a folder you can write "
                      "to with --out")


def _umask() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return umask


def write_new_file(folder_fd: int, name: str, data: bytes, mode: int) -> None:
    """`data` as the file `name` in the folder, replacing a file of that name (never writing
    through a link of that name)."""
    if entry_kind(folder_fd, name) is not None:
        os.unlink(name, dir_fd=folder_fd)
    handle = os.open(name, NEW_FILE_FLAGS, 0o600, dir_fd=folder_fd)
    with os.fdopen(handle, "wb") as out:
        out.write(data)
        os.fchmod(handle, mode)


def write_atomically(path: Path, data: bytes, private: bool = False, resolve: bool = True,
                     mode: int | None = None) -> None:
    """Write to a temporary file beside path, then rename it over path (a link at path is
    replaced, never written through). The folders are opened with no link followed once the
    path is resolved (`resolve`; without it, as given: a path in a project, whose root is
    resolved already, where a link on the way, even one swapped in meanwhile, is refused);
    folders made for it are removed again when the write fails. `private`: readable by its
    owner only (a cache's entries), else as the umask says, or `mode` (a file rewritten in place
    keeps its own)."""
    path = Path(path)
    folder_path = path.parent.resolve() if resolve else Path(os.path.abspath(path.parent))
    with opened_folder(folder_path, create=True) as folder:
        temporary = f".{path.name}.{secrets.token_hex(4)}.tmp"
        shown = folder.path / temporary
        handle = os.open(temporary, NEW_FILE_FLAGS, 0o600, dir_fd=folder.fd)
        made(shown)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                os.fchmod(handle, 0o600 if private else mode if mode is not None else 0o666 & ~_umask())
            os.replace(temporary, path.name, src_dir_fd=folder.fd, dst_dir_fd=folder.fd)
        except BaseException:
            try:
                os.unlink(temporary, dir_fd=folder.fd)
            except OSError:
                pass
            raise
        finally:
            kept(shown)
