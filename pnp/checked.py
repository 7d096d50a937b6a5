"""What a check found sound, kept between runs: a part of `pnp check` (the layout checks, the
chapters of one language) is not done again while every input it reads is the same. A designer
who edits the French chapters does not wait for the English ones, nor for the cards' layouts.

A part's key digests the game's card data folder (less what the part does not read: the
chapters, or the other languages' chapters and catalogues), the render inputs (layouts, fonts,
the pnp source, the libraries' versions), the limits in force and the part's own options. Only
a sound result is kept: a fault is always found afresh, to be told whole. Entries are signed
with the user's secret like every entry of the user's cache (pnp.user_cache); PNP_CACHE=off
keeps none and reads none."""

import hashlib
import json

from pnp.errors import DataError
from pnp.project import Project

FOLDER = "checked"


def _limits() -> str:
    from pnp import limits

    return json.dumps({name: repr(value) for name, value in sorted(vars(limits).items()) if name.isupper()})


def card_files(project: Project, game_key: str) -> list | None:
    """The game's card data folder as part_key reads it (pnp.inputs.file_digests), each file read
    once for every key of one check; None when no key can be made (the cache is off, or the folder
    holds what the check itself will name)."""
    from pnp.inputs import file_digests
    from pnp.user_cache import enabled

    if not enabled():
        return None
    try:
        return file_digests(project.root.resolve(), project.card_data / game_key)
    except (DataError, OSError):
        return None


def part_key(files: list | None, part: str, rendering: str, leave_out: tuple[str, ...] = ()) -> str | None:
    """The key of a part of the game's check over `files` (card_files; None: no key, so it is
    checked): `leave_out` names the folders and files of card_data/GAME the part does not read."""
    from pnp.inputs import digest_of

    if files is None:
        return None
    return hashlib.sha256(f"{part}\n{rendering}\n{_limits()}\n{digest_of(files, leave_out)}".encode()).hexdigest()


def _entry(key: str):
    from pnp.user_cache import user_folder

    return user_folder() / FOLDER / f"{key}.ok"


def was_sound(key: str | None) -> bool:
    from pnp.user_cache import read_signed, secret

    if key is None or secret() is None:
        return False
    path = _entry(key)
    return path.is_file() and read_signed(path, f"checked {key}") == b"sound"


def remember_sound(key: str | None) -> None:
    from pnp.user_cache import secret, write_signed

    if key is not None and secret() is not None:
        write_signed(_entry(key), f"checked {key}", b"sound")
