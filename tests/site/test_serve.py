"""`pnp serve`: the site on 127.0.0.1, rebuilt when the game's data changes."""

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.conftest import run_pnp

STARTUP_SECONDS = 120


def _read_until(process, pattern: str, deadline: float) -> str:
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        found = re.search(pattern, line)
        if found:
            return found.group(0)
    raise AssertionError(f"pnp serve never printed {pattern!r}")


def test_serve_rebuilds_when_the_data_changes(project_copy):
    assert run_pnp("new", "lanterns", "--project", str(project_copy)).exit_code == 0
    process = subprocess.Popen(
        [sys.executable, "-c", "from pnp.cli import main; main()", "serve", "--port", "0", "--games", "lanterns",
         "--project", str(project_copy)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env={**os.environ, "COLUMNS": "200"})
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        url = _read_until(process, r"http://127\.0\.0\.1:\d+/index\.html", deadline)
        page = urllib.request.urlopen(url, timeout=10).read().decode()
        assert "Lanterns" in page
        declaration = project_copy / "card_data" / "lanterns" / "game.yaml"
        text = declaration.read_text()
        pitch = re.search(r"^pitch: (.*)$", text, re.M).group(1)
        assert pitch in page
        declaration.write_text(text.replace(pitch, "A pitch changed while serving."))
        _read_until(process, r"built the site", deadline)
        assert "A pitch changed while serving." in urllib.request.urlopen(url, timeout=10).read().decode()
        pdf = urllib.request.urlopen(url.replace("index.html", "lanterns/a4/rulebook.pdf"), timeout=10).read()
        assert pdf.startswith(b"%PDF") and pdf == (project_copy / "output" / "site" / "lanterns" / "a4" / "rulebook.pdf").read_bytes()
        declaration.write_text(text.replace("pitch:", "pitch: [broken", 1))
        assert "game.yaml" in _read_until(process, r"\S*game\.yaml:\d+.*", deadline)
        assert "A pitch changed while serving." in urllib.request.urlopen(url, timeout=10).read().decode()
    finally:
        process.send_signal(signal.SIGINT)
        rest, _ = process.communicate(timeout=30)
    assert process.returncode == 0, rest
    assert "Traceback" not in rest
    assert Path(project_copy / "output" / "site" / "index.html").is_file()


def test_serve_keeps_one_pool_for_every_rebuild(tmp_path, monkeypatch):
    """One pool of processes is started for the whole serve and handed to every rebuild of the
    site; it is shut down when serving stops."""
    import threading

    import watchfiles

    import pnp.pool
    import pnp.site.serve as serve
    from pnp.project import Project

    started, pools = [], []

    class Pool:
        def shutdown(self, **_):
            started.append("shut down")

    monkeypatch.setattr(pnp.pool, "start_pool", lambda jobs: started.append(jobs) or Pool())

    def build_site(project, target, keys, title, owned=False, pool=None):
        pools.append(pool)
        return type("Report", (), {"files": 1, "size": 0})()

    monkeypatch.setattr(serve, "build_site", build_site)
    monkeypatch.setattr(watchfiles, "watch", lambda *folders, **options: iter([{(1, "a")}, {(1, "b")}]))
    said = []
    serve.serve_site(Project.at(_project(tmp_path)), tmp_path / "site", ["x"], "T", 0,
                     owned=True, say=lambda text, problem=False: said.append(text), stop=threading.Event())
    assert len(pools) == 3 and pools[0] is pools[1] is pools[2] and isinstance(pools[0], Pool)
    assert started[0] >= 1 and started[1:] == ["shut down"]


def _project(folder: Path) -> Path:
    for name in ("card_data", "layouts", "fonts"):
        (folder / name).mkdir(parents=True, exist_ok=True)
    return folder


def test_a_taken_port_is_said_before_any_build(tmp_path, monkeypatch):
    """Issue 28, item 11: one line and exit 2 at once, not after the whole site is built."""
    import socket

    import pnp.site.serve as serve

    built = []
    monkeypatch.setattr(serve, "build_site", lambda *args, **kwargs: built.append(args))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_pnp("serve", "--port", str(port), "--project", str(_project(tmp_path)))
    assert result.exit_code == 2 and f"cannot serve on 127.0.0.1:{port}" in result.output
    assert not built and "Traceback" not in result.output


def test_a_request_is_answered_while_two_hundred_idle_connections_are_held(tmp_path):
    """Each idle connection holds a thread of a small stack until REQUEST_SECONDS; past
    MAX_CONNECTIONS a connection is closed at once: the server answers whoever asks."""
    import functools
    import socket
    import threading
    import urllib.request

    from pnp.site.serve import QuietHandler, SiteServer

    (tmp_path / "index.html").write_text("<p>the site</p>")
    server = SiteServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    idle = []
    try:
        for _ in range(200):
            idle.append(socket.create_connection(server.server_address, timeout=5))
        url = f"http://127.0.0.1:{server.server_address[1]}/index.html"
        with urllib.request.urlopen(url, timeout=10) as response:
            assert response.status == 200 and b"the site" in response.read()
            assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    finally:
        for connection in idle:
            connection.close()
        server.shutdown()
        server.server_close()
