"""How much ink a PDF takes: the mean darkness of its pages, rasterised (pypdfium2).

Darkness is 1 - grey level, averaged over every pixel of every page: 0 for blank paper, 1
for solid black. A coarse rendering is enough for a mean (COVERAGE_DPI), and cheap: about
2 ms a page. A file's figure is kept in the user's cache under the digest of its bytes (and of
what measured it: pnp's source, the rasteriser's version), so a rebuild rasterises only the
files that changed.
"""

import hashlib
from pathlib import Path

COVERAGE_DPI = 15
FOLDER = "ink"


def ink_coverage(pdf: Path | bytes) -> float:
    import pypdfium2 as pdfium
    from PIL import ImageStat

    document = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        total, pixels = 0.0, 0
        for page in document:
            grey = page.render(scale=COVERAGE_DPI / 72, grayscale=True).to_pil().convert("L")
            count = grey.width * grey.height
            total += (255 - ImageStat.Stat(grey).mean[0]) / 255 * count
            pixels += count
        return total / pixels if pixels else 0.0
    finally:
        document.close()


def file_ink_coverage(path: Path) -> float:
    """ink_coverage of a written file, as kept for its bytes when it was measured before."""
    return kept_ink_coverage(path.read_bytes())


def ink_is_kept() -> bool:
    """Whether figures are kept (the user's cache is on and signs what it keeps)."""
    from pnp.user_cache import enabled, secret

    return enabled() and secret() is not None


def kept_ink_coverage(data: bytes) -> float:
    """ink_coverage of a PDF, kept in the user's cache for its bytes: measured once."""
    from importlib.metadata import version

    from pnp.tables import source_digest
    from pnp.user_cache import read_signed, user_folder, write_signed

    if not ink_is_kept():
        return ink_coverage(data)
    measured_by = f"{COVERAGE_DPI} {version('pypdfium2')} {version('pillow')} {source_digest()}"
    digest = hashlib.sha256(measured_by.encode() + b"\n" + data).hexdigest()
    entry, key = user_folder() / FOLDER / digest, f"ink {digest}"
    try:
        return float(read_signed(entry, key))
    except (TypeError, ValueError):      # none kept, or not a figure
        coverage = ink_coverage(data)
        write_signed(entry, key, repr(coverage).encode())
        return coverage
