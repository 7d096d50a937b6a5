"""Engine tables that printed pieces need (odds, distributions), computed once per machine.

`@engine_table` memoises a pure function of plain arguments in the process and on disk, in the
user's cache folder, keyed by the function's name, its arguments (the card data it reads, as
plain values) and the bytes of every pnp source file (the engine's code). Entries are signed
with the user's cache secret (pnp/render/cache.py): an entry not signed by this user is
computed afresh, never unpickled. PNP_CACHE=off computes every table in every process.
"""

import hashlib
import hmac
import os
import pickle
from functools import lru_cache, wraps
from pathlib import Path

from pnp.atomic import write_atomically

PACKAGE = Path(__file__).resolve().parent
TABLES_FOLDER = "tables"
PLAIN = (str, int, float, bool, type(None))
computed: list[str] = []        # the tables this process computed (tests count them)


def cache_enabled() -> bool:
    return os.environ.get("PNP_CACHE", "on").lower() not in ("off", "0", "no")


@lru_cache(maxsize=None)
def source_digest() -> str:
    """Every .py file of the pnp package, by path and bytes."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(str(path.relative_to(PACKAGE)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _plain(value) -> bool:
    if isinstance(value, (tuple, frozenset)):
        return all(_plain(item) for item in value)
    return isinstance(value, PLAIN)


def _folder() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pnp" / TABLES_FOLDER


def _mac(secret: bytes, key: str, data: bytes) -> bytes:
    return hmac.new(secret, key.encode() + b"\n" + data, hashlib.sha256).hexdigest().encode()


def _stored(key: str, secret: bytes):
    path = _folder() / key
    try:
        stored = path.read_bytes()
    except OSError:
        return None
    mac, data = stored[:64], stored[65:]
    return pickle.loads(data) if hmac.compare_digest(mac, _mac(secret, key, data)) else None


def _store(key: str, secret: bytes, value) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    try:
        write_atomically(_folder() / key, _mac(secret, key, data) + b"\n" + data)
    except OSError:
        pass                        # a cache that cannot be written is only slower


def engine_table(function):
    """Memoise `function` (plain, hashable arguments) in the process and across processes."""
    name = f"{function.__module__}.{function.__qualname__}"

    @lru_cache(maxsize=None)
    @wraps(function)
    def table(*arguments):
        if not _plain(arguments):
            raise TypeError(f"{name}: an engine table takes plain values (str, numbers, tuples), "
                            f"not {arguments!r:.80}")
        from pnp.render.cache import _secret

        secret = _secret() if cache_enabled() else None
        key = hashlib.sha256(f"{source_digest()}\n{name}\n{arguments!r}".encode()).hexdigest()
        if secret is not None:
            found = _stored(key, secret)
            if found is not None:
                return found
        computed.append(name)
        value = function(*arguments)
        if secret is not None:
            _store(key, secret, value)
        return value

    return table
