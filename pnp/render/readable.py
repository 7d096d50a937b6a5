"""What a page may read of the project: the folders the page cache digests whole."""

from pathlib import Path


def outside_readable(relative: Path) -> str | None:
    """Why a page may not read the project file at `relative`, or None. A page reads only
    layouts/ and fonts/: the page cache's key digests those whole folders (pnp.inputs
    .render_inputs), while the card data reaches a page as the text of its HTML; a picture
    kept anywhere else would be served from the cache unchanged after it changed."""
    if relative.parts[:1] in (("layouts",), ("fonts",)):
        return None
    return ("a file outside layouts/ and fonts/, the only folders a page reads (pnp's page cache "
            "digests them whole); move it into layouts/ (say layouts/GAME/pictures/) and name it from there")
