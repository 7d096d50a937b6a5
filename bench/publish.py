"""Benchmark: the download site, the exports and the preflight, each in a fresh process.

Run from the project folder:  python bench/publish.py [--repeat N]

It copies the project's inputs to a temporary folder (so the render cache starts empty), then
times `pnp site` cold and warm, `pnp export GAME --for SERVICE` for every game and service
(warm), and the preflight alone over every PDF of the site. Medians of N runs (default 3).

Figures (2 cores, Python 3.11, --repeat 2 or 3; exports and preflight from the last run):
                                                          2026-11-30   2026-12-03, before   2026-12-03, with
                                                                       the reference        the reference and
                                                                       (1a2873c)            tagged rulebooks
    pnp site, empty cache (every game, A4 and Letter)        17.2 s*      110.0 s              138.6 s
    pnp site, warm cache (thumbnails, covers, zips, the
      reference's pages and pictures made again)              6.2 s*       22.2 s               24.4 s
    pnp export verset --for mpc / tgc / dtc / tts (warm)   4.5/4.7/1.4/3.6   13.9/14.5/4.2/10.3   12.6/12.8/4.0/9.4 s
    pnp export wizard --for mpc / tgc / dtc / tts (warm)   3.8/3.9/2.1/2.7    8.0/8.1/3.1/4.8     8.1/8.8/3.8/6.0 s
    preflight of the site's PDFs, in one process            0.05 s (52)   0.52 s (134)         0.75 s (134)
    * two games then (52 PDFs); the 12-03 runs had the machine to themselves, one after the other.
"""

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = ("verset", "wizard")
SERVICES = ("mpc", "tgc", "dtc", "tts")


def pnp(project: Path, *args: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "from pnp.cli import main; main()", *args, "--project", str(project)],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def median(values) -> str:
    return f"{statistics.median(values):.1f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    from pnp.preflight import preflight

    cold, warm = [], []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as folder:
            project = Path(folder)
            for name in ("card_data", "layouts", "fonts"):
                shutil.copytree(ROOT / name, project / name)
            cold.append(pnp(project, "site", "--out", str(project / "site")))
            warm.append(pnp(project, "site", "--out", str(project / "site")))
            exports = {(game, service): pnp(project, "export", game, "--for", service, "--out", str(project / service / game))
                       for game in GAMES for service in SERVICES}
            pdfs = [(p.name, p.read_bytes()) for p in sorted((project / "site").rglob("*.pdf"))]
            start = time.perf_counter()
            assert all(not preflight(data, name) for name, data in pdfs)
            checked = time.perf_counter() - start
    print(f"pnp site, empty cache: {median(cold)}; warm: {median(warm)}")
    for game in GAMES:
        print(f"pnp export {game}: " + " / ".join(f"{s} {exports[(game, s)]:.1f} s" for s in SERVICES) + " (last run)")
    print(f"preflight of {len(pdfs)} PDFs ({sum(len(d) for _, d in pdfs) / 1e6:.1f} MB): {checked:.2f} s (last run)")


if __name__ == "__main__":
    main()
