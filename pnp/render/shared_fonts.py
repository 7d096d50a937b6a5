"""Font configurations kept between documents: each font a build uses is unpacked and
registered once a process, not once a document.

WeasyPrint registers every @font-face rule of a document in the FontConfiguration it is given:
it unpacks the font (a WOFF is decoded and saved again), tells Fontconfig of it, and Pango then
loads it afresh. Given a new configuration for each deck, a cold Verset build did that eleven
times (about 0.8 s of its 9 CPU-seconds, bench/run.py). Two documents share a configuration only
when they declare the very same @font-face rules, from the same stylesheets, under the same
render inputs (pnp.inputs.render_inputs: the bytes of every layout and font): a configuration
then holds exactly what each of them would have registered, in the same order, and nothing more.
A document whose fonts cannot all be read off its stylesheets (one linked under another name
than .css), that declares one face twice (which wins depends on the order WeasyPrint reads them
in), or in a process that has not read a build's render inputs, gets its own.

The folders WeasyPrint unpacks fonts into are the supervising process's to delete (pnp.contained
made) when the work ends, however it ends; outside it, this process's when it exits."""

import atexit
import os
import shutil
import tempfile
from collections import OrderedDict
from pathlib import Path

from weasyprint.text.fonts import FontConfiguration

from pnp.contained import kept, made
from pnp.render import cache
from pnp.render.readable import page_file
from pnp.render.stylesheet_check import document_sheets, font_face_rules
from pnp.tags import tag_list

SHARED_FONT_CONFIGURATIONS = 4          # kept a process, the least recently used let go first

_shared: OrderedDict = OrderedDict()   # (root, render inputs, @font-face rules) -> FontConfiguration
_cleanup_registered: list = []          # the pid that registered the clean-up at its exit


def fonts_key(html: str, root: Path) -> tuple | None:
    """What a document's font configuration holds, or None when it cannot be known from its
    stylesheets (the document gets a configuration of its own)."""
    root = Path(root).resolve()
    salt = cache.salt_in_use(root)
    if salt is None:
        return None
    for tag in tag_list(html):
        if tag.name == "link" and not tag.closing:
            path = page_file(root, tag.attribute("href") or "")
            if path is not None and path.suffix.lower() != ".css":
                return None
    rules = font_face_rules(document_sheets(html, root))
    declared = {face: rule for _, face, rule in rules}
    if len(declared) < len(set((face, rule) for _, face, rule in rules)):
        return None                    # a face declared twice: which wins depends on their order
    return str(root), salt, tuple((sheet.shown, rule) for sheet, _, rule in rules)


def shared_fonts(key: tuple) -> FontConfiguration:
    """The configuration of the documents whose fonts are `key` (fonts_key)."""
    found = _shared.get(key)
    if found is not None:
        _shared.move_to_end(key)
        return found
    _register_cleanup()
    fonts = FontConfiguration()
    fonts._folder = Path(tempfile.mkdtemp(prefix="weasyprint-"))
    made(fonts._folder)
    _shared[key] = fonts
    while len(_shared) > SHARED_FONT_CONFIGURATIONS:
        remove_folder(_shared.popitem(last=False)[1])
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
