"""`pnp impose`: a folder of card images made elsewhere, imposed on pnp's sheets (crop marks,
labels, scale bar, duplex backs behind their faces, a duplex offset, fold-and-glue sheets).

Each image is placed, never re-encoded (pnp/impose/images.py). Art drawn with its bleed is
scaled so that its trim lands on the cut; art without bleed gets a mirrored bleed: the image
is drawn again reflected about each edge and corner of the trim and clipped to the bleed, so
a cut slightly off shows the card's own edge colours rather than white paper. Nothing is
resampled: the reflections are the same image object drawn with a mirroring transform.
"""

import io
import math
import os
import re
import shutil
import tempfile
from contextlib import ExitStack
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.atomic import opened_folder
from pnp.contained import kept, made, stage
from pnp.errors import DataError, Problem, UsageError
from pnp.impose.art import ART_SUFFIXES, ASPECT_TOLERANCE, Art, ArtFolder, open_art, reading, shown_name
from pnp.impose.container import Container
from pnp.impose.images import read_art
from pnp.impose.pdf_art import open_pdf, pdf_pages
from pnp.limits import IMPOSE_SECONDS_PER_FILE, MAX_IMPOSE_CARDS
from pnp.render.papers import paper_name
from pnp.render.colours import hex_rgb
from pnp.render.sheet_layout import PaperTooSmall, SheetLayout, page_offset, sheet_layout

MIRRORED_BLEED_MM = 3.0      # the bleed drawn around art that has none
MAX_ART_BLEED_MM = 10.0      # art carrying more is mostly bleed: give its real bleed
LOW_DPI = 200                # art below this is named in the report: it will print soft
LABEL_FONT = Path(__file__).resolve().parent.parent / "assets" / "eb-garamond-latin-400-normal.woff"
FITS = ("cover", "contain")
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
CLOCK = (IMPOSE_SECONDS_PER_FILE, "IMPOSE_SECONDS_PER_FILE")   # each file's: the supervisor stops the work past it


@dataclass(frozen=True)
class ImposeOptions:
    card_mm: tuple[float, float]
    bleed_mm: float = 3.0             # the bleed the art carries around its trim
    paper: str = "a4"
    duplex: str = "long"
    offset_mm: tuple[float, float] = (0.0, 0.0)
    title: str = "Cards"
    fit: str = "cover"                # art in other proportions: cover the card (cropped) or contain it whole
    background: str = "#ffffff"       # behind contained art, and what transparency is flattened onto


@dataclass
class ImposeReport:
    out: Path
    cards: int
    sheets: int
    pages: int
    per_sheet: int
    mirrored: bool
    notes: list = field(default_factory=list)
    card_mm: tuple = ()               # the card as cut (a side given as auto, measured from the art)


@dataclass
class ReadArt:
    """What the card files held: each face, each back (one per face), the container's image
    numbers, and the PDFs open for their pages."""

    faces: list
    backs: list
    numbers: dict
    sources: dict


def impose_folder(faces: Path, options: ImposeOptions, out: Path, back: Path | None = None,
                  backs: Path | None = None) -> ImposeReport:
    """Write the sheets of every card in `faces` to `out` (atomically) and say what was made.
    Every request is checked before a file is read; a refusal or failure leaves nothing."""
    _check_options(options)
    layout = _layout(options) if None not in options.card_mm else None
    with ExitStack() as stack:
        face_folder = stack.enter_context(ArtFolder(faces, shown_name(faces)))
        face_names = _listed(face_folder)
        _check_backs_request(back, backs, options.duplex)
        _enough_descriptors()
        if out.is_dir():
            raise UsageError(f"{shown_name(out)} is a folder: --out names the PDF to write")
        folder = stack.enter_context(opened_folder(out.parent, create=True))
        work = Path(tempfile.mkdtemp(dir=folder.path, prefix=".pnp-impose-"))
        made(work)
        stack.callback(kept, work)
        stack.callback(shutil.rmtree, work, ignore_errors=True)
        read = _read_all(face_folder, face_names, back, backs, options, work / "images.pdf", stack)
        if layout is None:
            options = replace(options, card_mm=sized_from_art(options, read.faces))
            layout = _layout(options)
        labels, slots = _pages(layout, len(read.faces), options)
        marks = _marks(layout, labels, slots, options)
        distinct = list(dict.fromkeys(read.faces + read.backs))
        with stage(shown_name(out), "writing the sheets"):
            _write_sheets(work, read, distinct, marks, options, layout, out, stack)
    return ImposeReport(out, len(read.faces), -(-len(read.faces) // layout.per_sheet), len(labels),
                        layout.per_sheet, options.bleed_mm == 0, _notes(distinct, options), options.card_mm)


def _check_options(options: ImposeOptions) -> None:
    """The numbers of a request from the library as from the command line: finite, in range."""
    bleed = options.bleed_mm
    if not (isinstance(bleed, (int, float)) and math.isfinite(bleed) and 0 <= bleed <= MAX_ART_BLEED_MM):
        raise UsageError(f"--bleed {bleed}: expected the millimetres of bleed the images carry, from 0 to "
                         f"{MAX_ART_BLEED_MM:g} (0: art without bleed)")
    sides = [side for side in options.card_mm if side is not None]
    if len(sides) < 1 or not all(isinstance(side, (int, float)) and math.isfinite(side) and side > 0 for side in sides):
        raise UsageError(f"--size {options.card_mm}: expected a card of WIDTHxHEIGHT millimetres, such as 63x88, "
                         "or one side and auto (63xauto) for the other from the images' proportions")
    if options.fit not in FITS:
        raise UsageError(f"--fit {options.fit}: expected one of {', '.join(FITS)}")
    if not isinstance(options.background, str) or not COLOUR.match(options.background):
        raise UsageError(f"--background {options.background}: expected a colour as #rrggbb, such as #ffffff")
    if not all(isinstance(part, (int, float)) and math.isfinite(part) for part in options.offset_mm):
        raise UsageError(f"--duplex-offset {options.offset_mm}: expected two numbers of millimetres, X,Y")


def _enough_descriptors() -> None:
    """Every PDF of the folder stays open until the sheets are saved (its pages are copied
    then): as many descriptors as the system lets this process have."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 2 * MAX_IMPOSE_CARDS + 64
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard),
                                                    hard))


def _check_backs_request(back: Path | None, backs: Path | None, duplex: str) -> None:
    if back and backs:
        raise UsageError("--back gives one back for every card, --backs a folder of backs by name: give one")
    if duplex != "none" and back is None and backs is None:
        raise UsageError("the cards need backs: --back IMAGE (one for all) or --backs DIR (one per card, "
                         "same file names), or --duplex none for fronts only")


def _read_all(faces: ArtFolder, names: list[str], back: Path | None, backs: Path | None, options: ImposeOptions,
              container_path: Path, stack: ExitStack) -> ReadArt:
    """Every card file read once, its images copied into the container as it is read."""
    duplex = options.duplex
    container = Container(container_path, tuple(round(c * 255) for c in hex_rgb(options.background)))
    sources: dict = {}
    try:
        face_arts = _folder_arts(faces, names, container, sources, stack)
        back_arts = _backs(face_arts, back, backs, duplex, container, sources, stack)
    except BaseException:
        container.abandon()
        raise
    return ReadArt(face_arts, back_arts, container.close(), sources)


def sized_from_art(options: ImposeOptions, faces: list[Art]) -> tuple[float, float]:
    """The card's side left to `auto`, from the proportions most of the faces share (their art
    includes the bleed, which the card as cut does not)."""
    ratios = Counter(round(art.width_px / art.height_px, 3) for art in faces if art.width_px and art.height_px)
    ratio = ratios.most_common(1)[0][0]
    bleed = 2 * options.bleed_mm
    width, height = options.card_mm
    if width is None:
        return round((height + bleed) * ratio - bleed, 1), height
    return width, round((width + bleed) / ratio - bleed, 1)


def _listed(folder: ArtFolder) -> list[str]:
    with stage(folder.shown, "listing the card files", *CLOCK):
        return folder.card_names()


def _folder_arts(folder: ArtFolder, names: list[str], container: Container, sources: dict,
                 stack: ExitStack) -> list[Art]:
    """The card sides of a folder's files (at most MAX_IMPOSE_CARDS), every file's problems
    reported together."""
    arts, problems = [], []
    for name in names:
        if len(arts) >= MAX_IMPOSE_CARDS:
            raise DataError([Problem(folder.shown, None, "(folder)", f"at most {MAX_IMPOSE_CARDS:,} cards "
                                     "(MAX_IMPOSE_CARDS)", "more", "Impose the cards in several runs")])
        try:
            arts += _file_arts(lambda name=name: folder.open(name), container, sources, stack,
                               MAX_IMPOSE_CARDS - len(arts))
        except DataError as error:
            problems += error.problems
    if problems:
        raise DataError(problems)
    return arts


def _file_arts(opener, container: Container, sources: dict, stack: ExitStack, most: int) -> list[Art]:
    """The card sides of one file (at most `most`), read within the file's clock: an image's
    data goes into the container, a PDF stays open (in `stack`) for its pages."""
    with ExitStack() as source:
        handle, path, size = source.enter_context(opener())
        shown = shown_name(path)
        with stage(shown, "reading the card file", *CLOCK), reading(shown, path.suffix.lower()):
            if path.suffix.lower() != ".pdf":
                art = read_art(handle, path, size, shown)
                container.add(art, handle)
                return [art]
            pdf = source.enter_context(open_pdf(handle))
            arts = pdf_pages(pdf, path, shown, most)
        sources[path] = pdf
        stack.enter_context(source.pop_all())
        return arts


def _backs(faces: list[Art], back: Path | None, backs: Path | None, duplex: str, container: Container,
           sources: dict, stack: ExitStack) -> list[Art]:
    """The back behind each face: one for all, or each face's own by file name."""
    if duplex == "none":
        return []
    if back is not None:
        shown = shown_name(back)
        if back.suffix.lower() not in ART_SUFFIXES:
            raise DataError([Problem(shown, None, "(back)", "a card back: a PNG, JPEG or PDF file",
                                     f"a file ending in {back.suffix or 'nothing'}")])
        sides = _file_arts(lambda: open_art(back, shown), container, sources, stack, MAX_IMPOSE_CARDS)
        if len(sides) != 1:
            raise DataError([Problem(shown, None, "(back)", "one card back: an image or a one-page PDF",
                                     f"{len(sides)} pages")])
        return sides * len(faces)
    with ArtFolder(backs, shown_name(backs)) as folder:
        by_name = {art.name: art for art in _folder_arts(folder, _listed(folder), container, sources, stack)}
    missing = [face.name for face in faces if face.name not in by_name]
    extra = sorted(set(by_name) - {face.name for face in faces})
    if missing or extra:
        problems = [Problem(shown_name(backs), None, "(backs)", f"a back named {name} (as its face)", "none",
                            f"Add {name} to the backs folder") for name in missing[:10]]
        problems += [Problem(shown_name(backs), None, "(backs)", "only backs of faces in the card folder",
                             f"{name}, which has no face", "Remove it, or add its face") for name in extra[:10]]
        raise DataError(problems)
    return [by_name[face.name] for face in faces]


def _write_sheets(work: Path, read: ReadArt, distinct: list, marks: bytes, options: ImposeOptions,
                  layout: SheetLayout, out: Path, stack: ExitStack) -> None:
    """The sheets, built inside the container (its images are read from disk as it is saved),
    saved beside `out` and renamed over it."""
    import pikepdf

    from pnp.impose.forms import card_forms
    from pnp.preflight import PreflightFailed, preflight_file
    from pnp.render.pdfio import save_deterministic_file

    sheets = stack.enter_context(pikepdf.open(work / "images.pdf", access_mode=pikepdf.AccessMode.stream))
    with pikepdf.open(io.BytesIO(marks)) as marked:
        sheets.pages.extend(marked.pages)
    forms = card_forms(sheets, read.numbers, distinct, options, layout, read.sources)
    _place(sheets, layout, [forms[a] for a in read.faces], [forms[a] for a in read.backs], options)
    partial = work / "sheets.pdf"
    save_deterministic_file(sheets, partial)
    faults = preflight_file(partial, shown_name(out.name))
    if faults:
        raise PreflightFailed(faults)
    os.replace(partial, out)


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
        placed = ("each fills the card and its overflow is cut off, centred (--fit contain shows each whole)"
                  if options.fit == "cover" else f"each is shown whole, centred on {options.background}")
        notes.append(f"{len(cropped)} images are not in the proportions of {width:g} x {height:g} mm (the card "
                     f"with its {options.bleed_mm:g} mm bleed): {placed}: "
                     + ", ".join(cropped[:8]) + (" ..." if len(cropped) > 8 else ""))
    if soft:
        notes.append(f"{len(soft)} images below {LOW_DPI} dpi will print soft: " + ", ".join(soft[:8]))
    if decoded:
        notes.append(f"{len(decoded)} PNG files have transparency or interlacing, which PDF cannot take as it is: "
                     f"their pixels were stored losslessly, transparency flattened onto {options.background} "
                     "(transparent corners print in that colour: --background sets it): " + ", ".join(decoded[:8]))
    return notes
