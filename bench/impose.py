"""`pnp impose` side by side with the two Python tools that do only this, in one run on the
same images:

    .venv/bin/pip install -e '.[bench]' && .venv/bin/python bench/impose.py

- the images: 108 card faces and one back, 69 x 94 mm at 300 dpi (63 x 88 mm cards with a
  3 mm bleed), PNG, generated (tests/card_art.py: painted shapes and two fiducials each);
- silhouette-card-maker (its code in ../shared/peers/silhouette-card-maker, MIT), in its own
  virtual environment with its pinned requirements, run as its README says
  (`create_pdf.py --paper_size a4 --card_size standard --crop 3mm`, the bleed cropped off as
  its documentation asks for art with bleed);
- cartuli 0.1.0b3 from PyPI, in its own virtual environment, from a Cartulifile giving the
  same cards (`size: Size(63*mm, 88*mm)`, `bleed: 3*mm`, A4);
- pnp: `pnp impose faces --back back.png --size 63x88 --bleed 3 --paper a4`.

Each is timed as a user runs it (a fresh process, wall clock, median of --repeat runs) with
the peak memory of its whole process tree (resident memory summed over the processes every
10 ms, and proportional memory every 0.25 s). Then every page of every PDF is rasterised and
each card's trim found from its fiducials (tests/pdf_measure.py: fiducial_trims): its size
against 63 x 88 mm and, for the backs, how far each back's centre lies from where the
long-edge flip puts its face's. Results: bench/impose-results.json and impose-results.md.
The virtual environments are kept in --work (default: bench/.impose-work, git-ignored) and
made again only when missing.
"""

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from run import machine, timed  # noqa: E402  (the build benchmark's own timing, same machine facts)
from tests.card_art import write_back, write_cards  # noqa: E402
from tests.pdf_measure import fiducial_trims, page_size_mm  # noqa: E402

PEERS = ROOT.parent / "shared" / "peers"
CARDS = 108
TRIM_MM = (63.0, 88.0)
BLEED_MM = 3.0
PAPER = "a4"
CARTULI = "cartuli==0.1.0b3"
SPEED_RATIO = 4.0             # issue 17: pnp at least 4x faster than the faster peer
MEMORY_RATIO = 0.25           # and at most a quarter of its peak memory
TRIM_TOLERANCE_MM = 0.1
# cartuli's own command, less its image-processing tracer: carpeta 0.1.0a2, which cartuli pins,
# fails in ProcessTracer.wait_and_stop after the sheets are written when no tracing was asked for.
CARTULI_MAIN = """\
import sys
from carpeta import ProcessTracer
ProcessTracer.wait_and_stop = lambda self: None
from cartuli.__main__ import main
sys.argv[0] = "cartuli"
sys.exit(main())
"""
CARTULIFILE = """\
decks:
  cards:
    size: Size(63*mm, 88*mm)
    front:
      images: faces/*.png
      bleed: 3*mm
    default_back:
      image: back.png
      bleed: 3*mm
outputs:
  sheet:
    size: A4
"""


NOTES = [
    "How it is measured. Every page of each PDF is rasterised with pypdfium2; each card is found by the",
    "red and blue squares its art carries (tests/card_art.py), their centres weighted by colour on a",
    "rendering at 2400 dpi around each, and its trim computed from where they landed. The method is the",
    "same for all three tools. Its own error shows on pnp's sheets: pnp's PDF operators draw every image",
    "at exactly 69.000 x 94.000 mm (trims of 63.000 x 88.000), which the rasterised measure reads as",
    "63.016 x 88.018; cartuli's, drawn without a form, read 63.003 x 88.006.",
    "",
    "silhouette-card-maker rasterises whole pages (JPEG): its standard card is 742 x 1036 px at 300 ppi",
    "(62.8 x 87.7 mm), into which `--crop 3mm` puts the art's trim at 63.25-63.28 mm wide; its backs",
    "are not cropped (the option is for fronts), so each back's design, bleed included, is shrunk into",
    "the card (57.3 x 82.1 mm for the trim), drawn upside down for its landscape sheets; its last sheet",
    "prints eight backs behind four faces (220 sides found). Backs behind faces are judged against the",
    "flip each tool means (columns or rows mirrored), whichever puts its backs nearest their faces.",
    "cartuli's command crashes after writing its sheets (carpeta 0.1.0a2, which it pins, fails in",
    "ProcessTracer.wait_and_stop); the bench runs its own main with that one call made a no-op.",
]


def environment(folder: Path, requirements: list[str]) -> Path:
    """A virtual environment with the requirements, made once; its python."""
    python = folder / "bin" / "python"
    done = folder / ".installed"
    if not done.exists() or done.read_text() != "\n".join(requirements):
        shutil.rmtree(folder, ignore_errors=True)
        venv.create(folder, with_pip=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *requirements], check=True)
        done.write_text("\n".join(requirements))
    return python


def silhouette(work: Path) -> tuple[list, Path, Path]:
    """silhouette-card-maker's command, its folder and its output. It ships without its font:
    any TrueType font will do (its README), and the label font of pnp's sheets is one."""
    from fontTools.ttLib import TTFont

    folder = work / "silhouette-card-maker"
    if not folder.exists():
        shutil.copytree(PEERS / "silhouette-card-maker", folder)
        font = TTFont(str(ROOT / "pnp" / "assets" / "eb-garamond-latin-400-normal.woff"))
        font.flavor = None
        font.save(str(folder / "assets" / "arial.ttf"))
    python = environment(work / "venvs" / "silhouette-card-maker", ["-r", str(folder / "requirements.txt")])
    out = work / "runs" / "silhouette.pdf"
    return ([str(python), "create_pdf.py", "--front_dir_path", str(work / "images" / "faces"),
             "--back_dir_path", str(work / "images" / "backs"),
             "--double_sided_dir_path", str(work / "images" / "double-sided"), "--paper_size", PAPER, "--card_size", "standard",
             "--crop", f"{BLEED_MM:g}mm", "--output_path", str(out)], folder, out)


def cartuli(work: Path) -> tuple[list, Path, Path]:
    python = environment(work / "venvs" / "cartuli", [CARTULI])
    folder = work / "runs" / "cartuli"
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("faces", "back.png"):
        target = folder / name
        if not target.exists():
            target.symlink_to(work / "images" / name)
    (folder / "Cartulifile.yml").write_text(CARTULIFILE)
    return [str(python), "-c", CARTULI_MAIN, "Cartulifile.yml"], folder, folder / "sheets" / "cards.pdf"


def pnp(work: Path) -> tuple[list, Path, Path]:
    out = work / "runs" / "pnp.pdf"
    return ([str(Path(sys.executable).parent / "pnp"), "impose", str(work / "images" / "faces"),
             "--back", str(work / "images" / "back.png"), "--size", "63x88", "--bleed", f"{BLEED_MM:g}",
             "--paper", PAPER, "--out", str(out)], work, out)


def images(work: Path) -> None:
    folder = work / "images"
    if (folder / "faces" / f"card{CARDS}.png").exists():
        return
    write_cards(folder / "faces", CARDS, TRIM_MM, BLEED_MM)
    write_back(folder / "back.png", TRIM_MM, BLEED_MM)
    (folder / "backs").mkdir(exist_ok=True)
    (folder / "double-sided").mkdir(exist_ok=True)          # silhouette-card-maker wants one, empty here
    shutil.copy(folder / "back.png", folder / "backs" / "back.png")


def measure(pdf: Path) -> dict:
    """Every card's trim on every page; the backs' centres against their faces' mirrored."""
    import pypdfium2 as pdfium

    pages = len(pdfium.PdfDocument(str(pdf)))
    found = [fiducial_trims(pdf, index, TRIM_MM, BLEED_MM) for index in range(pages)]
    trims = [trim for page in found for trim in page]
    errors = [max(abs(t.width - TRIM_MM[0]), abs(t.height - TRIM_MM[1])) for t in trims]
    face_errors = [max(abs(t.width - TRIM_MM[0]), abs(t.height - TRIM_MM[1])) for page in found[0::2] for t in page]
    offsets, flips = [], set()
    for index in range(0, pages - 1, 2):
        width, height = page_size_mm(pdf, index)
        fronts, backs = found[index], found[index + 1]
        if not backs:
            offsets += [float("inf")] * len(fronts)
            continue
        for front in fronts:
            x, y = front.centre
            # Where the back belongs for each way a tool may mean the sheet to be turned: the
            # tool's own is the one that puts its backs nearest their faces.
            best = min((min(((b.centre[0] - tx) ** 2 + (b.centre[1] - ty) ** 2) ** 0.5 for b in backs), flip)
                       for flip, (tx, ty) in (("columns mirrored", (width - x, y)), ("rows mirrored", (x, height - y))))
            offsets.append(best[0])
            flips.add(best[1])
    return {"pages": pages, "cards_found": len(trims), "size_mb": round(pdf.stat().st_size / 2**20, 2),
            "trim_width_mm": [round(float(min(t.width for t in trims)), 3), round(float(max(t.width for t in trims)), 3)]
            if trims else None,
            "trim_height_mm": [round(float(min(t.height for t in trims)), 3), round(float(max(t.height for t in trims)), 3)]
            if trims else None,
            "worst_trim_error_mm": round(float(max(errors)), 3) if errors else None,
            "worst_face_trim_error_mm": round(float(max(face_errors)), 3) if face_errors else None,
            "worst_back_offset_mm": round(float(max(offsets)), 3) if offsets else None,
            "backs": ", ".join(sorted(flips)) + (", drawn upside down" if any(t.turned for t in trims) else "")}


def run(name: str, command: list, cwd: Path, out: Path, repeat: int) -> dict:
    runs = []
    for _ in range(repeat):
        out.unlink(missing_ok=True)
        runs.append(timed(command, cwd, None))
        print(f"  {name}: {runs[-1][0]:.2f} s, {runs[-1][1]:.0f} MB", flush=True)
    seconds = [r[0] for r in runs]
    return {"median_s": round(statistics.median(seconds), 3), "runs_s": [round(s, 3) for s in seconds],
            "peak_mb": round(max(r[1] for r in runs), 1), "peak_pss_mb": round(max(r[2] for r in runs), 1),
            **measure(out)}


def table(results: dict) -> str:
    tools = results["tools"]
    rows = ["| tool | median s | peak MB (resident, summed) | peak MB (proportional) | cards found | trim width mm "
            "| trim height mm | worst trim error mm, faces | worst, faces and backs | backs behind faces | worst back offset mm | PDF MB |", "|---" * 12 + "|"]
    for name, r in tools.items():
        rows.append(f"| {name} | {r['median_s']:.2f} | {r['peak_mb']:.0f} | {r['peak_pss_mb']:.0f} | {r['cards_found']} "
                    f"| {r['trim_width_mm']} | {r['trim_height_mm']} | {r['worst_face_trim_error_mm']} | {r['worst_trim_error_mm']} "
                    f"| {r['backs']} | {r['worst_back_offset_mm']} | {r['size_mb']} |")
    lines = ["# `pnp impose` against silhouette-card-maker and cartuli", "",
             f"{CARDS} cards, 69 x 94 mm PNG at 300 dpi, one back, A4; medians of {results.get('repeat', '?')} runs. "
             "Machine: {cpu}, {cores} cores, {memory_gb} GB, {system}, Python {python}; {date}.".format(**results["machine"]),
             ""]
    lines += rows + ["", "| target | result | |", "|---|---|---|"]
    for target in results["targets"]:
        lines.append(f"| {target['what']} | {target['result']} | {'met' if target['met'] else 'MISSED'} |")
    return "\n".join(lines + ["", *NOTES]) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--work", type=Path, default=ROOT / "bench" / ".impose-work")
    args = parser.parse_args()
    work = args.work.resolve()
    (work / "runs").mkdir(parents=True, exist_ok=True)
    images(work)
    commands = {"pnp": pnp(work), "silhouette-card-maker": silhouette(work), "cartuli": cartuli(work)}
    tools = {}
    for name, (command, cwd, out) in commands.items():
        print(name, flush=True)
        tools[name] = run(name, command, cwd, out, args.repeat)
    peers = {name: r for name, r in tools.items() if name != "pnp"}
    faster = min(peers, key=lambda name: peers[name]["median_s"])
    ours = tools["pnp"]
    speed = peers[faster]["median_s"] / ours["median_s"]
    memory = ours["peak_mb"] / peers[faster]["peak_mb"]
    targets = [
        {"what": f"at least {SPEED_RATIO:g}x faster than the faster peer ({faster})",
         "result": f"{speed:.1f}x ({ours['median_s']:.2f} s against {peers[faster]['median_s']:.2f} s)",
         "met": speed >= SPEED_RATIO},
        {"what": f"at most {MEMORY_RATIO:g} of its peak memory",
         "result": f"{memory:.2f} ({ours['peak_mb']:.0f} MB against {peers[faster]['peak_mb']:.0f} MB)",
         "met": memory <= MEMORY_RATIO},
        {"what": f"every trim within {TRIM_TOLERANCE_MM:g} mm, every card found",
         "result": f"{ours['worst_trim_error_mm']} mm, {ours['cards_found']} of {2 * CARDS} sides",
         "met": ours["worst_trim_error_mm"] is not None and ours["worst_trim_error_mm"] <= TRIM_TOLERANCE_MM
         and ours["cards_found"] == 2 * CARDS},
    ]
    results = {"machine": machine(), "date": time.strftime("%Y-%m-%d"), "repeat": args.repeat, "tools": tools,
               "targets": targets}
    (ROOT / "bench" / "impose-results.json").write_text(json.dumps(results, indent=2) + "\n")
    text = table(results)
    (ROOT / "bench" / "impose-results.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
