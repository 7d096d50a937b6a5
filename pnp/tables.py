"""Engine tables that printed pieces need (odds, distributions), computed once per machine.

`@engine_table` memoises a pure function of plain arguments in the process and on disk, in the
user's cache folder, keyed by the function's name, its arguments (the card data it reads, as
plain values) and the bytes of every pnp source file (the engine's code). Entries are signed
with the user's cache secret (pnp/user_cache.py): an entry not signed by this user is
computed afresh, never unpickled. PNP_CACHE=off computes every table in every process.
"""

import hashlib
import pickle
from functools import lru_cache, wraps
from pathlib import Path

from pnp.user_cache import enabled, read_signed, secret, user_folder, write_signed

PACKAGE = Path(__file__).resolve().parent
TABLES_FOLDER = "tables"
PLAIN = (str, int, float, bool, type(None))
computed: list[str] = []        # the tables this process computed (tests count them)


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


def engine_table(function):
    """Memoise `function` (plain, hashable arguments) in the process and across processes."""
    name = f"{function.__module__}.{function.__qualname__}"

    @lru_cache(maxsize=None)
    @wraps(function)
    def table(*arguments):
        if not _plain(arguments):
            raise TypeError(f"{name}: an engine table takes plain values (str, numbers, tuples), "
                            f"not {arguments!r:.80}")
        usable = enabled() and secret() is not None
        key = hashlib.sha256(f"{source_digest()}\n{name}\n{arguments!r}".encode()).hexdigest()
        path = user_folder() / TABLES_FOLDER / key
        found = read_signed(path, key) if usable else None
        if found is not None:
            return pickle.loads(found)
        computed.append(name)
        value = function(*arguments)
        if usable:
            write_signed(path, key, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        return value

    return table
