"""A cache of rendered PDFs, keyed by everything that goes into them.

The key of a rendering is a hash of its HTML plus a salt: the project's location, the bytes
of every layout, font, icon and pnp source file, and the versions of the PDF libraries
(pnp.inputs.render_inputs, read once a build). Same key, same bytes, since builds are
deterministic; any change to an input changes the key.

Entries are signed with a secret kept in the user's own cache folder, never in the project,
so a project folder that ships an `output/.cache` cannot slip its PDFs into a build: an entry
whose signature does not verify is rendered afresh. Set PNP_CACHE=off to render everything.
"""

import hashlib
import hmac
import os
import secrets
from functools import lru_cache
from pathlib import Path

from pnp.atomic import write_atomically
from pnp.errors import DataError
from pnp.files import read_bytes
from pnp.limits import MAX_CACHE_ENTRY_BYTES


CACHE_FOLDER = Path("output") / ".cache"


_layouts = [0]                    # documents WeasyPrint laid out in this process


def count_layout() -> None:
    _layouts[0] += 1


def layouts_done() -> int:
    """How many documents WeasyPrint has laid out in this process: what a cache hit saves."""
    return _layouts[0]


def enabled() -> bool:
    return os.environ.get("PNP_CACHE", "on").lower() not in ("off", "0", "no")


_salts: dict = {}                 # project root -> the render inputs a build read for its pages


def use_salt(root, salt: str) -> None:
    """The render inputs (pnp.inputs.render_inputs) a build read once, for every page of it."""
    _salts[str(Path(root).resolve())] = salt


def _salt(root: str) -> str:
    from pnp.inputs import render_inputs
    from pnp.project import Project

    return _salts.get(root) or render_inputs(Project(Path(root)))


SECRET_BYTES = 32
MAC_LENGTH = 64                   # hex characters of an entry's signature, then a newline


def user_folder() -> Path:
    """pnp's folder in the user's own cache folder (never in a project)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pnp"


@lru_cache(maxsize=None)
def _secret() -> bytes | None:
    """The user's signing secret (made once, readable by the user alone); None: no cache."""
    home = user_folder()
    path = home / "cache-secret"
    try:
        if not path.is_file():
            home.mkdir(parents=True, exist_ok=True)
            write_atomically(path, secrets.token_hex(SECRET_BYTES).encode())
            path.chmod(0o600)
        return path.read_bytes().strip() or None
    except OSError:
        return None


def signature(key: str, data: bytes = b"") -> bytes:
    """The user's signature of `data` stored under `key` (the secret must exist)."""
    return hmac.new(_secret(), key.encode() + b"\n" + data, hashlib.sha256).hexdigest().encode()


def read_signed(path: Path, key: str, root: Path | None = None) -> bytes | None:
    """What `write_signed` stored at `path`, when this user's signature verifies; else None.
    Read with no link followed below `root` (the entry's own folder when None), a plain file
    of at most MAX_CACHE_ENTRY_BYTES: anything else is no entry."""
    try:
        stored = read_bytes(path, str(path), root or path.parent, limit=MAX_CACHE_ENTRY_BYTES)
    except (DataError, OSError):
        return None
    mac, data = stored[:MAC_LENGTH], stored[MAC_LENGTH + 1:]
    return data if hmac.compare_digest(mac, signature(key, data)) else None


def write_signed(path: Path, key: str, data: bytes) -> None:
    try:
        write_atomically(path, signature(key, data) + b"\n" + data)
    except OSError:
        pass                              # a cache that cannot be written is only slower


class RenderCache:
    def __init__(self, root: Path):
        self.root = Path(root).resolve()
        self.folder = self.root / CACHE_FOLDER
        output = self.root / "output"
        # A project whose output folder is a link would have the cache written elsewhere.
        self.usable = (enabled() and _secret() is not None and not output.is_symlink()
                       and not self.folder.is_symlink())

    def key(self, kind: str, html: str) -> str:
        return hashlib.sha256(f"{self.root}\n{_salt(str(self.root))}\n{kind}\n{html}".encode()).hexdigest()

    def get(self, key: str) -> bytes | None:
        return read_signed(self.folder / f"{key}.pdf", key, self.root) if self.usable else None

    def put(self, key: str, data: bytes) -> bytes:
        if self.usable:
            write_signed(self.folder / f"{key}.pdf", key, data)
        return data
