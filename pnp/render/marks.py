"""What ReportLab draws on each sheet around the cards: crop marks, the label, a scale bar."""

import io
from functools import lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont as FontFile
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from pnp.errors import DataError, Problem
from pnp.files import project_font, read_resolved
from pnp.render.sheet_layout import LABEL_BAND_MM, MM, PRINTER_MARGIN_MM, SheetLayout
from pnp.render.words import LABEL_FONT_FILE

CROP_MARK_WIDTH_PT = 0.4
CUT_CIRCLE_HALO_PT = 1.6         # the white line under a round piece's black cut line
SCALE_BAR_MM = 50.0
LABEL_SIZE_PT = 7.0            # the sheet's label: what it is, how to print it (no smaller than rules text)
SCALE_TEXT_SIZE_PT = 5.0       # the words over the 50 mm bar, as wide as the bar and its gap to the label
GAP_PADDING_MM = 2.0
SCALE_BAR_TEXT = "50 mm: if this bar measures otherwise, print at 100% (actual size)"
LABEL_FONT = "PnpLabel"
FOLD_LINE_WIDTH_PT = 0.5
FOLD_DASH_PT = (3, 2)            # dash, gap: a fold, where a solid line is a cut


@lru_cache(maxsize=None)
def register_font(path, name: str) -> str:
    """ReportLab reads TrueType, the project ships WOFF: convert in memory, register as name.
    The file is read once, with no link followed (`path` is what project_font answered), and
    parsed from those bytes."""
    data = read_resolved(Path(path), str(path))
    try:
        font = FontFile(io.BytesIO(data), recalcTimestamp=False)
        font.flavor = None
        data = io.BytesIO()
        font.save(data)
        data.seek(0)
        pdfmetrics.registerFont(TTFont(name, data))
    except Exception as error:          # whatever the font library says of a bad file
        raise DataError([Problem(str(path), None, "(font)", "a WOFF or TrueType font",
                                 f"a file the font library cannot read ({type(error).__name__})",
                                 "Restore the bundled font")]) from None
    return name


def new_canvas(out, pagesize: tuple[float, float], font: str) -> canvas.Canvas:
    """A ReportLab canvas whose pages start in `font` (a registered, embedded font), not the
    unembedded Helvetica ReportLab declares by default: print shops refuse unembedded fonts."""
    return canvas.Canvas(out, pagesize=pagesize, invariant=1, pageCompression=1, initialFontName=font)


def label_font_file(project) -> Path:
    """The label font's file, inside the project (a link out of it is refused)."""
    return project_font(project.root, project.fonts / LABEL_FONT_FILE, f"fonts/{LABEL_FONT_FILE}")


def label_font(path) -> str:
    return register_font(str(path), LABEL_FONT)


def _crop_marks(pdf: canvas.Canvas, layout: SheetLayout, slots=None) -> None:
    """A line from the sheet edge to the cards on every cut, on all four sides: the layout's
    cuts, or the edges of the given slots, the pieces a page holds (a partly filled sheet has
    no marks for its empty rows and columns, and its marks stay in the margins; a round piece's
    square trim, each half of a pair).

    On the label's side the line leaves a gap for the label band; the part between the
    band and the cards still shows where to cut.
    """
    pdf.setLineWidth(CROP_MARK_WIDTH_PT)
    pdf.setStrokeColorRGB(0, 0, 0)
    band = (PRINTER_MARGIN_MM, PRINTER_MARGIN_MM + LABEL_BAND_MM)
    low_y, high_y = layout.y.block
    low_x, high_x = layout.x.block
    x_cuts, y_cuts = layout.x.cuts, layout.y.cuts
    if slots:
        x_cuts = sorted({round(v, 6) for s in slots for v in (s.x, s.x + s.width)})
        y_cuts = sorted({round(v, 6) for s in slots for v in (s.y, s.y + s.height)})
    for x in x_cuts:
        _mark(pdf, (x, 0), (x, low_y), band if layout.label_side == "bottom" else None, 1)
        _mark(pdf, (x, high_y), (x, layout.height), None, 1)
    for y in y_cuts:
        _mark(pdf, (0, y), (low_x, y), band if layout.label_side == "left" else None, 0)
        _mark(pdf, (high_x, y), (layout.width, y), None, 0)


def _mark(pdf: canvas.Canvas, start: tuple, end: tuple, gap: tuple | None, axis: int) -> None:
    pieces = [(start[axis], end[axis])]
    if gap:
        pieces = [(start[axis], gap[0]), (gap[1], end[axis])]
    for a, b in pieces:
        if b > a:
            p, q = list(start), list(end)
            p[axis], q[axis] = a, b
            pdf.line(p[0] * MM, p[1] * MM, q[0] * MM, q[1] * MM)


def _label(pdf: canvas.Canvas, layout: SheetLayout, text: str, font: str, scale_text: str = SCALE_BAR_TEXT) -> None:
    """The scale bar from the first cut, then the text, along the label band (crop marks leave
    it clear all along the sheet): the text may run on past the cards to the printer margin,
    so a sheet of one or two pieces still says how to fold or flip it."""
    pdf.saveState()
    if layout.label_side == "bottom":
        start, end = layout.x.cuts[0] + GAP_PADDING_MM, layout.width - PRINTER_MARGIN_MM - GAP_PADDING_MM
    else:
        # Turned a quarter clockwise: reads top to bottom, glyphs rising away from the edge.
        pdf.rotate(-90)
        start, end = -layout.y.cuts[-1] + GAP_PADDING_MM, -PRINTER_MARGIN_MM - GAP_PADDING_MM
    base = (PRINTER_MARGIN_MM + 1.0) * MM
    pdf.setLineWidth(0.6)
    x0, x1 = start * MM, (start + SCALE_BAR_MM) * MM
    pdf.line(x0, base, x1, base)
    for x in (x0, x1):
        pdf.line(x, base - 0.8 * MM, x, base + 0.8 * MM)
    pdf.setFont(font, SCALE_TEXT_SIZE_PT)
    pdf.drawCentredString((x0 + x1) / 2, base + 1.0 * MM, scale_text)
    pdf.setFont(font, LABEL_SIZE_PT)
    text_start = start + SCALE_BAR_MM + 2 * GAP_PADDING_MM
    pdf.drawString(text_start * MM, base, _fit(text, font, (end - text_start) * MM))
    pdf.restoreState()


def _fit(text: str, font: str, width: float) -> str:
    while pdfmetrics.stringWidth(text, font, LABEL_SIZE_PT) > width and " · " in text:
        text = text.rsplit(" · ", 1)[0]
    return text


def _cut_circles(pdf: canvas.Canvas, layout: SheetLayout, slots) -> None:
    """The cut line of each round piece, at its trim diameter: black over a wider white line,
    so it shows on dark art (the white) as on light art and paper (the black)."""
    pdf.saveState()
    for width, grey in ((CUT_CIRCLE_HALO_PT, 1), (CROP_MARK_WIDTH_PT, 0)):
        pdf.setLineWidth(width)
        pdf.setStrokeColorRGB(grey, grey, grey)
        for slot in slots:
            pdf.circle((slot.x + slot.width / 2) * MM, (slot.y + slot.height / 2) * MM,
                       slot.width / 2 * MM, stroke=1, fill=0)
    pdf.restoreState()


def _fold_lines(pdf: canvas.Canvas, slots, folds, across: bool = True) -> None:
    """A dashed line across each piece where it folds, measured from the top of its trim
    (`across`), or down it, measured from its left edge."""
    pdf.saveState()
    # A white line under the black dashes: the fold shows on dark art and on paper.
    for width, grey, dash in ((FOLD_LINE_WIDTH_PT * 3, 1, ()), (FOLD_LINE_WIDTH_PT, 0, FOLD_DASH_PT)):
        pdf.setLineWidth(width)
        pdf.setDash(*dash) if dash else pdf.setDash()
        pdf.setStrokeColorRGB(grey, grey, grey)
        for slot in slots:
            for fold in folds:
                if across:
                    y = (slot.y + slot.height - fold) * MM
                    pdf.line(slot.x * MM, y, (slot.x + slot.width) * MM, y)
                else:
                    x = (slot.x + fold) * MM
                    pdf.line(x, slot.y * MM, x, (slot.y + slot.height) * MM)
    pdf.restoreState()


def draw_sheet_marks(layout: SheetLayout, labels: list[str], font_file: Path,
                     shape: str = "rect", slots_per_page: list | None = None,
                     folds_per_page: list | None = None, side_fold_mm: float | None = None,
                     scale_text: str = SCALE_BAR_TEXT) -> bytes:
    """One page per label: crop marks (and, for round pieces, cut circles), fold lines, the label and the scale bar.

    `slots_per_page` gives, for each page, the slots it holds (whose circles to draw, for round
    pieces); `folds_per_page` the fold lines of its pieces (a fold-over standee's);
    `side_fold_mm` a fold down every slot at that distance from its left edge (a face and its
    back side by side, for printers without duplex).
    """
    font = label_font(str(font_file))
    out = io.BytesIO()
    pdf = new_canvas(out, (layout.width * MM, layout.height * MM), font)
    pdf.setCreator("pnp")
    for index, text in enumerate(labels):
        if shape == "circle":
            slots = slots_per_page[index] if slots_per_page else []
            _crop_marks(pdf, layout, slots)         # the square trim's corners, in the margins
            _cut_circles(pdf, layout, slots)
        else:
            _crop_marks(pdf, layout, slots_per_page[index] if slots_per_page else None)
        if folds_per_page and folds_per_page[index] and slots_per_page:
            _fold_lines(pdf, slots_per_page[index], folds_per_page[index])
        if side_fold_mm is not None and slots_per_page:
            _fold_lines(pdf, slots_per_page[index], (side_fold_mm,), across=False)
        _label(pdf, layout, text, font, scale_text)
        pdf.showPage()
    pdf.save()
    return out.getvalue()
