"""Icon URLs: how a layout names an icon of layouts/icons/ drawn in one colour, which the
typesetter's fetcher (pnp/render/fetcher.py) reads."""

import re


ICON_SCHEME = "pnp-icon"
ICON_URL = re.compile(r"^pnp-icon:([a-z0-9-]+)/([0-9a-f]{6})$")


def icon_url(name: str, colour: str) -> str:
    """The URL of an icon drawn in one colour (`#rrggbb`)."""
    return f"{ICON_SCHEME}:{name}/{colour.lstrip('#').lower()}"
