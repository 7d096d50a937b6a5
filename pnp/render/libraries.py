"""WeasyPrint's shared libraries found without running a compiler.

WeasyPrint names each library it loads (Pango, HarfBuzz, Fontconfig...) under several spellings,
Windows' and macOS' among the first, and cffi looks up each name it cannot load as given with
`ctypes.util.find_library`, which on Linux runs `ldconfig -p`, then gcc, then ld, for every name:
16 misses and about 60 processes each time a process loads WeasyPrint, 0.14 s of each pool
worker's start (bench/run.py). While WeasyPrint loads (`quick_library_lookup`), a name is
looked up in one reading of the linker's cache instead, as find_library reads it first: a name
the cache lacks is a miss at once, and WeasyPrint goes on to its next spelling, which the dynamic
loader finds by itself (LD_LIBRARY_PATH included). Where `/sbin/ldconfig -p` lists nothing
(no such program: macOS, musl), find_library runs as it always does."""

import ctypes.util
import os
import re
import struct
import subprocess
from contextlib import contextmanager

LDCONFIG = "/sbin/ldconfig"
LDCONFIG_SECONDS = 10
# ctypes.util's name of each 64-bit machine's entries in the linker's cache
ABI_TYPES = {"x86_64-64": "libc6,x86-64", "ppc64-64": "libc6,64bit", "sparc64-64": "libc6,64bit",
             "s390x-64": "libc6,64bit", "ia64-64": "libc6,IA-64"}


def linker_cache() -> bytes | None:
    """`ldconfig -p`: every library the dynamic loader knows by name; None without one."""
    try:
        listing = subprocess.run([LDCONFIG, "-p"], stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, env={"LC_ALL": "C", "LANG": "C"},
                                 timeout=LDCONFIG_SECONDS, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return listing or None


def abi_type() -> str:
    machine = os.uname().machine + ("-32" if struct.calcsize("l") == 4 else "-64")
    return ABI_TYPES.get(machine, "libc6")


def cached_soname(listing: bytes, name: str) -> str | None:
    """The file name the linker's cache gives library `name`, as find_library reads it."""
    found = re.search(os.fsencode(rf"\s+(lib{re.escape(name)}\.[^\s]+)\s+\({abi_type()}"), listing)
    return os.fsdecode(found.group(1)) if found else None


@contextmanager
def quick_library_lookup():
    """find_library answered from one reading of the linker's cache, for the block's length."""
    listing = linker_cache() if os.name == "posix" else None
    if listing is None:
        yield
        return
    original = ctypes.util.find_library
    ctypes.util.find_library = lambda name: cached_soname(listing, name)
    try:
        yield
    finally:
        ctypes.util.find_library = original
