"""Pictures for the download page, drawn from the game's own PDFs (pypdfium2, Pillow)."""

import io

import pypdfium2 as pdfium
from PIL import Image, ImageColor, ImageFilter

from pnp.render.marks import GAP_PADDING_MM, SCALE_BAR_MM
from pnp.render.sheet_layout import MM, PRINTER_MARGIN_MM, SheetLayout

THUMBNAIL_WIDTH_PX = 240
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
    image.save(out, format="PNG", optimize=False, compress_level=9)
    return out.getvalue()


def thumbnail(pdf: bytes) -> tuple[bytes, tuple[int, int]]:
    """The first page, THUMBNAIL_WIDTH_PX wide, and its size in pixels."""
    document = pdfium.PdfDocument(pdf)
    page = document[0]
    image = page.render(scale=THUMBNAIL_WIDTH_PX / page.get_width()).to_pil().convert("RGB")
    document.close()
    return _png(image), image.size


def cover(card_pdf: bytes, pages: list[int], background: str) -> bytes:
    """Card faces (trim only) fanned across a band of the game's colour."""
    document = pdfium.PdfDocument(card_pdf)
    faces = []
    for index in pages:
        page = document[index]
        media, trim = page.get_mediabox(), page.get_trimbox()
        crop = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
        scale = COVER_CARD_HEIGHT_PX / (trim[3] - trim[1])
        faces.append(page.render(scale=scale, crop=crop).to_pil().convert("RGBA"))
    document.close()
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


def scale_bar(sheet_pdf: bytes, layout: SheetLayout) -> tuple[bytes, tuple[int, int]]:
    """The 50 mm scale bar of a sheet's first page, cut out and turned to read left to right,
    and its size in pixels."""
    document = pdfium.PdfDocument(sheet_pdf)
    page = document[0]
    scale = SCALE_BAR_DPI / 72
    image = page.render(scale=scale).to_pil().convert("RGB")
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
