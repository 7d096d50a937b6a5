"""The speed benchmark: every figure the README quotes, measured in one run on one machine.

    .venv/bin/pip install -e '.[bench]' && .venv/bin/python bench/run.py

It copies the project's inputs to a temporary folder (your output/ and caches are not
touched) and measures, as the user runs them (`python -m pnp.cli ...` in a fresh process,
wall clock, the median of --repeat runs, 5 by default; the package compiled to bytecode first,
as installing it leaves it):

- the cold build of each game on A4: empty page cache, empty engine-table cache;
- every game on both papers, cold, every module (`pnp build --all --paper a4 --paper letter`);
- Le Dernier Verset again: with nothing changed; after one card's text changed; after one
  layout changed (the Verse face); `--jobs 1` against all cores, cold;
- in `pnp watch verset`, from saving a card's text to its PDF being replaced;
- `pnp check GAME` for each game: again with nothing changed; after a sentence added to a
  chapter; after a data file edited; and with no compiled layout nor part found sound kept;
- the peak memory of the whole process tree (pnp and its worker processes): resident memory
  summed over the processes, sampled every 10 ms (what they share counted in each, so an
  upper bound), and proportional memory (shared pages split among them), every 0.25 s;
- the floor: WeasyPrint alone, in one fresh process, laying out and writing the very HTML
  documents the build produces (captured from a build), nothing else; the cold build in one
  process (`--jobs 1`) is stated as a ratio to it.

Results go to bench/results.json and bench/results.md (the table printed at the end).
"""

import argparse
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from importlib.metadata import version
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("verset", "wizard", "verso", "olf", "verdun")
# The memory sampler runs beside what it measures, on the same cores: at 10 ms it took 0.8 CPU-s
# in 5 s (16 % of a core, a tenth of a cold Verset build's CPU); at 50 ms, 0.2 CPU-s.
SAMPLE_SECONDS = 0.05
PROPORTIONAL_EVERY = 5           # samples: proportional memory is read every 0.25 s
SECTIONS = ("cold", "all", "rebuild", "watch", "check", "floor", "paired")
TARGETS = {                      # issue 16: seconds, a ratio, or MB; `*` stands for each game
    "cold verset a4": ("<", 5.0), "no change verset a4": ("<", 0.6), "one card changed verset a4": ("<", 2.0),
    "watch: card saved to PDF": ("<", 0.6), "every game, both papers, cold": ("<", 30.0),
    "cost / WeasyPrint floor, one process, *": ("<=", 1.15), "speed-up, all cores / one, *": (">=", 1.6),
    "peak memory, every game both papers (MB)": ("<", 500.0), "check *": ("<", 1.0),
}


def copy_project(target: Path, source: Path = ROOT) -> Path:
    for name in ("card_data", "layouts", "fonts"):
        shutil.copytree(source / name, target / name)
    return target


def compiled(code: Path) -> None:
    """The package's modules compiled to bytecode, as installing pnp leaves them (pip compiles
    what it installs): a run measures pnp, not Python compiling its source again in every
    process. A fresh worktree has none, and PYTHONDONTWRITEBYTECODE (set on some machines)
    keeps the runs from writing any, which cost each run 0.1-0.4 s of compiling."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-j", "0", str(code / "pnp")], check=True,
                   stdout=subprocess.DEVNULL, env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"})


class Runner:
    """Runs pnp (the package under `code`, this checkout's by default, compiled) in fresh
    processes inside the copy, with its own cache home."""

    def __init__(self, project: Path, cache_home: Path, code: Path = ROOT):
        self.project, self.cache_home = project, cache_home
        compiled(code)
        self.env = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
                    "XDG_CACHE_HOME": str(cache_home), "PNP_CACHE": "on", "PYTHONPATH": str(code), "COLUMNS": "120"}

    def clear_caches(self, tables: bool = True) -> None:
        """Every built file and cached page, compiled layout and check found sound; the engine's
        tables too unless `tables` is False."""
        shutil.rmtree(self.project / "output", ignore_errors=True)
        for folder in ("templates", "checked", "ink") + (("tables",) if tables else ()):   # compiled layouts, checks, ink figures kept
            shutil.rmtree(self.cache_home / "pnp" / folder, ignore_errors=True)

    def run(self, *arguments: str) -> tuple[float, float, float]:
        """timed() of one `pnp` command."""
        return timed([sys.executable, "-m", "pnp.cli", *arguments], self.project, self.env)


def edited_check(runner: Runner, game: str, what: str, round_number: int) -> tuple[float, float, float]:
    """`pnp check GAME` after a designer's edit: a sentence added to the source language's first
    chapter, or a line added to a deck's YAML file, then undone, each round another text so that
    nothing kept matches."""
    folder = runner.project / "card_data" / game
    if what == "chapter":
        path = sorted((folder / "rulebook").rglob("*.md"))[0]
        original = path.read_text()
        path.write_text(original + f"\nA sentence added in round {round_number}.\n")
    else:
        path = next(p for p in sorted(folder.glob("*.yaml"))
                    if p.name not in ("game.yaml", "glossary.yaml", "rulings.yaml", "coverage.yaml"))
        original = path.read_text()
        path.write_text(original + f"\n# edited in round {round_number}\n")
    try:
        return runner.run("check", game)
    finally:
        path.write_text(original)


def kept_nothing_check(runner: Runner, game: str) -> tuple[float, float, float]:
    """`pnp check GAME` with no compiled layout and no part found sound kept (the engine tables kept)."""
    for folder in ("templates", "checked"):
        shutil.rmtree(runner.cache_home / "pnp" / folder, ignore_errors=True)
    return runner.run("check", game)


def timed(command: list, cwd: Path, env: dict) -> tuple[float, float, float]:
    """(wall seconds, peak MB of the tree's resident memory summed (pages the processes share
    counted in each), peak MB of its proportional memory (shared pages split among them))."""
    peak = [0, 0]
    start = time.perf_counter()
    process = psutil.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    stop = threading.Event()

    def sample():
        count = 0
        while not stop.is_set():
            try:
                tree = [p for p in [process] + process.children(recursive=True) if p.is_running()]
                peak[0] = max(peak[0], sum(p.memory_info().rss for p in tree))
                if count % PROPORTIONAL_EVERY == 0:      # reading it walks the page tables: costly
                    peak[1] = max(peak[1], sum(p.memory_full_info().pss for p in tree))
            except psutil.Error:
                pass
            count += 1
            time.sleep(SAMPLE_SECONDS)
    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, err = process.communicate()
    seconds = time.perf_counter() - start
    stop.set()
    sampler.join()
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode}):\n{err.decode()[-2000:]}")
    return seconds, peak[0] / 2**20, peak[1] / 2**20


def median_of(runs: list) -> dict:
    seconds = [run[0] for run in runs]
    peak, proportional = max(run[1] for run in runs), max(run[2] for run in runs)
    return {"median": round(statistics.median(seconds), 3), "runs": [round(s, 3) for s in seconds],
            "peak_mb": round(peak, 1) if peak else None,
            "peak_pss_mb": round(proportional, 1) if proportional else None}


def cold(runner: Runner, repeat: int, *arguments: str, tables: bool = True) -> dict:
    """Built from nothing: no page cache, and no engine tables unless `tables` is False."""
    runs = []
    for _ in range(repeat):
        runner.clear_caches(tables)
        runs.append(runner.run(*arguments))
    return median_of(runs)


def edit(path: Path, pattern: str, replacement: str) -> None:
    text = path.read_text()
    changed = re.sub(pattern, replacement, text, count=1)
    assert changed != text, f"{path}: {pattern} not found"
    path.write_text(changed)


CARD_FILE = "card_data/verset/verses.yaml"
CARD_TEXT = r"(  problem: )[^\n]*"          # the first Verse's text
LAYOUT_FILE = "layouts/verset/verse.html"
LAYOUT_MARK = r'<div (data-edit="\d+" )?class="bleed card verse">'     # the Verse face's outer element


def changed_card(project: Path, number: int) -> None:
    edit(project / CARD_FILE, CARD_TEXT, rf"\g<1>Owed {number} dollars to a widow in Tucson, never paid back.")


def changed_layout(project: Path, number: int) -> None:
    edit(project / LAYOUT_FILE, LAYOUT_MARK, f'<div data-edit="{number}" class="bleed card verse">')


def rebuilds(runner: Runner, repeat: int, change) -> dict:
    runner.run("build", "verset", "--paper", "a4")
    runs = []
    for number in range(repeat):
        if change is not None:
            change(runner.project, time.time_ns() + number)
        runs.append(runner.run("build", "verset", "--paper", "a4"))
    return median_of(runs)


def watch_latency(runner: Runner, repeat: int) -> dict:
    """Save a card's text while `pnp watch verset` runs; time until its PDF is replaced."""
    runner.run("build", "verset", "--paper", "a4")
    pdf = runner.project / "output/verset/a4/verses.pdf"
    process = subprocess.Popen([sys.executable, "-m", "pnp.cli", "watch", "verset", "--paper", "a4"],
                               cwd=runner.project, env=runner.env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    said: list = []
    started = threading.Event()

    def listen():
        for line in process.stdout:
            said.append(line.rstrip())
            if line.startswith("watching"):
                started.set()
    threading.Thread(target=listen, daemon=True).start()
    try:
        if not started.wait(120):
            raise SystemExit("pnp watch did not start:\n" + "\n".join(said))
        time.sleep(1.0)
        runs = []
        for number in range(repeat + 1):             # the first save warms the worker: not counted
            before = pdf.read_bytes()
            start = time.perf_counter()
            changed_card(runner.project, time.time_ns() + number)
            while pdf.read_bytes() == before:
                if time.perf_counter() - start > 30:
                    raise SystemExit("pnp watch did not rebuild within 30 s:\n" + "\n".join(said))
                time.sleep(0.002)
            runs.append((time.perf_counter() - start, 0.0, 0.0))
            time.sleep(1.5)                            # let the rest of the rebuild finish
        return {**median_of(runs[1:]), "first_save": round(runs[0][0], 3)}
    finally:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            raise SystemExit("pnp watch did not stop on Ctrl-C:\n" + "\n".join(said)) from None


CAPTURE = """
import json, sys
from pathlib import Path
import pnp.render.weasy as weasy
from pnp.editions import Edition, PrintOptions, render_editions
from pnp.project import Project
documents = {}
layout = weasy.Renderer.layout
def recording(self, html, what):
    documents[what] = html            # a deck laid out again to fit its text keeps its last HTML
    return layout(self, html, what)
weasy.Renderer.layout = recording
project = Project.at(".")
render_editions(project, [Edition(sys.argv[1], "a4", modules=tuple(sys.argv[3:]))], PrintOptions(), jobs=1)
Path(sys.argv[2]).write_text(json.dumps({"root": str(project.root), "documents": list(documents.values())}))
"""

FLOOR = """
import json, sys
from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse
from pnp.render.icons import ICON_URL
captured = json.load(open(sys.argv[1]))
icons = captured["root"] + "/layouts/icons/"
if sys.argv[2:] == ["freeze"]:
    import gc
    gc.freeze()
class Fetcher(URLFetcher):
    def fetch(self, url, headers=None):
        match = ICON_URL.match(url)
        if match:
            name, colour = match.groups()
            svg = open(icons + name + ".svg").read().replace("currentColor", "#" + colour)
            return URLFetcherResponse(url, svg.encode(), {"Content-Type": "image/svg+xml"})
        return super().fetch(url, headers)
fetcher = Fetcher()
for html in captured["documents"]:
    HTML(string=html, base_url=captured["root"] + "/", url_fetcher=fetcher).write_pdf(font_config=FontConfiguration())
"""


def worktree(revision: str, folder: Path) -> Path:
    """The project at `revision`, checked out beside this one (its code and its own inputs)."""
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), revision],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return folder


PAIRED = {          # the designer's loop, issue 41: each measure taken of both revisions in turn, round by round
    "cold verset a4": lambda runner, number: (runner.clear_caches(), runner.run("build", "verset", "--paper", "a4"))[1],
    "no change verset a4": lambda runner, number: runner.run("build", "verset", "--paper", "a4"),
    "one card changed verset a4": lambda runner, number: (changed_card(runner.project, time.time_ns() + number),
                                                          runner.run("build", "verset", "--paper", "a4"))[1],
    **{f"check {game}": (lambda game: lambda runner, number: runner.run("check", game))(game) for game in GAMES},
    "every game, both papers, cold": lambda runner, number: (
        runner.clear_caches(), runner.run("build", "--all", "--paper", "a4", "--paper", "letter",
                                          "--module", "mud-and-blood"))[1],
}


def paired(runners: dict, repeat: int) -> dict:
    """Every PAIRED measure of each revision, taken in turn within each round (so that a
    machine's slow minute falls on both), in the order of PAIRED; medians of `repeat` rounds."""
    for runner in runners.values():
        runner.run("build", "verset", "--paper", "a4")          # the engine tables, once
    measures = {}
    for name, measure in PAIRED.items():
        runs: dict = {label: [] for label in runners}
        for number in range(repeat):
            order = list(runners.items())
            for label, runner in (order if number % 2 == 0 else order[::-1]):      # neither always first
                runs[label].append(measure(runner, number))
        for label in runners:
            measures[f"paired: {name} ({label})"] = median_of(runs[label])
        first, second = (measures[f"paired: {name} ({label})"]["median"] for label in runners)
        measures[f"paired: {name}, ratio {' / '.join(runners)}"] = round(first / second, 2)
    return measures


def floor(runner: Runner, repeat: int, game: str, modules: tuple, folder: Path, *how: str) -> dict:
    """WeasyPrint alone on the game's captured HTML, in one fresh process (`freeze`: with the
    collector kept off the objects alive after the imports, as pnp does)."""
    captured = folder / f"{game}.json"
    env = {**runner.env, "PNP_CACHE": "off"}
    subprocess.run([sys.executable, "-c", CAPTURE, game, str(captured), *modules], cwd=runner.project, env=env,
                   check=True, stdout=subprocess.DEVNULL)
    documents = len(json.loads(captured.read_text())["documents"])
    runs = [timed([sys.executable, "-c", FLOOR, str(captured), *how], runner.project, env) for _ in range(repeat)]
    return {**median_of(runs), "documents": documents}


def machine() -> dict:
    model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.processor()) if Path("/proc/cpuinfo").exists() else ""
    return {"cpu": model, "cores": len(os.sched_getaffinity(0)),
            "memory_gb": round(psutil.virtual_memory().total / 2**30, 1),
            "system": f"{platform.system()} {platform.release()}", "python": platform.python_version(),
            "weasyprint": version("weasyprint"), "date": time.strftime("%Y-%m-%d")}


def verdict(name: str, value: float) -> str:
    paired_with = re.fullmatch(r"paired: (.*) \((\S+)\)", name)
    if paired_with:                                  # a paired measure: the targets are this checkout's
        if paired_with[2] != "now":
            return ""
        name = paired_with[1]
    if ", ratio " in name:
        return ""
    for key, (sign, limit) in TARGETS.items():
        if name == key or (key.endswith("*") and name.startswith(key[:-1])):
            good = {"<": value < limit, "<=": value <= limit, ">=": value >= limit}[sign]
            return f"{'met' if good else 'MISSED'} ({sign} {limit:g})"
    return ""


def table(results: dict) -> str:
    head = results["machine"]
    lines = [f"Machine: {head['cpu']}, {head['cores']} cores, {head['memory_gb']} GB, {head['system']}, "
             f"Python {head['python']}, WeasyPrint {head['weasyprint']}, {head['date']}; medians of "
             f"{results['repeat']} runs. Peak MB: the process tree's resident memory summed.", "",
             "| measure | value | runs | peak MB | target |", "|---|---:|---|---:|---|"]
    for name, entry in results["measures"].items():
        if isinstance(entry, dict):
            value, runs, peak = entry["median"], " ".join(f"{r:g}" for r in entry["runs"]), entry["peak_mb"] or ""
            unit = " s"
        else:
            value, runs, peak, unit = entry, "", "", ""
        lines.append(f"| {name} | {value:g}{unit} | {runs} | {peak} | {verdict(name, value)} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each measure (median reported)")
    parser.add_argument("--only", help="a quick look at some sections only, comma-separated: " + ", ".join(SECTIONS))
    parser.add_argument("--out", default=str(ROOT / "bench" / "results.json"))
    parser.add_argument("--against", metavar="REV", help="the `paired` section: the designer's loop measured of "
                        "this checkout and of REV (a git worktree with its own inputs), in turn; medians and ratios "
                        "(issue 41: feb937f)")
    arguments = parser.parse_args()
    repeat = arguments.repeat
    measures: dict = {}

    def record(name: str, value) -> None:
        measures[name] = value
        shown = (f"{value['median']:g} s" + (f" (peak {value['peak_mb']:g} MB)" if value["peak_mb"] else "")
                 if isinstance(value, dict) else f"{value:g}")
        print(f"{name:48} {shown}", flush=True)

    sections = set((arguments.only or ",".join(section for section in SECTIONS if section != "paired")).split(","))
    if arguments.against:
        sections.add("paired")
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as scratch:
        scratch = Path(scratch)
        runner = Runner(copy_project(scratch / "project"), scratch / "cache-home")
        if "paired" in sections:
            if not arguments.against:
                raise SystemExit("the paired section needs --against REV")
            old = worktree(arguments.against, scratch / "against")
            try:
                runners = {"now": runner, arguments.against: Runner(copy_project(scratch / "against-project", old),
                                                                    scratch / "against-cache-home", old)}
                for name, value in paired(runners, repeat).items():
                    record(name, value)
            finally:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(old)], check=False)
        if "cold" in sections:
            for game in GAMES:
                record(f"cold {game} a4", cold(runner, repeat, "build", game, "--paper", "a4"))
        if "all" in sections:
            everything = ("build", "--all", "--paper", "a4", "--paper", "letter", "--module", "mud-and-blood")
            record("every game, both papers, cold", cold(runner, repeat, *everything))
            record("every game, both papers, cold, --jobs 1", cold(runner, repeat, *everything, "--jobs", "1"))
            record("peak memory, every game both papers (MB)", measures["every game, both papers, cold"]["peak_mb"])
            record("peak proportional memory, every game both papers (MB)",
                   measures["every game, both papers, cold"]["peak_pss_mb"])
            record("speed-up, all cores / one, every game both papers",
                   round(measures["every game, both papers, cold, --jobs 1"]["median"]
                         / measures["every game, both papers, cold"]["median"], 2))
        if "rebuild" in sections:
            record("no change verset a4", rebuilds(runner, repeat, None))
            record("one card changed verset a4", rebuilds(runner, repeat, changed_card))
            record("one layout changed verset a4", rebuilds(runner, repeat, changed_layout))
        if "watch" in sections:
            record("watch: card saved to PDF", watch_latency(runner, repeat))
        if "check" in sections:
            for game in GAMES:
                runner.run("check", game)                    # the engine tables, once
                record(f"check {game}", median_of([runner.run("check", game) for _ in range(repeat)]))
                record(f"check {game}, a chapter edited", median_of([edited_check(runner, game, "chapter", n)
                                                                    for n in range(repeat)]))
                record(f"check {game}, a card edited", median_of([edited_check(runner, game, "card", n)
                                                                 for n in range(repeat)]))
                record(f"check {game}, nothing kept", median_of([kept_nothing_check(runner, game)
                                                                for _ in range(repeat)]))
        if "floor" in sections:
            for game in GAMES:
                modules = ("mud-and-blood",) if game == "verdun" else ()
                module_flags = [flag for module in modules for flag in ("--module", module)]
                one = cold(runner, repeat, "build", game, "--paper", "a4", "--jobs", "1", *module_flags)
                pages = cold(runner, repeat, "build", game, "--paper", "a4", "--jobs", "1", *module_flags, tables=False)
                many = cold(runner, repeat, "build", game, "--paper", "a4", *module_flags)
                named = f"{game} a4{', with its module' if modules else ''}"
                record(f"cold {named}, --jobs 1", one)
                record(f"cold pages, engine tables kept, {named}, --jobs 1", pages)
                base = floor(runner, repeat, game, modules, scratch)
                record(f"WeasyPrint floor {game} a4 ({base['documents']} documents)", base)
                record(f"cost / WeasyPrint floor, one process, {game}", round(one["median"] / base["median"], 2))
                record(f"cost / WeasyPrint floor, one process, engine tables kept, {game}",
                       round(pages["median"] / base["median"], 2))
                frozen = floor(runner, repeat, game, modules, scratch, "freeze")
                record(f"WeasyPrint floor {game} a4, collector tuned as pnp tunes it", frozen)
                record(f"cost / floor with the collector tuned, one process, {game}",
                       round(one["median"] / frozen["median"], 2))
                record(f"speed-up, all cores / one, {game} a4", round(one["median"] / many["median"], 2))
    results = {"machine": machine(), "repeat": repeat, "measures": measures}
    Path(arguments.out).write_text(json.dumps(results, indent=1) + "\n")
    readable = table(results)
    Path(arguments.out).with_suffix(".md").write_text(readable + "\n")
    print()
    print(readable)


if __name__ == "__main__":
    main()
