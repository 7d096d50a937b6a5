"""`pnp serve`: the download site on 127.0.0.1, rebuilt whenever a game's sources change."""

import functools
import threading
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from pnp.errors import DataError, PnpError
from pnp.limits import MAX_REPORTED_PROBLEMS
from pnp.project import Project
from pnp.site import build_site

HOST = "127.0.0.1"
WATCHED = ("card_data", "layouts", "fonts")
DEBOUNCE_MS = 400


class QuietHandler(SimpleHTTPRequestHandler):
    """Files of the site folder; no request log (the terminal shows rebuilds)."""

    def log_message(self, format, *args):       # noqa: A002 (the standard library's signature)
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def describe(error: PnpError) -> str:
    if isinstance(error, DataError):
        lines = [f"  {problem}" for problem in error.problems[:MAX_REPORTED_PROBLEMS]]
        return "\n".join([f"error: {len(error.problems)} problem(s) in the input; the site was not rebuilt"] + lines)
    return f"error: {error}; the site was not rebuilt"


def _rebuild(project: Project, target: Path, keys: list[str], title: str, owned: bool,
             say: Callable[..., None]) -> bool:
    try:
        report = build_site(project, target, keys, title, owned=owned)
    except PnpError as error:
        say(describe(error), problem=True)
        return False
    say(f"built the site: {report.files} files, {report.size / 1024 / 1024:.1f} MB")
    return True


def serve_site(project: Project, target: Path, keys: list[str], title: str, port: int, owned: bool,
               say: Callable[..., None], stop: threading.Event | None = None) -> None:
    """Build, serve, then rebuild on every change of the watched folders until Ctrl-C (or `stop`).
    Ctrl-C lets a rebuild under way finish (its processes are never cut off halfway)."""
    from watchfiles import watch

    from pnp.watch import stop_on_interrupt

    stop = stop or threading.Event()
    restore = stop_on_interrupt(stop)

    built = _rebuild(project, target, keys, title, owned, say)
    target.mkdir(parents=True, exist_ok=True)
    handler = functools.partial(QuietHandler, directory=str(target))
    try:
        server = ThreadingHTTPServer((HOST, port), handler)
    except OSError as error:
        raise PnpError(f"cannot serve on {HOST}:{port}: {error.strerror or error}. Choose another --port") from None
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    say(f"serving http://{HOST}:{server.server_address[1]}/index.html"
        + ("" if built else " (the last good build, if any)") + "; Ctrl-C stops")
    folders = [project.root / name for name in WATCHED if (project.root / name).is_dir()]
    try:
        for changes in watch(*folders, debounce=DEBOUNCE_MS, stop_event=stop, raise_interrupt=False):
            changed = sorted({project.relative(Path(path)) for _, path in changes}, key=str)
            say(f"changed: {', '.join(map(str, changed[:5]))}{' ...' if len(changed) > 5 else ''}")
            _rebuild(project, target, keys, title, owned, say)
            if stop.is_set():
                break
    except KeyboardInterrupt:           # a second Ctrl-C during a rebuild: the previous site stays
        pass
    finally:
        say("stopped")
        server.shutdown()
        server.server_close()
        restore()
