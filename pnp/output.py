"""The output folders: where a build goes, and writing it there all or nothing.

A build is written into a staging folder beside its folder and swapped in at the end, under a
lock beside the folder. Every folder on the way is opened with no link followed
(pnp.atomic.open_folder) and everything after happens relative to it, so a link shipped in
output/ (or swapped in halfway) is refused, never followed. A refused or failed build leaves
nothing new: the folder is checked before anything is made (`check_out_folder`), and the
staging folder, the lock and any folder made on the way are removed when the build fails, or
by the supervising parent when it is killed (pnp.contained.made).
"""

import ctypes
import errno
import fcntl
import hashlib
import hmac
import json
import os
import secrets
import shutil
import stat
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pnp.atomic import (FOLDER_FLAGS, OpenFolder, entry_kind, link_refused, opened_folder, write_error,
                        write_new_file)
from pnp.contained import kept, made
from pnp.errors import UsageError
from pnp.games.base import Game
from pnp.limits import MAX_FILE_BYTES
from pnp.project import Project

DUPLEX_MODES = ("long", "short", "fold", "none")
# Where each duplex mode's files go under output/GAME/ (long, the usual, keeps the plain name).
DUPLEX_FOLDERS = {"long": "{paper}", "short": "{paper}-duplex-short", "fold": "{paper}-fold",
                  "none": "{paper}-fronts-only"}
MANIFEST = ".pnp-build.json"     # the files the last build wrote into a folder, and its inputs
READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
LOCK_FLAGS = READ_FLAGS | os.O_CREAT


@dataclass(frozen=True)
class BuiltFile:
    path: Path
    pages: int
    cards: int
    size: int


@dataclass(frozen=True)
class BuildReport:
    files: list
    skipped: list      # what --force let through, said loudly by the CLI
    rendered: int = 0  # documents WeasyPrint laid out (0: every page came from the cache)
    up_to_date: bool = False    # the folder already held this build: nothing was done


def output_folder(project: Project, game: Game, paper: str, duplex: str, language: str | None = None,
                  ink_saver: bool = False) -> Path:
    """output/GAME/PAPER[-ink-saver][-MODE][-LANGUAGE] in the project (the game's own language keeps
    no suffix)."""
    suffix = f"-{language}" if language and language != game.language else ""
    printed = f"{paper}-ink-saver" if ink_saver else paper
    return project_output(project, game.key, DUPLEX_FOLDERS[duplex].format(paper=printed) + suffix)


def project_output(project: Project, *parts: str) -> Path:
    """A folder under the project's output/; refused when any part of it is a link, so a
    project cannot have its build written outside itself."""
    target = project.root.joinpath("output", *parts)
    step = project.root
    for part in target.relative_to(project.root).parts:
        step = step / part
        if step.is_symlink():
            raise UsageError(f"{project.relative(step)} is a link: pnp writes its builds only into the "
                             "project's own output folder. Remove the link, or choose a folder with --out")
    return target


# --- checking a folder before anything is made ------------------------------------------------

def _deepest_folder(path: Path, what: str) -> Path:
    """The deepest existing folder of `path` (itself when it exists), refusing a link or a file
    on the way."""
    step = Path(path.anchor)
    for part in path.parts[1:]:
        following = step / part
        try:
            mode = os.lstat(following).st_mode
        except FileNotFoundError:
            return step
        if stat.S_ISLNK(mode):
            raise link_refused(following)
        if not stat.S_ISDIR(mode):
            raise UsageError(f"cannot write {what} to {path}: {following} is a file, not a folder. "
                             "Choose a folder you can write to with --out")
        step = following
    return step


def check_writable(folder: Path, what: str = "the build", replaced: bool = False) -> None:
    """Refuse, before anything is rendered, a folder that could not be written: one below a file
    or a link, or where the user cannot write (with `replaced`, the folder itself is swapped for
    a new one, so its parent is written)."""
    folder = Path(os.path.abspath(folder))
    existing = _deepest_folder(folder, what)
    if replaced and existing == folder:
        existing = folder.parent
    if not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write {what} to {folder}: {existing} is not writable. "
                         "Choose a folder you can write to with --out")


def check_out_folder(out_dir: Path, owned: bool = False) -> None:
    """Refuse, before anything is rendered or made, a build folder the build could not or must
    not replace: the root, a folder below a file or a link, a folder the user cannot write, a
    folder holding other files (unless `owned`: the project's own output folder), a lock beside
    it that is not a file of pnp's."""
    out_dir = Path(os.path.abspath(out_dir))
    if out_dir == out_dir.parent:
        raise UsageError(f"{out_dir} is the root of the file system: a build replaces its whole folder, so "
                         "choose a new or empty folder with --out")
    check_writable(out_dir, replaced=True)
    try:
        with opened_folder(out_dir.parent) as parent:
            _refuse_occupied(parent, out_dir, owned)
            _lock_entry(parent, lock_name(out_dir))
    except FileNotFoundError:
        pass


def _refuse_occupied(parent: OpenFolder, out_dir: Path, owned: bool) -> None:
    """A build replaces its whole folder: refuse a link, a file, or (unless owned) a folder
    holding files pnp did not write (no manifest of a previous build)."""
    kind = entry_kind(parent.fd, out_dir.name)
    if kind is None:
        return
    if stat.S_ISLNK(kind):
        raise link_refused(out_dir)
    if not stat.S_ISDIR(kind):
        raise UsageError(f"cannot write the build to {out_dir}: it is a file, not a folder. Choose a folder "
                         "with --out")
    if owned:
        return
    folder = os.open(out_dir.name, FOLDER_FLAGS, dir_fd=parent.fd)
    try:
        names = os.listdir(folder)
        ours = MANIFEST in names and stat.S_ISREG(entry_kind(folder, MANIFEST) or 0)
    finally:
        os.close(folder)
    if names and not ours:
        raise UsageError(f"{out_dir} holds files pnp did not write; a build replaces its whole folder, so "
                         "choose a new or empty folder with --out")


# --- one build at a time ----------------------------------------------------------------------

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


# --- writing a build --------------------------------------------------------------------------

def _is_folder(parent: OpenFolder, name: str) -> bool:
    return stat.S_ISDIR(entry_kind(parent.fd, name) or 0)


def _recover(parent: OpenFolder, name: str) -> None:
    """Finish or undo a swap a killed build left halfway, and drop its unfinished sets (real
    folders only: a link of such a name is left alone)."""
    old = f".{name}.old"
    if _is_folder(parent, old):
        if entry_kind(parent.fd, name) is not None:
            shutil.rmtree(old, dir_fd=parent.fd, ignore_errors=True)
        else:
            os.rename(old, name, src_dir_fd=parent.fd, dst_dir_fd=parent.fd)
    for entry in os.listdir(parent.fd):
        if entry.startswith(f".{name}.new-") and _is_folder(parent, entry):
            shutil.rmtree(entry, dir_fd=parent.fd, ignore_errors=True)


AT_FDCWD, RENAME_EXCHANGE = -100, 2     # Linux renameat2: swap two paths in one step


def _swap(parent: OpenFolder, first: str, second: str) -> None:
    """Exchange two folders of `parent` atomically (Linux renameat2); elsewhere, two renames and
    a recovery step at the next build (`_recover`)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.renameat2(parent.fd, os.fsencode(first), parent.fd, os.fsencode(second), RENAME_EXCHANGE) == 0:
            return
    except (OSError, AttributeError):
        pass
    old = f".{second}.old"
    os.rename(second, old, src_dir_fd=parent.fd, dst_dir_fd=parent.fd)
    os.rename(first, second, src_dir_fd=parent.fd, dst_dir_fd=parent.fd)
    os.rename(old, first, src_dir_fd=parent.fd, dst_dir_fd=parent.fd)


def _file_parts(name: str) -> list[str]:
    """The folders and file name of a file of the build, which must stay inside its folder."""
    parts = str(name).split("/")
    if any(part in ("", ".", "..") or "\x00" in part for part in parts):
        raise UsageError(f"cannot write {str(name)[:80]!r}: not a file name inside the output folder")
    return parts


def _subfolder(folders: dict, parts: tuple) -> int:
    """The staging subfolder `parts`, made when missing (0o755), opened with no link followed."""
    if parts not in folders:
        above = _subfolder(folders, parts[:-1])
        if entry_kind(above, parts[-1]) is None:
            os.mkdir(parts[-1], 0o755, dir_fd=above)
        folders[parts] = os.open(parts[-1], FOLDER_FLAGS, dir_fd=above)
        os.fchmod(folders[parts], 0o755)
    return folders[parts]


def _new_staging(parent: OpenFolder, name: str) -> str:
    """A new, private staging folder beside the build folder."""
    while True:
        staging = f".{name}.new-{secrets.token_hex(4)}"
        try:
            os.mkdir(staging, 0o700, dir_fd=parent.fd)
        except FileExistsError:
            continue
        made(parent.path / staging)
        return staging


def _stage(parent: OpenFolder, out_dir: Path, files: list) -> str:
    """`files` ((name, bytes)) written into a new staging folder beside out_dir; the staging
    folder is removed again when any write fails."""
    staging = _new_staging(parent, out_dir.name)
    folders: dict = {}
    try:
        folders[()] = os.open(staging, FOLDER_FLAGS, dir_fd=parent.fd)
        for name, data in files:
            parts = _file_parts(name)
            try:
                write_new_file(_subfolder(folders, tuple(parts[:-1])), parts[-1], data, 0o644)
            except OSError as error:
                raise write_error(error, out_dir / name, "the build to ") from None
        os.fchmod(folders[()], 0o755)
    except BaseException:
        shutil.rmtree(staging, dir_fd=parent.fd, ignore_errors=True)
        kept(parent.path / staging)
        raise
    finally:
        for handle in folders.values():
            os.close(handle)
    return staging


def _put_in_place(parent: OpenFolder, staging: str, name: str) -> None:
    """The staging folder becomes the build folder; the previous set, swapped out, is removed."""
    if entry_kind(parent.fd, name) is not None:
        _swap(parent, staging, name)            # staging now holds the previous set
        shutil.rmtree(staging, dir_fd=parent.fd, ignore_errors=True)
    else:
        os.rename(staging, name, src_dir_fd=parent.fd, dst_dir_fd=parent.fd)
    kept(parent.path / staging)


def write_outputs(out_dir: Path, rendered: list, owned: bool = False, inputs: str | None = None,
                  skipped: list | None = None) -> list[BuiltFile]:
    """All or nothing: the new set is written beside the old one and swapped in at the end,
    so a failure at any moment leaves the previous complete set. The folder is pnp's own: a
    folder holding other files (no manifest of a previous build) is refused, unless `owned`
    (the project's own output folder). The manifest records each file and the digest of the
    build's `inputs`, so that the next build with the same inputs has nothing to do. A refused
    or failed write leaves nothing new: no lock, no staging folder, no folder made for it."""
    out_dir = Path(os.path.abspath(out_dir))
    check_out_folder(out_dir, owned)
    files = [(name, pdf) for name, pdf, _, _ in rendered]
    files.append((MANIFEST, manifest_text(rendered, inputs, skipped).encode()))
    try:
        with _locked(out_dir) as parent:
            _recover(parent, out_dir.name)
            _refuse_occupied(parent, out_dir, owned)
            staging = _stage(parent, out_dir, files)
            _put_in_place(parent, staging, out_dir.name)
    except OSError as error:
        raise write_error(error, out_dir, "the build to ") from None
    return [BuiltFile(out_dir / name, pages, cards, len(pdf)) for name, pdf, pages, cards in rendered]


def manifest_text(rendered: list, inputs: str | None, skipped: list | None) -> str:
    """A folder's manifest: each file (SHA-256, pages, cards, size), the build's inputs sealed,
    and what --force let through."""
    listed = {name: {"sha256": hashlib.sha256(pdf).hexdigest(), "pages": pages, "cards": cards, "size": len(pdf)}
              for name, pdf, pages, cards in rendered}
    return json.dumps({"inputs": sealed(inputs), "skipped": skipped or [], "files": dict(sorted(listed.items()))},
                      indent=1)


def sealed(inputs: str | None) -> str | None:
    """The inputs' digest signed with the user's cache secret (pnp/render/cache.py), so that a
    folder shipped with a project cannot pass for a build of yours; None without a cache."""
    from pnp.render.cache import _secret, enabled, signature

    return signature(inputs).decode() if inputs and enabled() and _secret() is not None else None


def _read_bounded(folder: int, name: str, limit: int) -> bytes:
    """A plain file of the folder, read with no link followed; refused (ValueError) when it is
    anything else or larger than `limit`."""
    handle = os.open(name, READ_FLAGS, dir_fd=folder)
    with os.fdopen(handle, "rb") as source:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            raise ValueError(name)
        return source.read(limit + 1)


def _digest(folder: int, name: str) -> tuple[str, int]:
    """The SHA-256 and size of a file of the build folder, read with no link followed at any
    level (ValueError: not a plain file inside the folder)."""
    try:
        parts = _file_parts(name)
    except UsageError:
        raise ValueError(name) from None
    opened = []
    try:
        for part in parts[:-1]:
            opened.append(os.open(part, FOLDER_FLAGS, dir_fd=opened[-1] if opened else folder))
        handle = os.open(parts[-1], READ_FLAGS, dir_fd=opened[-1] if opened else folder)
        with os.fdopen(handle, "rb") as source:
            info = os.fstat(handle)
            if not stat.S_ISREG(info.st_mode):
                raise ValueError(name)
            return hashlib.file_digest(source, "sha256").hexdigest(), info.st_size
    finally:
        for handle in opened:
            os.close(handle)


def up_to_date(out_dir: Path, inputs: str) -> BuildReport | None:
    """The folder's last build, when this user built it from the same inputs and every file
    it wrote is still there, unchanged; None when the folder needs building. Everything is read
    with no link followed."""
    seal = sealed(inputs)
    out_dir = Path(os.path.abspath(out_dir))
    if seal is None or not _holds_manifest(out_dir):     # never built: no lock taken
        return None
    try:
        with _locked(out_dir, create=False) as parent:
            folder = os.open(out_dir.name, FOLDER_FLAGS, dir_fd=parent.fd)
            try:
                return _verified(folder, out_dir, seal)
            finally:
                os.close(folder)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _holds_manifest(out_dir: Path) -> bool:
    try:
        with opened_folder(out_dir) as folder:
            return stat.S_ISREG(entry_kind(folder.fd, MANIFEST) or 0)
    except (OSError, UsageError):
        return False


def _verified(folder: int, out_dir: Path, seal: str) -> BuildReport | None:
    manifest = json.loads(_read_bounded(folder, MANIFEST, MAX_FILE_BYTES))
    if not isinstance(manifest, dict) or not hmac.compare_digest(str(manifest.get("inputs")), seal):
        return None
    files = []
    for name, entry in manifest["files"].items():
        digest, size = _digest(folder, name)
        if digest != entry["sha256"]:
            return None
        files.append(BuiltFile(out_dir / name, entry["pages"], entry["cards"], size))
    return BuildReport(files, list(manifest.get("skipped", [])))
