"""How soon `pnp studio` shows a card after an edit: for a card of each of the five games, the
time from an edit in the grid, and from a save in another editor, to the card's new face shown.

    .venv/bin/pip install -e '.[bench]' && .venv/bin/python bench/studio.py [--edits 20]

(Debian's chromium for the page: `apt install chromium`.)

One `pnp studio` (all five games) runs on a copy of the project with a page cache of its own,
empty at the start, as a designer's is on a new project: every edit makes a face never laid
out before (a new name; for Verso, whose fields are all choices, each edit another card), and a
back the whole deck shares comes from the cache after its first. Verso's cards are bound in pairs
by its rules, so a player aid's colour is edited instead; its three colours would come from the
cache after three edits, so the cache is emptied before each of its edits (its shared back laid
out again too). For each game, --edits edits of one card's field:

- *edit*: what the page does when a cell changes: POST /api/edit, then GET /api/preview, then
  both pictures; from the POST sent to the last picture received;
- *save*: a new value written to the deck file by another program, then what the page does:
  its waiting GET /api/changes answers, GET /api/deck, GET /api/preview, both pictures; from
  the file written to the last picture received.

- *page*: in Debian's Chromium, driven by Playwright, the studio's own page: the new value typed
  in the cell (a choice picked, for Verso), then Enter; from the key to the new face's picture
  loaded in the page (the designer's wait, the page's own work included).

Median and 95th percentile of each, and the studio's own time to render (its `seconds`).
Results: bench/studio-results.json and studio-results.md.
"""

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from run import machine  # noqa: E402  (the same machine facts as every benchmark)

# game -> (deck, the row edited, field, the value written: each edit a face never laid out before,
# every name of one length, so that each game's edits cost alike in both parts)
CARDS = {
    "verset": ("abilities", lambda n: 1, "name", lambda n: f"Marked Deck {n:03d}"),
    "wizard": ("red-deck", lambda n: 0, "name", lambda n: f"Red Mage {n:03d}"),
    "verso": ("aids", lambda n: n % 6, "colour", None),          # its cards' faces are bound in pairs by its rules
    "olf": ("characters", lambda n: 0, "name", lambda n: f"The Knight {n:03d}"),
    "verdun": ("troops", lambda n: 0, "name", lambda n: f"Troop {n:03d}"),
}
TARGET_SECONDS = 0.3


class Studio:
    def __init__(self, project: Path, env: dict):
        self.process = subprocess.Popen([str(ROOT / ".venv" / "bin" / "pnp"), "studio", "--port", "0", "--no-open",
                                         "--project", str(project)], stdout=subprocess.PIPE, text=True, env=env,
                                        start_new_session=True)
        line = self.process.stdout.readline()
        if not line.startswith("studio: "):
            raise SystemExit(f"the studio did not start: {line}")
        address = line.split()[1]
        self.base, self.token = address.split("/?token=")
        self.changes = 0

    def get(self, path: str):
        request = urllib.request.Request(self.base + path, headers={"X-Studio-Token": self.token})
        with urllib.request.urlopen(request, timeout=60) as answer:
            data = answer.read()
        return json.loads(data) if answer.headers.get_content_type() == "application/json" else data

    def post(self, path: str, body: dict):
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"X-Studio-Token": self.token, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as answer:
            return json.loads(answer.read())

    def preview(self, game: str, deck: str, row: int) -> float:
        """The page's preview: the JSON, then each picture; the studio's own seconds."""
        shown = self.get(f"/api/preview?game={game}&deck={deck}&row={row}")
        if not shown["rendered"]:
            raise SystemExit(f"{game}: the card did not render: {shown['problems']}")
        for side in shown["sides"]:
            self.get(side["url"])
        return shown["seconds"]

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGINT)
        self.process.wait(30)


COLOURS = ("blue", "green", "orange")


def _value_for(game: str, value, number: int, old: str) -> str:
    """The value an edit writes: a new name, or (Verso) a colour other than the aid's own."""
    if value is not None:
        return value(number)
    return next(colour for colour in COLOURS[number % 3:] + COLOURS if colour != old)


def _fresh_pages(game: str) -> None:
    if game == "verso":
        shutil.rmtree(ROOT_COPY / "output" / ".cache", ignore_errors=True)


def edits(studio: Studio, game: str, count: int) -> dict:
    deck, row_of, field, value = CARDS[game]
    grid = studio.get(f"/api/deck?game={game}&deck={deck}")
    studio.preview(game, deck, 0)                         # the deck's layouts read once, as a click does
    timings: dict = {"edit": [], "save": [], "render": []}
    for number in range(count):
        row = row_of(2 * number)
        studio.preview(game, deck, row)                   # the card selected, as a click does
        new = _value_for(game, value, 2 * number, grid["rows"][row]["values"][field])
        _fresh_pages(game)
        start = time.perf_counter()
        grid = studio.post("/api/edit", {"game": game, "deck": deck, "version": grid["version"], "operation": "set",
                                         "row": row, "field": field, "value": new})
        if grid.get("refused"):
            raise SystemExit(f"{game}: the edit was refused: {grid['refused']}")
        timings["render"].append(studio.preview(game, deck, row))
        timings["edit"].append(time.perf_counter() - start)
    for number in range(count):
        row = row_of(2 * number + 1)
        studio.preview(game, deck, row)
        path = ROOT_COPY / "card_data" / game / grid["file"].split(f"card_data/{game}/", 1)[1]
        text = path.read_text()
        grid = studio.get(f"/api/deck?game={game}&deck={deck}")
        old = grid["rows"][row]["values"][field]
        new = _value_for(game, value, 2 * number + 1, old)
        _fresh_pages(game)
        waiting: dict = {}

        def wait():
            waiting["news"] = studio.get(f"/api/changes?since={studio.changes}")

        listener = threading.Thread(target=wait)
        listener.start()
        time.sleep(0.05)                                   # the page is already waiting when a save comes
        start = time.perf_counter()
        path.write_text(_replaced(text, old, new, game, row))
        listener.join()
        studio.changes = waiting["news"]["version"]
        grid = studio.get(f"/api/deck?game={game}&deck={deck}")
        studio.preview(game, deck, row)
        timings["save"].append(time.perf_counter() - start)
    return timings


# Set in the page before the key: the moment of the key, and of the new face's picture loaded,
# taken by the page itself (the benchmark looks only every 100 ms, so that its looking costs the
# two cores nothing that matters).
PAGE_WATCH = """(before) => {
  window.__pressed = null; window.__shown = null;
  document.addEventListener('keydown', () => { window.__pressed = performance.now(); }, { capture: true, once: true });
  document.querySelector('select[data-field]') && document.addEventListener('change',
    () => { window.__pressed = window.__pressed || performance.now(); }, { capture: true, once: true });
  const seen = new MutationObserver(() => {
    const img = document.querySelector('#sides .card[data-side="face"] img');
    if (!img || img.getAttribute('src') === before || window.__shown) return;
    const done = () => { window.__shown = window.__shown || performance.now(); };
    if (img.complete && img.naturalWidth > 0) done(); else img.addEventListener('load', done, { once: true });
  });
  seen.observe(document.getElementById('sides'), { childList: true, subtree: true });
}"""


def page_edits(address: str, count: int) -> dict:
    """The designer's wait in the studio's page, from the key to the new face shown."""
    from playwright.sync_api import sync_playwright

    timings: dict = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                             args=["--headless", "--no-sandbox"])
        for game, (deck, row_of, field, value) in CARDS.items():
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            waits = []
            for number in range(count):
                row = row_of(number)
                page.goto(f"{address}#game={game}&deck={deck}&row={row}&sheet=0&rulebook=0")
                page.reload()
                try:
                    page.wait_for_selector("#sides img", timeout=60_000)
                except Exception:
                    page.screenshot(path="/tmp/bench-studio-failed.png", full_page=True)
                    raise SystemExit(f"{game}, row {row}: no face shown: {page.locator('#not-rendered').text_content()}")
                before = page.locator('#sides .card[data-side="face"] img').get_attribute("src")
                cell = page.locator(f'[data-row="{row}"][data-field="{field}"]')
                new = _value_for(game, value, 100 + number, cell.input_value())
                _fresh_pages(game)
                if game != "verso":
                    cell.fill(new)
                page.evaluate(PAGE_WATCH, before)
                if game == "verso":
                    cell.select_option(new)
                else:
                    cell.press("Enter")
                page.wait_for_function("() => window.__shown", polling=100, timeout=60_000)
                waits.append(page.evaluate("() => (window.__shown - window.__pressed) / 1000"))
            timings[game] = waits
            page.close()
        browser.close()
    return timings


def _replaced(text: str, old: str, new: str, game: str, row: int) -> str:
    """The deck's text with the card's value changed where the edit wrote it."""
    if game == "verso":                                    # the aid's own `colour:` line
        head, _, rest = text.partition(f"- id: aid-{row + 1}\n  colour: {old}\n")
        return head + f"- id: aid-{row + 1}\n  colour: {new}\n" + rest
    if old not in text:
        raise SystemExit(f"{game}: {old!r} is not in the deck's file")
    return text.replace(old, new, 1)


def summary(values: list[float]) -> dict:
    ordered = sorted(values)
    return {"median": round(statistics.median(ordered), 3),
            "p95": round(ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))], 3),
            "max": round(ordered[-1], 3), "n": len(ordered)}


ROOT_COPY = Path()


def main() -> None:
    global ROOT_COPY
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=20)
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="pnp-bench-studio-"))
    ROOT_COPY = folder / "project"
    for name in ("card_data", "layouts", "fonts"):
        shutil.copytree(ROOT / name, ROOT_COPY / name)
    env = {**os.environ, "PNP_CACHE": "on", "XDG_CACHE_HOME": str(folder / "cache")}
    env.pop("PNP_CACHE_FOLDER", None)
    studio = Studio(ROOT_COPY, env)
    results = {"machine": machine(), "edits": options.edits, "games": {}}
    try:
        for game in CARDS:
            timings = edits(studio, game, options.edits)
            results["games"][game] = {kind: summary(values) for kind, values in timings.items()}
            print(game, json.dumps(results["games"][game]))
        for game, waits in page_edits(f"{studio.base}/?token={studio.token}", options.edits).items():
            results["games"][game]["page"] = summary(waits)
            print(game, "page", json.dumps(results["games"][game]["page"]))
    finally:
        studio.stop()
        shutil.rmtree(folder, ignore_errors=True)
    (ROOT / "bench" / "studio-results.json").write_text(json.dumps(results, indent=2) + "\n")
    (ROOT / "bench" / "studio-results.md").write_text(table(results))
    print(table(results))


def table(results: dict) -> str:
    facts = results["machine"]
    lines = [f"# pnp studio: from an edit to the card shown ({facts['date']})", "",
             f"{facts['cpu']}, {facts['cores']} cores, {facts['memory_gb']} GB, Python {facts['python']}, "
             f"WeasyPrint {facts['weasyprint']}; a page cache empty at the start, {results['edits']} edits a game "
             "(`.venv/bin/python bench/studio.py`).", "",
             "| game (deck, field) | in the page, key to face shown: median, p95 | edit (HTTP): median, p95 "
             "| save elsewhere: median, p95 | render: median | target |", "|---|---|---|---|---|---|"]
    for game, found in results["games"].items():
        deck, _, field, _ = CARDS[game]
        worst = max(found["page"]["p95"], found["save"]["p95"])
        lines.append(f"| {game} ({deck}, {field}) | {found['page']['median']:.3f}, {found['page']['p95']:.3f} s "
                     f"| {found['edit']['median']:.3f}, {found['edit']['p95']:.3f} s "
                     f"| {found['save']['median']:.3f}, {found['save']['p95']:.3f} s "
                     f"| {found['render']['median']:.3f} s | {'met' if worst <= TARGET_SECONDS else 'missed'} "
                     f"({TARGET_SECONDS} s) |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
