"""What a press export costs: `pnp export GAME --for press` and `--for dtc` for every game, and
where the time goes.

    .venv/bin/pip install -e '.[bench]' && .venv/bin/python bench/press.py [--repeat 3]

For each game (Verdun with its module): the whole command as a user runs it (a fresh process,
the page cache warm, so that the figure is the export's own cost and not the typesetting's; wall
clock, median of --repeat runs, and the peak memory of the process tree), then, in this process,
its stages for the press export: the pages rendered (from the cache), Ghostscript's conversion
(with the black-text and transparency passes and the ink limit), and the preflight read back
(PDF/X keys, colour spaces, and the pages rasterised in CMYK for total ink). Results:
bench/press-results.json and press-results.md.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from run import machine, timed  # noqa: E402  (the build benchmark's own timing, same machine facts)

GAMES = {"verset": (), "wizard": (), "verso": (), "olf": (), "verdun": ("mud-and-blood",)}
SERVICES = ("press", "dtc")


def command(game: str, service: str, out: Path) -> list[str]:
    modules = [part for module in GAMES[game] for part in ("--module", module)]
    return [str(ROOT / ".venv" / "bin" / "pnp"), "export", game, "--for", service, *modules, "--out", str(out)]


def _front_back(sides) -> list[int]:
    """The deck's pages as the press export orders them: front then back of each piece."""
    cards = range(len(sides.loaded.cards))
    if not sides.loaded.deck.backs:
        return list(cards)
    return [index for card in cards for index in (card, sides.back_index(card))]


def stages(game: str) -> dict:
    """The press export's stages, in this process: (seconds, pages) of each."""
    from pnp.data.decks import load_game
    from pnp.export.game import render_sides
    from pnp.export.press import PressFile, pages_in_order, press_settings
    from pnp.export.services import SERVICES as ALL
    from pnp.games import get_game
    from pnp.press.convert import press_pdf
    from pnp.press.preflight import press_faults
    from pnp.project import Project
    from pnp.render.boards import render_board

    project = Project.at(ROOT)
    own = get_game(project, game).with_modules(GAMES[game])
    start = time.perf_counter()
    sides, _ = render_sides(project, own, load_game(project, own), None, every=True)
    files = [PressFile(s.loaded.deck.key, s.loaded.deck.title, pages_in_order(s.pdf, _front_back(s)), ())
             for s in sides]
    files += [PressFile(b.key, b.title, render_board(project, own, b), ()) for b in own.boards]
    rendered = time.perf_counter() - start
    settings = press_settings(ALL["press"].press, None, None, None)
    start = time.perf_counter()
    converted = [press_pdf(f.pdf, settings, f.title) for f in files]
    conversion = time.perf_counter() - start
    start = time.perf_counter()
    faults = [fault for f, data in zip(files, converted) for fault in press_faults(data, f.name, "1a", 300)]
    preflight = time.perf_counter() - start
    import pikepdf
    import io

    pages = sum(len(pikepdf.open(io.BytesIO(data)).pages) for data in converted)
    return {"pages": pages, "render_s": round(rendered, 2), "convert_s": round(conversion, 2),
            "preflight_s": round(preflight, 2), "convert_ms_per_page": round(1000 * conversion / pages, 1),
            "preflight_ms_per_page": round(1000 * preflight / pages, 1), "faults": len(faults)}


def main() -> None:
    import os
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", default=str(ROOT / "bench" / "press-results.json"))
    arguments = parser.parse_args()
    results = {"machine": machine(), "repeat": arguments.repeat, "games": {}}
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as work:
        for game in GAMES:
            entry = {}
            for service in SERVICES:
                timed(command(game, service, Path(work) / f"warm-{game}-{service}"), ROOT, env)   # the page cache
                runs = [timed(command(game, service, Path(work) / f"{game}-{service}-{n}"), ROOT, env)
                        for n in range(arguments.repeat)]
                entry[service] = {"wall_s": round(statistics.median(r[0] for r in runs), 2),
                                  "peak_mb": round(max(r[1] for r in runs))}
            entry["stages"] = stages(game)
            results["games"][game] = entry
            print(game, entry, flush=True)
    Path(arguments.out).write_text(json.dumps(results, indent=1) + "\n")
    Path(arguments.out).with_suffix(".md").write_text(report(results))


def report(results: dict) -> str:
    m = results["machine"]
    lines = ["# Press exports: `pnp export GAME --for press` and `--for dtc`", "",
             f"Page cache warm; medians of {results['repeat']} runs. Machine: {m['cpu']}, {m['cores']} cores, "
             f"{m['memory_gb']} GB, {m['system']}, Python {m['python']}; {m['date']}.", "",
             "| game | press s | press peak MB | dtc s | dtc peak MB | pages (press) | render s | convert s "
             "| ms a page | preflight s | ms a page | faults |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for game, entry in results["games"].items():
        s = entry["stages"]
        lines.append(f"| {game} | {entry['press']['wall_s']} | {entry['press']['peak_mb']} | {entry['dtc']['wall_s']} | "
                     f"{entry['dtc']['peak_mb']} | {s['pages']} | {s['render_s']} | {s['convert_s']} | "
                     f"{s['convert_ms_per_page']} | {s['preflight_s']} | {s['preflight_ms_per_page']} | {s['faults']} |")
    lines += ["", "The stages are measured in one process, one file after another; the command converts and "
              "preflights its files on every core at once (Ghostscript runs in its own processes).", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
