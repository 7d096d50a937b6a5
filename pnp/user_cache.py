"""pnp's folder in the user's own cache folder, and the entries it signs there.

Entries are signed with a secret kept in that folder, never in a project, so that a project
folder cannot slip its own entries (rendered pages, engine tables, a build's seal) into a
build: an entry whose signature does not verify is no entry. Set PNP_CACHE=off to use none.
"""

import hashlib
import hmac
import os
import secrets
from functools import lru_cache
from pathlib import Path

from pnp.atomic import write_atomically
from pnp.errors import DataError, PnpError
from pnp.files import read_bytes
from pnp.limits import MAX_CACHE_ENTRY_BYTES


SECRET_BYTES = 32
MAC_LENGTH = 64                   # hex characters of an entry's signature, then a newline


def enabled() -> bool:
    return os.environ.get("PNP_CACHE", "on").lower() not in ("off", "0", "no")


def user_folder() -> Path:
    """pnp's folder in the user's own cache folder (never in a project)."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pnp"


def secret() -> bytes | None:
    """The user's signing secret (made once, readable by the user alone); None: no cache."""
    return _secret_in(str(user_folder()))


@lru_cache(maxsize=None)
def _secret_in(folder: str) -> bytes | None:
    """The secret of a cache folder, read once a process: kept by folder, so that a process
    whose cache folder changes (a test's) never signs with the previous one's."""
    home = Path(folder)
    path = home / "cache-secret"
    try:
        if not path.is_file():
            home.mkdir(parents=True, exist_ok=True)
            _make_once(path, secrets.token_hex(SECRET_BYTES).encode())
        return path.read_bytes().strip() or None
    except OSError:
        return None


def _make_once(path: Path, data: bytes) -> None:
    """`data` at `path` unless a file is there already: processes starting together on a fresh
    cache (a build's workers, two commands) all read the one secret that was made first,
    never each its own (an entry one of them signed would be no entry to the others)."""
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    write_atomically(temporary, data, private=True)
    try:
        os.link(temporary, path, follow_symlinks=False)
    except FileExistsError:
        pass
    except OSError:                   # a file system without hard links (FAT, some network mounts)
        try:
            handle = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY | os.O_NOFOLLOW, 0o600)
        except FileExistsError:
            return
        with os.fdopen(handle, "wb") as out:
            out.write(data)
    finally:
        temporary.unlink(missing_ok=True)


def signature(key: str, data: bytes = b"") -> bytes:
    """The user's signature of `data` stored under `key` (the secret must exist)."""
    return hmac.new(secret(), key.encode() + b"\n" + data, hashlib.sha256).hexdigest().encode()


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
        write_atomically(path, signature(key, data) + b"\n" + data, private=True)   # a card game's unpublished text
    except (OSError, PnpError):
        pass                              # a cache that cannot be written (a file where its folder goes) is only slower
