"""A look inside one build: a whole `pnp build GAME` and each of its stages, in one process.

Run from the project folder:  python bench/build.py [--game GAME] [--repeat N]

The benchmark whose figures the README quotes is bench/run.py; this one helps find which stage
a change made slower. The figures below were measured before the build used every core and
kept its caches (issue 16).

The Last Wizard (`--game wizard --repeat 1`, 2026-11-30): whole build in a fresh process
4.3 s with the cache off (61 cards and tokens, the 14-page rulebook, the score board), 2.2 s
with every page cached; `pnp check wizard` 2.0 s in a fresh process (44 examples, every layout,
and the two decks' exact deal distributions, 18,360 deals each).

Verso (`PNP_CACHE=off python bench/build.py --game verso --repeat 3`, 2026-11-30): whole build
in a fresh process 3.0 s with the cache off (90 cards of two faces, i.e. 180 card pages, and 6 A6
aids: 1.8 s, 18 ms a card page; the 12-page French rulebook 1.0 s), 0.8 s with every page cached;
`pnp check verso` 0.6 s (54 examples, the pair rules of 90 cards); `pnp simulate verso --solo
--games 10000` 10.5 s.

Le Dernier Verset:

Figures on the development machine (2 cores, Python 3.11, WeasyPrint 70), medians of 3,
2026-11-29, with Debian's libharfbuzz-subset0 installed (without it: about +15 % rendering).
The machine is shared, so runs vary by 10-40 %:
    whole build in a fresh process (A4: 126 cards and tokens, the rulebook, playmat and
      sheets, 14 files; rendered in 2 worker processes)      7.7-8.4 s  (cards alone: 3.6-4.5 s;
                                                              7.2 s in one process)
    import weasyprint                                         0.6-0.9 s
    load and validate the card data                           0.05 s
    render card pages, one process (WeasyPrint, fit checks)   4.1-5.9 s  (34-44 ms a card)
    marks (ReportLab) and imposition (pikepdf)                0.1 s
    check (card data and 104 worked examples)                 0.16-0.25 s
    playmat (full size and tiled) and campaign sheets         0.3 s
    rulebook, 21 A4 pages                                     4.2-6.1 s  (200-290 ms a page)
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
    parser.add_argument("--game", default="verset")
    arguments = parser.parse_args()
    repeat, key = arguments.repeat, arguments.game

    whole, _ = timed(lambda: subprocess.run(
        [sys.executable, "-m", "pnp.cli", "build", key, "--paper", "a4", "--out", f"/tmp/pnp-bench-{key}"],
        cwd=ROOT, check=True, capture_output=True), repeat)
    print(f"whole build, fresh process        {whole:6.2f} s")

    start = time.perf_counter()
    import weasyprint  # noqa: F401
    print(f"import weasyprint                 {time.perf_counter() - start:6.2f} s")

    from pnp.data.decks import load_game
    from pnp.games import get_game
    from pnp.project import Project
    from pnp.render.cards import render_deck

    project = Project.at(ROOT)
    game = get_game(project, key)
    load, decks = timed(lambda: load_game(project, game), repeat)
    print(f"load and validate card data       {load:6.2f} s")
    cards = sum(len(d.cards) + 1 for d in decks)
    context = game.deck_context(decks)

    def render_all():
        return [(d, render_deck(project, game, d.deck, d.cards, context=context if d.deck.uses_rules else None))
                for d in decks]
    render, rendered = timed(render_all, repeat)
    print(f"render card pages                 {render:6.2f} s  ({1000 * render / cards:.0f} ms a card)")
    from pnp.build import sheet_labels
    from pnp.render.impose import impose
    from pnp.render.marks import draw_sheet_marks, label_font_file
    from pnp.render.sheet_layout import sheet_layout
    def impose_all():
        for d, pdf in rendered:
            layout = sheet_layout("a4", d.deck.width_mm, d.deck.height_mm, d.deck.bleed_mm)
            duplex = "long" if d.deck.backs else "none"
            labels = sheet_labels(game, d.deck.title, -(-len(d.cards) // layout.per_sheet), duplex)
            slots = ([layout.face_slots(), layout.back_slots("long")] * (len(labels) // 2) if d.deck.backs
                     else [layout.face_slots()] * len(labels))
            marks = draw_sheet_marks(layout, labels, label_font_file(project), d.deck.shape, slots)
            impose(pdf, marks, layout, duplex, d.deck.per_card_back, d.deck.backs)
    imposing, _ = timed(impose_all, repeat)
    print(f"marks and imposition              {imposing:6.2f} s")

    from pnp.check import check_game
    from pnp.rulebook.render import render_rulebook
    check, report = timed(lambda: check_game(project, game), repeat)
    print(f"check (decks and {report.examples} examples)       {check:6.2f} s")
    rulebook, pdf = timed(lambda: render_rulebook(project, game, decks, report.results, "a4"), repeat)
    from pnp.render.boards import board_files
    pieces, _ = timed(lambda: ([board_files(project, game, b, "a4") for b in game.boards],
                               game.table_pieces(project, game, "a4") if game.table_pieces else None), repeat)
    print(f"boards (full size, tiles) and sheets  {pieces:6.2f} s")
    import io

    import pikepdf
    pages = len(pikepdf.open(io.BytesIO(pdf)).pages)
    print(f"rulebook ({pages} A4 pages)             {rulebook:6.2f} s  ({1000 * rulebook / pages:.0f} ms a page)")


if __name__ == "__main__":
    main()
