"""The only way WeasyPrint reads anything: files inside the project, and coloured icons.

Each file is read through `pnp.files.read_bytes` (a descriptor walked down from the project
folder with no link followed, a plain file within MAX_FILE_BYTES), and the checks of pictures
run on the very bytes handed to WeasyPrint: a folder swapped for a link between a check and
a read, or a file rewritten in between, cannot bring in anything else."""

import mimetypes
import os
from pathlib import Path
from urllib.parse import urlsplit

import pnp.render.weasyprint_loader  # noqa: F401  (before WeasyPrint: its libraries found so)
from weasyprint.urls import URLFetcher, URLFetcherResponse

from pnp.errors import DataError
from pnp.files import read_bytes
from pnp.picture_checks import picture_problem
from pnp.render.icons import ICON_SCHEME, ICON_URL
from pnp.render.readable import outside_readable, page_file

NOT_PICTURES = (".css", ".woff", ".woff2", ".ttf", ".otf")      # what a page reads that is not drawn



def served_problem(data: bytes, name: str) -> str | None:
    """Why the file (its bytes as read) may not be served, or None: a stylesheet or a font
    passes; anything else is a picture (an <embed> or <object> names any file)."""
    return None if Path(name).suffix.lower() in NOT_PICTURES else picture_problem(data, name)


def project_bytes(root: Path, path: Path) -> bytes:
    """A file of the project as `read_bytes` reads it, a refusal as the PermissionError
    WeasyPrint reports (with the reason: the file, what was expected, what was found)."""
    shown = path.relative_to(root) if path.is_relative_to(root) else path
    try:
        return read_bytes(path, shown, root)
    except DataError as error:
        raise PermissionError("; ".join(str(problem) for problem in error.problems)) from None


def _below(root: Path, folder: Path) -> Path:
    """`folder` relative to the project folder, whether given through the same links or not."""
    folder = Path(os.path.normpath(folder.absolute()))
    for base in (Path(os.path.normpath(root.absolute())), root.resolve()):
        if folder.is_relative_to(base):
            return folder.relative_to(base)
    return folder.resolve().relative_to(root.resolve())


class ReadBytes(URLFetcherResponse):
    """A response that is only the bytes read and checked. WeasyPrint takes a `file:`
    response's `path` as leave to read a raster picture again, by name and following links,
    when it writes the PDF (images.LazyLocalImage): a folder swapped for a link in between
    would put another file's bytes on the page. With no path, the bytes read here are drawn."""

    @property
    def path(self):
        return None


class ProjectFetcher(URLFetcher):
    """Serves the files of layouts/ and fonts/ and icons; refuses the network, the rest of the
    project and anything outside it."""

    def __init__(self, root: Path, icons: Path):
        super().__init__(fail_on_errors=True)
        self.root = Path(root).resolve()
        self.icons = self.root / _below(Path(root), Path(icons))

    def fetch(self, url, headers=None):
        if url.startswith(ICON_SCHEME + ":"):
            return self.icon(url)
        if urlsplit(url).scheme != "file":
            raise PermissionError(f"{url}: only files inside the project may be read")
        path = page_file(self.root, url)
        if path is None:
            raise PermissionError(f"{url}: outside the project (a page names a file by its place in the "
                                  "project, say layouts/GAME/pictures/map.png)")
        refused = outside_readable(path.relative_to(self.root))
        if refused:
            raise PermissionError(f"{path.relative_to(self.root)}: {refused}")
        data = project_bytes(self.root, path)
        problem = served_problem(data, path.name)
        if problem:
            raise PermissionError(f"{path.relative_to(self.root)}: {problem}")
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return ReadBytes(url, data, {"Content-Type": kind})

    def icon(self, url: str):
        return ReadBytes(url, coloured_icon(self.root, self.icons, url), {"Content-Type": "image/svg+xml"})


def coloured_icon(root: Path, icons: Path, url: str) -> bytes:
    """The SVG an icon URL names (pnp/render/icons.py), drawn in its colour; a file that is not a
    safe picture is refused (PermissionError, as the fetcher reports it)."""
    match = ICON_URL.match(url)
    if not match:
        raise PermissionError(f"malformed icon URL {url}")
    name, colour = match.groups()
    path = icons / f"{name}.svg"
    data = project_bytes(root, path)
    problem = picture_problem(data, path.name)
    if problem:
        raise PermissionError(f"icon {name}: {problem}")
    try:
        svg = data.decode("utf-8")
    except UnicodeDecodeError:
        raise PermissionError(f"icon {name}: not UTF-8 text; save the SVG as UTF-8") from None
    return svg.replace("currentColor", f"#{colour}").encode()
