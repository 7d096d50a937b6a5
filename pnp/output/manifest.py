"""What a build wrote into its folder (the manifest), and whether a folder already holds the
build of the same inputs, read with no link followed."""

import hashlib
import hmac
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from pnp.atomic import FOLDER_FLAGS, entry_kind, opened_folder
from pnp.errors import UsageError
from pnp.limits import MAX_FILE_BYTES
from pnp.output.folders import MANIFEST, _file_parts
from pnp.output.locks import READ_FLAGS, _locked
from pnp.user_cache import enabled, secret, signature


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


def manifest_text(rendered: list, inputs: str | None, skipped: list | None) -> str:
    """A folder's manifest: each file (SHA-256, pages, cards, size), what --force let through,
    and the seal over them and the build's inputs."""
    listed = dict(sorted((name, {"sha256": hashlib.sha256(pdf).hexdigest(), "pages": pages, "cards": cards,
                                 "size": len(pdf)}) for name, pdf, pages, cards in rendered))
    return json.dumps({"inputs": sealed(inputs, listed, skipped or []), "skipped": skipped or [], "files": listed},
                      indent=1)


def _can_seal() -> bool:
    return enabled() and secret() is not None


def sealed(inputs: str | None, files: dict, skipped: list) -> str | None:
    """The build's inputs and what it wrote (each file's SHA-256, pages, cards and size; what
    --force let through) signed with the user's cache secret (pnp/user_cache.py): a folder
    shipped with a project cannot pass for a build of yours, nor a manifest edited to vouch for
    a swapped file. None without a cache."""
    if not inputs or not _can_seal():
        return None
    return signature(f"build {inputs}", json.dumps([files, skipped], sort_keys=True).encode()).decode()


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
    out_dir = Path(os.path.abspath(out_dir))
    if not inputs or not _can_seal() or not _holds_manifest(out_dir):     # never built: no lock taken
        return None
    try:
        with _locked(out_dir, create=False) as parent:
            folder = os.open(out_dir.name, FOLDER_FLAGS, dir_fd=parent.fd)
            try:
                return _verified(folder, out_dir, inputs)
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


def _verified(folder: int, out_dir: Path, inputs: str) -> BuildReport | None:
    manifest = json.loads(_read_bounded(folder, MANIFEST, MAX_FILE_BYTES))
    if not isinstance(manifest, dict):
        return None
    seal = sealed(inputs, manifest["files"], manifest.get("skipped", []))
    if seal is None or not hmac.compare_digest(str(manifest.get("inputs")), seal):
        return None
    files = []
    for name, entry in manifest["files"].items():
        digest, size = _digest(folder, name)
        if digest != entry["sha256"]:
            return None
        files.append(BuiltFile(out_dir / name, entry["pages"], entry["cards"], size))
    return BuildReport(files, list(manifest.get("skipped", [])))
