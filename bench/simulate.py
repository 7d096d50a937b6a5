"""Benchmark: `pnp simulate verset` throughput on one core.

Run from the project folder:  python bench/simulate.py [--campaigns N]

Figures on the development machine (2 cores, one used; Python 3.11), 2026-11-30, after the
rules audit (legal stakes, the Wolf's hidden card, the Glass's net refund):
    10,000 campaigns, no variants         16.3 s   (1.6 ms a campaign)
    10,000 campaigns, all four variants   13.4 s   (1.3 ms a campaign)
(2026-11-29, before the audit, on a machine of the same kind: 33 s for either.)
The issue's bar: 10,000 campaigns in under a minute on one core.
"""

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.data.decks import load_game  # noqa: E402
from pnp.games import get_game  # noqa: E402
from pnp.project import Project  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--campaigns", type=int, default=10_000)
    campaigns = parser.parse_args().campaigns
    game = get_game(Project.at(ROOT), "verset")
    loaded = load_game(Project.at(ROOT), game)
    for variants in ((), ("organ", "bar", "spectators", "glass")):
        start = time.perf_counter()
        game.simulator(loaded, campaigns=campaigns, seed=1, difficulty="pistolero", variants=variants)
        elapsed = time.perf_counter() - start
        label = ", ".join(variants) or "no variants"
        print(f"{campaigns} campaigns, {label:<32} {elapsed:6.1f} s  ({1000 * elapsed / campaigns:.1f} ms each)")


if __name__ == "__main__":
    main()
