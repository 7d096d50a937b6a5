"""Reading the project's own files: what was checked is what is read.

Each file is opened through a descriptor walked down from the project folder, one folder at a
time, with no link followed at any level (the project folder itself may be reached through
links: it is resolved once). The descriptor must be a plain file (a FIFO, a device, a socket or
a folder is refused at once, never read and never waited on) of at most MAX_FILE_BYTES, and
the bytes come from that same descriptor, so swapping a folder for a link between a check and
a read changes nothing. Text must be UTF-8 without control characters. Every refusal names the
file (and the line, for text)."""

import os
import re
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from pnp.errors import DataError, Problem
from pnp.limits import MAX_FILE_BYTES, MAX_FOLDER_DEPTH


CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY
READ_CHUNK = 1 << 20
NO_LINKS = "pnp reads no links inside a project"
EDITOR_LOCK = ".#"                    # the link Emacs keeps beside a file being edited: never read, skipped


class MissingFile(DataError):
    """Nothing at the path (a caller may treat an absent optional file as absent)."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a link"
    if stat.S_ISREG(mode):
        return "a file"
    return "not a plain file"


def link_problem(shown, where: str | None = None) -> Problem:
    """A link met on the way to (or at) `shown`; `where` names a folder on the way."""
    at = f" at {where}" if where else ""
    return Problem(shown, None, "(file)", "a file", f"a link{at}; {NO_LINKS}", "Replace it with the file itself")


def _missing(shown) -> MissingFile:
    return MissingFile([Problem(shown, None, "(file)", "a file", "nothing there", f"Create {shown}")])


def _refused(shown, expected: str, found: str, fix: str = "") -> DataError:
    return DataError([Problem(shown, None, "(file)", expected, found, fix)])


def _too_large(shown, found: str, limit: int) -> DataError:
    named = " (MAX_FILE_BYTES)" if limit == MAX_FILE_BYTES else ""
    return DataError([Problem(shown, 1, "(file)", f"at most {limit:,} bytes{named}", found,
                              "Split the file or shorten it")])


@lru_cache(maxsize=64)
def _root_forms(root: str, cwd: str, identity: tuple) -> tuple[Path, Path]:
    """The project folder as named (absolute, normalised) and resolved. Kept for the folder
    the name reaches (`identity`: its device and inode), so a name re-pointed meanwhile (a
    link to the project moved during `pnp watch`) is resolved again: a build asks this for
    each of thousands of files, and resolving walks every component."""
    named = Path(cwd, root)
    return Path(os.path.normpath(named)), named.resolve()


def _beneath(root: Path, path: Path, shown, folder: bool = False) -> tuple[Path, tuple[str, ...]]:
    """The project folder, resolved (the user may reach it through links), and the path's
    components below it (none: the project folder, for a folder); `path` is absolute or
    relative to `root`."""
    try:
        found = os.stat(root)
        identity = (found.st_dev, found.st_ino)
    except OSError:
        identity = None
    cwd = "" if os.path.isabs(root) else os.getcwd()
    named_root, real_root = (_root_forms(str(root), cwd, identity) if identity is not None
                             else (Path(os.path.normpath(Path(root).absolute())), Path(root).resolve()))
    path = Path(path)
    if not path.is_absolute():
        path = named_root / path
    path = Path(os.path.normpath(path))
    for base in (named_root, real_root):
        try:
            parts = path.relative_to(base).parts
        except ValueError:
            continue
        if (parts or folder) and ".." not in parts:
            return real_root, parts
    raise _refused(shown, "a file inside the project folder", f"{path}, outside it",
                   "Move the file into the project")


def _shown_prefix(parts: tuple[str, ...], upto: int, shown) -> str:
    """How a message names the folder `parts[:upto]` on the way to `shown`."""
    tail = Path(*parts[upto:])
    text = str(shown)
    if text.endswith(str(tail)):
        return text[:len(text) - len(str(tail))].rstrip("/") or str(Path(*parts[:upto]))
    return str(Path(*parts[:upto]))


def _open_problem(error: OSError, fd: int, parts: tuple[str, ...], index: int, shown, folder: bool) -> DataError:
    """Why the component `parts[index]` could not be opened below the descriptor `fd`."""
    last = index == len(parts) - 1
    try:
        mode = os.stat(parts[index], dir_fd=fd, follow_symlinks=False).st_mode
    except OSError:
        mode = None
    if mode is not None and stat.S_ISLNK(mode):
        return DataError([link_problem(shown, None if last else _shown_prefix(parts, index + 1, shown))])
    if mode is None:
        return _missing(shown)
    if (not last or folder) and not stat.S_ISDIR(mode):
        where = shown if last else _shown_prefix(parts, index + 1, shown)
        return _refused(shown, "a folder" if last else "a file", f"{where} is {_kind(mode)}, not a folder")
    return _refused(shown, "a file pnp can read", error.strerror or type(error).__name__,
                    "Give the file read permission" if isinstance(error, PermissionError) else "")


def _walk(root: Path, path: Path, shown, folder: bool = False) -> int:
    """A descriptor of `path`, opened one component at a time below `root`, no link followed."""
    real_root, parts = _beneath(root, path, shown, folder)
    try:
        fd = os.open(real_root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as error:
        raise _refused(shown, "a project folder pnp can read", f"{real_root}: {error.strerror}") from None
    try:
        for index, part in enumerate(parts):
            last = index == len(parts) - 1
            try:
                child = os.open(part, FILE_FLAGS if last and not folder else FOLDER_FLAGS, dir_fd=fd)
            except OSError as error:
                raise _open_problem(error, fd, parts, index, shown, folder) from None
            os.close(fd)
            fd = child
        return fd
    except BaseException:
        os.close(fd)
        raise


@contextmanager
def opened(path: Path, shown, root: Path | None) -> Iterator[tuple[int, os.stat_result]]:
    """A descriptor of the plain file at `path` and its fstat: walked down from `root` with no
    link followed (with `root` None, a file the user named: opened by name, links followed).
    Anything but a plain file is refused before a byte is read."""
    if root is not None:
        fd = _walk(root, path, shown)
    else:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY)
        except FileNotFoundError:
            raise _missing(shown) from None
        except OSError as error:
            raise _refused(shown, "a file pnp can read", error.strerror or type(error).__name__) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _refused(shown, "a plain file", _kind(info.st_mode), "Replace it with the file itself")
        yield fd, info
    finally:
        os.close(fd)


def read_descriptor(fd: int, info: os.stat_result, shown, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of an open plain file, refused past `limit` by its size and by what is read
    (a file that grows meanwhile is read no further than limit + 1 bytes)."""
    if info.st_size > limit:
        raise _too_large(shown, f"{info.st_size:,} bytes", limit)
    chunks, total = [], 0
    while total <= limit:
        chunk = os.read(fd, min(READ_CHUNK, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    if total > limit:
        raise _too_large(shown, f"more than {limit:,} bytes", limit)
    return b"".join(chunks)


def read_bytes(path: Path, shown, root: Path | None, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a plain file of the project, read from the descriptor that was checked:
    walked down from `root` with no link followed at any level, at most `limit` bytes."""
    with opened(path, shown, root) as (fd, info):
        return read_descriptor(fd, info, shown, limit)


def read_resolved(path: Path, shown) -> bytes:
    """A file at a path with no link in it (what `project_font` answers), read with no link
    followed from `/` down: a folder swapped for a link since is refused."""
    path = Path(path)
    return read_bytes(path, shown, Path(path.anchor or "/"))


def project_font(root: Path, path: Path, shown) -> Path:
    """A font file the PDF drawing reads: a plain file inside the project reached with no
    link, within MAX_FILE_BYTES. The answer has no link in it; read it with `read_resolved`
    (or `read_bytes`) so a folder swapped for a link meanwhile is refused too."""
    try:
        with opened(path, shown, root) as (_, info):
            if info.st_size > MAX_FILE_BYTES:
                raise _too_large(shown, f"{info.st_size:,} bytes", MAX_FILE_BYTES)
    except DataError as error:
        problem = error.problems[0]
        raise type(error)([Problem(shown, None, "(font)", "a font file of at most "
                                   f"{MAX_FILE_BYTES:,} bytes (MAX_FILE_BYTES)", problem.found,
                                   problem.fix if "link" in problem.found else "Restore the bundled font")]) from None
    real_root, parts = _beneath(root, path, shown)
    return real_root.joinpath(*parts)


def confined(root: Path, path: Path, shown) -> Path:
    """The file's real path, which must lie inside the project folder (for readers that open
    by name; prefer `read_bytes`, which reads what it checked)."""
    resolved = Path(path).resolve()
    if not resolved.is_relative_to(Path(root).resolve()):
        raise DataError([Problem(shown, None, "(file)", "a file inside the project folder",
                                 f"a link to {resolved}, outside it",
                                 "Replace the link with the file itself")])
    return resolved


def decode_text(data: bytes, shown) -> str:
    """Bytes as UTF-8 text without control characters, refused at the line of the fault."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise DataError([Problem(shown, line, "(encoding)", "UTF-8 text",
                                 f"the byte 0x{data[error.start]:02x}",
                                 "Save the file as UTF-8 (in a spreadsheet: CSV UTF-8)")]) from None
    text = text.removeprefix("\ufeff")
    bad = CONTROL.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise DataError([Problem(shown, line, "(text)", "printable text",
                                 f"the control character U+{ord(bad.group()):04X}", "Remove it")])
    return text


def read_text(path: Path, shown, root: Path | None = None) -> str:
    """The file as text (read as `read_bytes` does: below `root` with no link followed, a plain
    file within MAX_FILE_BYTES), refused when not UTF-8 or holding control characters."""
    return decode_text(read_bytes(path, shown, root), shown)


def _folder_shown(root: Path, folder: Path) -> str:
    real_root, parts = _beneath(root, folder, folder, folder=True)
    return str(Path(*parts))


def _scan(fd: int, shown: Path, relative: Path, suffixes, recursive: bool, depth: int,
          found: list, problems: list) -> None:
    """The plain files of the open folder `fd` (and of its folders, when recursive)."""
    if depth > MAX_FOLDER_DEPTH:
        problems.append(Problem(str(shown / relative), None, "(folder)",
                                f"at most {MAX_FOLDER_DEPTH} nested folders (MAX_FOLDER_DEPTH)", "more",
                                "Flatten the folders"))
        return
    with os.scandir(fd) as entries:
        listed = sorted(entries, key=lambda entry: entry.name)
    for entry in listed:
        name = relative / entry.name
        try:
            mode = entry.stat(follow_symlinks=False).st_mode
        except OSError:
            continue                       # gone since it was listed
        if stat.S_ISLNK(mode):
            if not entry.name.startswith(EDITOR_LOCK):
                problems.append(link_problem(str(shown / name)))
        elif stat.S_ISDIR(mode):
            if recursive:
                _scan_folder(fd, entry.name, shown, name, suffixes, recursive, depth + 1, found, problems)
        elif stat.S_ISREG(mode):
            if suffixes is None or entry.name.endswith(suffixes):
                found.append(name)
        else:
            problems.append(Problem(str(shown / name), None, "(file)", "a plain file", _kind(mode),
                                    "Remove it, or replace it with the file itself"))


def _scan_folder(parent: int, name: str, shown: Path, relative: Path, suffixes, recursive: bool, depth: int,
                 found: list, problems: list) -> None:
    try:
        fd = os.open(name, FOLDER_FLAGS, dir_fd=parent)
    except OSError as error:
        problems += _open_problem(error, parent, (name,), 0, str(shown / relative), True).problems
        return
    try:
        _scan(fd, shown, relative, suffixes, recursive, depth, found, problems)
    finally:
        os.close(fd)


def project_files(folder: Path, root: Path, suffixes=None, recursive: bool = True) -> list[Path]:
    """The plain files below `folder` (recursively, unless not `recursive`) whose names end in
    one of `suffixes` (all when None), sorted, as paths under `folder`.

    The walk goes through descriptors with no link followed, and refuses what pnp would not
    read: a link met anywhere (whatever its name: a link inside a project is a mistake or an
    attack, and a loop of links is one), a FIFO, a device or a socket, folders nested past
    MAX_FOLDER_DEPTH. Every one is reported at once, in one DataError. Only the links editors
    keep beside a file being edited (`.#NAME`, Emacs) are skipped: nothing reads them. A folder
    that does not exist holds no files."""
    folder = Path(folder)
    shown = Path(_folder_shown(root, folder))
    try:
        fd = _walk(root, folder, shown, folder=True)
    except MissingFile:
        return []
    found: list[Path] = []
    problems: list[Problem] = []
    try:
        _scan(fd, shown, Path(), tuple(suffixes) if suffixes is not None else None, recursive, 0, found, problems)
    finally:
        os.close(fd)
    if problems:
        raise DataError(problems)
    return sorted(folder / name for name in found)


def project_folders(folder: Path, root: Path) -> list[Path]:
    """The folders directly in `folder`, sorted; a link among them is refused (as
    `project_files` does), a folder that does not exist holds none."""
    folder = Path(folder)
    shown = Path(_folder_shown(root, folder))
    try:
        fd = _walk(root, folder, shown, folder=True)
    except MissingFile:
        return []
    try:
        with os.scandir(fd) as entries:
            listed = [(entry.name, entry.stat(follow_symlinks=False).st_mode) for entry in entries]
    finally:
        os.close(fd)
    links = [link_problem(str(shown / name)) for name, mode in listed
             if stat.S_ISLNK(mode) and not name.startswith(EDITOR_LOCK)]
    if links:
        raise DataError(links)
    return sorted(folder / name for name, mode in listed if stat.S_ISDIR(mode))

