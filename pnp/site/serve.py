"""`pnp serve`: the download site on 127.0.0.1, rebuilt whenever a game's sources change.

Whatever a request asks, the answer is a file of the site folder or a plain 4xx, and the
server keeps serving: a path is read one folder at a time from the site folder with no link
followed (a link in the site, shipped or planted, is never served), a path that is not
UTF-8, holds a control character or steps out (`..`) is not found, nothing but a plain file
is opened for reading, and a client that goes away is no error.
"""

import functools
import os
import stat
import sys
import threading
import urllib.parse
from collections.abc import Callable
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from pnp.errors import DataError, PnpError, plural
from pnp.limits import MAX_REPORTED_PROBLEMS
from pnp.project import Project
from pnp.site import build_site
from pnp.site.sanitise import CONTENT_SECURITY_POLICY

HOST = "127.0.0.1"
WATCHED = ("card_data", "layouts", "fonts")
DEBOUNCE_MS = 400
REQUEST_SECONDS = 30              # a client silent this long is dropped
MAX_CONNECTIONS = 256             # served at once; one more is closed at once
THREAD_STACK_BYTES = 512 * 1024   # each connection's thread: a request needs little (8 MB by default)
MAX_PATH_PARTS = 32               # folders in a request's path (the site has three levels)
FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY
INDEX = "index.html"


def request_parts(target: str) -> list[str] | None:
    """The names on the way to the file a request's target asks for, or None when it asks
    for nothing the site can hold: a target that is not a path, not UTF-8, with a control
    character (in its query too) or a backslash, with `.` or `..`, or too deep."""
    path, _, query = target.split("#", 1)[0].partition("?")
    if not path.startswith("/"):
        return None
    try:
        text, query = (urllib.parse.unquote(part, errors="strict") for part in (path, query))
    except UnicodeDecodeError:
        return None
    if any(ord(c) < 0x20 or c == "\x7f" for c in text + query) or "\\" in text:
        return None
    parts = [part for part in text.split("/") if part]
    if len(parts) > MAX_PATH_PARTS or any(part in (".", "..") for part in parts):
        return None
    return parts


def open_in_site(folder: str, parts: list[str]) -> int | None:
    """A descriptor of the site's entry at `parts`, walked down from the site folder with no
    link followed; None when there is no such plain file or folder."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return None
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        try:
            inner = os.open(part, FILE_FLAGS if last else FOLDER_FLAGS, dir_fd=fd)
        except (OSError, ValueError):
            inner = None
        os.close(fd)
        if inner is None:
            return None
        fd = inner
    return fd


def _index_of(folder_fd: int) -> int | None:
    """A descriptor of the folder's index.html (no link followed), or None; closes the folder's."""
    try:
        return os.open(INDEX, FILE_FLAGS, dir_fd=folder_fd)
    except OSError:
        return None
    finally:
        os.close(folder_fd)


class QuietHandler(SimpleHTTPRequestHandler):
    """Files of the site folder, never through a link; no listings, no request log (the
    terminal shows rebuilds)."""

    timeout = REQUEST_SECONDS

    def log_message(self, format, *args):       # noqa: A002 (the standard library's signature)
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Security-Policy", CONTENT_SECURITY_POLICY)    # as every page's own
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def send_head(self):
        """The headers of the answer, and the file to send (None when the answer is all sent)."""
        parts = request_parts(self.path)
        fd = open_in_site(self.directory, parts) if parts is not None else None
        if fd is None:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            if not self.path.split("?", 1)[0].endswith("/"):
                os.close(fd)
                return self._redirect_to_folder(parts)
            fd, parts = _index_of(fd), [*parts, INDEX]
            info = os.fstat(fd) if fd is not None else None
        if fd is None or not stat.S_ISREG(info.st_mode):
            if fd is not None:
                os.close(fd)
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        handle = os.fdopen(fd, "rb")
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-type", self.guess_type(parts[-1] if parts else INDEX))
        self.send_header("Content-Length", str(info.st_size))
        self.send_header("Last-Modified", self.date_time_string(info.st_mtime))
        self.end_headers()
        return handle

    def _redirect_to_folder(self, parts: list[str]):
        """To the folder's own address with its slash (so its relative links work), made from
        the names found, not from the request (`//elsewhere` is no address to send anyone to)."""
        self.send_response(HTTPStatus.MOVED_PERMANENTLY)
        self.send_header("Location", "/" + "".join(urllib.parse.quote(part) + "/" for part in parts))
        self.send_header("Content-Length", "0")
        self.end_headers()
        return None

    def _not_allowed(self):
        self.send_response(HTTPStatus.METHOD_NOT_ALLOWED)
        self.send_header("Allow", "GET, HEAD")
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _not_allowed


class SiteServer(ThreadingHTTPServer):
    """The site's server: a client that goes away is no error; anything else one line, never
    a traceback, and the server goes on. A thread serves each connection, on a small stack,
    at most MAX_CONNECTIONS at once: a connection past them is closed at once, and one that
    says nothing is dropped after REQUEST_SECONDS, so idle connections (a hundred, or a
    browser's spares) neither starve the requests that come nor take the memory."""

    daemon_threads = True
    request_queue_size = MAX_CONNECTIONS      # the listen backlog (5 by default: a burst of clients waited seconds)

    def __init__(self, *arguments, **options):
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        super().__init__(*arguments, **options)

    def process_request(self, request, client_address):
        if not self.slots.acquire(blocking=False):
            self.shutdown_request(request)
            return
        previous = threading.stack_size(THREAD_STACK_BYTES)
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise
        finally:
            threading.stack_size(previous)

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request, client_address):
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            return
        print(f"pnp serve: a request failed ({type(error).__name__}: {error}); serving on", file=sys.stderr)


def describe(error: PnpError) -> str:
    if isinstance(error, DataError):
        lines = [f"  {problem}" for problem in error.problems[:MAX_REPORTED_PROBLEMS]]
        return "\n".join([f"error: {plural(len(error.problems), 'problem')} in the input; the site was not rebuilt"] + lines)
    return f"error: {error}; the site was not rebuilt"


def _rebuild(project: Project, target: Path, keys: list[str], title: str, owned: bool,
             say: Callable[..., None], pool) -> bool:
    try:
        report = build_site(project, target, keys, title, owned=owned, pool=pool)
    except PnpError as error:
        say(describe(error), problem=True)
        return False
    except Exception as error:           # a fault of pnp's own: said in one line, and the site goes on
        say(f"error: the rebuild failed ({type(error).__name__}: {error}); the site was not rebuilt", problem=True)
        return False
    say(f"built the site: {report.files} files, {report.size / 1024 / 1024:.1f} MB")
    return True


def serve_site(project: Project, target: Path, keys: list[str], title: str, port: int, owned: bool,
               say: Callable[..., None], stop: threading.Event | None = None) -> None:
    """Build, serve, then rebuild on every change of the watched folders until Ctrl-C (or `stop`).
    Ctrl-C lets a rebuild under way finish (its processes are never cut off halfway). One pool
    of processes, WeasyPrint loaded in each, serves every rebuild."""
    from pnp.pool import default_jobs, end_pool, start_pool
    from pnp.watch import stop_on_interrupt

    stop = stop or threading.Event()
    restore = stop_on_interrupt(stop)
    pool = start_pool(default_jobs())
    try:
        _serve(project, target, keys, title, port, owned, say, stop, pool)
    finally:
        end_pool(pool, wait=False)
        restore()


def _serve(project: Project, target: Path, keys: list[str], title: str, port: int, owned: bool,
           say: Callable[..., None], stop: threading.Event, pool) -> None:
    from watchfiles import watch

    from pnp.watch import an_input_change

    handler = functools.partial(QuietHandler, directory=str(target))
    try:                                # the port first: a taken one is said before a build's wait
        server = SiteServer((HOST, port), handler)
    except OSError as error:
        raise PnpError(f"cannot serve on {HOST}:{port}: {error.strerror or error}. Choose another --port") from None
    try:
        built = _rebuild(project, target, keys, title, owned, say, pool)
    except BaseException:
        server.server_close()
        raise
    target.mkdir(parents=True, exist_ok=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    say(f"serving http://{HOST}:{server.server_address[1]}/index.html"
        + ("" if built else " (the last good build, if any)") + "; Ctrl-C stops")
    folders = [project.root / name for name in WATCHED if (project.root / name).is_dir()]
    try:
        for changes in watch(*folders, debounce=DEBOUNCE_MS, stop_event=stop, raise_interrupt=False,
                             watch_filter=an_input_change):
            changed = sorted({project.relative(Path(path)) for _, path in changes}, key=str)
            say(f"changed: {', '.join(map(str, changed[:5]))}{' ...' if len(changed) > 5 else ''}")
            _rebuild(project, target, keys, title, owned, say, pool)
            if stop.is_set():
                break
    except KeyboardInterrupt:           # a second Ctrl-C during a rebuild: the previous site stays
        pass
    finally:
        say("stopped")
        server.shutdown()
        server.server_close()
