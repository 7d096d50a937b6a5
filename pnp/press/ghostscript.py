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
import tempfile
from pathlib import Path

import pikepdf

from pnp import limits
from pnp.errors import PnpError, RenderError, readable

INSTALL = ("pnp converts colour for a press with Ghostscript: install it (Debian or Ubuntu: "
           "sudo apt install ghostscript; macOS: brew install ghostscript; Windows: the installer of "
           "ghostscript.com), then run the command again")
RELATIVE_COLORIMETRIC = 1           # Ghostscript's -dRenderIntent: 0 perceptual, 1 relative colorimetric
INTENT_WORDS = "relative colorimetric, with black-point compensation"
INK_DPI = 150
CHUNK_PAGES = 40                    # pages Ghostscript converts in one run (its memory grows with each)
# Pictures keep every pixel: none downsampled, none recompressed as JPEG (Flate, lossless).
KEEP_IMAGES = ("-dDownsampleColorImages=false", "-dDownsampleGrayImages=false", "-dDownsampleMonoImages=false",
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
    listing = _run([gs, "-h"], "list its search path").decode("utf-8", "replace")
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


def _run(command: list[str], doing: str) -> bytes:
    try:
        done = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=limits.PRESS_SECONDS, env={**os.environ, "LC_ALL": "C"})
    except subprocess.TimeoutExpired:
        raise RenderError(f"Ghostscript did not {doing} within {limits.PRESS_SECONDS} s "
                          f"(PNP_PRESS_SECONDS sets the limit)") from None
    except OSError as error:
        raise GhostscriptMissing(f"Ghostscript could not start ({error.strerror or error}). {INSTALL}") from None
    if done.returncode != 0 and "-h" not in command:
        said = readable(done.stderr.decode("utf-8", "replace") or done.stdout.decode("utf-8", "replace"))
        raise RenderError(f"Ghostscript could not {doing}: {said or f'exit status {done.returncode}'}")
    return done.stdout


def to_cmyk(pdf: bytes, profile: bytes, compatibility: str) -> bytes:
    """The PDF with every colour converted to DeviceCMYK through `profile` (relative colorimetric,
    black-point compensation; DeviceGray kept as black ink only), fonts embedded, as a PDF of
    version `compatibility`. Ghostscript's own dates and ID are replaced by the caller.

    Ghostscript 10.0 keeps what it builds for each page's colour conversion until the end of the
    file (about 6 MB a page with the FOGRA39 profile: 1.2 GB for Verso's 180 card sides), so a
    long file is converted CHUNK_PAGES pages at a time and the parts joined."""
    source = pikepdf.open(io.BytesIO(pdf))
    if len(source.pages) <= CHUNK_PAGES:
        return _to_cmyk(pdf, profile, compatibility)
    joined = pikepdf.new()
    parts = []
    for start in range(0, len(source.pages), CHUNK_PAGES):
        chunk = pikepdf.new()
        chunk.pages.extend(source.pages[start:start + CHUNK_PAGES])
        written = io.BytesIO()
        chunk.save(written)
        parts.append(pikepdf.open(io.BytesIO(_to_cmyk(written.getvalue(), profile, compatibility))))
        joined.pages.extend(parts[-1].pages)
    out = io.BytesIO()
    joined.save(out)
    return out.getvalue()


def _to_cmyk(pdf: bytes, profile: bytes, compatibility: str) -> bytes:
    gs = ghostscript()
    own = _profiles_folder(gs)
    with tempfile.TemporaryDirectory(prefix="pnp-press-") as work:
        folder = Path(work) / "icc"
        folder.mkdir()
        for source in own.glob("*.icc"):
            shutil.copyfile(source, folder / source.name)
        (folder / "default_cmyk.icc").write_bytes(profile)
        source, target = Path(work) / "in.pdf", Path(work) / "out.pdf"
        source.write_bytes(pdf)
        _run([gs, "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", f"--permit-file-read={work}{os.sep}",
              f"-sICCProfilesDir={folder}{os.sep}", "-sDEVICE=pdfwrite", f"-dCompatibilityLevel={compatibility}",
              "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
              f"-dRenderIntent={RELATIVE_COLORIMETRIC}", "-dBlackPtComp=1", "-dDeviceGrayToK=true",
              "-dEmbedAllFonts=true", "-dSubsetFonts=true", "-dPreserveAnnots=false", "-dAutoRotatePages=/None",
              *KEEP_IMAGES,
              f"-sOutputFile={target}", str(source)], "convert the file to CMYK")
        return target.read_bytes()


def cmyk_rasters(pdf: bytes, dpi: int = INK_DPI) -> list:
    """Each page rasterised as the press separates it: a Pillow CMYK image per page, its values
    the file's own (no colour conversion, no anti-aliasing)."""
    from PIL import Image

    gs = ghostscript()
    with tempfile.TemporaryDirectory(prefix="pnp-ink-") as work:
        source = Path(work) / "in.pdf"
        source.write_bytes(pdf)
        _run([gs, "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", f"--permit-file-read={work}{os.sep}",
              "-sDEVICE=tiff32nc", f"-r{dpi}", "-dUseCropBox=false", "-sCompression=lzw",
              f"-sOutputFile={Path(work) / 'page-%05d.tif'}", str(source)], "rasterise the file in CMYK")
        rasters = []
        for path in sorted(Path(work).glob("page-*.tif")):
            with Image.open(path) as image:
                image.load()
                rasters.append(image.copy())
        return rasters
