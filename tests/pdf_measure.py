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


@dataclass(frozen=True)
class Trim:
    """A card's trim found on a rasterised page, in mm from the page's top-left corner."""

    left: float
    top: float
    width: float
    height: float
    turned: bool = False        # drawn upside down (half a turn)

    @property
    def centre(self) -> tuple[float, float]:
        return self.left + self.width / 2, self.top + self.height / 2


def page_size_mm(path, index: int) -> tuple[float, float]:
    import pypdfium2 as pdfium

    width, height = pdfium.PdfDocument(str(path))[index].get_size()
    return width / MM, height / MM


COARSE_DPI = 100
FINE_DPI = 2400             # around each fiducial: a device pixel is 0.01 mm, so snapping to it errs less
FINE_WINDOW_MM = 2.4        # half the window rendered around a fiducial: inside its white ring (1.25 + 1.5 mm)


def _weights(rgb, channel: int):
    import numpy as np

    others = np.maximum(*(rgb[:, :, c] for c in range(3) if c != channel))
    return np.clip(rgb[:, :, channel].astype(np.int16) - others, 0, 255).astype(np.float32) / 255


def _fiducials(page, channel: int) -> list[tuple[float, float]]:
    """Centres (mm from the top-left) of the pure red (channel 0) or blue (2) squares: found
    on a coarse rendering, then each measured on a fine rendering of a window around it."""
    import numpy as np
    from scipy import ndimage

    width_pt, height_pt = page.get_size()
    coarse = page.render(scale=COARSE_DPI / 72, rev_byteorder=True).to_numpy()[:, :, :3].astype(np.int16)
    core = _weights(coarse, channel) > 0.5
    labels, count = ndimage.label(core)
    sizes = ndimage.sum(core, labels, range(1, count + 1))
    px = 25.4 / COARSE_DPI
    rough = [((col + 0.5) * px, (row + 0.5) * px) for n, (row, col) in
             enumerate(ndimage.center_of_mass(core, labels, range(1, count + 1))) if sizes[n] >= (1.5 / px) ** 2]
    found = []
    for x, y in rough:
        left, top = (x - FINE_WINDOW_MM) * MM, (y - FINE_WINDOW_MM) * MM
        crop = (left, height_pt - top - 2 * FINE_WINDOW_MM * MM, width_pt - left - 2 * FINE_WINDOW_MM * MM, top)
        fine = page.render(scale=FINE_DPI / 72, crop=crop, rev_byteorder=True).to_numpy()[:, :, :3]
        weight = _weights(fine.astype(np.int16), channel)
        row, col = ndimage.center_of_mass(weight)
        fine_px = 25.4 / FINE_DPI
        found.append((x - FINE_WINDOW_MM + (col + 0.5) * fine_px, y - FINE_WINDOW_MM + (row + 0.5) * fine_px))
    return found


def fiducial_trims(path, index: int, trim_mm=(63.0, 88.0), bleed_mm: float = 3.0) -> list[Trim]:
    """Every card drawn from tests/card_art.py's images on the page, located by its two
    fiducials (their centres weighted by how red, or blue, each pixel is, on a rendering at
    0.01 mm a pixel), whatever tool drew it and however: vector or raster, scaled or not."""
    import pypdfium2 as pdfium

    from tests.card_art import fiducial_fractions

    page = pdfium.PdfDocument(str(path))[index]
    reds, blues = _fiducials(page, 0), _fiducials(page, 2)
    (frx, fry), (fbx, fby) = fiducial_fractions(trim_mm, bleed_mm)
    box_w, box_h = trim_mm[0] + 2 * bleed_mm, trim_mm[1] + 2 * bleed_mm
    expected = ((fbx - frx) * box_w, (fby - fry) * box_h)
    trims = []
    for rx, ry in reds:
        for turned in (False, True):              # upright, or turned half a turn (as some tools put backs)
            sign = -1 if turned else 1
            near = [(bx, by) for bx, by in blues       # within a sixth of the size: a tool may scale the art
                    if abs(bx - rx - sign * expected[0]) < expected[0] / 6
                    and abs(by - ry - sign * expected[1]) < expected[1] / 6]
            if len(near) != 1:
                continue
            bx, by = near[0]
            art_w, art_h = sign * (bx - rx) / (fbx - frx), sign * (by - ry) / (fby - fry)
            # The art's top-left corner (its bottom-right on the page when turned).
            corner_x, corner_y = rx - sign * frx * art_w, ry - sign * fry * art_h
            left = corner_x - art_w if turned else corner_x
            top = corner_y - art_h if turned else corner_y
            trims.append(Trim(left + bleed_mm / box_w * art_w, top + bleed_mm / box_h * art_h,
                              trim_mm[0] / box_w * art_w, trim_mm[1] / box_h * art_h, turned))
    return sorted(trims, key=lambda t: (round(t.top), t.left))


def png_image_data(path) -> bytes:
    """A PNG file's compressed pixel data: its IDAT chunks joined, as PDF takes them."""
    import struct

    data, at, found = open(path, "rb").read(), 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            found += data[at + 8:at + 8 + length]
        at += 12 + length
    return found
