"""`pnp impose`: a folder of card images made elsewhere, imposed on pnp's sheets (crop marks,
labels, scale bar, duplex backs behind their faces, a duplex offset, fold-and-glue sheets).

Each image is placed, never re-encoded (pnp/impose/art.py). Art drawn with its bleed is
scaled so that its trim lands on the cut; art without bleed gets a mirrored bleed: the image
is drawn again reflected about each edge and corner of the trim and clipped to the bleed, so
a cut slightly off shows the card's own edge colours rather than white paper. Nothing is
resampled: the reflections are the same image object drawn with a mirroring transform.
"""

import io
import os
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import DataError, Problem, UsageError
from pnp.impose.art import ASPECT_TOLERANCE, Art, art_files, read_art
from pnp.impose.container import write_container
from pnp.render.papers import paper_name
from pnp.render.sheet_layout import PaperTooSmall, SheetLayout, page_offset, sheet_layout

MIRRORED_BLEED_MM = 3.0      # the bleed drawn around art that has none
MAX_ART_BLEED_MM = 10.0      # art carrying more is mostly bleed: give its real bleed
LOW_DPI = 200                # art below this is named in the report: it will print soft
LABEL_FONT = Path(__file__).resolve().parent.parent / "assets" / "eb-garamond-latin-400-normal.woff"


@dataclass(frozen=True)
class ImposeOptions:
    card_mm: tuple[float, float]
    bleed_mm: float = 3.0             # the bleed the art carries around its trim
    paper: str = "a4"
    duplex: str = "long"
    offset_mm: tuple[float, float] = (0.0, 0.0)
    title: str = "Cards"


@dataclass
class ImposeReport:
    out: Path
    cards: int
    sheets: int
    pages: int
    per_sheet: int
    mirrored: bool
    notes: list = field(default_factory=list)


def impose_folder(faces: Path, options: ImposeOptions, out: Path, back: Path | None = None,
                  backs: Path | None = None) -> ImposeReport:
    """Write the sheets of every card in `faces` to `out` (atomically) and say what was made."""
    from pnp.impose.forms import card_forms

    face_arts = _arts(faces)
    back_arts = _backs(face_arts, back, backs, options.duplex)
    layout = _layout(options)
    labels, slots = _pages(layout, len(face_arts), options)
    marks = _marks(layout, labels, slots, options)
    out.parent.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        import pikepdf

        work = Path(stack.enter_context(tempfile.TemporaryDirectory(dir=out.parent, prefix=".pnp-impose-")))
        distinct = list(dict.fromkeys(face_arts + back_arts))
        numbers = write_container(distinct, work / "images.pdf")
        # The sheets are built inside the container: its images are read from disk as it is saved.
        sheets = stack.enter_context(pikepdf.open(work / "images.pdf"))
        with pikepdf.open(io.BytesIO(marks)) as marked:
            sheets.pages.extend(marked.pages)
        forms = card_forms(sheets, numbers, distinct, options, layout, stack)
        _place(sheets, layout, [forms[a] for a in face_arts], [forms[a] for a in back_arts], options)
        from pnp.render.pdfio import save_deterministic_file

        partial = work / "sheets.pdf"
        save_deterministic_file(sheets, partial)
        os.replace(partial, out)
    return ImposeReport(out, len(face_arts), -(-len(face_arts) // layout.per_sheet), len(labels),
                        layout.per_sheet, options.bleed_mm == 0, _notes(distinct, options))


def _arts(folder: Path) -> list[Art]:
    shown = str(folder)
    arts, problems = [], []
    for path in art_files(folder, shown):
        try:
            arts += read_art(path, str(path))
        except DataError as error:
            problems += error.problems
    if problems:
        raise DataError(problems)
    return arts


def _backs(faces: list[Art], back: Path | None, backs: Path | None, duplex: str) -> list[Art]:
    """The back behind each face: one for all, or each face's own by file name."""
    if back and backs:
        raise UsageError("--back gives one back for every card, --backs a folder of backs by name: give one")
    if duplex == "none":
        return []
    if back is None and backs is None:
        raise UsageError("the cards need backs: --back IMAGE (one for all) or --backs DIR (one per card, "
                         "same file names), or --duplex none for fronts only")
    if back is not None:
        if not back.is_file():
            raise UsageError(f"--back {back}: no such file")
        sides = read_art(back, str(back))
        if len(sides) != 1:
            raise DataError([Problem(str(back), None, "(back)", "one card back: an image or a one-page PDF",
                                     f"{len(sides)} pages")])
        return sides * len(faces)
    by_name = {art.name: art for art in _arts(backs)}
    missing = [face.name for face in faces if face.name not in by_name]
    extra = sorted(set(by_name) - {face.name for face in faces})
    if missing or extra:
        problems = [Problem(str(backs), None, "(backs)", f"a back named {name} (as its face)", "none",
                            f"Add {name} to the backs folder") for name in missing[:10]]
        problems += [Problem(str(backs), None, "(backs)", "only backs of faces in the card folder",
                             f"{name}, which has no face", "Remove it, or add its face") for name in extra[:10]]
        raise DataError(problems)
    return [by_name[face.name] for face in faces]


def _layout(options: ImposeOptions) -> SheetLayout:
    width, height = options.card_mm
    bleed = options.bleed_mm or MIRRORED_BLEED_MM
    try:
        return sheet_layout(options.paper, 2 * width if options.duplex == "fold" else width, height, bleed)
    except PaperTooSmall:
        raise UsageError(f"--size {width:g}x{height:g}: a card that size does not fit on "
                         f"{paper_name(options.paper)} paper with its crop marks; take a larger --paper") from None


def _pages(layout: SheetLayout, cards: int, options: ImposeOptions) -> tuple[list, list]:
    from pnp.render.words import page_labels

    sheets = -(-cards // layout.per_sheet)
    labels = page_labels(options.title, sheets, options.duplex, "en", options.offset_mm)
    slots = []
    for sheet in range(sheets):
        count = min(layout.per_sheet, cards - sheet * layout.per_sheet)
        slots.append(layout.face_slots()[:count])
        if options.duplex in ("long", "short"):
            slots.append(layout.back_slots(options.duplex)[:count])
    return labels, slots


def _marks(layout: SheetLayout, labels: list, slots: list, options: ImposeOptions) -> bytes:
    from pnp.render.marks import draw_sheet_marks

    fold = options.card_mm[0] if options.duplex == "fold" else None
    return draw_sheet_marks(layout, labels, LABEL_FONT, "rect", slots, side_fold_mm=fold)


def _place(sheets, layout: SheetLayout, faces: list, backs: list, options: ImposeOptions) -> None:
    from pnp.render.impose import place_cards, place_folded

    if options.duplex == "fold":
        place_folded(sheets, faces, backs, layout, options.card_mm[0])
    else:
        place_cards(sheets, faces, backs, layout, options.duplex, page_offset(layout, options.offset_mm))


def _notes(arts: list[Art], options: ImposeOptions) -> list[str]:
    """What the user should know about their art: cropped proportions, soft pixels, decoded PNGs."""
    width, height = (side + 2 * options.bleed_mm for side in options.card_mm)
    cropped, soft, decoded = [], [], []
    for art in arts:
        ratio = (art.width_px / art.height_px) / (width / height)
        if abs(ratio - 1) > ASPECT_TOLERANCE:
            cropped.append(art.name)
        if art.kind != "pdf":
            dpi = min(art.width_px / (width / 25.4), art.height_px / (height / 25.4))
            if dpi < LOW_DPI:
                soft.append(f"{art.name} ({dpi:.0f} dpi)")
        if art.kind == "decoded":
            decoded.append(f"{art.name} ({art.details['reason']})")
    notes = []
    if cropped:
        notes.append(f"{len(cropped)} images are not in the proportions of {width:g} x {height:g} mm (the card "
                     f"with its {options.bleed_mm:g} mm bleed): each fills the card and its overflow is cut off, "
                     "centred: " + ", ".join(cropped[:8]) + (" ..." if len(cropped) > 8 else ""))
    if soft:
        notes.append(f"{len(soft)} images below {LOW_DPI} dpi will print soft: " + ", ".join(soft[:8]))
    if decoded:
        notes.append(f"{len(decoded)} PNG files have transparency or interlacing, which PDF cannot take as it is: "
                     "their pixels were stored losslessly, colour and alpha apart: " + ", ".join(decoded[:8]))
    return notes
