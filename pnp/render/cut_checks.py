"""Every cut piece on a sheet can be cut: crop marks on each of its edges, and a round piece's
cut line showing against the piece's own edge colour.

Measured on the sheet's marks as drawn (the PDF's line segments and stroke colours, read back
with pikepdf), not on the code that meant to draw them; the piece's edge colour is read from its
rendered page, on its trim circle.
"""

import io
import math

import pikepdf

from pnp.render.colours import MIN_CUT_LINE_CONTRAST, contrast, hex_colour
from pnp.render.sheet_layout import MM

TOLERANCE_MM = 0.1
EDGE_SAMPLES = 72                 # points read round a round piece's trim circle
EDGE_INSET_MM = 0.6               # read just inside the cut: what the cut line is seen against
PIXELS_PER_MM = 4


def _segments_and_strokes(page) -> tuple[list, list]:
    """Straight segments (mm, from the sheet's bottom-left) and the colours of stroked curves."""
    segments, curve_colours = [], []
    matrix = [1, 0, 0, 1, 0, 0]
    saved = []
    stroke = (0.0, 0.0, 0.0)
    path: list = []
    curved = False
    point = (0.0, 0.0)

    def place(x, y):
        a, b, c, d, e, f = matrix
        return ((a * x + c * y + e) / MM, (b * x + d * y + f) / MM)

    for operands, operator in pikepdf.parse_content_stream(page):
        name = str(operator)
        try:
            values = [float(v) for v in operands]
        except (TypeError, ValueError):
            values = []
        if name == "q":
            saved.append((list(matrix), stroke))
        elif name == "Q" and saved:
            matrix, stroke = saved.pop()
        elif name == "cm" and len(values) == 6:
            a, b, c, d, e, f = values
            A, B, C, D, E, F = matrix
            matrix = [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F]
        elif name == "RG" and len(values) == 3:
            stroke = tuple(values)
        elif name == "G" and len(values) == 1:
            stroke = (values[0],) * 3
        elif name == "m" and len(values) == 2:
            point = place(*values)
        elif name == "l" and len(values) == 2:
            end = place(*values)
            path.append((point, end))
            point = end
        elif name == "c" and len(values) == 6:
            curved = True
            point = place(*values[4:])
        elif name in ("S", "s", "B", "b", "B*", "b*"):
            segments += path
            if curved:
                curve_colours.append(stroke)
            path, curved = [], False
        elif name in ("n", "f", "F", "f*"):
            path, curved = [], False
    return segments, curve_colours


def _has_mark(segments, along: str, at: float, low: float, high: float) -> bool:
    """A segment on the line x = at (along "x") or y = at, outside the piece's [low, high]."""
    for (x0, y0), (x1, y1) in segments:
        if along == "x" and abs(x0 - at) < TOLERANCE_MM and abs(x1 - at) < TOLERANCE_MM:
            if max(y0, y1) <= low + TOLERANCE_MM or min(y0, y1) >= high - TOLERANCE_MM:
                return True
        if along == "y" and abs(y0 - at) < TOLERANCE_MM and abs(y1 - at) < TOLERANCE_MM:
            if max(x0, x1) <= low + TOLERANCE_MM or min(x0, x1) >= high - TOLERANCE_MM:
                return True
    return False


def edge_colours(cards_pdf: bytes) -> list[tuple[float, float, float]]:
    """The colours just inside the trim circle of each card page (faces and backs)."""
    import pypdfium2

    document = pypdfium2.PdfDocument(io.BytesIO(cards_pdf))
    found = []
    for index in range(len(document)):
        page = document[index]
        image = page.render(scale=PIXELS_PER_MM * 25.4 / 72).to_pil().convert("RGB")
        trim = page.get_trimbox()
        media = page.get_mediabox()
        left, top = (trim[0] - media[0]) / 72 * 25.4, (media[3] - trim[3]) / 72 * 25.4
        width, height = (trim[2] - trim[0]) / 72 * 25.4, (trim[3] - trim[1]) / 72 * 25.4
        radius = min(width, height) / 2 - EDGE_INSET_MM
        for step in range(EDGE_SAMPLES):
            angle = 2 * math.pi * step / EDGE_SAMPLES
            x = (left + width / 2 + radius * math.cos(angle)) * PIXELS_PER_MM
            y = (top + height / 2 + radius * math.sin(angle)) * PIXELS_PER_MM
            pixel = image.getpixel((min(image.width - 1, int(x)), min(image.height - 1, int(y))))
            found.append(tuple(channel / 255 for channel in pixel))
    return found


def cut_findings(marks_pdf: bytes, slots_per_page: list, shape: str, edges: list | None = None) -> list[str]:
    """What stops a piece from being cut: an edge without crop marks, or (round pieces) a cut
    line that does not reach 3:1 against the piece's edge colour with any of its colours."""
    found = []
    document = pikepdf.open(io.BytesIO(marks_pdf))
    for number, (page, slots) in enumerate(zip(document.pages, slots_per_page), 1):
        segments, curve_colours = _segments_and_strokes(page)
        for slot in slots:
            x0, x1, y0, y1 = slot.x, slot.x + slot.width, slot.y, slot.y + slot.height
            missing = [side for side, along, at, low, high in (
                ("left", "x", x0, y0, y1), ("right", "x", x1, y0, y1),
                ("bottom", "y", y0, x0, x1), ("top", "y", y1, x0, x1)) if not _has_mark(segments, along, at, low, high)]
            if missing:
                found.append(f"sheet {number}: the piece at x {x0:.1f}, y {y0:.1f} mm (from the sheet's bottom left) "
                             f"has no crop marks on its {', '.join(missing)} edge{'s' if len(missing) > 1 else ''}")
        curve_colours = list(dict.fromkeys(curve_colours))
        if shape == "circle" and slots:
            if not curve_colours:
                found.append(f"sheet {number}: the round pieces have no cut line")
            elif edges:
                worst = min(edges, key=lambda edge: max(contrast(c, edge) for c in curve_colours))
                best = max(contrast(c, worst) for c in curve_colours)
                if best < MIN_CUT_LINE_CONTRAST:
                    found.append(f"sheet {number}: the cut line ({', '.join(hex_colour(c) for c in curve_colours)}) "
                                 f"has contrast {best:.2f}:1 against the pieces' edge {hex_colour(worst)}, under "
                                 f"{MIN_CUT_LINE_CONTRAST:g}:1")
    return found
