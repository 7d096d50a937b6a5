"""What a page may read of the project: the folders the page cache digests whole, each file
named as the typesetter names it, from the page's base PAGE_BASE."""

import os
from pathlib import Path, PurePosixPath
from urllib.parse import quote, unquote, urljoin, urlsplit

# Pages are typeset as if the project were the folder PAGE_ROOT: what a PDF keeps of an address
# (a link WeasyPrint resolves against the page's base) is then the same wherever the project
# lies, so a rendered page depends on its inputs only (the page cache's key) and never prints
# the folders of the computer that built it. The fetcher reads PAGE_ROOT's files in the project.
PAGE_ROOT = PurePosixPath("/pnp-project")
PAGE_BASE = f"file://{PAGE_ROOT}/"


def page_file(root: Path, name: str, base: str = PAGE_BASE) -> Path | None:
    """The project file a page's name reads (a `src`, an `href`, a `url()`, resolved against
    `base` as the typesetter resolves it), or None: not a file of the project. `pnp check` and
    the fetcher both ask this, so a name is checked exactly when it is read."""
    parts = urlsplit(urljoin(base, name))
    if parts.scheme != "file" or parts.netloc:
        return None
    path = PurePosixPath(os.path.normpath(unquote(parts.path)))
    if not path.is_relative_to(PAGE_ROOT):
        return None
    return Path(root) / path.relative_to(PAGE_ROOT)


def page_url(root: Path, path: Path) -> str:
    """The address the typesetter reads the project file `path` by (a stylesheet's base)."""
    return PAGE_BASE + quote(Path(path).relative_to(root).as_posix())


def outside_readable(relative: Path) -> str | None:
    """Why a page may not read the project file at `relative`, or None. A page reads only
    layouts/ and fonts/: the page cache's key digests those whole folders (pnp.inputs
    .render_inputs), while the card data reaches a page as the text of its HTML; a picture
    kept anywhere else would be served from the cache unchanged after it changed."""
    if relative.parts[:1] in (("layouts",), ("fonts",)):
        return None
    return ("a file outside layouts/ and fonts/, the only folders a page reads (pnp's page cache "
            "digests them whole); move it into layouts/ (say layouts/GAME/pictures/) and name it from there")
