"""What a build reads, as one digest: the same digest, the same output.

A build is a pure function of the game's card data (its whole folder: data, rulebook,
examples, rulings), the project's layouts and fonts, the pnp source, the PDF libraries'
versions and the options. A folder whose last build had the same digest, and still holds the
files that build wrote, is up to date: nothing is checked or rendered again.
"""

import hashlib
import json
import os
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

from pnp.files import MissingFile, opened, project_files, read_descriptor
from pnp.limits import MAX_FILE_BYTES
from pnp.project import Project
from pnp.tables import source_digest

LIBRARIES = ("weasyprint", "pikepdf", "reportlab", "fonttools", "pydyf", "pypdfium2", "jinja2", "pydantic")


@lru_cache(maxsize=None)
def library_versions() -> str:
    found = []
    for library in LIBRARIES:
        try:
            found.append(f"{library}={version(library)}")
        except Exception:
            found.append(f"{library}=?")
    return ";".join(found)


def _file_digest(root: Path, path: Path, shown: str, digest) -> None:
    """A file's bytes, read through the descriptor pnp reads it by (no link followed); one too
    large to be read by its size and time (pnp refuses it if a build ever reads it); one
    removed since the folder was listed (an editor's temporary file) as gone. Each file adds a
    digest of its own, of one length: files cut at another place digest otherwise."""
    try:
        with opened(path, shown, root) as (fd, info):
            if info.st_size > MAX_FILE_BYTES:
                kind, held = b"size", f"{info.st_size}:{info.st_mtime_ns}".encode()
            else:
                kind, held = b"bytes", read_descriptor(fd, info, shown)
    except MissingFile:
        kind, held = b"gone", b""
    digest.update(kind + b"\0" + hashlib.sha256(held).digest())


def folder_digest(root: Path, folder: Path, leave_out: tuple[str, ...] = ()) -> str:
    """Every file below `folder` (less the folders and files `leave_out` names), by name and
    bytes; a link, a FIFO or a device there is refused, naming it (pnp.files.project_files)."""
    return digest_of(file_digests(root, folder), leave_out)


def file_digests(root: Path, folder: Path) -> list[tuple[Path, bytes]]:
    """Each file below `folder` (relative to it) and what folder_digest adds for it: for several
    digests of one folder, each leaving out other files, reading every file once."""
    found = []
    for path in project_files(folder, root):
        relative = path.relative_to(folder)
        digest = hashlib.sha256(b"\0" + str(relative).encode() + b"\0")
        _file_digest(root, path, os.path.relpath(path, root), digest)
        found.append((relative, digest.digest()))
    return found


def digest_of(files: list[tuple[Path, bytes]], leave_out: tuple[str, ...] = ()) -> str:
    """folder_digest of the files file_digests found, less those `leave_out` names."""
    digest = hashlib.sha256()
    for relative, file_digest in files:
        if not any(relative.is_relative_to(skipped) for skipped in leave_out):
            digest.update(file_digest)
    return digest.hexdigest()


def render_inputs(project: Project) -> str:
    """What every rendered page depends on beside its own HTML: the layouts (stylesheets,
    icons, images), the fonts, the pnp source and the libraries' versions. Read afresh on
    every call: a long-lived process (`pnp watch`, `pnp serve`) sees a font or icon change."""
    root = project.root.resolve()
    parts = [library_versions(), source_digest(), folder_digest(root, project.layouts),
             folder_digest(root, project.fonts)]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def game_inputs(project: Project, game_key: str, rendering: str | None = None) -> str:
    """The digest of everything a build of the game reads, before options (`rendering`: the
    project's render_inputs, when already read)."""
    rendering = rendering or render_inputs(project)
    cards = folder_digest(project.root.resolve(), project.card_data / game_key)
    return hashlib.sha256(f"{rendering}\n{cards}".encode()).hexdigest()


def build_inputs(game_digest: str, options: dict) -> str:
    """The game's inputs with the options of one build (paper, duplex, language, ...)."""
    return hashlib.sha256(f"{game_digest}\n{json.dumps(options, sort_keys=True)}".encode()).hexdigest()
