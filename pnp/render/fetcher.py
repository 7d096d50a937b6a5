"""The only way WeasyPrint reads anything: files inside the project, and coloured icons."""

import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint.urls import URLFetcher, URLFetcherResponse

from pnp.render.icons import ICON_SCHEME, ICON_URL, icon_url  # noqa: F401  (icon_url: re-exported)


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
            svg = (self.icons / f"{name}.svg").read_text(encoding="utf-8")
            svg = svg.replace("currentColor", f"#{colour}")
            return URLFetcherResponse(url, svg.encode(), {"Content-Type": "image/svg+xml"})
        parts = urlsplit(url)
        if parts.scheme != "file":
            raise PermissionError(f"{url}: only files inside the project may be read")
        path = Path(unquote(parts.path)).resolve()
        if not path.is_relative_to(self.root):
            raise PermissionError(f"{url}: outside the project folder {self.root}")
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": kind})
