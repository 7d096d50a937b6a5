"""The only way WeasyPrint reads anything: files inside the project, and coloured icons."""

import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint.urls import URLFetcher, URLFetcherResponse

from pnp.limits import MAX_FILE_BYTES

from pnp.render.icons import ICON_SCHEME, ICON_URL, icon_url, image_problem, svg_problem  # noqa: F401

RASTER_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff")


class ProjectFetcher(URLFetcher):
    """Serves project files and icons; refuses the network, absolute paths outside the project."""

    def __init__(self, root: Path, icons: Path):
        super().__init__(fail_on_errors=True)
        self.root = root.resolve()
        self.icons = icons.resolve()

    def fetch(self, url, headers=None):
        if url.startswith(ICON_SCHEME + ":"):
            match = ICON_URL.match(url)
            if not match:
                raise PermissionError(f"malformed icon URL {url}")
            name, colour = match.groups()
            path = (self.icons / f"{name}.svg").resolve()
            if not path.is_relative_to(self.root) or not path.is_file():
                raise PermissionError(f"icon {name}: no such icon inside the project")
            problem = svg_problem(path)
            if problem:
                raise PermissionError(f"icon {name}: {problem}")
            svg = path.read_text(encoding="utf-8")
            svg = svg.replace("currentColor", f"#{colour}")
            return URLFetcherResponse(url, svg.encode(), {"Content-Type": "image/svg+xml"})
        parts = urlsplit(url)
        if parts.scheme != "file":
            raise PermissionError(f"{url}: only files inside the project may be read")
        path = Path(unquote(parts.path)).resolve()
        if not path.is_relative_to(self.root):
            raise PermissionError(f"{url}: outside the project folder {self.root}")
        if path.suffix.lower() == ".svg" and path.is_file() and svg_problem(path):
            raise PermissionError(f"{url}: {svg_problem(path)}")
        if path.suffix.lower() in RASTER_SUFFIXES and path.is_file() and image_problem(path):
            raise PermissionError(f"{url}: {image_problem(path)}")
        if path.is_file() and path.stat().st_size > MAX_FILE_BYTES:
            raise PermissionError(f"{url}: more than {MAX_FILE_BYTES:,} bytes (MAX_FILE_BYTES)")
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": kind})
