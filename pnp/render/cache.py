"""A cache of rendered PDFs, keyed by everything that goes into them.

The key of a rendering is a hash of its HTML plus a salt: the bytes of every layout, font,
icon and pnp source file, and the versions of the PDF libraries (pnp.inputs.render_inputs,
read once a build). Same key, same bytes, since builds are deterministic, a page reads only
the project's layouts and fonts (pnp.render.readable) and is typeset as if the project were
PAGE_ROOT (pnp.render.readable); any change to an input changes the key. The project's location
is not part of it: a copy or a clone of a project lays out the same pages, and with
PNP_CACHE_FOLDER set they share them (CI, a test run, several checkouts).

Entries are signed with the user's secret (pnp/user_cache.py), never kept in the project, so
a project folder that ships an `output/.cache` cannot slip its PDFs into a build: an entry
whose signature does not verify is rendered afresh. Set PNP_CACHE=off to render everything.
"""

import hashlib
import os
from pathlib import Path

from pnp.errors import UsageError
from pnp.inputs import render_inputs
from pnp.project import Project
from pnp.user_cache import enabled, read_signed, secret, write_signed


CACHE_FOLDER = Path("output") / ".cache"
SHARED_FOLDER_VARIABLE = "PNP_CACHE_FOLDER"   # one folder of pages for every project, instead of each one's own


_layouts = [0]                    # documents WeasyPrint laid out in this process


def count_layout() -> None:
    _layouts[0] += 1


def layouts_done() -> int:
    """How many documents WeasyPrint has laid out in this process: what a cache hit saves."""
    return _layouts[0]


_salts: dict = {}                 # project root -> the render inputs a build read for its pages


def use_salt(root, salt: str) -> None:
    """The render inputs (pnp.inputs.render_inputs) a build read once, for every page of it."""
    _salts[str(Path(root).resolve())] = salt


def salt_in_use(root) -> str | None:
    """The render inputs a build of the project said it read (use_salt), None before one did."""
    return _salts.get(str(Path(root).resolve()))


def _salt(root: str) -> str:
    return _salts.get(root) or render_inputs(Project(Path(root)))


def shared_folder(value: str) -> Path:
    """The folder PNP_CACHE_FOLDER names: an absolute path, so that no project folder a command
    runs in can point it elsewhere through a link of its own."""
    folder = Path(value)
    if not folder.is_absolute():
        raise UsageError(f"{SHARED_FOLDER_VARIABLE}={value}: expected the absolute path of a folder of your own "
                         f"(say {Path.home() / '.cache' / 'pnp' / 'pages'}); unset it to keep each project's pages "
                         f"in its own {CACHE_FOLDER}")
    return folder


class RenderCache:
    def __init__(self, root: Path):
        self.root = Path(root).resolve()
        shared = os.environ.get(SHARED_FOLDER_VARIABLE)
        if shared:
            # The user's own folder, named by the user: read below it with no link followed.
            self.folder = self.within = shared_folder(shared)
            self.usable = enabled() and secret() is not None
        else:
            self.folder, self.within = self.root / CACHE_FOLDER, self.root
            output = self.root / "output"
            # A project whose output folder is a link would have the cache written elsewhere.
            self.usable = (enabled() and secret() is not None and not output.is_symlink()
                           and not self.folder.is_symlink())

    def key(self, kind: str, html: str) -> str:
        return hashlib.sha256(f"{_salt(str(self.root))}\n{kind}\n{html}".encode()).hexdigest()

    def get(self, key: str) -> bytes | None:
        from pnp.render.print_colours import print_colours

        if not self.usable or print_colours() is not None:     # a soft proof checks every page laid out
            return None
        return read_signed(self.folder / f"{key}.pdf", key, self.within)

    def put(self, key: str, data: bytes) -> bytes:
        if self.usable:
            write_signed(self.folder / f"{key}.pdf", key, data)
        return data
