"""Card sides as PNG images at a given pixel size, with their resolution recorded (pypdfium2)."""

import io

from PIL import Image

from pnp.export.services import DPI


def rasterise(document, index: int, size: tuple[int, int], trim_only: bool = False) -> Image.Image:
    """Page `index` of a pypdfium2 document at exactly `size` pixels (the whole page, or only
    its TrimBox). The page is drawn at the scale that covers the size; pdfium's rounding up by a
    pixel is cropped off, any other difference (a card image for a sheet cell) resampled."""
    page = document[index]
    crop = (0, 0, 0, 0)
    width, height = page.get_size()
    if trim_only:
        media = page.get_mediabox()
        trim = page.get_trimbox()
        crop = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
        width, height = trim[2] - trim[0], trim[3] - trim[1]
    scale = max(size[0] / width, size[1] / height)
    image = page.render(scale=scale, crop=crop).to_pil().convert("RGB")
    excess = (image.width - size[0], image.height - size[1])
    if 0 <= min(excess) and max(excess) <= 1:
        image = image.crop((0, 0, *size))
    elif image.size != size:
        image = image.resize(size, Image.Resampling.LANCZOS)
    return image


def png_bytes(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(DPI, DPI), optimize=False, compress_level=6)
    return out.getvalue()
