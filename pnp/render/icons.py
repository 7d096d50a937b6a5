"""Icon URLs, and the check every SVG passes before the typesetter sees it (no WeasyPrint here)."""

import re
from pathlib import Path

from pnp.limits import MAX_FILE_BYTES, MAX_SVG_USES

ICON_SCHEME = "pnp-icon"
ICON_URL = re.compile(r"^pnp-icon:([a-z0-9-]+)/([0-9a-f]{6})$")
USE_ELEMENT = re.compile(rb"<(?:[a-zA-Z0-9_-]+:)?use\b")


def icon_url(name: str, colour: str) -> str:
    """The URL of an icon drawn in one colour (`#rrggbb`)."""
    return f"{ICON_SCHEME}:{name}/{colour.lstrip('#').lower()}"


def svg_problem(path: Path) -> str | None:
    """Why an SVG file may not be drawn (too large, too many `<use>` copies), or None."""
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        return f"{size:,} bytes, more than {MAX_FILE_BYTES:,} (MAX_FILE_BYTES)"
    uses = len(USE_ELEMENT.findall(path.read_bytes()))
    if uses > MAX_SVG_USES:
        return f"{uses} <use> elements, more than {MAX_SVG_USES} (MAX_SVG_USES)"
    return None
