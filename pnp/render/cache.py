"""A cache of rendered PDFs, keyed by everything that goes into them.

The key of a rendering is a hash of its HTML plus a salt: the bytes of every layout, font,
icon and pnp source file, and the versions of the PDF libraries. Same key, same bytes, since
builds are deterministic; any change to an input changes the key. Set PNP_CACHE=off to
render everything afresh.
"""

import hashlib
import os
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

from pnp.atomic import write_atomically

CACHE_FOLDER = Path("output") / ".cache"
LIBRARIES = ("weasyprint", "pikepdf", "reportlab", "fonttools", "pydyf")


def enabled() -> bool:
    return os.environ.get("PNP_CACHE", "on").lower() not in ("off", "0", "no")


@lru_cache(maxsize=None)
def _salt(root: str) -> str:
    digest = hashlib.sha256()
    for library in LIBRARIES:
        try:
            digest.update(f"{library}={version(library)};".encode())
        except Exception:
            digest.update(f"{library}=?;".encode())
    package = Path(__file__).resolve().parent.parent
    folders = [Path(root) / "layouts", Path(root) / "fonts", package]
    for folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            digest.update(str(path.relative_to(folder)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


class RenderCache:
    def __init__(self, root: Path):
        self.folder = root / CACHE_FOLDER
        self.root = root

    def key(self, kind: str, html: str) -> str:
        return hashlib.sha256(f"{_salt(str(self.root))}\n{kind}\n{html}".encode()).hexdigest()

    def get(self, key: str) -> bytes | None:
        path = self.folder / f"{key}.pdf"
        return path.read_bytes() if enabled() and path.is_file() else None

    def put(self, key: str, data: bytes) -> bytes:
        if enabled():
            write_atomically(self.folder / f"{key}.pdf", data)
        return data
