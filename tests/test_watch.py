"""`pnp watch`: every save rebuilds what changed, byte-identical to a build, and a mistake is
said without stopping the watch."""

import os
import shutil
import signal
import subprocess
import sys
import threading
import time

import pytest
from watchfiles import Change

from pnp.editions import Edition, PrintOptions, build_editions
from pnp.errors import PnpError
from pnp.pool import start_pool
from pnp.watch import an_input_change, rebuild, watch_game
from tests.conftest import ROOT, run_pnp


@pytest.fixture
def pool():
    running = start_pool(2)
    yield running
    running.shutdown(cancel_futures=True)


def _edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_rebuild_writes_what_changed_as_a_build_would(cache_on, tiny, pool, tmp_path):
    editions = [Edition("tiny", "a4", out_dir=tiny.root / "output/tiny/a4", owned=True)]
    build_editions(tiny, editions, PrintOptions(), pool=pool)
    cards = tiny.root / "card_data/tiny/cards.yaml"
    _edit(cards, "Take another turn after this one.", "Take two more turns.")
    result = rebuild(tiny, editions, PrintOptions(), pool, {cards})
    assert [name for _, name in result.files] == ["cards.pdf"] and result.rendered == 1
    fresh = run_pnp("build", "tiny", "--project", str(tiny.root), "--out", str(tmp_path / "fresh"))
    assert fresh.exit_code == 0, fresh.output
    for name in ("cards.pdf", "rulebook.pdf"):
        assert (tiny.root / "output/tiny/a4" / name).read_bytes() == (tmp_path / "fresh" / name).read_bytes()
    again = rebuild(tiny, editions, PrintOptions(), pool, {cards})
    assert again.files == [] and again.rendered == 0
    assert build_editions(tiny, editions, PrintOptions(), pool=pool)[0].up_to_date


def test_a_font_saved_during_the_watch_is_seen(cache_on, tiny, pool):
    editions = [Edition("tiny", "a4", out_dir=tiny.root / "output/tiny/a4", owned=True)]
    build_editions(tiny, editions, PrintOptions(), pool=pool)
    font = tiny.root / "fonts/eb-garamond/eb-garamond-latin-400-normal.woff"
    shutil.copy(tiny.root / "fonts/eb-garamond/eb-garamond-latin-700-normal.woff", font)
    result = rebuild(tiny, editions, PrintOptions(), pool, {font})
    assert "cards.pdf" in [name for _, name in result.files] and result.rendered >= 1


def test_a_mistake_is_told_and_nothing_is_written(cache_on, tiny, pool):
    editions = [Edition("tiny", "a4", out_dir=tiny.root / "output/tiny/a4", owned=True)]
    build_editions(tiny, editions, PrintOptions(), pool=pool)
    before = (tiny.root / "output/tiny/a4/cards.pdf").read_bytes()
    cards = tiny.root / "card_data/tiny/cards.yaml"
    _edit(cards, "value: 3", "value: three")
    with pytest.raises(PnpError) as raised:
        rebuild(tiny, editions, PrintOptions(), pool, {cards})
    assert "cards.yaml" in str(raised.value.problems[0])
    assert (tiny.root / "output/tiny/a4/cards.pdf").read_bytes() == before


def test_pnp_watch_from_the_command_line(tiny):
    env = {**os.environ, "PNP_CACHE": "off", "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-m", "pnp.cli", "watch", "tiny", "--project", str(tiny.root)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                               start_new_session=True)
    said: list = []

    def listen():
        for line in process.stdout:
            said.append(line)
    threading.Thread(target=listen, daemon=True).start()

    def wait_for(text: str) -> None:
        deadline = time.monotonic() + 120
        while not any(text in line for line in said):
            assert process.poll() is None and time.monotonic() < deadline, "".join(said)
            time.sleep(0.05)
    try:
        wait_for("watching")
        cards = tiny.root / "card_data/tiny/cards.yaml"
        _edit(cards, "Take another turn after this one.", "Take two more turns.")
        wait_for("rebuilt output/tiny/a4/cards.pdf")
        _edit(cards, "value: 3", "value: three")
        wait_for("cards.yaml:")
        _edit(cards, "value: three", "value: 3")
        wait_for("nothing to rebuild")
    finally:
        os.killpg(process.pid, signal.SIGINT)
        process.wait(timeout=60)
    output = "".join(said)
    if process.returncode != 0 or "stopped" not in output or "Traceback" in output:
        pytest.fail(f"pnp watch ended with {process.returncode}, saying:\n{output}")


def test_a_manifest_naming_files_elsewhere_removes_nothing_there(cache_on, tiny, pool):
    editions = [Edition("tiny", "a4", out_dir=tiny.root / "output/tiny/a4", owned=True)]
    build_editions(tiny, editions, PrintOptions(), pool=pool)
    outside = tiny.root / "output/tiny/keep.txt"
    outside.write_text("not pnp's")
    manifest = tiny.root / "output/tiny/a4/.pnp-build.json"
    manifest.write_text('{"inputs": null, "skipped": [], "files": {"../keep.txt": {}}}')
    rebuild(tiny, editions, PrintOptions(), pool, set())
    assert outside.read_text() == "not pnp's"


EDITOR_FILES = [".goutputstream-7QK2Y1", "#cards.yaml#", "cards.yaml~", "4913", ".~lock.deck.xlsx#",
                "~$deck.xlsx", ".card.html.swp", "cards.yaml.tmp", "deck.xlsx.bak", ".#cards.yaml", "sed17V8Gi"]


@pytest.mark.parametrize("name", EDITOR_FILES)
def test_an_editor_s_own_files_are_not_changes(name):
    """Issue 28, item 11: what an editor or office suite writes beside a saved file."""
    assert not an_input_change(Change.added, f"/project/card_data/tiny/{name}")


@pytest.mark.parametrize("name", ["cards.yaml", "deck.xlsx", "card.html", "cards.css", "icon-2.svg", "eb.woff2"])
def test_the_files_pnp_reads_are_changes(name):
    assert an_input_change(Change.modified, f"/project/layouts/tiny/{name}")


def test_a_save_right_after_watching_is_said_is_seen(cache_on, tiny):
    """'watching' is a promise: a save made the moment it is said was missed when it was said
    before the folders were watched (a loaded machine's CI run waited two minutes for it)."""
    editions = [Edition("tiny", "a4", out_dir=tiny.root / "output/tiny/a4", owned=True)]
    cards = tiny.root / "card_data/tiny/cards.yaml"
    stop, said = threading.Event(), []

    def say(line: str) -> None:
        said.append(line)
        if line.startswith("watching"):
            _edit(cards, "Take another turn after this one.", "Take two more turns.")
        if line.startswith("rebuilt") or len(said) > 10:
            stop.set()

    timer = threading.Timer(60, stop.set)
    timer.start()
    try:
        watch_game(tiny, editions, PrintOptions(), 1, say, lambda error: said.append(str(error)), stop)
    finally:
        timer.cancel()
    assert any(line.startswith("rebuilt output/tiny/a4/cards.pdf") for line in said), said
