"""The git repository holding the project, found as git finds it, its git folder held inside the
project or a work tree enclosing it."""

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import DataError, Problem, UsageError
from pnp.gitrevision.reading import GIT_POINTER_BYTES, Refused, printable, read_below, real_folder, shown_path


OUTSIDE_FIX = ("pnp reads no git folder outside the project (a worktree's included): run it in a clone of "
               "the repository, or reprint with --cards")


@dataclass(frozen=True)
class Repository:
    """The git repository holding the project: its git folder and common folder (real paths,
    inside the project or a work tree enclosing it) and the project's folder in its work tree."""

    git_dir: Path
    common_dir: Path
    prefix: tuple
    shown: str


def find_repository(root: Path, revision: str) -> Repository:
    """The repository whose work tree holds the project folder (a real path), as git finds it:
    the nearest `.git`, in the project folder or above. Its git folder must lie inside the
    project or inside a work tree enclosing it (a folder above with a `.git` folder of its own):
    a `.git` file or link naming a folder elsewhere is refused."""
    work_trees = [root, *(folder for folder in root.parents if real_folder(folder / ".git"))]
    for top in (root, *root.parents):
        entry = top / ".git"
        try:
            status = os.lstat(entry)
        except OSError:
            continue
        try:
            git_dir = _git_dir(entry, status, top, work_trees)
            common_dir = _common_dir(git_dir, work_trees)
        except Refused as refused:
            raise refused.error(root) from None
        except (OSError, RuntimeError) as error:
            raise DataError([Problem(shown_path(root, entry), None, "(git)", "a git folder pnp can open",
                                     printable(str(error)), "Remove it, or reprint with --cards")]) from None
        return Repository(git_dir, common_dir, root.relative_to(top).parts, shown_path(root, git_dir))
    raise UsageError(f"--changed-since {revision}: {root} is not in a git repository")


def _inside(path: Path, folders: list) -> bool:
    return any(path == folder or path.is_relative_to(folder) for folder in folders)


def _git_dir(entry: Path, status, top: Path, work_trees: list) -> Path:
    """The git folder a `.git` entry names: itself, what its link names, or its `gitdir:` line."""
    if stat.S_ISDIR(status.st_mode):
        return entry
    if stat.S_ISLNK(status.st_mode):
        target = entry.resolve()
        said = f"a link to {printable(str(target))}"
    elif stat.S_ISREG(status.st_mode):
        text = (read_below(top, ".git", GIT_POINTER_BYTES) or b"").decode("utf-8", "replace").strip()
        if not text.startswith("gitdir:"):
            raise Refused(entry, "a `.git` folder, or a file saying `gitdir: FOLDER`",
                          f"{printable(text) or 'nothing'!r}", "Remove it, or reprint with --cards")
        target = (top / text.removeprefix("gitdir:").strip()).resolve()
        said = f"`gitdir: {printable(str(target))}`"
    else:
        raise Refused(entry, "a `.git` folder", "a FIFO, device or socket", "Remove it")
    if not _inside(target, work_trees):
        raise Refused(entry, "a git folder inside the project or the work tree enclosing it",
                      f"{said}, outside them", OUTSIDE_FIX)
    if not real_folder(target):
        raise Refused(entry, "a git folder", f"{said}, not a folder",
                      "Remove it, or reprint with --cards")
    return target


def _common_dir(git_dir: Path, work_trees: list) -> Path:
    """Where a worktree's shared refs and objects are (its `commondir`), held to the same place."""
    text = read_below(git_dir, "commondir", GIT_POINTER_BYTES)
    if text is None:
        return git_dir
    common = (git_dir / text.decode("utf-8", "replace").strip()).resolve()
    if not _inside(common, work_trees) or not real_folder(common):
        raise Refused(git_dir / "commondir", "a git folder inside the project or the work tree enclosing it",
                      f"one naming {printable(str(common))}", OUTSIDE_FIX)
    return common
