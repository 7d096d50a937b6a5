"""What the limits of issue 26 cost a cold build: each game built cold (page cache off) by
three programs, in turn, so that the machine's drift falls on all of them alike:

- `before`: the project at a revision before the limits (a git worktree of --base);
- `supervised`: this checkout as installed, `pnp` (pnp.cli:run): the work in a child under the
  memory cap, watched by its parent, every stage announced, every file read through a
  descriptor, every static check made;
- `in-process`: this checkout without the supervisor (pnp.cli:main), to tell the
  supervisor's share from the checks'.

    .venv/bin/python bench/limits.py [--base 9b9638c] [--repeat 3] [--games verset,wizard]

Goal: `supervised` within 5 % of `before`. Results go to bench/limits-results.md.
"""

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("verset", "wizard", "verso", "olf", "verdun")
PROGRAMS = {"before": "from pnp.cli import run; run()",
            "supervised": "from pnp.cli import run; run()",
            "in-process": "from pnp.cli import main; main()"}


def worktree(revision: str, folder: Path) -> Path:
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder), revision],
                   check=True, capture_output=True)
    return folder


def build_seconds(program: str, source: Path, game: str, out: Path) -> float:
    env = {**os.environ, "PNP_CACHE": "off", "PYTHONPATH": str(source)}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", PROGRAMS[program], "build", game, "--paper", "a4", "--out", str(out),
                    "--project", str(ROOT)], env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="9b9638c")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES))
    options = parser.parse_args()
    games = options.games.split(",")
    with tempfile.TemporaryDirectory() as scratch:
        before = worktree(options.base, Path(scratch) / "before")
        try:
            sources = {"before": before, "supervised": ROOT, "in-process": ROOT}
            times = {(program, game): [] for program in PROGRAMS for game in games}
            for round_ in range(options.repeat):
                for game in games:
                    for program in PROGRAMS:
                        out = Path(scratch) / f"out-{program}-{game}-{round_}"
                        times[program, game].append(build_seconds(program, sources[program], game, out))
                        print(f"{program:>10} {game:<7} {times[program, game][-1]:6.2f} s", flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(before)],
                           capture_output=True)
    rows = []
    totals = {program: 0.0 for program in PROGRAMS}
    for game in games:
        medians = {program: statistics.median(times[program, game]) for program in PROGRAMS}
        for program in PROGRAMS:
            totals[program] += medians[program]
        rows.append((game, medians))
    rows.append(("all five" if len(games) == 5 else "all", totals))
    lines = [f"# The limits' cost on a cold build ({time.strftime('%Y-%m-%d')})", "",
             f"`python bench/limits.py --base {options.base} --repeat {options.repeat}`; medians of "
             f"{options.repeat} cold builds (A4, page cache off) per game and program, run in turn; "
             f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}.", "",
             "| game | before (s) | supervised (s) | in-process (s) | supervised vs before |",
             "|---|---:|---:|---:|---:|"]
    for game, medians in rows:
        change = (medians["supervised"] / medians["before"] - 1) * 100
        lines.append(f"| {game} | {medians['before']:.2f} | {medians['supervised']:.2f} | "
                     f"{medians['in-process']:.2f} | {change:+.1f} % |")
    text = "\n".join(lines) + "\n"
    (ROOT / "bench" / "limits-results.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
