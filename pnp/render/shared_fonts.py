"""Font configurations kept between documents: each font a build uses is unpacked and
registered once a process, not once a document.

WeasyPrint registers every @font-face rule of a document in the FontConfiguration it is given:
it unpacks the font (a WOFF is decoded and saved again), tells Fontconfig of it, and Pango then
loads it afresh. Given a new configuration for each deck, a cold Verset build did that eleven
times (about 0.8 s of its 9 CPU-seconds, bench/run.py).

A document is handed a `DocumentFonts`, which only notes the faces WeasyPrint registers while it
reads the document's stylesheets (the rule descriptors it passes, its own reading: imports,
media, <base> and all). When the layout first asks for fonts, the document takes the
configuration holding exactly those faces, registered in that order, under the same render
inputs (pnp.inputs.render_inputs: the bytes of every layout and font a page may read), and
makes it if there is none: a document lays out with what a fresh configuration of its own would
hold, nothing more. A face registered after that (an SVG's own @font-face) makes the
configuration the document's alone; a layout that fails lets its configuration go (what it
registered may be half done), so the next document registers afresh and meets the same fault.
Without a build's render inputs (use_salt), each document gets a configuration of its own.

The folders WeasyPrint unpacks fonts into are made in the temporary folder of the process: a
pool's is the pool's own, which the pool's owner deletes however its processes end (pnp.pool);
a supervised command's are deleted by the supervisor (pnp.contained.made); the rest when this
process exits."""

import atexit
import os
import shutil
import tempfile
from collections import OrderedDict
from pathlib import Path

import pnp.render.weasyprint_loader  # noqa: F401  (before WeasyPrint: its libraries found so)
from weasyprint.text.fonts import FontConfiguration

from pnp.contained import kept, made
from pnp.render import cache

SHARED_FONT_CONFIGURATIONS = 4          # kept a process, the least recently used let go first

_shared: OrderedDict = OrderedDict()   # (root, render inputs, faces registered) -> FontConfiguration
_cleanup_registered: list = []          # the pid that registered the clean-up at its exit


class DocumentFonts:
    """One document's fonts, as WeasyPrint uses a FontConfiguration: `add_font_face` while it
    reads the stylesheets; anything else (the font map, the layout caches) from the
    configuration then chosen. `own`: the renderer's configurations (faces -> configuration),
    used without render inputs and deleted at the renderer's end."""

    def __init__(self, root: Path, own: dict):
        salt = cache.salt_in_use(root)
        self._inputs = None if salt is None else (str(Path(root).resolve()), salt)
        self._faces: list = []                  # (descriptors, fetcher), in the order registered
        self._own = own
        self._chosen: FontConfiguration | None = None
        self._key: tuple | None = None          # its key among the shared, while it is shared

    def add_font_face(self, rule_descriptors, url_fetcher):
        if self._chosen is None:
            self._faces.append((rule_descriptors, url_fetcher))
            return None
        self._make_own()
        return self._chosen.add_font_face(rule_descriptors, url_fetcher)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if self._chosen is None:
            self._choose()
        return getattr(self._chosen, name)

    def _choose(self) -> None:
        faces = tuple(repr(sorted(descriptors.items())) for descriptors, _ in self._faces)
        table, key = (self._own, faces) if self._inputs is None else (_shared, (*self._inputs, faces))
        found = table.get(key)
        if found is None:
            found = _new_configuration(shared=table is _shared)
            table[key] = found
            for descriptors, fetcher in self._faces:
                found.add_font_face(descriptors, fetcher)
            while len(_shared) > SHARED_FONT_CONFIGURATIONS:
                remove_folder(_shared.popitem(last=False)[1])
        elif table is _shared:
            _shared.move_to_end(key)
        self._chosen, self._key = found, key
        self._table = table

    def _make_own(self) -> None:
        """The configuration is this document's alone from now on: no other takes it."""
        if self._key is not None and self._table.get(self._key) is self._chosen:
            del self._table[self._key]
            self._own[("alone", id(self._chosen))] = self._chosen
        self._key = None

    def failed(self) -> None:
        """The layout failed: its configuration is let go with its folder (what it registered may
        be half done, and a face it could not load would not be tried again)."""
        if self._key is not None and self._table.get(self._key) is self._chosen:
            del self._table[self._key]
            remove_folder(self._chosen)
        self._key = None


def _new_configuration(shared: bool) -> FontConfiguration:
    """A configuration whose font folder (WeasyPrint would make it at its first face, unknown to
    anyone) is made now and told to the supervisor, which deletes it if this process ends
    before it does: at the memory cap, killed, or past a clock."""
    fonts = FontConfiguration()
    if shared:
        _register_cleanup()
    fonts._folder = Path(tempfile.mkdtemp(prefix="weasyprint-"))
    made(fonts._folder)
    return fonts


def remove_folder(fonts: FontConfiguration) -> None:
    """Delete the folder a configuration unpacked its fonts into (WeasyPrint does it only when
    the configuration is collected, which a process leaving by os._exit never reaches)."""
    folder, fonts._folder = getattr(fonts, "_folder", None), None
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        kept(folder)


def forget_shared_fonts() -> None:
    """Let every kept configuration go, its folder deleted."""
    while _shared:
        remove_folder(_shared.popitem()[1])


def _register_cleanup() -> None:
    """Delete the folders when this process exits: at the interpreter's end, or at a pool
    worker's (multiprocessing runs its finalizers, not atexit's, before os._exit)."""
    if _cleanup_registered == [os.getpid()]:
        return
    from multiprocessing.util import Finalize

    _cleanup_registered[:] = [os.getpid()]
    atexit.register(forget_shared_fonts)
    Finalize(None, forget_shared_fonts, exitpriority=0)


def _inherited_in_child() -> None:
    """A forked process holds its parent's configurations: their folders are the parent's."""
    for fonts in _shared.values():
        fonts._folder = None
    _shared.clear()
    _cleanup_registered.clear()


os.register_at_fork(after_in_child=_inherited_in_child)
