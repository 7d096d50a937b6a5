"""PNG and JPEG card art, read from its header and placed in the PDF as it is.

A JPEG's bytes are a DCTDecode image, and a PNG's compressed pixel data (its IDAT chunks) is a
FlateDecode image with the PNG predictors, so nothing is decoded or compressed again. The one
exception is a PNG with transparency or interlacing, which PDF cannot take as it is: its pixels
are decoded, flattened onto the background colour (a print file has no transparency) and
stored losslessly, and the build says which files those were.
"""

import struct
import zlib
from pathlib import Path
from typing import BinaryIO

from pnp.impose.art import Art, problem, too_many_pixels
from pnp.limits import MAX_IMAGE_PIXELS, MAX_PNG_CHUNKS


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_COLOURS = {0: 1, 2: 3, 3: 1}          # colour type -> components, for the types placed as they are
PNG_SPACES = {0: "/DeviceGray", 2: "/DeviceRGB"}
PNG_DEPTHS = {0: (1, 2, 4, 8, 16), 2: (8, 16), 3: (1, 2, 4, 8), 4: (8, 16), 6: (8, 16)}
PNG_LARGEST_PALETTE = 3 * 256
JPEG_SPACES = {"L": ("/DeviceGray", 1), "RGB": ("/DeviceRGB", 3), "CMYK": ("/DeviceCMYK", 4)}
JPEG_CHECK_SCALE = 8         # a JPEG is decoded at 1/8 scale to find a truncated or corrupt file
DECODE_BAND_ROWS = 256       # rows of a decoded PNG converted and compressed at a time


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
        raise too_many_pixels(shown, (width, height))


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


def decoded_png(art: Art, handle: BinaryIO, background: tuple[int, int, int] = (255, 255, 255)) -> tuple[bytes, str]:
    """The pixels of a PNG PDF cannot take as it is, compressed losslessly, and the colour
    space. Transparency is flattened onto `background`: a print file carries no soft mask (the
    print-shop preflight refuses transparency). Converted a band of rows at a time, so only the
    decoded image itself is held whole."""
    from PIL import Image

    handle.seek(0)
    with Image.open(handle) as image:
        image.load()
        plain = image.mode in ("L", "LA", "RGB", "RGBA") and "transparency" not in image.info
        mode = image.mode if plain else "RGBA"
        grey = mode in ("L", "LA") and background[0] == background[1] == background[2]
        masked = mode in ("LA", "RGBA") and _translucent(image, mode)
        out_mode = "L" if grey else "RGB"
        colour = zlib.compressobj(6)
        parts = []
        for top in range(0, image.height, DECODE_BAND_ROWS):
            band = image.crop((0, top, image.width, min(image.height, top + DECODE_BAND_ROWS)))
            band = band.convert(mode) if band.mode != mode else band
            if masked:
                flat = Image.new(out_mode, band.size, background[0] if grey else background)
                flat.paste(band.convert(out_mode), mask=band.getchannel("A"))
                band = flat
            parts.append(colour.compress(band.convert(out_mode).tobytes()))
        parts.append(colour.flush())
        return b"".join(parts), "/DeviceGray" if grey else "/DeviceRGB"


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
