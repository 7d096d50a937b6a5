"""A PDF holding nothing but the card images, written by copying each file's compressed data
straight from disk, one image at a time.

pikepdf (qpdf) keeps every stream it is given in memory until it saves, and there is no way
to hand it a file to read at save time; but it reads a stream of an *opened* PDF only when
it writes it. So the images go first into this container, on disk, and the sheets are built
with pikepdf from it: however many images, only one is ever in memory, and none is decoded.
"""

from pathlib import Path

from pnp.impose.art import Art, decoded_png

COPY_CHUNK = 1 << 20


def write_container(arts: list[Art], path: Path) -> dict[Art, int]:
    """Write every image art into a PDF at `path`; returns each art's object number there."""
    numbers: dict[Art, int] = {}
    offsets: list[int] = []
    with path.open("wb") as out:
        out.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")

        def start(number: int) -> None:
            offsets.append(out.tell())
            out.write(f"{number} 0 obj\n".encode())

        start(1)
        out.write(b"<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
        start(2)
        out.write(b"<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n")
        for art in arts:
            if art.kind == "pdf" or art in numbers:
                continue
            if art.kind == "decoded":
                colour, mask, space = decoded_png(art)
                mask_ref = ""
                if mask is not None:
                    start(len(offsets) + 1)
                    _stream(out, _image_dict(art, "/DeviceGray", 8, "/FlateDecode", len(mask)), mask)
                    mask_ref = f" /SMask {len(offsets)} 0 R"
                start(len(offsets) + 1)
                _stream(out, _image_dict(art, space, 8, "/FlateDecode", len(colour)) + mask_ref, colour)
            elif art.kind == "png":
                info = art.details
                params = (f" /DecodeParms << /Predictor 15 /Colors {info['colours']} "
                          f"/BitsPerComponent {info['depth']} /Columns {art.width_px} >>")
                start(len(offsets) + 1)
                _stream_from(out, _image_dict(art, info["space"], info["depth"], "/FlateDecode", info["length"])
                             + params, art.path, info["idat"])
            else:
                info = art.details
                decode = " /Decode [1 0 1 0 1 0 1 0]" if info["inverted"] else ""
                start(len(offsets) + 1)
                _stream_from(out, _image_dict(art, info["space"], 8, "/DCTDecode", info["length"]) + decode,
                             art.path, [(0, info["length"])])
            numbers[art] = len(offsets)
        table = out.tell()
        out.write(f"xref\n0 {len(offsets) + 1}\n0000000000 65535 f \n".encode())
        out.write("".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode())
        out.write(f"trailer\n<< /Size {len(offsets) + 1} /Root 1 0 R >>\nstartxref\n{table}\n%%EOF\n".encode())
    return numbers


def _image_dict(art: Art, space: str, depth: int, compression: str, length: int) -> str:
    return (f"/Type /XObject /Subtype /Image /Width {art.width_px} /Height {art.height_px} "
            f"/ColorSpace {space} /BitsPerComponent {depth} /Filter {compression} /Length {length}")


def _stream(out, entries: str, data: bytes) -> None:
    out.write(f"<< {entries} >>\nstream\n".encode())
    out.write(data)
    out.write(b"\nendstream\nendobj\n")


def _stream_from(out, entries: str, path: Path, parts: list[tuple[int, int]]) -> None:
    """A stream whose data is the given (offset, length) parts of a file, copied in chunks."""
    out.write(f"<< {entries} >>\nstream\n".encode())
    with path.open("rb") as source:
        for offset, length in parts:
            source.seek(offset)
            left = length
            while left:
                chunk = source.read(min(COPY_CHUNK, left))
                if not chunk:
                    raise ValueError(f"{path.name} is shorter than its own header says")
                out.write(chunk)
                left -= len(chunk)
    out.write(b"\nendstream\nendobj\n")
