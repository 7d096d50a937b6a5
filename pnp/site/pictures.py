"""Pictures for the download page, drawn from the game's own PDFs (pypdfium2, Pillow).

Each picture is a page drawn to pixels, which costs memory by the page's area: a stylesheet's
`@page { size: 1mm 10m }` would ask gigabytes for a 240-pixel-wide thumbnail. So the pixels of
every drawing are counted from the page's size before it is drawn, and refused past
MAX_IMAGE_PIXELS (exit 2, naming the PDF and its page size).
"""

import io
import math

import pypdfium2 as pdfium
from PIL import Image, ImageColor, ImageFilter

from pnp.contained import stage
from pnp.errors import DataError, Problem
from pnp.limits import MAX_IMAGE_PIXELS
from pnp.render.marks import GAP_PADDING_MM, SCALE_BAR_MM
from pnp.render.sheet_layout import MM, PRINTER_MARGIN_MM, SheetLayout

THUMBNAIL_WIDTH_PX = 240
PNG_COMPRESSION = 6            # zlib's default: 9 took three times as long for 5 % less (bench/publish.py)
COVER_SIZE_PX = (960, 600)
COVER_CARD_HEIGHT_PX = 420
COVER_FAN_DEGREES = 8.0
COVER_SPACING = 0.9            # distance between neighbouring cards, in card widths
SHADOW_BLUR_PX = 10
SHADOW_OFFSET_PX = (6, 10)
SCALE_BAR_DPI = 300
SCALE_BAR_MARGIN_MM = 1.5          # around the bar: clear of the crop mark before it and the label after


def _png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=PNG_COMPRESSION)
    return out.getvalue()


def _page_size_problem(shown: str, width_pt: float, height_pt: float, pixels: float) -> DataError:
    size = f"{width_pt / MM:.1f} x {height_pt / MM:.1f} mm"
    return DataError([Problem(shown, None, "(page size)", "pages whose pictures for the site take at most "
                              f"{MAX_IMAGE_PIXELS:,} pixels (MAX_IMAGE_PIXELS)",
                              f"a page of {size}" + (f", {pixels:,.0f} pixels" if math.isfinite(pixels) else ""),
                              "Give the pages a size a printer takes (the @page size of the stylesheet)")])


def _drawn(page, scale: float, shown: str, crop=(0, 0, 0, 0)) -> Image.Image:
    """The page (less `crop`, in points) drawn at `scale` pixels per point, its pixels counted
    from its size first."""
    width, height = page.get_width() - crop[0] - crop[2], page.get_height() - crop[1] - crop[3]
    pixels = math.ceil(width * scale) * math.ceil(height * scale) if all(
        math.isfinite(value) and value > 0 for value in (width, height, scale)) else math.inf
    if pixels > MAX_IMAGE_PIXELS:
        raise _page_size_problem(shown, page.get_width(), page.get_height(), pixels)
    with stage(shown, "drawing a picture of a page for the site"):
        return page.render(scale=scale, crop=crop).to_pil()


def _scale_to(pixels: int, points: float) -> float:
    return pixels / points if math.isfinite(points) and points > 0 else math.inf


def thumbnail(pdf: bytes, shown: str = "a PDF of the game") -> tuple[bytes, tuple[int, int]]:
    """The first page, THUMBNAIL_WIDTH_PX wide, and its size in pixels (`shown` names the PDF
    in messages)."""
    document = pdfium.PdfDocument(pdf)
    try:
        page = document[0]
        image = _drawn(page, _scale_to(THUMBNAIL_WIDTH_PX, page.get_width()), shown).convert("RGB")
    finally:
        document.close()
    return _png(image), image.size


def _trimmed_faces(card_pdf: bytes, pages: list[int], size_px: int, side: int, shown: str) -> list:
    """Each page's card face, its trim only, drawn `size_px` along its width (side 0) or its
    height (side 1)."""
    document = pdfium.PdfDocument(card_pdf)
    faces = []
    try:
        for index in pages:
            page = document[index]
            media, trim = page.get_mediabox(), page.get_trimbox()
            crop = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
            faces.append(_drawn(page, _scale_to(size_px, trim[2 + side] - trim[side]), shown, crop))
    finally:
        document.close()
    return faces


def card_faces(card_pdf: bytes, pages: list[int], width_px: int, shown: str = "a deck's cards") -> list:
    """Each page's card face, trim only, `width_px` wide: (PNG, (width, height))."""
    faces = [face.convert("RGB") for face in _trimmed_faces(card_pdf, pages, width_px, 0, shown)]
    return [(_png(face), face.size) for face in faces]


def cover(card_pdf: bytes, pages: list[int], background: str, shown: str = "the cover's cards") -> bytes:
    """Card faces (trim only) fanned across a band of the game's colour."""
    faces = [face.convert("RGBA") for face in _trimmed_faces(card_pdf, pages, COVER_CARD_HEIGHT_PX, 1, shown)]
    canvas = Image.new("RGBA", COVER_SIZE_PX, ImageColor.getrgb(background) + (255,))
    middle = (len(faces) - 1) / 2
    for position, face in enumerate(faces):
        offset = position - middle
        turned = face.rotate(-offset * COVER_FAN_DEGREES, resample=Image.Resampling.BICUBIC, expand=True)
        x = COVER_SIZE_PX[0] // 2 + round(offset * face.width * COVER_SPACING) - turned.width // 2
        y = (COVER_SIZE_PX[1] - turned.height) // 2 + round(abs(offset) * 18)
        shadow = Image.new("RGBA", turned.size, (0, 0, 0, 0))
        shadow.putalpha(turned.getchannel("A").point(lambda a: a * 0.55))
        shadow = shadow.filter(ImageFilter.GaussianBlur(SHADOW_BLUR_PX))
        canvas.alpha_composite(shadow, (x + SHADOW_OFFSET_PX[0], y + SHADOW_OFFSET_PX[1]))
        canvas.alpha_composite(turned, (x, y))
    return _png(canvas.convert("RGB"))


def scale_bar(sheet_pdf: bytes, layout: SheetLayout, shown: str = "a sheet of cards") -> tuple[bytes, tuple[int, int]]:
    """The 50 mm scale bar of a sheet's first page, cut out and turned to read left to right,
    and its size in pixels."""
    document = pdfium.PdfDocument(sheet_pdf)
    scale = SCALE_BAR_DPI / 72
    try:
        image = _drawn(document[0], scale, shown).convert("RGB")
    finally:
        document.close()
    px = lambda mm: round(mm * MM * scale)        # noqa: E731 (a unit, read once)
    low, high = PRINTER_MARGIN_MM - 1.0, PRINTER_MARGIN_MM + 4.5     # the bar and its caption
    if layout.label_side == "bottom":
        start = layout.x.cuts[0] + GAP_PADDING_MM - SCALE_BAR_MARGIN_MM
        box = (px(start), image.height - px(high), px(start + SCALE_BAR_MM + 2 * SCALE_BAR_MARGIN_MM),
               image.height - px(low))
        bar = image.crop(box)
        return _png(bar), bar.size
    top = layout.height - layout.y.cuts[-1] + GAP_PADDING_MM - SCALE_BAR_MARGIN_MM
    box = (px(low), px(top), px(high), px(top + SCALE_BAR_MM + 2 * SCALE_BAR_MARGIN_MM))
    bar = image.crop(box).rotate(90, expand=True)
    return _png(bar), bar.size
