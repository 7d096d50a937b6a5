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
