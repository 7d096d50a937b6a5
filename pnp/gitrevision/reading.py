"""A repository's files, read through descriptors pnp opens itself with no link followed; what
pnp will not read is refused (`Refused`), naming the file, what was expected and what is there."""

import errno
import os
import stat
from pathlib import Path

from pnp.errors import DataError, Problem


GIT_POINTER_BYTES = 4096           # a .git file, a ref, commondir: one line
NOT_READ_FIX = "Check the repository with `git fsck`, or reprint with --cards"


class Refused(Exception):
    """Something in the repository pnp will not read: the file, what was expected, what is there."""

    def __init__(self, path: Path, expected: str, found: str, fix: str = NOT_READ_FIX):
        super().__init__(found)
        self.path, self.expected, self.found, self.fix = path, expected, found, fix

    def error(self, root: Path) -> DataError:
        return DataError([Problem(shown_path(root, self.path), None, "(git)", self.expected, self.found, self.fix)])


def shown_path(root: Path, path: Path) -> str:
    """A path as the user reads it: from the project folder when inside it."""
    if path == root:
        return "."
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)


def printable(text: str, limit: int = 120) -> str:
    """Text from a stranger's file, safe on one line of a terminal."""
    clean = "".join(c if c.isprintable() else "?" for c in text)
    return clean if len(clean) <= limit else clean[:limit] + "..."


def open_below(base: Path, relative: str, directory: bool = False) -> int | None:
    """A descriptor of base/relative (a file, or a folder if `directory`) opened with no link
    followed below `base` (a real path), or None when nothing of that kind is there. A link,
    or a FIFO, device or socket where a file belongs, is refused without being read or waited on."""
    parts = [part for part in relative.split("/") if part]
    try:
        folder = os.open(base, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except (FileNotFoundError, NotADirectoryError):
        return None
    try:
        for index, part in enumerate(parts):
            last = index == len(parts) - 1
            opened = _open_step(part, folder, os.O_NONBLOCK if last and not directory else os.O_DIRECTORY,
                                base.joinpath(*parts[:index + 1]))
            os.close(folder)
            folder = opened
            if folder is None:
                return None
        mode = os.fstat(folder).st_mode
    except BaseException:
        if folder is not None:
            os.close(folder)
        raise
    if stat.S_ISDIR(mode) if directory else stat.S_ISREG(mode):
        return folder
    os.close(folder)
    if not stat.S_ISDIR(mode) and not stat.S_ISREG(mode):
        raise Refused(base / relative, "a plain file", "a FIFO, device or socket", "Remove it")
    return None


def _open_step(name: str, folder: int, kind: int, shown: Path) -> int | None:
    """One component, opened without following a link; None if it is missing or not a folder
    where one is needed."""
    try:
        return os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | kind, dir_fd=folder)
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno not in (errno.ELOOP, errno.ENOTDIR):
            raise
        try:
            link = stat.S_ISLNK(os.lstat(name, dir_fd=folder).st_mode)
        except OSError:
            link = False
        if link:
            raise Refused(shown, "plain files and folders", "a link; pnp follows no link in a repository",
                          "Replace the link with what it names") from None
        return None


def read_below(base: Path, relative: str, limit: int) -> bytes | None:
    """The file's bytes, at most `limit` of them, or None when there is no such file."""
    descriptor = open_below(base, relative)
    if descriptor is None:
        return None
    with os.fdopen(descriptor, "rb") as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise Refused(base / relative, f"a file of at most {limit:,} bytes", "a larger one")
    return data


def real_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False
