"""What each test file costs: CPU-seconds (its worker's own and those of the processes it
started and waited for: pnp's pools, subprocess attacks) and wall seconds, summed per file;
and what background work of the run cost (the run's site build), on a line of its own.

A pytest plugin (tests/conftest.py registers it). Every run ends with the ten costliest files, the
run's total and each file that grew well past the figures kept in bench/tests-results.json, so
the suite's cost is seen where it is paid; `--costs FILE` also writes every
file's figures to FILE as JSON. `bench/tests.py` runs the suite so and keeps the figures in
bench/tests-results.{json,md}."""

import json
import resource
import time
from collections import defaultdict
from pathlib import Path

import pytest

SHOWN = 10
KEPT = Path(__file__).resolve().parent.parent / "bench" / "tests-results.json"
GROWTH = 1.5                # a file that costs half again its kept figure,
SLACK_SECONDS = 5.0         # and 5 CPU-seconds more, is named (machines differ by 10-20 %)


def _cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


class Costs:
    def __init__(self, config):
        self.config = config
        self.files: dict[str, dict] = defaultdict(lambda: {"cpu": 0.0, "wall": 0.0, "tests": 0})

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item, nextitem):
        cpu, wall = _cpu_seconds(), time.monotonic()
        yield
        entry = self.files[item.location[0]]
        entry["cpu"] += _cpu_seconds() - cpu
        entry["wall"] += time.monotonic() - wall
        entry["tests"] += 1

    def add(self, files: dict) -> None:
        for name, entry in files.items():
            for field, value in entry.items():
                self.files[name][field] += value

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node, error):
        self.add(json.loads(getattr(node, "workeroutput", {}).get("pnp-costs", "{}")))

    def pytest_sessionfinish(self, session):
        if hasattr(self.config, "workeroutput"):           # an xdist worker: its figures go to the controller
            self.config.workeroutput["pnp-costs"] = json.dumps(self.files)
            return
        self.add(background_costs(self.config))
        target = self.config.getoption("--costs")
        if target:
            rounded = {name: {"cpu": round(e["cpu"], 2), "wall": round(e["wall"], 2), "tests": e["tests"]}
                       for name, e in sorted(self.files.items())}
            Path(target).write_text(json.dumps(rounded, indent=1) + "\n")

    def pytest_terminal_summary(self, terminalreporter):
        if hasattr(self.config, "workeroutput") or not self.files:
            return
        total = sum(entry["cpu"] for entry in self.files.values())
        terminalreporter.section("cost: CPU-seconds per test file (tests/costs.py)")
        for name, entry in sorted(self.files.items(), key=lambda item: -item[1]["cpu"])[:SHOWN]:
            terminalreporter.write_line(f"{entry['cpu']:8.1f} s  {entry['tests']:4d} tests  {name}")
        terminalreporter.write_line(f"{total:8.1f} s  in all, {len(self.files)} files")
        for line in grown(self.files, KEPT):
            terminalreporter.write_line(line, yellow=True)


def background_costs(config) -> dict:
    """The costs of work the run started in the background and no test waited for as a child
    (the run's site build): each such process writes {line: {cpu, wall, tests}} to a
    *.cost.json file in the run's base folder."""
    factory = getattr(config, "_tmp_path_factory", None)
    if factory is None or factory._basetemp is None:
        return {}
    found: dict = {}
    for path in sorted(factory.getbasetemp().glob("*.cost.json")):
        try:
            found.update(json.loads(path.read_text()))
        except (OSError, ValueError):
            pass
    return found


def grown(files: dict, kept_path: Path) -> list[str]:
    """Each file that cost much more than the figures kept in the repo (bench/tests-results.json),
    said at the end of every run: the suite's cost is seen to creep by whoever made it creep."""
    try:
        kept = json.loads(kept_path.read_text())["files"]
    except (OSError, ValueError, KeyError):
        return []
    said = []
    for name, entry in sorted(files.items()):
        if name.startswith("(") and name not in kept:          # background work first measured now
            continue
        before = kept.get(name, {}).get("cpu", 0.0)
        if entry["cpu"] > before * GROWTH + SLACK_SECONDS:
            said.append(f"grew: {name} {entry['cpu']:.1f} CPU-seconds, {before:.1f} in {kept_path.name}")
    return said


def pytest_addoption(parser):
    parser.addoption("--costs", metavar="FILE", default=None,
                     help="also write each test file's CPU and wall seconds to FILE (JSON)")


def pytest_configure(config):
    config.pluginmanager.register(Costs(config), "pnp-costs")
