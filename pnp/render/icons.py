"""Icon URLs, and the check every SVG passes before the typesetter sees it (no WeasyPrint here)."""

import re
from pathlib import Path

from pnp.limits import MAX_FILE_BYTES, MAX_IMAGE_PIXELS, MAX_SVG_USES

ICON_SCHEME = "pnp-icon"
ICON_URL = re.compile(r"^pnp-icon:([a-z0-9-]+)/([0-9a-f]{6})$")
USE_ELEMENT = re.compile(rb"<(?:[a-zA-Z0-9_-]+:)?use\b")


def icon_url(name: str, colour: str) -> str:
    """The URL of an icon drawn in one colour (`#rrggbb`)."""
    return f"{ICON_SCHEME}:{name}/{colour.lstrip('#').lower()}"


def image_problem(path: Path) -> str | None:
    """Why a raster image may not be drawn (more pixels than MAX_IMAGE_PIXELS), or None.
    Only the header is read, so a decompression bomb costs nothing."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as image:
            width, height = image.size
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError, ValueError) as error:
        match = re.search(r"\((\d+) pixels\)", str(error))
        if match:
            return f"{int(match.group(1)):,} pixels, more than {MAX_IMAGE_PIXELS:,} (MAX_IMAGE_PIXELS)"
        return f"not an image pnp can read ({error})"
    if width * height > MAX_IMAGE_PIXELS:
        return f"{width} x {height} pixels, more than {MAX_IMAGE_PIXELS:,} (MAX_IMAGE_PIXELS)"
    return None


def svg_problem(path: Path) -> str | None:
    """Why an SVG file may not be drawn (too large, too many `<use>` copies), or None."""
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        return f"{size:,} bytes, more than {MAX_FILE_BYTES:,} (MAX_FILE_BYTES)"
    uses = len(USE_ELEMENT.findall(path.read_bytes()))
    if uses > MAX_SVG_USES:
        return f"{uses} <use> elements, more than {MAX_SVG_USES} (MAX_SVG_USES)"
    return None
