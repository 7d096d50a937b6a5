"""Writing a build all or nothing: a staging folder beside the build folder, swapped in at the end."""

import ctypes
import os
import secrets
import shutil
import stat
from pathlib import Path

from pnp.atomic import FOLDER_FLAGS, OpenFolder, entry_kind, write_error, write_new_file
from pnp.contained import kept, made
from pnp.output.folders import MANIFEST, _file_parts, _refuse_occupied, check_out_folder
from pnp.output.locks import _locked
from pnp.output.manifest import BuiltFile, manifest_text


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
