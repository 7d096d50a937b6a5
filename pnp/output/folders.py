"""Where a build goes (output/GAME/PAPER...), and refusing, before anything is rendered or
made, a folder the build could not or must not replace."""

import os
import stat
from pathlib import Path

from pnp.atomic import FOLDER_FLAGS, OpenFolder, entry_kind, link_refused, opened_folder
from pnp.errors import UsageError
from pnp.data.game import Game
from pnp.output.locks import _lock_entry, lock_name
from pnp.project import Project

DUPLEX_MODES = ("long", "short", "fold", "none")
# Where each duplex mode's files go under output/GAME/ (long, the usual, keeps the plain name).
DUPLEX_FOLDERS = {"long": "{paper}", "short": "{paper}-duplex-short", "fold": "{paper}-fold",
                  "none": "{paper}-fronts-only"}
MANIFEST = ".pnp-build.json"     # the files the last build wrote into a folder, and its inputs


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


def _file_parts(name: str) -> list[str]:
    """The folders and file name of a file of the build, which must stay inside its folder."""
    parts = str(name).split("/")
    if any(part in ("", ".", "..") or "\x00" in part for part in parts):
        raise UsageError(f"cannot write {str(name)[:80]!r}: not a file name inside the output folder")
    return parts
