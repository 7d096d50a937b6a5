"""Card art from elsewhere: what each image or PDF page is, read from its header alone.

PNG and JPEG files are placed in the PDF as they are: a JPEG's bytes are a DCTDecode image,
and a PNG's compressed pixel data (its IDAT chunks) is a FlateDecode image with the PNG
predictors, so nothing is decoded or compressed again. The one exception is a PNG with
transparency or interlacing, which PDF cannot take as it is: its pixels are decoded and stored
losslessly (colour and alpha apart), and the build says which files those were.

The folder is the user's, not a project, but its files may come from anyone: each is opened
once, through a descriptor that follows no link and must be a plain file (a FIFO or a device
is refused, never read), and everything pnp learns of it is read from that descriptor. No
pixel is decoded before the header has shown the image within MAX_IMAGE_PIXELS, and no page
of a PDF is read before its page tree has shown it within MAX_IMPOSE_CARDS.
"""

import errno
import math
import os
import stat
import struct
import warnings
import zlib
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from pnp.atomic import DISK_FULL
from pnp.errors import DataError, PnpError, Problem, reason
from pnp.limits import MAX_ART_FILE_BYTES, MAX_IMAGE_PIXELS, MAX_IMPOSE_CARDS, MAX_PNG_CHUNKS


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ASPECT_TOLERANCE = 0.01      # art this close to the card's proportions is fitted to it exactly
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
ART_SUFFIXES = IMAGE_SUFFIXES + (".pdf",)
PNG_COLOURS = {0: 1, 2: 3, 3: 1}          # colour type -> components, for the types placed as they are
PNG_SPACES = {0: "/DeviceGray", 2: "/DeviceRGB"}
PNG_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
PNG_LARGEST_PALETTE = 3 * 256
JPEG_SPACES = {"L": ("/DeviceGray", 1), "RGB": ("/DeviceRGB", 3), "CMYK": ("/DeviceCMYK", 4)}
JPEG_CHECK_SCALE = 8         # a JPEG is decoded at 1/8 scale to find a truncated or corrupt file
PDF_LARGEST_SIDE_PT = 14_400  # PDF's own limit for a page side (200 inches)
PDF_SMALLEST_SIDE_PT = 1.0
READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY
FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC
DECODE_BAND_ROWS = 256       # rows of a decoded PNG converted and compressed at a time
NO_LINKS = "pnp impose reads no links in the folders it is given"


@dataclass(frozen=True)
class Art:
    """One card side: a file, or one page of a PDF."""

    path: Path
    kind: str                   # "png", "jpeg", "decoded" (a PNG that had to be decoded), "pdf"
    width_px: float = 0         # pixels, for images; points for a PDF page (as seen, rotation applied)
    height_px: float = 0
    page: int = 0               # the page, for a PDF
    details: dict = field(default_factory=dict, compare=False)

    @property
    def name(self) -> str:
        return self.path.stem if self.kind != "pdf" else f"{self.path.stem}#{self.page + 1}"


def shown_name(path) -> str:
    """A path as a message shows it: a character that is not printable (a line break, a byte
    that is not UTF-8) is escaped, so the message stays one line."""
    return "".join(c if c.isprintable() else f"\\x{ord(c) & 0xff:02x}" for c in str(path))


def problem(shown: str, field_name: str, expected: str, found: str = "", fix: str = "") -> DataError:
    return DataError([Problem(shown, None, field_name, expected, found, fix)])


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a link"
    return "not a plain file"


class ArtFolder:
    """A folder of card files the user named, opened once: its files are listed and opened
    relative to that descriptor, so the folder cannot be swapped for another midway. Links
    in it are refused (a card that is a link could be any file of the machine); hidden files,
    folders and files that are not images or PDFs are left out, so a folder can hold a readme."""

    def __init__(self, path: Path, shown: str):
        self.path = Path(path)
        self.shown = shown
        try:
            self.fd = os.open(self.path, FOLDER_FLAGS)
        except FileNotFoundError:
            raise problem(shown, "(folder)", "a folder of card images (PNG, JPEG) or PDF pages",
                          "no such folder") from None
        except NotADirectoryError:
            raise problem(shown, "(folder)", "a folder of card images (PNG, JPEG) or PDF pages", "a file") from None
        except OSError as error:
            raise problem(shown, "(folder)", "a folder pnp can read", error.strerror or reason(error)) from None

    def __enter__(self) -> "ArtFolder":
        return self

    def __exit__(self, *exc) -> None:
        os.close(self.fd)

    def card_names(self) -> list[str]:
        """The card files' names in natural order (card2 before card10), at most MAX_IMPOSE_CARDS."""
        names, problems = [], []
        with os.scandir(self.fd) as entries:
            for entry in entries:
                if entry.name.startswith(".") or not entry.name.lower().endswith(ART_SUFFIXES):
                    continue
                if entry.is_symlink():
                    problems.append(Problem(self._shown(entry.name), None, "(file)", "a card image file",
                                            f"a link; {NO_LINKS}", "Copy the file itself into the folder"))
                elif not entry.is_dir(follow_symlinks=False):
                    names.append(entry.name)
                if len(names) > MAX_IMPOSE_CARDS:
                    raise problem(self.shown, "(folder)", f"at most {MAX_IMPOSE_CARDS:,} card files "
                                  "(MAX_IMPOSE_CARDS)", "more", "Impose the cards in several folders")
        if problems:
            raise DataError(problems)
        if not names:
            raise problem(self.shown, "(folder)", "card images: files ending in " + ", ".join(ART_SUFFIXES),
                          "none", "Put the card images in the folder")
        return sorted(names, key=natural_order)

    def open(self, name: str):
        return open_art(Path(name), self._shown(name), self.fd, self.path / name)

    def _shown(self, name: str) -> str:
        return shown_name(self.path / name)


def natural_order(name: str) -> tuple:
    import re

    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.lower())
                 for part in re.split(r"(\d+)", name) if part)


@contextmanager
def open_art(name: Path, shown: str, folder_fd: int | None = None, path: Path | None = None):
    """(file, its path, its size) of a card file opened once with no link followed: a plain
    file of at most MAX_ART_FILE_BYTES, or a one-line refusal before a byte is read."""
    try:
        fd = os.open(name, READ_FLAGS, dir_fd=folder_fd)
    except FileNotFoundError:
        raise problem(shown, "(file)", "a card image or PDF", "no such file") from None
    except OSError as error:
        raise _open_problem(name, folder_fd, shown, error) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise problem(shown, "(file)", "a card image file", _kind(info.st_mode), "Give a PNG, JPEG or PDF file")
        if info.st_size > MAX_ART_FILE_BYTES:
            raise problem(shown, "(file)", f"at most {MAX_ART_FILE_BYTES:,} bytes (MAX_ART_FILE_BYTES)",
                          f"{info.st_size:,} bytes", "Export the art smaller, or split the PDF")
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        yield handle, path or name, info.st_size


def _open_problem(name: Path, folder_fd: int | None, shown: str, error: OSError) -> DataError:
    try:
        mode = os.stat(name, dir_fd=folder_fd, follow_symlinks=False).st_mode
    except OSError:
        mode = 0
    if stat.S_ISLNK(mode):
        return problem(shown, "(file)", "a card image file", f"a link; {NO_LINKS}", "Copy the file itself there")
    if mode and not stat.S_ISREG(mode):
        return problem(shown, "(file)", "a card image file", _kind(mode), "Give a PNG, JPEG or PDF file")
    return problem(shown, "(file)", "a file pnp can read", error.strerror or reason(error))


@contextmanager
def reading(shown: str, suffix: str):
    """Whatever goes wrong reading one file becomes one line naming it. A full disk is the
    writing's problem and a MemoryError the supervisor's (it names the file and the limit)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", _bomb_warning())
            yield
    except (PnpError, MemoryError):
        raise
    except OSError as error:
        if error.errno in WRITE_ERRORS:
            raise
        raise _unreadable(shown, suffix, error) from None
    except Exception as error:
        if type(error).__name__ in ("DecompressionBombError", "DecompressionBombWarning"):
            raise _too_many_pixels(shown, None) from None
        raise _unreadable(shown, suffix, error) from None


WRITE_ERRORS = DISK_FULL | {errno.EROFS}      # the disk written to, not the art read


def _bomb_warning():
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = MAX_IMAGE_PIXELS          # Pillow refuses past the limit too (never only warns)
    return Image.DecompressionBombWarning


def _unreadable(shown: str, suffix: str, error: BaseException) -> DataError:
    return problem(shown, "(image)", f"a readable {suffix.lstrip('.').upper() or 'image'} file",
                   f"one that cannot be read ({type(error).__name__}: {reason(error)})", "Export it again")


def _too_many_pixels(shown: str, size: tuple[int, int] | None) -> DataError:
    found = f"{size[0]:,} x {size[1]:,} pixels" if size else "more"
    return problem(shown, "(image)", f"at most {MAX_IMAGE_PIXELS:,} pixels (MAX_IMAGE_PIXELS)", found,
                   "Export the art at a lower resolution (300 dpi is plenty)")


def read_art(handle: BinaryIO, path: Path, size: int, shown: str) -> Art:
    """The card side an image file holds, from its header; the pixels are left for the
    container to copy (and check) or decode."""
    if path.suffix.lower() == ".png":
        return _png(handle, path, shown)
    return _jpeg(handle, path, size, shown)


def _checked_size(width: int, height: int, shown: str) -> None:
    if width < 1 or height < 1:
        raise problem(shown, "(image)", "an image of at least 1 x 1 pixels", f"{width} x {height}", "Export it again")
    if width * height > MAX_IMAGE_PIXELS:
        raise _too_many_pixels(shown, (width, height))


def png_chunks(handle: BinaryIO):
    """(type, offset of its data, length) of each chunk of a PNG file, read without its data."""
    handle.seek(0)
    if handle.read(8) != PNG_SIGNATURE:
        raise ValueError("not a PNG file")
    offset = 8
    for _ in range(MAX_PNG_CHUNKS):
        head = handle.read(8)
        if len(head) < 8:
            raise ValueError("the file ends before its IEND chunk")
        length, kind = struct.unpack(">I4s", head)
        yield kind, offset + 8, length
        if kind == b"IEND":
            return
        offset += 12 + length
        handle.seek(offset)
    raise ValueError(f"more than {MAX_PNG_CHUNKS:,} chunks (MAX_PNG_CHUNKS)")


def _png(handle: BinaryIO, path: Path, shown: str) -> Art:
    chunks = list(png_chunks(handle))
    if chunks[0][0] != b"IHDR" or chunks[0][2] != 13:
        raise ValueError("no IHDR chunk first")
    handle.seek(chunks[0][1])
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", handle.read(13))
    _checked_size(width, height, shown)
    if depth not in PNG_DEPTHS.get(colour, ()) or interlace not in (0, 1):
        raise ValueError(f"colour type {colour} at {depth} bits{', interlaced' if interlace else ''}: not a PNG kind")
    palette = b""
    for kind, offset, length in chunks:
        if kind == b"PLTE" and length <= PNG_LARGEST_PALETTE:
            handle.seek(offset)
            palette = handle.read(length)
    if colour == 3 and not (3 <= len(palette) <= PNG_LARGEST_PALETTE and len(palette) % 3 == 0):
        raise ValueError("an indexed PNG without a proper palette")
    kinds = {kind for kind, _, _ in chunks}
    idat = [(offset, length) for kind, offset, length in chunks if kind == b"IDAT"]
    if not idat:
        raise ValueError("no pixel data (IDAT)")
    if colour in PNG_COLOURS and not interlace and b"tRNS" not in kinds:
        space = PNG_SPACES.get(colour) or f"[/Indexed /DeviceRGB {len(palette) // 3 - 1} <{palette.hex()}>]"
        return Art(path, "png", width, height, details={
            "space": space, "depth": depth, "colours": PNG_COLOURS[colour], "idat": idat,
            "length": sum(length for _, length in idat)})
    return Art(path, "decoded", width, height, details={
        "reason": "interlaced" if interlace else "transparency"})


class PngDataCheck:
    """The pixel data of a PNG placed as it is, checked as it is copied: each IDAT chunk's CRC
    over the bytes copied, so a file damaged in transit is refused rather than printed as
    garbage. A checksum of the compressed bytes costs next to nothing; the pixels are never
    inflated (that would make an imposition of ordinary art three times slower)."""

    def __init__(self):
        self.crc = zlib.crc32(b"IDAT")

    def feed(self, data: bytes) -> None:
        self.crc = zlib.crc32(data, self.crc)

    def end_chunk(self, stored: bytes) -> None:
        if len(stored) < 4 or struct.unpack(">I", stored)[0] != self.crc:
            raise ValueError("a chunk of pixel data whose checksum (CRC) does not match: the file is damaged")
        self.crc = zlib.crc32(b"IDAT")


def decoded_png(art: Art, handle: BinaryIO) -> tuple[bytes, bytes | None, str]:
    """The pixels of a PNG PDF cannot take as it is: colour and (unless opaque) alpha, each
    compressed losslessly, and the colour space. Converted a band of rows at a time, so only
    the decoded image itself is held whole."""
    from PIL import Image

    handle.seek(0)
    with Image.open(handle) as image:
        image.load()
        plain = image.mode in ("L", "LA", "RGB", "RGBA") and "transparency" not in image.info
        mode = image.mode if plain else "RGBA"
        grey = mode in ("L", "LA")
        masked = mode in ("LA", "RGBA") and _translucent(image, mode)
        colour, alpha = zlib.compressobj(6), zlib.compressobj(6)
        colour_parts, alpha_parts = [], []
        for top in range(0, image.height, DECODE_BAND_ROWS):
            band = image.crop((0, top, image.width, min(image.height, top + DECODE_BAND_ROWS)))
            band = band.convert(mode) if band.mode != mode else band
            colour_parts.append(colour.compress(band.convert("L" if grey else "RGB").tobytes()))
            if masked:
                alpha_parts.append(alpha.compress(band.getchannel("A").tobytes()))
        colour_parts.append(colour.flush())
        mask = b"".join(alpha_parts) + alpha.flush() if masked else None
        return b"".join(colour_parts), mask, "/DeviceGray" if grey else "/DeviceRGB"


def _translucent(image, mode: str) -> bool:
    """Whether any pixel is less than opaque (read a band at a time, as it is converted)."""
    for top in range(0, image.height, DECODE_BAND_ROWS):
        band = image.crop((0, top, image.width, min(image.height, top + DECODE_BAND_ROWS)))
        if (band.convert(mode) if band.mode != mode else band).getchannel("A").getextrema() != (255, 255):
            return True
    return False


def _jpeg(handle: BinaryIO, path: Path, size: int, shown: str) -> Art:
    """A JPEG's header, and a decoding at 1/8 scale (fast: the entropy data is read, hardly
    anything computed), so a truncated or corrupt file is refused here, not in the printer."""
    from PIL import Image

    handle.seek(0)
    with Image.open(handle) as image:
        if image.format != "JPEG":
            raise ValueError(f"a {image.format} file named {path.suffix}")
        _checked_size(image.width, image.height, shown)
        if image.mode not in JPEG_SPACES:
            raise ValueError(f"a JPEG in mode {image.mode}")
        space, components = JPEG_SPACES[image.mode]
        inverted = image.mode == "CMYK" and "adobe" in image.info      # Adobe's CMYK JPEGs are stored inverted
        width, height = image.size
        image.draft(image.mode, (max(1, width // JPEG_CHECK_SCALE), max(1, height // JPEG_CHECK_SCALE)))
        image.load()
    return Art(path, "jpeg", width, height, details={
        "space": space, "components": components, "inverted": inverted, "length": size})


def open_pdf(handle: BinaryIO):
    """A PDF read from the open file, kept open while the sheets are written (its pages'
    content is copied from it then). qpdf reads it through /dev/fd/N, the very file opened
    (twice as fast as through Python), never mapped whole into memory."""
    import pikepdf

    handle.seek(0)
    same_file = f"/dev/fd/{handle.fileno()}"
    return pikepdf.open(same_file if os.path.exists(same_file) else handle, access_mode=pikepdf.AccessMode.stream)


def pdf_pages(pdf, path: Path, shown: str, most: int) -> list[Art]:
    """Each page of an open PDF as a card side, once the page tree shows at most `most` pages."""
    count = page_count(pdf, shown, most)
    sides = []
    for number in range(count):
        page = pdf.pages[number]
        width, height, box, matrix, origin = page_geometry(page, f"{shown}, page {number + 1}")
        sides.append(Art(path, "pdf", width, height, page=number,
                         details={"box": box, "matrix": matrix, "origin": origin}))
    return sides


def page_count(pdf, shown: str, most: int) -> int:
    """The pages of a PDF, counted in its page tree (whose /Count may lie) without qpdf's walk,
    which would build an object for every page first; refused past `most`."""
    import pikepdf

    too_many = problem(shown, "(pages)", f"at most {most:,} pages (MAX_IMPOSE_CARDS cards in all)", "more",
                       "Impose the cards in several runs")
    root = pdf.Root.get("/Pages")
    declared = root.get("/Count") if isinstance(root, pikepdf.Dictionary) else None
    if isinstance(declared, int) and declared > most:
        raise problem(shown, "(pages)", f"at most {most:,} pages (MAX_IMPOSE_CARDS cards in all)",
                      f"{declared:,} pages", "Impose the cards in several runs")
    pages, visited, waiting = 0, 0, [root]
    while waiting:
        node = waiting.pop()
        visited += 1
        kids = node.get("/Kids") if isinstance(node, pikepdf.Dictionary) else None
        if isinstance(kids, pikepdf.Array):
            if len(kids) > most or visited > 2 * most + 1:
                raise too_many
            waiting.extend(kids)
        else:
            pages += 1
            if pages > most:
                raise too_many
    count = len(pdf.pages)
    if count > most:
        raise too_many
    if count == 0:
        raise problem(shown, "(pages)", "at least one page", "none", "Export it again")
    return count


ROTATIONS = {0: (1, 0, 0, 1), 90: (0, -1, 1, 0), 180: (-1, 0, 0, -1), 270: (0, 1, -1, 0)}


def page_geometry(page, shown: str) -> tuple[float, float, tuple, tuple, tuple]:
    """(width, height) of a page as it is seen (its /Rotate applied); its box (the CropBox, or
    the MediaBox) in its own coordinates; the matrix (a, b, c, d) that turns it as it is seen,
    and the lower left corner of the box so turned."""
    import pikepdf

    box = page.cropbox
    expected = (f"a page box (CropBox or MediaBox) of four numbers, each side {PDF_SMALLEST_SIDE_PT:g} to "
                f"{PDF_LARGEST_SIDE_PT:,} points")
    if not isinstance(box, pikepdf.Array) or len(box) != 4:
        raise problem(shown, "(page)", expected, "none" if box is None else "something else", "Export it again")
    try:
        x0, y0, x1, y1 = (float(value) for value in box)
    except (TypeError, ValueError):
        raise problem(shown, "(page)", expected, "a box that is not numbers", "Export it again") from None
    corners = (x0, y0, x1, y1)
    if not all(math.isfinite(v) and abs(v) <= PDF_LARGEST_SIDE_PT * 10 for v in corners):
        raise problem(shown, "(page)", expected, "a box beyond any page", "Export it again")
    x0, x1, y0, y1 = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
    if not all(PDF_SMALLEST_SIDE_PT <= side <= PDF_LARGEST_SIDE_PT for side in (x1 - x0, y1 - y0)):
        raise problem(shown, "(page)", expected, f"{x1 - x0:g} x {y1 - y0:g} points", "Export it again")
    rotate = page.obj.get("/Rotate", 0)
    turn = int(rotate) % 360 if isinstance(rotate, int) and int(rotate) % 90 == 0 else 0
    a, b, c, d = ROTATIONS[turn]
    seen_x = [a * x + c * y for x in (x0, x1) for y in (y0, y1)]
    seen_y = [b * x + d * y for x in (x0, x1) for y in (y0, y1)]
    return (max(seen_x) - min(seen_x), max(seen_y) - min(seen_y), (x0, y0, x1, y1),
            (a, b, c, d), (min(seen_x), min(seen_y)))
