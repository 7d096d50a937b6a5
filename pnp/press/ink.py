"""Total ink: kept within the press's limit, and measured on the separated pages.

Total ink (total area coverage) is the sum of the four inks at a point, 400 % at most; a press
or its paper takes only so much before it smears or sets off (300 % on coated offset, 240 % for
DriveThru's print on demand). A colour over the limit is brought under it by under-colour removal,
as a RIP does: an equal part of cyan, magenta and yellow (the grey they make together) is taken
out and the same part of black put in, which keeps the colour's darkness; whatever is still over
(black already full) comes off cyan, magenta and yellow in proportion.
"""

import warnings
from dataclasses import dataclass

import numpy as np
import pikepdf

from pnp.press.streams import numbers, rewrite_streams

LIMIT_MARGIN = 1.0          # per cent kept under the limit, for the 8-bit rounding of a separation
RICH_BLACK_TOTAL = 2.6      # a black area: 100 % black with its colour under it, 260 % in all (or the limit)


def limited(c: float, m: float, y: float, k: float, limit: float) -> tuple[float, float, float, float]:
    """One CMYK colour (each ink 0-1) with its total at most `limit` (a fraction: 3.0 for 300 %)."""
    return tuple(float(ink) for ink in limited_pixels(np.array([c, m, y, k], dtype=np.float64), limit))


def rich_black(c: float, m: float, y: float, k: float, limit: float) -> tuple[float, float, float, float]:
    """A black area's colour (pnp.press.rich_black) as a rich black: full black ink, with cyan,
    magenta and yellow under it in the colour's own proportions up to RICH_BLACK_TOTAL (or the
    limit)."""
    rich = rich_black_pixels(np.array([c, m, y, k], dtype=np.float64), np.array(True), limit)
    return tuple(float(ink) for ink in rich)


def rich_black_pixels(cmyk: np.ndarray, black: np.ndarray, limit: float) -> np.ndarray:
    """`rich_black` over the pixels of `cmyk` (the last axis, 0-1) where `black` is true."""
    c, m, y, k = (cmyk[..., i] for i in range(4))
    colour = c + m + y
    scale = np.where(black, (min(RICH_BLACK_TOTAL, limit) - 1.0) / np.where(colour > 0, colour, 1.0), 1.0)
    return np.stack([c * scale, m * scale, y * scale, np.where(black, 1.0, k)], axis=-1)


def limited_pixels(cmyk: np.ndarray, limit: float) -> np.ndarray:
    """`limited` over an array of CMYK values (the last axis, 0-1)."""
    c, m, y, k = (cmyk[..., i] for i in range(4))
    total = c + m + y + k
    removed = np.clip(np.minimum.reduce([c, m, y, 1.0 - k, (total - limit) / 2]), 0.0, None)
    c, m, y, k = c - removed, m - removed, y - removed, k + removed
    colour = c + m + y
    over = (colour + k > limit) & (colour > 0)
    scale = np.where(over, np.clip(limit - k, 0.0, None) / np.where(colour > 0, colour, 1.0), 1.0)
    return np.stack([c * scale, m * scale, y * scale, k], axis=-1)


def _target(limit_percent: float) -> float:
    return (limit_percent - LIMIT_MARGIN) / 100


def _limit_operands(operands, limit: float) -> list | None:
    values = numbers(operands)
    if len(values) != 4 or sum(values) <= limit:
        return None
    return [round(value, 4) for value in limited(*values, limit)]


def _ink_rewrite(limit: float):
    def rewrite(instructions: list, resources) -> list:
        out, changed = [], False
        fill_cmyk = stroke_cmyk = False
        for instruction in instructions:
            operator = str(getattr(instruction, "operator", ""))
            if operator == "cs":
                fill_cmyk = str(instruction.operands[0]) == "/DeviceCMYK"
            elif operator == "CS":
                stroke_cmyk = str(instruction.operands[0]) == "/DeviceCMYK"
            cmyk = (operator in ("k", "K") or (operator in ("sc", "scn") and fill_cmyk)
                    or (operator in ("SC", "SCN") and stroke_cmyk))
            values = _limit_operands(instruction.operands, limit) if cmyk else None
            if values is not None:
                instruction = pikepdf.ContentStreamInstruction(values, instruction.operator)
                changed = True
            out.append(instruction)
        return out if changed else instructions
    return rewrite


def _limit_function(function, limit: float) -> None:
    """A shading's exponential (C0, C1) and stitching functions brought under the limit."""
    if not isinstance(function, pikepdf.Dictionary):
        if isinstance(function, pikepdf.Array):
            for part in function:
                _limit_function(part, limit)
        return
    for key in ("/C0", "/C1"):
        values = _limit_operands(function.get(key) or [], limit)
        if values is not None:
            function[key] = pikepdf.Array(values)
    for part in function.get("/Functions") or []:
        _limit_function(part, limit)


def _limit_images(pdf: pikepdf.Pdf, limit: float) -> None:
    for obj in pdf.objects:
        if not isinstance(obj, pikepdf.Stream) or obj.get("/Subtype") != "/Image":
            continue
        if obj.get("/ColorSpace") != "/DeviceCMYK" or obj.get("/BitsPerComponent") != 8:
            continue
        if obj.get("/Decode") is not None:
            continue                        # a remapped image is left as it is; the separation measures it
        with warnings.catch_warnings():             # pikepdf's note on a masked image: the mask is kept as it is
            warnings.simplefilter("ignore")
            picture = pikepdf.PdfImage(obj).as_pil_image()
        if picture.mode != "CMYK":
            continue
        values = np.asarray(picture, dtype=np.float64) / 255
        if (values.sum(axis=-1) <= limit).all():
            continue
        pixels = np.clip(np.rint(limited_pixels(values, limit) * 255), 0, 255).astype(np.uint8)
        obj.write(pixels.tobytes())             # compressed again (Flate) as the document is saved
        if "/DecodeParms" in obj:
            del obj["/DecodeParms"]


def limit_ink(pdf: pikepdf.Pdf, limit_percent: float) -> None:
    """Every CMYK colour of the document (paths, text, shadings, images) within the limit."""
    limit = _target(limit_percent)
    rewrite_streams(pdf, _ink_rewrite(limit))
    for obj in pdf.objects:
        if (isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)) and obj.get("/ShadingType") is not None
                and obj.get("/ColorSpace") == "/DeviceCMYK"):
            _limit_function(obj.get("/Function"), limit)
    _limit_images(pdf, limit)


@dataclass(frozen=True)
class InkPeak:
    page: int                   # 1-based
    percent: float              # the most ink at a point of the page
    x_mm: float                 # where, from the page's top left corner
    y_mm: float


def ink_peak(raster, dpi: int, page: int) -> InkPeak:
    """The most ink on a page of a separation (a Pillow CMYK image), and where it is."""
    total = np.asarray(raster, dtype=np.uint16).sum(axis=-1)
    row, column = np.unravel_index(int(total.argmax()), total.shape)
    return InkPeak(page, float(total[row, column]) * 100 / 255, (column + 0.5) * 25.4 / dpi, (row + 0.5) * 25.4 / dpi)


def ink_peaks(rasters, dpi: int) -> list[InkPeak]:
    """The most ink on each page of a separation, and where it is."""
    return [ink_peak(raster, dpi, number) for number, raster in enumerate(rasters, start=1)]
