"""`pnp studio`'s loop: serve the studio, and tell its page of every save on disk (the watcher
`pnp watch` uses, over the game's data, the layouts and the fonts) until Ctrl-C."""

import logging
import os
import threading
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

from pnp.project import Project
from pnp.studio.app import Studio
from pnp.studio.server import start_server
from pnp.watch import WATCH_READY_MS, WATCH_STEP_MS, an_input_change, stop_on_interrupt

WATCHED = ("layouts", "fonts")          # and each game's folder of card_data/


def can_open_a_browser() -> bool:
    """A desktop to open the page on: never a terminal browser taking over the terminal."""
    import sys

    return sys.platform in ("darwin", "win32") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_in_browser(address: str, folder: Path) -> None:
    """Open the studio in the desktop's browser through a page of the user's own (mode 600)
    that carries the token: the browser's command line, which every user of the machine can
    read (`ps`), names that file, not the token."""
    import html
    import webbrowser

    page = folder / "open-studio.html"
    descriptor = os.open(page, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(descriptor, "w") as out:
        out.write(f'<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0; url={html.escape(address)}">'
                  f'<title>pnp studio</title><a href="{html.escape(address)}">Open pnp studio</a>\n')
    webbrowser.open(page.as_uri())


def run_studio(project: Project, keys: list[str], language: str | None, port: int, say: Callable[..., None],
               paper: str = "a4", open_page: bool = False, stop: threading.Event | None = None) -> None:
    logging.getLogger("watchfiles").setLevel(logging.ERROR)
    stop = stop or threading.Event()
    restore = stop_on_interrupt(stop)
    studio = Studio(project, keys, language, paper)
    try:
        server, address = start_server(studio, port)
    except BaseException:
        studio.stop()
        raise
    threading.Thread(target=studio.warm, daemon=True).start()
    folders = [project.card_data / key for key in keys] + [project.root / name for name in WATCHED]
    folders = [folder for folder in folders if folder.is_dir()]
    try:
        with ExitStack() as cleanup:
            _watch(studio, server, address, folders, say, open_page, stop, cleanup)
    finally:
        restore()


def _watch(studio: Studio, server, address: str, folders: list, say, open_page: bool, stop, cleanup) -> None:
    from watchfiles import watch

    from pnp.scratch import scratch_folder

    try:
        told = False
        for changes in watch(*folders, step=WATCH_STEP_MS, stop_event=stop, raise_interrupt=False,
                             watch_filter=an_input_change, yield_on_timeout=True, rust_timeout=WATCH_READY_MS):
            if not told:                 # only now are the folders watched: a save after this is seen
                say(f"studio: {address}")
                say("open that address in a browser (it holds this run's token); Ctrl-C stops")
                if open_page and can_open_a_browser():
                    open_in_browser(address, cleanup.enter_context(scratch_folder("pnp-studio-")))
                told = True
            if changes:
                studio.saw([Path(path) for _, path in changes])
            if stop.is_set():
                break
    except KeyboardInterrupt:
        pass
    finally:
        say("stopped")
        server.shutdown()
        server.server_close()
        studio.stop()
