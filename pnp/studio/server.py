"""The studio's HTTP side, on 127.0.0.1 only: every request carries the run's token (in the
address the command prints, then in a header the page's script sends), or it is refused (403);
a request naming another host (a DNS name pointed at 127.0.0.1) is refused too, and an edit
must come from the studio's own page (a header no other site's page can send without asking).
Every answer forbids scripts but the studio's own file (Content-Security-Policy), framing and
sniffing; the designer's words reach the page as text, never as markup.
"""

import json
import re
import secrets
import sys
import threading
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from importlib import resources

from pnp.errors import PnpError
from pnp.site.serve import REQUEST_SECONDS, SiteServer
from pnp.studio.app import Studio
from pnp.studio.edits import Edit

HOST = "127.0.0.1"
TOKEN_HEADER = "X-Studio-Token"
MAX_BODY_BYTES = 1 * 2**20
STUDIO_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
                 "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
PICTURE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
ASSETS = {"studio.js": "text/javascript; charset=utf-8", "studio.css": "text/css; charset=utf-8",
          "studio-icon.svg": "image/svg+xml"}
NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
IMAGE = re.compile(r"/api/image/([0-9a-f]{24})\.png")
ICON = re.compile(r"/api/icon/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg")


def asset(name: str) -> bytes:
    return resources.files("pnp.studio").joinpath("assets", name).read_bytes()


class StudioHandler(BaseHTTPRequestHandler):
    studio: Studio
    token: str
    port: int
    timeout = REQUEST_SECONDS
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):       # noqa: A002 (the standard library's signature)
        pass

    # --- answers -----------------------------------------------------------------------------

    def _send(self, status: int, body: bytes, kind: str, policy: str = STUDIO_POLICY) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Security-Policy", policy)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, value, status: int = 200) -> None:
        self._send(status, json.dumps(value, ensure_ascii=False).encode(), "application/json; charset=utf-8")

    def _refuse(self, status: int, words: str) -> None:
        """A refusal, and the connection closed: what the request sent after it is not read as
        another request."""
        self.close_connection = True
        self._send(status, (words + "\n").encode(), "text/plain; charset=utf-8")

    # --- who may ask -------------------------------------------------------------------------

    def _query(self) -> dict:
        query = urllib.parse.urlsplit(self.path).query
        return {key: values[-1] for key, values in urllib.parse.parse_qs(query, keep_blank_values=True).items()}

    def _allowed(self) -> bool:
        host = (self.headers.get("Host") or "").lower()
        if host not in (f"{HOST}:{self.port}", f"localhost:{self.port}"):
            self._refuse(HTTPStatus.FORBIDDEN, "403: the studio answers only at its own address on 127.0.0.1")
            return False
        given = self.headers.get(TOKEN_HEADER) or self._query().get("token", "")
        if not secrets.compare_digest(given.encode(), self.token.encode()):
            self._refuse(HTTPStatus.FORBIDDEN, "403: this studio's address holds a token; open the address "
                                               "`pnp studio` printed")
            return False
        return True

    def _from_the_page(self) -> bool:
        """An edit: the token in its header (a form or a link from another site cannot set one),
        JSON, and the studio's own origin when the browser names one."""
        origin = self.headers.get("Origin")
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip()
        if (self.headers.get(TOKEN_HEADER) != self.token or kind != "application/json"
                or origin not in (None, f"http://{HOST}:{self.port}", f"http://localhost:{self.port}")):
            self._refuse(HTTPStatus.FORBIDDEN, "403: edits come from the studio's own page")
            return False
        return True

    # --- requests ----------------------------------------------------------------------------

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        if not self._allowed():
            return
        path = urllib.parse.urlsplit(self.path).path
        query = self._query()
        try:
            self._get(path, query)
        except PnpError as error:
            self._json({"error": str(error)}, HTTPStatus.BAD_REQUEST)
        except (ValueError, KeyError, OverflowError) as error:
            self._json({"error": f"a request the studio does not understand ({error})"}, HTTPStatus.BAD_REQUEST)
        except (ConnectionError, TimeoutError):
            raise
        except Exception as error:          # a fault of pnp's own: one line, and the studio goes on
            self._failed(error)

    def _get(self, path: str, query: dict) -> None:
        studio = self.studio
        if path in ("/", "/index.html"):
            page = asset("studio.html").replace(b"{{token}}", self.token.encode())
            self._send(HTTPStatus.OK, page, "text/html; charset=utf-8")
        elif path.lstrip("/") in ASSETS:
            self._send(HTTPStatus.OK, asset(path.lstrip("/")), ASSETS[path.lstrip("/")])
        elif path == "/api/games":
            self._json(studio.overview())
        elif path == "/api/deck":
            self._json(studio.grid(query["game"], query["deck"]))
        elif path == "/api/preview":
            self._json(studio.preview(query["game"], query["deck"], int(query["row"])))
        elif path in ("/api/sheet", "/api/rulebook"):
            self._json(studio.follow(path.rsplit("/", 1)[1], query["game"], query["deck"], int(query["row"])))
        elif path == "/api/icons":
            self._json(studio.inline_icons(query["game"]))
        elif path == "/api/changes":
            self._json(studio.wait_for_change(int(query.get("since", "0"))))
        elif IMAGE.fullmatch(path):
            picture = studio.image(IMAGE.fullmatch(path).group(1))
            self._send(HTTPStatus.OK, picture, "image/png") if picture else self._refuse(HTTPStatus.NOT_FOUND, "404")
        elif ICON.fullmatch(path):
            picture = studio.icon(ICON.fullmatch(path).group(1))
            if picture is None:
                self._refuse(HTTPStatus.NOT_FOUND, "404")
            else:
                self._send(HTTPStatus.OK, picture, "image/svg+xml", PICTURE_POLICY)
        else:
            self._refuse(HTTPStatus.NOT_FOUND, "404: no such page in the studio")

    def do_POST(self):
        if not self._allowed() or not self._from_the_page():
            return
        length = self.headers.get("Content-Length") or "0"
        if not length.isdigit() or not 0 < int(length) <= MAX_BODY_BYTES:
            self._refuse(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"413: an edit of 1 to {MAX_BODY_BYTES} bytes")
            return
        try:
            body = json.loads(self.rfile.read(int(length)))
            if not isinstance(body, dict):
                raise ValueError("an edit is a JSON object")
            if urllib.parse.urlsplit(self.path).path != "/api/edit":
                self._refuse(HTTPStatus.NOT_FOUND, "404: no such page in the studio")
                return
            edit = Edit(deck=str(body["deck"]), version=str(body["version"]), operation=str(body["operation"]),
                        row=int(body.get("row", 0)), field=str(body.get("field", "")),
                        value=str(body.get("value", "")), to=int(body.get("to", 0)))
            self._json(self.studio.edit(str(body["game"]), edit))
        except PnpError as error:
            self._json({"error": str(error)}, HTTPStatus.BAD_REQUEST)
        except (ValueError, KeyError, TypeError, OverflowError) as error:
            self._json({"error": f"an edit the studio does not understand ({error})"}, HTTPStatus.BAD_REQUEST)
        except (ConnectionError, TimeoutError):
            raise
        except Exception as error:          # a fault of pnp's own: one line, and the studio goes on
            self._failed(error)

    def _failed(self, error: Exception) -> None:
        words = f"the studio failed ({type(error).__name__}: {error})"
        print(f"pnp studio: {words}; serving on", file=sys.stderr)
        self._json({"error": words}, HTTPStatus.INTERNAL_SERVER_ERROR)

    def _not_allowed(self):
        self._refuse(HTTPStatus.METHOD_NOT_ALLOWED, "405")

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _not_allowed


class StudioServer(SiteServer):
    def handle_error(self, request, client_address):
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            return
        print(f"pnp studio: a request failed ({type(error).__name__}: {error}); serving on", file=sys.stderr)


def start_server(studio: Studio, port: int) -> tuple[StudioServer, str]:
    """The server, serving from a thread of its own, and the address to open (with its token)."""
    token = secrets.token_urlsafe(24)
    handler = type("Handler", (StudioHandler,), {"studio": studio, "token": token, "port": 0})
    try:
        server = StudioServer((HOST, port), handler)
    except OSError as error:
        raise PnpError(f"cannot serve on {HOST}:{port}: {error.strerror or error}. Choose another --port") from None
    handler.port = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{HOST}:{handler.port}/?token={token}"

