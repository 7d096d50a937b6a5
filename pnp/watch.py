"""`pnp watch`: rebuild a game on every save of its data, layouts, fonts or rulebook.

The pool of processes lives as long as the watch, WeasyPrint loaded in each, and every
unchanged page comes from the cache, so a rebuild costs what changed. The decks whose data
file was saved go first, and each file is written (atomically) as soon as it is ready and
the game has passed its check, so a card change reaches its PDF before the rest is done.
A rebuild that fails says why and goes on watching: files it had already written stay (each
one whole, and made from the saved inputs), the folder's manifest is left as it was, so the
next `pnp build` builds the folder afresh.
"""

import json
import logging
import re
import signal
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pnp.atomic import write_atomically
from pnp.editions import Edition, PrintOptions, build_editions, edition_options, render_editions
from pnp.pool import end_pool, start_pool
from pnp.errors import DataError, PnpError, plural
from pnp.files import read_bytes
from pnp.inputs import build_inputs
from pnp.output import MANIFEST, build_lock, manifest_text
from pnp.project import Project

WATCHED = ("layouts", "fonts")          # and the game's own folder of card_data/
WATCH_STEP_MS = 20                      # a save is acted on once no other change came for this long
WATCH_READY_MS = 200                    # how soon "watching" is said once the folders are watched
# Files editors and office suites write beside the one being saved, never read by pnp: hidden
# files (gedit's .goutputstream-*, Kate's .swp, emacs's .#lock), emacs's #autosave#, backups~,
# vim's write test 4913, LibreOffice's .~lock.deck.xlsx#, Excel's ~$deck.xlsx, `sed -i`'s sedXXXXXX,
# *.tmp, *.bak.
EDITOR_FILES = re.compile(r"^\.|^#.*#$|~$|^\d+$|^~\$|^sed[A-Za-z0-9]{6}$|\.(tmp|temp|bak|swp|swx|part|crdownload)$",
                          re.IGNORECASE)


@dataclass(frozen=True)
class Rebuilt:
    files: list          # (edition, name) of each file whose bytes changed
    rendered: int        # documents WeasyPrint laid out
    seconds: float       # from the change seen to the last file written


def watched_folders(project: Project, game_key: str) -> list[Path]:
    return [project.card_data / game_key] + [project.root / name for name in WATCHED]


def rebuild(project: Project, editions: list[Edition], options: PrintOptions, pool,
            changed: set[Path] = frozenset(), clock: Callable[[], float] = time.perf_counter) -> Rebuilt:
    """Render every edition again (what did not change comes from the cache), writing each
    file that changed as soon as it is ready, then each folder's manifest."""
    start = clock()
    written: list = []
    wrote: list = []
    with ExitStack() as locks:
        for edition in editions:
            locks.enter_context(build_lock(edition.out_dir))

        def on_file(index: int, file: tuple) -> None:
            name, pdf = file[0], file[1]
            target = editions[index].out_dir / name
            if not holds(target, pdf):
                write_atomically(target, pdf)
                written.append((editions[index], name))
                wrote.append(clock())

        def first(loaded) -> bool:
            return (project.card_data / editions[0].game_key / loaded.deck.source) in changed

        digests: dict = {}
        made = render_editions(project, editions, options, pool=pool, first=first, on_file=on_file, digests=digests)
        digest = digests[editions[0].game_key]
        for edition, rendered in zip(editions, made):
            _write_manifest(edition, rendered, build_inputs(digest, edition_options(edition, options)))
    return Rebuilt(written, sum(rendered.rendered for rendered in made),
                   (max(wrote) if wrote else clock()) - start)


def holds(target: Path, data: bytes) -> bool:
    """Whether the file already holds `data`: read with no link followed, and no further than
    the length of `data` (a file swapped for a link, a FIFO or a huge file holds nothing)."""
    try:
        return read_bytes(target, str(target), target.parent, limit=len(data)) == data
    except DataError:
        return False


def _read_manifest(folder: Path) -> dict:
    """The files an earlier build listed in the folder's manifest (read as `holds` reads)."""
    try:
        files = json.loads(read_bytes(folder / MANIFEST, str(folder / MANIFEST), folder)).get("files", {})
    except (DataError, ValueError, AttributeError):
        return {}
    return files if isinstance(files, dict) else {}


def _write_manifest(edition: Edition, rendered, inputs: str) -> None:
    """The folder's manifest for the files just written; files of an earlier build that this
    one no longer makes (a module dropped) are removed, as a build's swap would, and only
    files of the folder itself, whatever an old manifest names."""
    folder = edition.out_dir.resolve()
    before = _read_manifest(folder)
    for name in set(before) - {name for name, *_ in rendered.files}:
        stale = folder / str(name)
        if stale.parent.resolve() == folder and not stale.is_symlink():
            stale.unlink(missing_ok=True)
    write_atomically(folder / MANIFEST, manifest_text(rendered.files, inputs, rendered.skipped).encode())


def watch_game(project: Project, editions: list[Edition], options: PrintOptions, jobs: int,
               say: Callable[..., None], fail: Callable[[PnpError], None],
               stop: threading.Event | None = None) -> None:
    """Build, then rebuild on every change until Ctrl-C (or `stop`). The first Ctrl-C lets a
    rebuild under way finish, then stops; a second one stops at once."""
    from watchfiles import watch

    logging.getLogger("watchfiles").setLevel(logging.ERROR)     # we say what changed ourselves
    stop = stop or threading.Event()
    restore = stop_on_interrupt(stop)
    pool = start_pool(jobs)
    try:
        try:
            for edition, report in zip(editions, build_editions(project, editions, options, pool=pool)):
                state = "up to date" if report.up_to_date else f"built, {len(report.files)} files"
                say(f"{project.relative(edition.out_dir)}: {state}")
        except PnpError as error:
            fail(error)
        watching = "watching " + ", ".join(str(project.relative(f)) for f in watched_folders(
            project, editions[0].game_key)) + " (Ctrl-C stops)"
        folders = [folder for folder in watched_folders(project, editions[0].game_key) if folder.is_dir()]
        for changes in watch(*folders, step=WATCH_STEP_MS, stop_event=stop, raise_interrupt=False,
                             watch_filter=an_input_change, yield_on_timeout=True, rust_timeout=WATCH_READY_MS):
            if watching:
                say(watching)          # only now are the folders watched: a save after this is seen
                watching = ""
            if not changes:
                continue
            changed = {Path(path) for _, path in changes}
            shown = sorted(str(project.relative(path)) for path in changed)
            say(f"changed: {', '.join(shown[:5])}{' ...' if len(shown) > 5 else ''}")
            try:
                result = rebuild(project, editions, options, pool, changed)
            except PnpError as error:
                fail(error)
                continue
            except Exception as error:     # a fault of pnp's own: said in one line, and the watch goes on
                say(f"error: the rebuild failed ({type(error).__name__}: {error}); still watching", problem=True)
                continue
            if result.files:
                names = ", ".join(f"{project.relative(edition.out_dir / name)}" for edition, name in result.files)
                say(f"rebuilt {names} in {result.seconds:.2f} s ({plural(result.rendered, 'document')} laid out)")
            else:
                say(f"nothing to rebuild: every file is as it was ({result.seconds:.2f} s)")
            if stop.is_set():
                break
    except KeyboardInterrupt:
        pass
    finally:
        end_pool(pool, wait=False)
        say("stopped")
        restore()


@cache
def _default_filter():
    from watchfiles import DefaultFilter   # watchfiles loads only when a watch starts

    return DefaultFilter()


def an_input_change(change, path: str) -> bool:
    """Whether a change is to a file pnp may read: not an editor's or office suite's own."""
    return not EDITOR_FILES.search(Path(path).name) and _default_filter()(change, path)


def stop_on_interrupt(stop: threading.Event) -> Callable[[], None]:
    """Ctrl-C sets `stop` instead of raising wherever the watch happens to be; the handler
    before is put back by the function returned."""
    if threading.current_thread() is not threading.main_thread():
        return lambda: None

    def interrupted(signum, frame):
        stop.set()
        signal.signal(signal.SIGINT, signal.default_int_handler)     # a second Ctrl-C: at once
    previous = signal.signal(signal.SIGINT, interrupted)
    return lambda: signal.signal(signal.SIGINT, previous)
