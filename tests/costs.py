"""What each test file costs: CPU-seconds (its worker's own and those of the processes it
started and waited for: pnp's pools, subprocess attacks) and wall seconds, summed per file.

A pytest plugin (tests/conftest.py registers it). Every run ends with the ten costliest files and
the run's total, so the suite's cost is seen where it is paid; `--costs FILE` also writes every
file's figures to FILE as JSON. `bench/tests.py` runs the suite so and keeps the figures in
bench/tests-results.{json,md}."""

import json
import resource
import time
from collections import defaultdict
from pathlib import Path

import pytest

SHOWN = 10


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


def pytest_addoption(parser):
    parser.addoption("--costs", metavar="FILE", default=None,
                     help="also write each test file's CPU and wall seconds to FILE (JSON)")


def pytest_configure(config):
    config.pluginmanager.register(Costs(config), "pnp-costs")
