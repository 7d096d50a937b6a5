"""The output folders: where a build goes, and writing it there all or nothing."""

import ctypes
import fcntl
import hashlib
import hmac
import json
import os
import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import UsageError
from pnp.games.base import Game
from pnp.project import Project

DUPLEX_MODES = ("long", "short", "fold", "none")
# Where each duplex mode's files go under output/GAME/ (long, the usual, keeps the plain name).
DUPLEX_FOLDERS = {"long": "{paper}", "short": "{paper}-duplex-short", "fold": "{paper}-fold",
                  "none": "{paper}-fronts-only"}
MANIFEST = ".pnp-build.json"     # the files the last build wrote into a folder, and its inputs


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


@contextmanager
def build_lock(out_dir: Path):
    """One build at a time into a folder: a second waits for the first to finish."""
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    with open(out_dir.parent / f".{out_dir.name}.lock", "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _recover(out_dir: Path) -> None:
    """Finish or undo a swap a killed build left halfway, and drop its unfinished sets."""
    old = out_dir.parent / f".{out_dir.name}.old"
    if old.is_dir():
        if out_dir.exists():
            shutil.rmtree(old)
        else:
            os.rename(old, out_dir)
    for staging in out_dir.parent.glob(f".{out_dir.name}.new-*"):
        shutil.rmtree(staging, ignore_errors=True)


AT_FDCWD, RENAME_EXCHANGE = -100, 2     # Linux renameat2: swap two paths in one step


def _swap(first: Path, second: Path) -> None:
    """Exchange two folders atomically (Linux renameat2); elsewhere, two renames and a
    recovery step at the next build (`_recover`)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.renameat2(AT_FDCWD, os.fsencode(first), AT_FDCWD, os.fsencode(second), RENAME_EXCHANGE) == 0:
            return
    except (OSError, AttributeError):
        pass
    old = second.parent / f".{second.name}.old"
    os.rename(second, old)
    os.rename(first, second)
    os.rename(old, first)


def check_writable(out_dir: Path) -> None:
    """Refuse, before anything is rendered, a folder the build could not be written to: one below
    a file, or inside a folder the user cannot write to (write_outputs would find it only at the end)."""
    if out_dir.exists() and not out_dir.is_dir():
        raise UsageError(f"{out_dir} is a file, not a folder: choose a folder with --out")
    existing = out_dir
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if existing != out_dir and not existing.is_dir():
        raise UsageError(f"cannot write the build to {out_dir}: {existing} is a file, not a folder. "
                         "Choose a folder you can write to with --out")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise UsageError(f"cannot write the build to {out_dir}: {existing} is not writable. "
                         "Choose a folder you can write to with --out")


def write_outputs(out_dir: Path, rendered: list, owned: bool = False, inputs: str | None = None,
                  skipped: list | None = None) -> list[BuiltFile]:
    """All or nothing: the new set is written beside the old one and swapped in at the end,
    so a failure at any moment leaves the previous complete set. The folder is pnp's own: a
    folder holding other files (no manifest of a previous build) is refused, unless `owned`
    (the project's own output folder). The manifest records each file and the digest of the
    build's `inputs`, so that the next build with the same inputs has nothing to do."""
    try:
        with build_lock(out_dir):
            _recover(out_dir)
            if (not owned and out_dir.is_dir() and any(out_dir.iterdir())
                    and not (out_dir / MANIFEST).is_file()):
                raise UsageError(f"{out_dir} holds files pnp did not write; a build replaces its whole "
                                 "folder, so choose a new or empty folder with --out")
            check_writable(out_dir)
            staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.new-", dir=out_dir.parent))
            files = []
            for name, pdf, pages, cards in rendered:
                (staging / name).parent.mkdir(parents=True, exist_ok=True)
                (staging / name).write_bytes(pdf)
                files.append(BuiltFile(out_dir / name, pages, cards, len(pdf)))
            (staging / MANIFEST).write_text(manifest_text(rendered, inputs, skipped))
            for path in staging.rglob("*"):
                path.chmod(0o755 if path.is_dir() else 0o644)
            staging.chmod(0o755)
            if out_dir.exists():
                _swap(staging, out_dir)          # staging now holds the previous set
                shutil.rmtree(staging, ignore_errors=True)
            else:
                os.rename(staging, out_dir)
            return files
    except OSError as error:
        raise UsageError(f"cannot write the build to {out_dir}: {error.strerror or error}. "
                         "Choose a folder you can write to with --out") from None


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


def up_to_date(out_dir: Path, inputs: str) -> BuildReport | None:
    """The folder's last build, when this user built it from the same inputs and every file
    it wrote is still there, unchanged; None when the folder needs building."""
    seal = sealed(inputs)
    if seal is None or not (out_dir / MANIFEST).is_file():     # never built: no lock file left behind
        return None
    try:
        with build_lock(out_dir):
            manifest = json.loads((out_dir / MANIFEST).read_text())
            if not isinstance(manifest, dict) or not hmac.compare_digest(str(manifest.get("inputs")), seal):
                return None
            files = []
            for name, entry in manifest["files"].items():
                data = (out_dir / name).read_bytes()
                if hashlib.sha256(data).hexdigest() != entry["sha256"]:
                    return None
                files.append(BuiltFile(out_dir / name, entry["pages"], entry["cards"], len(data)))
            return BuildReport(files, list(manifest.get("skipped", [])))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
