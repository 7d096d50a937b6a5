"""Ghostscript, the colour engine of a press export: its pdfwrite device converts a finished PDF
to CMYK through the press profile (LittleCMS inside), and its tiff32nc device rasterises a CMYK
page as it separates, for measuring total ink.

Ghostscript 10.0 ignores -sOutputICCProfile for pdfwrite: the device converts to the
default_cmyk.icc of its ICCProfilesDir. So each conversion runs with a folder of Ghostscript's
own profiles in which default_cmyk.icc is the press profile.
"""

import functools
import io
import os
import re
import shutil
import subprocess
from pathlib import Path

import pikepdf

from pnp import limits
from pnp.scratch import scratch_folder
from pnp.errors import PnpError, RenderError, readable

INSTALL = ("pnp converts colour for a press with Ghostscript: install it (Debian or Ubuntu: "
           "sudo apt install ghostscript; macOS: brew install ghostscript; Windows: the installer of "
           "ghostscript.com), then run the command again")
RELATIVE_COLORIMETRIC = 1           # Ghostscript's -dRenderIntent: 0 perceptual, 1 relative colorimetric
INTENT_WORDS = "relative colorimetric, with black-point compensation"
INK_DPI = 150
CHUNK_PAGES = 40                    # pages Ghostscript converts in one run (its memory grows with each)
# Pictures keep every pixel: none downsampled, none recompressed as JPEG (Flate, lossless).
KEEP_IMAGES = ("-dPassThroughJPEGImages=false", "-dDownsampleColorImages=false", "-dDownsampleGrayImages=false", "-dDownsampleMonoImages=false",
               "-dAutoFilterColorImages=false", "-dAutoFilterGrayImages=false",
               "-dColorImageFilter=/FlateEncode", "-dGrayImageFilter=/FlateEncode")
GS_PROFILE_NAMES = ("default_gray.icc", "default_rgb.icc", "default_cmyk.icc", "lab.icc")


class GhostscriptMissing(PnpError):
    """No Ghostscript on this machine (exit status 2)."""


def ghostscript() -> str:
    found = shutil.which("gs") or shutil.which("gswin64c") or shutil.which("gswin32c")
    if found is None:
        raise GhostscriptMissing(INSTALL)
    return found


@functools.lru_cache(maxsize=None)
def _profiles_folder(gs: str) -> Path:
    """Ghostscript's own ICC profiles: the iccprofiles folder beside the Resource folder its
    search path names (`gs -h`)."""
    try:
        listing = subprocess.run([gs, "-h"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL, timeout=limits.PRESS_SECONDS,
                                 env={**os.environ, "LC_ALL": "C"}).stdout.decode("utf-8", "replace")
    except (OSError, subprocess.SubprocessError) as error:
        raise GhostscriptMissing(f"Ghostscript could not start ({readable(error, 120)}). {INSTALL}") from None
    candidates = []
    for path in re.split(r"\s*:\s*|\s+", listing):
        if "Resource" in path or "/lib" in path:
            root = Path(path.split("Resource")[0]) if "Resource" in path else Path(path).parent
            candidates.append(root / "iccprofiles")
    for folder in candidates:
        if all((folder / name).is_file() for name in GS_PROFILE_NAMES):
            return folder
    raise RenderError("Ghostscript's colour profiles (its iccprofiles folder, with default_cmyk.icc) were not "
                      "found beside its Resource folder: reinstall Ghostscript")


def _run(command: list[str], doing: str, work: Path) -> None:
    environment = {**os.environ, "LC_ALL": "C", "TMPDIR": str(work), "TEMP": str(work), "TMP": str(work)}
    try:
        done = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=limits.PRESS_SECONDS, env=environment)
    except subprocess.TimeoutExpired:
        raise RenderError(f"Ghostscript did not {doing} within {limits.PRESS_SECONDS} s "
                          f"(PNP_PRESS_SECONDS sets the limit)") from None
    except OSError as error:
        raise GhostscriptMissing(f"Ghostscript could not start ({error.strerror or error}). {INSTALL}") from None
    said = readable(done.stderr.decode("utf-8", "replace") or done.stdout.decode("utf-8", "replace"))
    if done.returncode < 0:
        raise RenderError(f"Ghostscript was stopped by signal {-done.returncode} while it tried to {doing}")
    if done.returncode != 0:
        raise RenderError(f"Ghostscript could not {doing}: {said or f'exit status {done.returncode}'}")


def _pages(pdf: bytes, doing: str) -> int:
    try:
        with pikepdf.open(io.BytesIO(pdf)) as document:
            return len(document.pages)
    except pikepdf.PdfError as error:
        raise RenderError(f"Ghostscript wrote an unreadable PDF while it tried to {doing} ({readable(error, 120)})") \
            from None


def to_cmyk(pdf: bytes, profile: bytes, compatibility: str, name: str = "the file") -> bytes:
    """The PDF with every colour converted to DeviceCMYK through `profile` (relative colorimetric,
    black-point compensation; DeviceGray kept as black ink only), fonts embedded, pictures kept
    whole, as a PDF of version `compatibility`. Ghostscript's own dates and ID are replaced by the
    caller; `name` is the file's, for messages.

    Ghostscript 10.0 keeps what it builds for each page's colour conversion until the end of the
    file (about 6 MB a page with the FOGRA39 profile: 1.2 GB for Verso's 180 card sides), so a
    long file is converted CHUNK_PAGES pages at a time and the parts joined."""
    source = pikepdf.open(io.BytesIO(pdf))
    doing = f"convert {name} to CMYK"
    if len(source.pages) <= CHUNK_PAGES:
        return _to_cmyk(pdf, profile, compatibility, doing, len(source.pages))
    joined = pikepdf.new()
    parts = []
    for start in range(0, len(source.pages), CHUNK_PAGES):
        chunk = pikepdf.new()
        chunk.pages.extend(source.pages[start:start + CHUNK_PAGES])
        written = io.BytesIO()
        chunk.save(written)
        count = len(chunk.pages)
        parts.append(pikepdf.open(io.BytesIO(_to_cmyk(written.getvalue(), profile, compatibility, doing, count))))
        joined.pages.extend(parts[-1].pages)
    out = io.BytesIO()
    joined.save(out)
    return out.getvalue()


def _to_cmyk(pdf: bytes, profile: bytes, compatibility: str, doing: str, pages: int) -> bytes:
    gs = ghostscript()
    own = _profiles_folder(gs)
    with scratch_folder("pnp-press-") as work:
        folder = work / "icc"
        folder.mkdir()
        for source in own.glob("*.icc"):
            shutil.copyfile(source, folder / source.name)
        (folder / "default_cmyk.icc").write_bytes(profile)
        source, target = work / "in.pdf", work / "out.pdf"
        source.write_bytes(pdf)
        _run([gs, "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-dPDFSTOPONERROR", f"--permit-file-read={work}{os.sep}",
              f"-sICCProfilesDir={folder}{os.sep}", "-sDEVICE=pdfwrite", f"-dCompatibilityLevel={compatibility}",
              "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
              f"-dRenderIntent={RELATIVE_COLORIMETRIC}", "-dBlackPtComp=1", "-dDeviceGrayToK=true",
              "-dEmbedAllFonts=true", "-dSubsetFonts=true", "-dPreserveAnnots=false", "-dAutoRotatePages=/None",
              *KEEP_IMAGES, f"-sOutputFile={target}", str(source)], doing, work)
        if not target.is_file():
            raise RenderError(f"Ghostscript wrote no file when it tried to {doing}")
        data = target.read_bytes()
    if _pages(data, doing) != pages:
        raise RenderError(f"Ghostscript wrote {_pages(data, doing)} pages of {pages} when it tried to {doing}")
    return data


def ink_rasters(pdf: bytes, dpi: int = INK_DPI, name: str = "the file"):
    """Each page rasterised as the press separates it, one at a time (a Pillow CMYK image, its
    values the file's own: no colour conversion, no anti-aliasing), CHUNK_PAGES pages a run of
    Ghostscript, so that memory stays the same whatever the number of pages."""
    pages = _pages(pdf, f"measure the ink of {name}")
    for first in range(1, pages + 1, CHUNK_PAGES):
        last = min(pages, first + CHUNK_PAGES - 1)
        yield from _rasters(pdf, dpi, first, last, name)


def cmyk_rasters(pdf: bytes, dpi: int = INK_DPI) -> list:
    """Every page's separation at once (for tests and small files): ink_rasters, as a list."""
    return list(ink_rasters(pdf, dpi))


def _rasters(pdf: bytes, dpi: int, first: int, last: int, name: str) -> list:
    from PIL import Image

    gs = ghostscript()
    doing = f"rasterise pages {first}-{last} of {name} in CMYK"
    with scratch_folder("pnp-ink-") as work:
        source = work / "in.pdf"
        source.write_bytes(pdf)
        _run([gs, "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", f"--permit-file-read={work}{os.sep}",
              "-sDEVICE=tiff32nc", f"-r{dpi}", "-dUseCropBox=false", "-sCompression=lzw",
              f"-dFirstPage={first}", f"-dLastPage={last}",
              f"-sOutputFile={work / 'page-%05d.tif'}", str(source)], doing, work)
        rasters = []
        for path in sorted(work.glob("page-*.tif")):
            with Image.open(path) as image:
                image.load()
                rasters.append(image.copy())
    if len(rasters) != last - first + 1:
        raise RenderError(f"Ghostscript gave {len(rasters)} pages of {last - first + 1} when it tried to {doing}")
    return rasters
