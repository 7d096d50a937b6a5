"""Card art from elsewhere: what each image or PDF page is, read from its header alone.

PNG and JPEG files are placed in the PDF as they are: a JPEG's bytes are a DCTDecode image,
and a PNG's compressed pixel data (its IDAT chunks) is a FlateDecode image with the PNG
predictors, so nothing is decoded or compressed again. The one exception is a PNG with
transparency or interlacing, which PDF cannot take as it is: its pixels are decoded and stored
losslessly (colour and alpha apart), and the build says which files those were.
"""

import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import DataError, Problem

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ASPECT_TOLERANCE = 0.01      # art this close to the card's proportions is fitted to it exactly
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
ART_SUFFIXES = IMAGE_SUFFIXES + (".pdf",)
PNG_COLOURS = {0: 1, 2: 3, 3: 1}          # colour type -> components, for the types placed as they are
PNG_SPACES = {0: "/DeviceGray", 2: "/DeviceRGB"}
JPEG_SPACES = {"L": ("/DeviceGray", 1), "RGB": ("/DeviceRGB", 3), "CMYK": ("/DeviceCMYK", 4)}


@dataclass(frozen=True)
class Art:
    """One card side: a file, or one page of a PDF."""

    path: Path
    kind: str                   # "png", "jpeg", "decoded" (a PNG that had to be decoded), "pdf"
    width_px: int = 0           # pixels, for images; points for a PDF page
    height_px: int = 0
    page: int = 0               # the page, for a PDF
    details: dict = field(default_factory=dict, compare=False)

    @property
    def name(self) -> str:
        return self.path.stem if self.kind != "pdf" else f"{self.path.stem}#{self.page + 1}"


def art_files(folder: Path, shown: str) -> list[Path]:
    """The card files of a folder, in natural name order (card2 before card10); hidden files and
    anything not an image or PDF are left out, so a folder can hold a readme."""
    if not folder.is_dir():
        raise DataError([Problem(shown, None, "(folder)", "a folder of card images (PNG, JPEG) or PDF pages",
                                 "no such folder" if not folder.exists() else "a file")])
    found = sorted((p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")
                    and p.suffix.lower() in ART_SUFFIXES), key=natural_order)
    if not found:
        raise DataError([Problem(shown, None, "(folder)", "card images: files ending in "
                                 + ", ".join(ART_SUFFIXES), "none", "Put the card images in the folder")])
    return found


def natural_order(path: Path) -> tuple:
    import re

    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.lower())
                 for part in re.split(r"(\d+)", path.name) if part)


def read_art(path: Path, shown: str) -> list[Art]:
    """The card sides a file holds: one for an image, one per page for a PDF."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".png":
            return [_png(path)]
        if suffix in (".jpg", ".jpeg"):
            return [_jpeg(path)]
        return _pdf_pages(path)
    except DataError:
        raise
    except Exception as error:
        raise DataError([Problem(shown, None, "(image)", f"a readable {suffix[1:].upper()} file",
                                 f"one that cannot be read ({type(error).__name__}: {error})",
                                 "Export it again")]) from None


def png_chunks(path: Path):
    """(type, offset of its data, length) of each chunk of a PNG file, read without its data."""
    with path.open("rb") as handle:
        if handle.read(8) != PNG_SIGNATURE:
            raise ValueError("not a PNG file")
        offset = 8
        while True:
            head = handle.read(8)
            if len(head) < 8:
                raise ValueError("the file ends before its IEND chunk")
            length, kind = struct.unpack(">I4s", head)
            yield kind, offset + 8, length
            if kind == b"IEND":
                return
            offset += 12 + length
            handle.seek(offset)


def _png(path: Path) -> Art:
    chunks = list(png_chunks(path))
    if chunks[0][0] != b"IHDR":
        raise ValueError("no IHDR chunk first")
    with path.open("rb") as handle:
        handle.seek(chunks[0][1])
        width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", handle.read(13))
        palette = b""
        for kind, offset, length in chunks:
            if kind == b"PLTE":
                handle.seek(offset)
                palette = handle.read(length)
    kinds = {kind for kind, _, _ in chunks}
    idat = [(offset, length) for kind, offset, length in chunks if kind == b"IDAT"]
    if colour in PNG_COLOURS and not interlace and b"tRNS" not in kinds:
        space = PNG_SPACES.get(colour) or f"[/Indexed /DeviceRGB {len(palette) // 3 - 1} <{palette.hex()}>]"
        return Art(path, "png", width, height, details={
            "space": space, "depth": depth, "colours": PNG_COLOURS[colour], "idat": idat,
            "length": sum(length for _, length in idat)})
    return Art(path, "decoded", width, height, details={
        "reason": "interlaced" if interlace else "transparency"})


def decoded_png(art: Art) -> tuple[bytes, bytes | None, str]:
    """The pixels of a PNG PDF cannot take as it is: colour and (unless opaque) alpha, each
    compressed losslessly, and the colour space."""
    from PIL import Image

    with Image.open(art.path) as image:
        image = image.convert("RGBA") if image.mode not in ("L", "LA", "RGB", "RGBA") else image
        alpha = image.getchannel("A") if image.mode in ("LA", "RGBA") else None
        colour = image.convert("L" if image.mode in ("L", "LA") else "RGB")
        space = "/DeviceGray" if colour.mode == "L" else "/DeviceRGB"
        mask = None
        if alpha is not None and alpha.getextrema() != (255, 255):
            mask = zlib.compress(alpha.tobytes(), 6)
        return zlib.compress(colour.tobytes(), 6), mask, space


def _jpeg(path: Path) -> Art:
    from PIL import Image

    with Image.open(path) as image:
        if image.format != "JPEG":
            raise ValueError(f"a {image.format} file named .jpg")
        if image.mode not in JPEG_SPACES:
            raise ValueError(f"a JPEG in mode {image.mode}")
        space, components = JPEG_SPACES[image.mode]
        inverted = image.mode == "CMYK" and "adobe" in image.info      # Adobe's CMYK JPEGs are stored inverted
        return Art(path, "jpeg", image.width, image.height, details={
            "space": space, "components": components, "inverted": inverted, "length": path.stat().st_size})


def _pdf_pages(path: Path) -> list[Art]:
    import pikepdf

    with pikepdf.open(path) as pdf:
        sides = []
        for number, page in enumerate(pdf.pages):
            x0, y0, x1, y1 = (float(v) for v in page.obj.get("/CropBox", page.mediabox))
            sides.append(Art(path, "pdf", abs(x1 - x0), abs(y1 - y0), page=number))
        return sides
