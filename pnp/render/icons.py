"""Icon URLs: an icon in one colour, served by the project fetcher (no WeasyPrint needed here)."""

import re

ICON_SCHEME = "pnp-icon"
ICON_URL = re.compile(r"^pnp-icon:([a-z0-9-]+)/([0-9a-f]{6})$")


def icon_url(name: str, colour: str) -> str:
    """The URL of an icon drawn in one colour (`#rrggbb`)."""
    return f"{ICON_SCHEME}:{name}/{colour.lstrip('#').lower()}"
