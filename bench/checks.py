"""What the layout checks cost: each game's cards, boards and rulebook rendered cold in one
process, the time spent reading and auditing the laid-out pages measured apart.

    .venv/bin/python bench/checks.py [--repeat 3]

The page cache is off, so every page is laid out; the checks' share is the time inside
pnp.render.page_checks.page_findings (reading the boxes, the audit, and rasterising the pages
where text sits on a picture) over the whole render. Goal: under 10 % of a cold build.
Results go to bench/checks-results.md.
"""

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

os.environ["PNP_CACHE"] = "off"
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.check import example_results  # noqa: E402
from pnp.data.decks import load_game  # noqa: E402
from pnp.games import game_keys, get_game  # noqa: E402
from pnp.project import Project  # noqa: E402
from pnp.render import boards, cards, page_checks  # noqa: E402
from pnp.proof import render_pieces  # noqa: E402


def measure(project: Project, key: str) -> tuple[float, float]:
    spent = [0.0]
    original = page_checks.page_findings

    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            spent[0] += time.perf_counter() - start

    for module in (cards, boards):
        module.page_findings = timed
    game = get_game(project, key).with_all_modules()
    loaded = load_game(project, game)
    results = example_results(project, game, loaded)
    page_checks.page_findings = timed          # the rulebook imports it when it renders
    start = time.perf_counter()
    try:
        render_pieces(project, game, loaded, "a4", results)
    finally:
        page_checks.page_findings = original
    total = time.perf_counter() - start
    for module in (cards, boards):
        module.page_findings = original
    return total, spent[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    project = Project.at(ROOT)
    rows = []
    for key in game_keys(project):
        runs = [measure(project, key) for _ in range(options.repeat)]
        total = statistics.median(r[0] for r in runs)
        checks = statistics.median(r[1] for r in runs)
        rows.append((key, total, checks))
        print(f"{key}: {total:.2f} s rendering, {checks:.2f} s checking ({100 * checks / total:.1f} %)", flush=True)
    all_total, all_checks = sum(r[1] for r in rows), sum(r[2] for r in rows)
    lines = ["# The layout checks' cost", "",
             f"`python bench/checks.py --repeat {options.repeat}` on {platform.machine()}, Python "
             f"{platform.python_version()}, {os.cpu_count()} cores; one process, page cache off, medians.", "",
             "| game | cold render (cards, boards, A4 rulebook) | of which checks | share |", "|---|---:|---:|---:|"]
    lines += [f"| {key} | {total:.2f} s | {checks:.2f} s | {100 * checks / total:.1f} % |" for key, total, checks in rows]
    lines += [f"| all | {all_total:.2f} s | {all_checks:.2f} s | {100 * all_checks / all_total:.1f} % |", ""]
    (ROOT / "bench" / "checks-results.md").write_text("\n".join(lines))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
