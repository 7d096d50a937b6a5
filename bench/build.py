"""Benchmark: a whole `pnp build verset` and each of its stages.

Run from the project folder:  python bench/build.py [--repeat N]

Figures on the development machine (2 cores, Python 3.11, WeasyPrint 70), median of 3,
2026-11-29, with Debian's libharfbuzz-subset0 installed (without it: about +15 % rendering):
    whole build in a fresh process (A4, 107 cards, 7 files,
      decks rendered in 2 worker processes)                   3.6-4.5 s  (7.2 s in one process)
    import weasyprint                                         0.6-0.9 s
    load and validate the card data                           0.05 s
    render card pages, one process (WeasyPrint, fit checks)   4.1 s  (36 ms a card; 42 ms
                                                              with fontTools subsetting)
    marks (ReportLab) and imposition (pikepdf)                0.25-0.3 s
"""

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def timed(function, repeat):
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs), result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat

    whole, _ = timed(lambda: subprocess.run(
        [sys.executable, "-m", "pnp.cli", "build", "verset", "--paper", "a4", "--out", "/tmp/pnp-bench"],
        cwd=ROOT, check=True, capture_output=True), repeat)
    print(f"whole build, fresh process        {whole:6.2f} s")

    start = time.perf_counter()
    import weasyprint  # noqa: F401
    print(f"import weasyprint                 {time.perf_counter() - start:6.2f} s")

    from pnp.build import build_deck
    from pnp.data.decks import load_game
    from pnp.games import get_game
    from pnp.project import Project
    from pnp.render.cards import render_deck

    project, game = Project.at(ROOT), get_game("verset")
    load, decks = timed(lambda: load_game(project, game), repeat)
    print(f"load and validate card data       {load:6.2f} s")
    cards = sum(len(d.cards) + 1 for d in decks)
    render, _ = timed(lambda: [render_deck(project, game, d.deck, d.cards) for d in decks], repeat)
    print(f"render card pages                 {render:6.2f} s  ({1000 * render / cards:.0f} ms a card)")
    total, _ = timed(lambda: [build_deck(project, game, d, "a4", "long") for d in decks], repeat)
    print(f"marks and imposition              {total - render:6.2f} s")


if __name__ == "__main__":
    main()
