"""Measuring built PDFs with independent readers (pikepdf for operators, pdfplumber for lines).

Nothing here imports pnp: positions come from the PDF's own content streams.
"""

from dataclasses import dataclass

import pdfplumber
import pikepdf

MM = 72 / 25.4


@dataclass(frozen=True)
class Placement:
    """A form XObject drawn on a page: its box in page points and the clip around it."""

    name: str
    box: tuple[float, float, float, float]   # the form's BBox mapped to the page
    clip: tuple[float, float, float, float] | None

    @property
    def centre(self) -> tuple[float, float]:
        return (self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2


def _multiply(a, b):
    return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])


def _apply(m, x, y):
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def placements(page: pikepdf.Page) -> list[Placement]:
    """Every form XObject drawn on the page with the CTM and clip in force when drawn."""
    found = []
    ctm = (1, 0, 0, 1, 0, 0)
    stack = []
    clip = None
    pending_rect = None
    for operands, operator in pikepdf.parse_content_stream(page):
        op = str(operator)
        if op == "q":
            stack.append((ctm, clip))
        elif op == "Q":
            ctm, clip = stack.pop()
        elif op == "cm":
            ctm = _multiply(tuple(float(v) for v in operands), ctm)
        elif op == "re":
            x, y, w, h = (float(v) for v in operands)
            (x0, y0), (x1, y1) = _apply(ctm, x, y), _apply(ctm, x + w, y + h)
            pending_rect = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        elif op == "W":
            clip = pending_rect
        elif op == "Do":
            name = str(operands[0])
            xobject = page.obj.Resources.XObject[name]
            if xobject.get("/Subtype") != "/Form":
                continue
            matrix = tuple(float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0]))
            full = _multiply(matrix, ctm)
            bx0, by0, bx1, by1 = (float(v) for v in xobject.BBox)
            corners = [_apply(full, x, y) for x in (bx0, bx1) for y in (by0, by1)]
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            found.append(Placement(name, (min(xs), min(ys), max(xs), max(ys)), clip))
    return found


def crop_marks(pdf_path, page_index: int) -> tuple[list[float], list[float]]:
    """Cut positions shown by crop marks: lines that run in from an edge of the sheet.

    Returns the x of each vertical mark and the y (from the bottom) of each horizontal one,
    with the sides each was found on, so a test can check marks on all four sides.
    """
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[page_index]
        width, height = float(page.width), float(page.height)
        xs: dict = {}
        ys: dict = {}
        for line in page.lines:
            x0, x1, top, bottom = (float(line[k]) for k in ("x0", "x1", "top", "bottom"))
            if abs(x0 - x1) < 0.01:
                sides = {"top"} if top < 0.01 else {"bottom"} if bottom > height - 0.01 else set()
                if sides:
                    xs.setdefault(round(x0, 2), set()).update(sides)
            elif abs(top - bottom) < 0.01:
                sides = {"left"} if x0 < 0.01 else {"right"} if x1 > width - 0.01 else set()
                if sides:
                    ys.setdefault(round(height - top, 2), set()).update(sides)
        return xs, ys


def line_widths(pdf_path, page_index: int) -> list[float]:
    with pdfplumber.open(pdf_path) as pdf:
        return [float(line["linewidth"]) for line in pdf.pages[page_index].lines]
