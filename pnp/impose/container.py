"""A PDF holding nothing but the card images, written by copying each file's compressed data
straight from the file, one image at a time, as each file is read.

pikepdf (qpdf) keeps every stream it is given in memory until it saves, and there is no way
to hand it a file to read at save time; but it reads a stream of an *opened* PDF only when
it writes it. So the images go first into this container, on disk, and the sheets are built
with pikepdf from it: however many images, only one is ever in memory, and none is decoded
(but a PNG with transparency or interlacing, which PDF cannot take as it is: decoded, and
flattened onto the background).

Each card file is opened once: the container copies its data from the descriptor its header
was read from, checking a PNG's chunks as it goes (pnp.impose.images.PngDataCheck).
"""

from pathlib import Path
from typing import BinaryIO

from pnp.impose.art import Art
from pnp.impose.images import PngDataCheck, decoded_png

COPY_CHUNK = 1 << 20


class Container:
    """The container being written at `path`: `add` each image art with its open file, then
    `close` (or `abandon`)."""

    def __init__(self, path: Path, background: tuple[int, int, int] = (255, 255, 255)):
        self.path = path
        self.background = background          # what transparency is flattened onto
        self.numbers: dict[Art, int] = {}
        self.offsets: list[int] = []
        self.out = path.open("wb")
        self.out.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        self._start()
        self.out.write(b"<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
        self._start()
        self.out.write(b"<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n")

    def add(self, art: Art, source: BinaryIO) -> None:
        """Write the image of `art`, read from `source` (its file, open)."""
        if art.kind == "pdf" or art in self.numbers:
            return
        if art.kind == "decoded":
            self._decoded(art, source)
        elif art.kind == "png":
            info = art.details
            params = (f" /DecodeParms << /Predictor 15 /Colors {info['colours']} "
                      f"/BitsPerComponent {info['depth']} /Columns {art.width_px} >>")
            self._start()
            self._stream_from(_image_dict(art, info["space"], info["depth"], "/FlateDecode", info["length"]) + params,
                              source, info["idat"], PngDataCheck())
        else:
            info = art.details
            decode = " /Decode [1 0 1 0 1 0 1 0]" if info["inverted"] else ""
            self._start()
            self._stream_from(_image_dict(art, info["space"], 8, "/DCTDecode", info["length"]) + decode,
                              source, [(0, info["length"])])
        self.numbers[art] = len(self.offsets)

    def close(self) -> dict[Art, int]:
        """Finish the file; each art's object number in it."""
        table, size = self.out.tell(), len(self.offsets) + 1
        self.out.write(f"xref\n0 {size}\n0000000000 65535 f \n".encode())
        self.out.write("".join(f"{offset:010d} 00000 n \n" for offset in self.offsets).encode())
        self.out.write(f"trailer\n<< /Size {size} /Root 1 0 R >>\nstartxref\n{table}\n%%EOF\n".encode())
        self.out.close()
        return self.numbers

    def abandon(self) -> None:
        self.out.close()

    def _start(self) -> None:
        self.offsets.append(self.out.tell())
        self.out.write(f"{len(self.offsets)} 0 obj\n".encode())

    def _decoded(self, art: Art, source: BinaryIO) -> None:
        colour, space = decoded_png(art, source, self.background)
        self._start()
        self._stream(_image_dict(art, space, 8, "/FlateDecode", len(colour)), colour)

    def _stream(self, entries: str, data: bytes) -> None:
        self.out.write(f"<< {entries} >>\nstream\n".encode())
        self.out.write(data)
        self.out.write(b"\nendstream\nendobj\n")

    def _stream_from(self, entries: str, source: BinaryIO, parts: list[tuple[int, int]],
                     check: PngDataCheck | None = None) -> None:
        """A stream whose data is the given (offset, length) parts of the open file, copied in
        chunks; with `check`, each part is a PNG chunk's data, checked against the CRC after it."""
        self.out.write(f"<< {entries} >>\nstream\n".encode())
        for offset, length in parts:
            source.seek(offset)
            left = length
            while left:
                chunk = source.read(min(COPY_CHUNK, left))
                if not chunk:
                    raise ValueError("the file is shorter than its own header says")
                if check:
                    check.feed(chunk)
                self.out.write(chunk)
                left -= len(chunk)
            if check:
                check.end_chunk(source.read(4))
        self.out.write(b"\nendstream\nendobj\n")


def _image_dict(art: Art, space: str, depth: int, compression: str, length: int) -> str:
    return (f"/Type /XObject /Subtype /Image /Width {art.width_px} /Height {art.height_px} "
            f"/ColorSpace {space} /BitsPerComponent {depth} /Filter {compression} /Length {length}")
