"""WeasyPrint's libraries are found in one reading of the linker's cache, as find_library reads
it first, and find_library is itself again after (pnp/render/libraries.py)."""

import ctypes.util
import subprocess
import sys

import pytest

from pnp.render import libraries
from pnp.render.libraries import cached_soname, quick_library_lookup

LISTING = (b"42 libs found in cache `/etc/ld.so.cache'\n"
           b"\tlibpango-1.0.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libpango-1.0.so.0\n"
           b"\tlibharfbuzz.so.0 (libc6) => /lib/i386-linux-gnu/libharfbuzz.so.0\n"
           b"\tlibharfbuzz.so.0 (libc6,x86-64) => /lib/x86_64-linux-gnu/libharfbuzz.so.0\n")


@pytest.fixture
def x86_64(monkeypatch):
    monkeypatch.setattr(libraries, "abi_type", lambda: "libc6,x86-64")


def test_a_name_is_the_file_the_cache_gives_it_for_this_machine(x86_64):
    assert cached_soname(LISTING, "pango-1.0") == "libpango-1.0.so.0"
    assert cached_soname(LISTING, "harfbuzz") == "libharfbuzz.so.0"


@pytest.mark.parametrize("name", ["libpango-1.0-0", "pango-1.0-0", "harfbuzz-vector", "pango"])
def test_a_spelling_the_cache_lacks_is_a_miss(x86_64, name):
    assert cached_soname(LISTING, name) is None


def test_the_cache_is_read_once_for_every_name_and_find_library_put_back(x86_64, monkeypatch):
    runs = []

    def run(command, **options):
        runs.append(command)
        return subprocess.CompletedProcess(command, 0, LISTING, b"")
    monkeypatch.setattr(libraries.subprocess, "run", run)
    original = ctypes.util.find_library
    with quick_library_lookup():
        assert [ctypes.util.find_library(name) for name in ("libpango-1.0-0", "pango-1.0", "harfbuzz")] == \
            [None, "libpango-1.0.so.0", "libharfbuzz.so.0"]
    assert runs == [[libraries.LDCONFIG, "-p"]] and ctypes.util.find_library is original


def test_without_a_linker_cache_find_library_runs_as_always(monkeypatch):
    monkeypatch.setattr(libraries, "LDCONFIG", "/nonexistent/ldconfig")
    original = ctypes.util.find_library
    with quick_library_lookup():
        assert ctypes.util.find_library is original


@pytest.mark.skipif(not hasattr(ctypes.util, "_findLib_gcc"), reason="find_library runs no compiler here")
@pytest.mark.parametrize("module", ["pnp.render.fetcher", "pnp.render.page_boxes", "pnp.render.shared_fonts",
                                    "pnp.render.weasy"])
def test_whichever_module_loads_weasyprint_first_no_compiler_runs(module):
    program = ("import ctypes.util as u\n"
               "runs = []\n"
               "u._findLib_gcc = lambda name: runs.append(name)\n"
               "u._findLib_ld = lambda name: runs.append(name)\n"
               f"import {module}, weasyprint\n"
               "print(len(runs))\n")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "0", done.stderr
