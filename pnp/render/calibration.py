"""`pnp calibrate`: a two-sided test sheet that measures where a printer puts the second side.

The front carries three targets (the centre and two corners), each a fine cross with a
millimetre ruler across and one down, numbered with the offset to pass to
`pnp build --duplex-offset X,Y`. The back carries a bold cross behind each target. Held to the
light, the back's cross meets each ruler at the reading: X on the ruler across, Y on the ruler
down. A printer that shifts the whole page reads the same at all three targets.

Offsets are in the back page's own axes (x right, y up, as the back page is seen); with the
long-edge flip a back moved right shows on the front moved left, so the rulers' numbers carry
the flip's signs (`ruler_signs`).
"""

import io

from pnp.render.marks import label_font, new_canvas
from pnp.render.pdfio import normalise
from pnp.render.papers import paper_name, paper_size
from pnp.render.sheet_layout import MM

RULER_REACH_MM = 5.0          # readings from -5 to +5 mm
TICK_STEP_MM = 0.5
RULER_GAP_MM = 9.0            # from the target's centre to its rulers
TARGET_CROSS_MM = 6.0         # half-length of the front's fine cross
BACK_CROSS_MM = 16.0          # half-length of the back's bold cross: it must reach the rulers
BACK_TICK_MM, BACK_TICK_LONG_MM = 0.8, 1.6     # its millimetre graduations, longer every 5 mm
CORNER_INSET_MM = 40.0        # the corner targets' distance from the sheet's sides and bottom
TOP_INSET_MM = 80.0           # the upper target's distance from the top, below the instructions
LABEL_EVERY_STEPS = 4         # a number every 2 mm (4 ticks of 0.5 mm)
FINE_PT, BOLD_PT = 0.3, 0.9
RULER_NUMBER_PT = 5.5


def ruler_signs(duplex: str) -> tuple[int, int]:
    """The sign turning a front reading (how far right and up the back's cross shows) into the
    offset for the back page: long edge mirrors x, short edge mirrors y."""
    return (1, -1) if duplex == "long" else (-1, 1)


def targets(paper: str) -> list[tuple[float, float]]:
    width, height = paper_size(paper)
    return [(width / 2, height / 2), (CORNER_INSET_MM, height - TOP_INSET_MM),
            (width - CORNER_INSET_MM, CORNER_INSET_MM)]


def back_position(paper: str, duplex: str, point: tuple[float, float]) -> tuple[float, float]:
    """Where on the back page a point must be drawn to land behind `point` of the front."""
    width, height = paper_size(paper)
    x, y = point
    return (width - x, y) if duplex == "long" else (x, height - y)


def _number(value: float) -> str:
    return f"{value:g}" if value else "0"


def _front_target(pdf, font: str, centre, signs) -> None:
    cx, cy = centre
    pdf.setLineWidth(FINE_PT)
    pdf.line((cx - TARGET_CROSS_MM) * MM, cy * MM, (cx + TARGET_CROSS_MM) * MM, cy * MM)
    pdf.line(cx * MM, (cy - TARGET_CROSS_MM) * MM, cx * MM, (cy + TARGET_CROSS_MM) * MM)
    steps = round(RULER_REACH_MM / TICK_STEP_MM)
    ruler_y = cy - RULER_GAP_MM              # the ruler across, below the cross: reads X
    ruler_x = cx + RULER_GAP_MM              # the ruler down, right of the cross: reads Y
    pdf.line((cx - RULER_REACH_MM) * MM, ruler_y * MM, (cx + RULER_REACH_MM) * MM, ruler_y * MM)
    pdf.line(ruler_x * MM, (cy - RULER_REACH_MM) * MM, ruler_x * MM, (cy + RULER_REACH_MM) * MM)
    pdf.setFont(font, RULER_NUMBER_PT)
    for step in range(-steps, steps + 1):
        reading = step * TICK_STEP_MM
        whole = step % 2 == 0
        length = 2.0 if whole else 1.0
        x = cx + reading
        pdf.line(x * MM, ruler_y * MM, x * MM, (ruler_y - length) * MM)
        y = cy + reading
        pdf.line(ruler_x * MM, y * MM, (ruler_x + length) * MM, y * MM)
        if step % LABEL_EVERY_STEPS == 0:
            pdf.drawCentredString(x * MM, (ruler_y - 4.0) * MM, _number(signs[0] * reading))
            pdf.drawString((ruler_x + 2.6) * MM, (y - 0.7) * MM, _number(signs[1] * reading))
    pdf.drawCentredString(cx * MM, (ruler_y - 7.8) * MM, "X")
    pdf.drawString((ruler_x + 7.5) * MM, (cy + RULER_REACH_MM + 1.5) * MM, "Y")


def _back_target(pdf, centre) -> None:
    """A bold cross graduated in millimetres: from the back too it reads as a ruler."""
    cx, cy = centre
    pdf.setLineWidth(BOLD_PT)
    pdf.line((cx - BACK_CROSS_MM) * MM, cy * MM, (cx + BACK_CROSS_MM) * MM, cy * MM)
    pdf.line(cx * MM, (cy - BACK_CROSS_MM) * MM, cx * MM, (cy + BACK_CROSS_MM) * MM)
    pdf.setLineWidth(FINE_PT)
    for mm in range(-int(BACK_CROSS_MM), int(BACK_CROSS_MM) + 1):
        if mm == 0:
            continue
        tick = BACK_TICK_LONG_MM if mm % 5 == 0 else BACK_TICK_MM
        pdf.line((cx + mm) * MM, (cy - tick) * MM, (cx + mm) * MM, (cy + tick) * MM)
        pdf.line((cx - tick) * MM, (cy + mm) * MM, (cx + tick) * MM, (cy + mm) * MM)


INSTRUCTIONS = (
    "Print this sheet double-sided at 100% scale, {flip}, on the paper you print cards on.",
    "Hold it to the light, front towards you. Behind each fine cross a bold cross shows through.",
    "Where the bold cross's upright line meets the ruler marked X, read X; where its level line meets",
    "the ruler marked Y, read Y. Then build with:  pnp build GAME --paper {paper} --duplex {duplex} --duplex-offset X,Y",
    "The three targets should read alike; if the corners differ from the centre, use the centre's reading.",
)


def calibration_sheet(paper: str, duplex: str, font_file) -> bytes:
    """The two-page test sheet (front, then back placed for the flip)."""
    font = label_font(str(font_file))
    width, height = (side * MM for side in paper_size(paper))
    flip = "flipping on the long edge" if duplex == "long" else "flipping on the short edge"
    out = io.BytesIO()
    pdf = new_canvas(out, (width, height), font)
    pdf.setTitle(f"pnp duplex calibration, {paper}, {flip}")
    pdf.setFont(font, 13)
    pdf.drawString(15 * MM, height - 18 * MM, f"Duplex calibration · {paper_name(paper)} · {flip}")
    pdf.setFont(font, 8.5)
    for index, line in enumerate(INSTRUCTIONS):
        pdf.drawString(15 * MM, height - (25 + index * 4.6) * MM, line.format(flip=flip, paper=paper, duplex=duplex))
    signs = ruler_signs(duplex)
    for target in targets(paper):
        _front_target(pdf, font, target, signs)
    pdf.setFont(font, 7)
    pdf.drawString(15 * MM, 10 * MM, "Front. The numbers are the offset for the backs, in millimetres.")
    pdf.showPage()
    for target in targets(paper):
        _back_target(pdf, back_position(paper, duplex, target))
    pdf.setFont(font, 7)
    note = "Back of the duplex calibration sheet: the bold crosses, graduated in millimetres."
    pdf.drawCentredString(width / 2, 10 * MM, note)
    pdf.showPage()
    pdf.save()
    return normalise(out.getvalue())
