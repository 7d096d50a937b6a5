"""What the test suite costs: the README's test command run once (every test, on every core),
its wall time, and each test file's CPU-seconds (tests/costs.py), kept in the repo so that a
file that grows shows in review.

    .venv/bin/python bench/tests.py [--quick] [-- PYTEST OPTIONS]

Writes bench/tests-results.json (per file: CPU-seconds, wall seconds summed over its tests, test
count; the run's wall time, CPU-seconds and the machine) and bench/tests-results.md (the files by
CPU-seconds). `--quick` measures the quick tier (`pytest -m quick`) into tests-quick-results.*.
Run it on a quiet machine: CPU-seconds are steadier than wall time, but both grow under load.
"""

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def machine() -> dict:
    cpuinfo = Path("/proc/cpuinfo")
    model = next((line.split(":", 1)[1].strip() for line in cpuinfo.read_text().splitlines()
                  if line.startswith("model name")), platform.processor()) if cpuinfo.exists() else platform.processor()
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return {"cpu": model, "cores": len(os.sched_getaffinity(0)), "memory_gb": round(memory, 1),
            "system": f"{platform.system()} {platform.release()}", "python": platform.python_version(),
            "date": time.strftime("%Y-%m-%d")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the quick tier only (pytest -m quick)")
    parser.add_argument("pytest_args", nargs="*", help="more options for pytest, after --")
    options = parser.parse_args()
    stem = "tests-quick-results" if options.quick else "tests-results"
    files = ROOT / "bench" / f"{stem}.files.json"
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--costs={files}",
               *(["-m", "quick"] if options.quick else []), *options.pytest_args]
    start = time.monotonic()
    run = subprocess.run(command, cwd=ROOT, env={**os.environ, "CI": os.environ.get("CI", "")},
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    for line in run.stdout.splitlines():
        if line.startswith(("FAILED", "ERROR")):
            print(line)
    wall = time.monotonic() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    summary = next((line for line in reversed(run.stdout.splitlines()) if " passed" in line or " failed" in line), "")
    per_file = json.loads(files.read_text()) if files.exists() else {}
    files.unlink(missing_ok=True)
    results = {"machine": machine(), "command": " ".join(["pytest", *command[3:]]), "exit_status": run.returncode,
               "summary": summary.strip("= "), "wall_seconds": round(wall, 1),
               "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 1),
               "cpu_seconds_in_tests": round(sum(entry["cpu"] for entry in per_file.values()), 1),
               "files": per_file}
    (ROOT / "bench" / f"{stem}.json").write_text(json.dumps(results, indent=1) + "\n")
    info = results["machine"]
    lines = [f"# What the {'quick tier' if options.quick else 'test suite'} costs", "",
             f"`python bench/tests.py{' --quick' if options.quick else ''}`: {results['summary']}; "
             f"{wall / 60:.1f} minutes wall, {results['cpu_seconds']:.0f} CPU-seconds in all "
             f"({results['cpu_seconds_in_tests']:.0f} inside the tests). {info['cpu']}, {info['cores']} cores, "
             f"{info['memory_gb']} GB, {info['system']}, Python {info['python']}, {info['date']}.", "",
             "| test file | tests | CPU-seconds | wall seconds |", "|---|---:|---:|---:|"]
    for name, entry in sorted(per_file.items(), key=lambda item: -item[1]["cpu"]):
        lines.append(f"| {name} | {entry['tests']} | {entry['cpu']:.1f} | {entry['wall']:.1f} |")
    (ROOT / "bench" / f"{stem}.md").write_text("\n".join(lines) + "\n")
    print(f"{results['summary']}: {wall:.0f} s wall, {results['cpu_seconds']:.0f} CPU-seconds; "
          f"bench/{stem}.md")
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
