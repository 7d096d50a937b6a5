"""`pnp impose` and `pnp serve` against hostile inputs (issue 26), run as the installed program
(supervised, under its memory cap and clocks) in a subprocess: every attack ends in exit 2
with one line naming the file, within 60 s and under 1 GB, with nothing written or left
behind; `pnp serve` answers every odd request with a 4xx and goes on serving."""

import http.client
import io
import os
import re
import signal
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

from tests.conftest import ROOT, copy_project
from tests.test_attacks import MEMORY_BYTES, RUN, SECONDS, SECRET, run_capped


def run_pnp_capped(args, seconds=SECONDS):
    """`pnp ARGS` as installed, in a subprocess (`pnp impose` takes no --project)."""
    return run_capped(args, None, seconds=seconds)


def listing(folder: Path) -> list:
    return sorted((str(path), path.is_dir()) for path in folder.rglob("*"))


def within_limits(output: str, elapsed: float, memory: int) -> None:
    assert "Traceback" not in output, output
    assert SECRET not in output
    assert elapsed < SECONDS, f"{elapsed:.1f} s"
    assert memory < MEMORY_BYTES, f"{memory / 2**20:.0f} MB"


def one_line(output: str) -> str:
    """The refusal's one line (a DataError's problem under its `error: 1 problem` header)."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    if lines[0].startswith("error: 1 problem"):
        lines = lines[1:]
    assert len(lines) == 1, output
    return lines[0]


def impose_refused(tmp_path: Path, folder: Path, *extra) -> str:
    """`pnp impose FOLDER` into a folder that does not exist yet: exit 2 within the limits, one
    line, and tmp_path exactly as it was (no sheets, no staging, no folder made for them)."""
    before = listing(tmp_path)
    out = tmp_path / "new" / "sheets.pdf"
    code, output, elapsed, memory = run_pnp_capped(["impose", folder, "--duplex", "none", *extra, "--out", out])
    assert code == 2, output
    within_limits(output, elapsed, memory)
    assert listing(tmp_path) == before
    return one_line(output)


# --- the inputs -----------------------------------------------------------------------------

def png_bytes(width: int, height: int, colour: int = 2, depth: int = 8, pixels: bytes | None = None) -> bytes:
    """A PNG whose header says width x height, holding `pixels` (by default a few zero bytes)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(pixels if pixels is not None else b"\x00" * 16)) + chunk(b"IEND", b""))


def small_png(alpha: bool = False) -> bytes:
    from PIL import Image

    image = Image.effect_noise((138, 188), 60).convert("RGBA" if alpha else "RGB")
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def small_jpeg() -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.effect_noise((138, 188), 60).convert("RGB").save(buffer, "JPEG", quality=90)
    return buffer.getvalue()


def jpeg_claiming(width: int, height: int) -> bytes:
    """A small JPEG whose frame header (SOF0) says width x height."""
    data = bytearray(small_jpeg())
    sof = data.index(b"\xff\xc0")
    data[sof + 5:sof + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def many_pages_pdf(pages: int, count: int | None = None, box: str = "0 0 180 252") -> bytes:
    """A PDF of `pages` blank pages in one page tree, its /Count saying `count` (a lie, if given)."""
    parts, offsets, size = [b"%PDF-1.7\n"], [], 9

    def add(data: bytes) -> None:
        nonlocal size
        parts.append(data)
        size += len(data)

    def obj(number: int, body: str) -> None:
        offsets.append(size)
        add(f"{number} 0 obj\n{body}\nendobj\n".encode())
    obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
    kids = " ".join(f"{i + 3} 0 R" for i in range(pages))
    obj(2, f"<< /Type /Pages /Kids [{kids}] /Count {pages if count is None else count} >>")
    for i in range(pages):
        obj(i + 3, f"<< /Type /Page /Parent 2 0 R /MediaBox [{box}] /Resources << >> >>")
    table = size
    add(f"xref\n0 {len(offsets) + 1}\n0000000000 65535 f \n".encode())
    add("".join(f"{offset:010d} 00000 n \n" for offset in offsets).encode())
    add(f"trailer\n<< /Size {len(offsets) + 1} /Root 1 0 R >>\nstartxref\n{table}\n%%EOF\n".encode())
    return b"".join(parts)


def content_bomb_pdf(decoded_bytes: int) -> bytes:
    """A one-page PDF whose content stream inflates to `decoded_bytes` of drawing operators."""
    import pikepdf

    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(180, 252))
    squeeze, piece = zlib.compressobj(9), b"0 0 m\n" * (1 << 17)
    data = b"".join(squeeze.compress(piece) for _ in range(decoded_bytes // len(piece))) + squeeze.flush()
    stream = pikepdf.Stream(pdf, data)
    stream.Filter = pikepdf.Name.FlateDecode
    pdf.pages[0].obj.Contents = stream
    buffer = io.BytesIO()
    pdf.save(buffer, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return buffer.getvalue()


def cut(data: bytes, fraction: float) -> bytes:
    return data[:int(len(data) * fraction)]


def flipped(data: bytes, start: float) -> bytes:
    """The bytes with a run in the middle of the file inverted (the header left intact)."""
    at = int(len(data) * start)
    return data[:at] + bytes(b ^ 0xFF for b in data[at:at + 64]) + data[at + 64:]


ATTACKS = {
    "a PNG of 13,000 x 13,000 pixels": ("card.png", lambda: png_bytes(13_000, 13_000), "MAX_IMAGE_PIXELS"),
    "a transparent PNG of 13,000 x 13,000": ("card.png", lambda: png_bytes(13_000, 13_000, colour=6),
                                             "MAX_IMAGE_PIXELS"),
    "a PNG of 2^31 x 2^31": ("card.png", lambda: png_bytes(2**31 - 1, 2**31 - 1), "MAX_IMAGE_PIXELS"),
    "a JPEG of 65,000 x 65,000": ("card.jpg", lambda: jpeg_claiming(65_000, 65_000), "MAX_IMAGE_PIXELS"),
    "a JPEG of 8,000 x 8,000 (Pillow's warning)": ("card.jpg", lambda: jpeg_claiming(8_000, 8_000),
                                                   "MAX_IMAGE_PIXELS"),
    "a PNG of 0 x 0 pixels": ("card.png", lambda: png_bytes(0, 0), "at least 1 x 1 pixels"),
    "a PNG of 0 x 100": ("card.png", lambda: png_bytes(0, 100), "at least 1 x 1 pixels"),
    "a PNG of 7 bits a channel": ("card.png", lambda: png_bytes(10, 10, depth=7), "readable PNG"),
    "a truncated PNG": ("card.png", lambda: cut(small_png(), 0.6), "readable PNG"),
    "a PNG with corrupt pixel data": ("card.png", lambda: flipped(small_png(), 0.5), "readable PNG"),
    "a truncated transparent PNG": ("card.png", lambda: cut(small_png(alpha=True), 0.6), "readable PNG"),
    "a truncated JPEG": ("card.jpg", lambda: cut(small_jpeg(), 0.5), "readable JPG"),
    "a PNG named .jpg": ("card.jpg", small_png, "readable JPG"),
    "no image at all": ("card.png", lambda: b"hello", "readable PNG"),
    "a 100,000-page PDF": ("deck.pdf", lambda: many_pages_pdf(100_000), "MAX_IMPOSE_CARDS"),
    "a PDF of 20,000 pages whose /Count says 1": ("deck.pdf", lambda: many_pages_pdf(20_000, count=1),
                                                  "MAX_IMPOSE_CARDS"),
    "a PDF page of 0 x 0 points": ("deck.pdf", lambda: many_pages_pdf(1, box="0 0 0 0"), "page box"),
    "a PDF page a line wide": ("deck.pdf", lambda: many_pages_pdf(1, box="0 0 0 500"), "page box"),
    "a PDF page of a million points": ("deck.pdf", lambda: many_pages_pdf(1, box="0 0 1000000 10"), "page box"),
    "a PDF page of 10^20 points": ("deck.pdf", lambda: many_pages_pdf(1, box="0 0 100000000000000000000 10"),
                                   "page"),
    "a truncated PDF": ("deck.pdf", lambda: cut(many_pages_pdf(3), 0.3), "readable PDF"),
    "not a PDF at all": ("deck.pdf", lambda: b"%PDF-1.7\n" + os.urandom(2000), "readable PDF"),
}


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_a_hostile_card_file_is_one_line_and_exit_2(tmp_path, attack):
    name, make, words = ATTACKS[attack]
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / name).write_bytes(make())
    line = impose_refused(tmp_path, folder)
    assert str(folder / name) in line and words in line, line


def test_a_card_file_past_its_size_limit_is_refused_unread(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    with (folder / "deck.pdf").open("wb") as sparse:
        sparse.truncate(600_000_000)
    assert "MAX_ART_FILE_BYTES" in impose_refused(tmp_path, folder)


def test_a_folder_of_more_card_files_than_the_limit_is_refused_unread(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    for number in range(5_001):
        (folder / f"card{number}.png").touch()
    assert "MAX_IMPOSE_CARDS" in impose_refused(tmp_path, folder)


def test_a_fifo_among_the_cards_is_refused_not_read(tmp_path):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "card1.png").write_bytes(small_png())
    os.mkfifo(folder / "card2.png")
    line = impose_refused(tmp_path, folder)
    assert "card2.png" in line and "FIFO" in line


@pytest.mark.parametrize("target", ["secret", "/dev/zero"])
def test_a_link_among_the_cards_is_refused(tmp_path, target):
    (tmp_path / "secret.png").write_text(SECRET)
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "card1.png").write_bytes(small_png())
    (folder / "card2.png").symlink_to(tmp_path / "secret.png" if target == "secret" else target)
    line = impose_refused(tmp_path, folder)
    assert "card2.png" in line and "a link" in line


@pytest.mark.parametrize("back", ["/dev/zero", "fifo", "link"])
def test_a_back_that_is_no_plain_file_is_refused(tmp_path, back):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "card1.png").write_bytes(small_png())
    if back == "fifo":
        os.mkfifo(tmp_path / "back.png")
    elif back == "link":
        (tmp_path / "back.png").symlink_to("/dev/zero")
    path = "/dev/zero" if back == "/dev/zero" else tmp_path / "back.png"
    before = listing(tmp_path)
    code, output, elapsed, memory = run_pnp_capped(["impose", folder, "--back", path, "--out", tmp_path / "s.pdf"])
    assert code == 2, output
    within_limits(output, elapsed, memory)
    assert str(path) in one_line(output) and listing(tmp_path) == before


@pytest.mark.parametrize("bleed", ["nan", "inf", "-inf", "-1", "1e400"])
def test_a_bleed_that_is_no_number_of_millimetres_is_refused(tmp_path, bleed):
    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "card1.png").write_bytes(small_png())
    before = listing(tmp_path)
    code, output, elapsed, memory = run_pnp_capped(["impose", folder, "--duplex", "none", f"--bleed={bleed}",
                                                    "--out", tmp_path / "new" / "sheets.pdf"])
    assert code == 2, output
    within_limits(output, elapsed, memory)
    assert "--bleed" in output and listing(tmp_path) == before


def test_a_page_whose_content_inflates_to_a_gigabyte_is_placed_compressed(tmp_path):
    """The page's content stream is copied as it is, never inflated: imposed in seconds."""
    import pikepdf

    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "deck.pdf").write_bytes(content_bomb_pdf(1_000_000_000))
    out = tmp_path / "sheets.pdf"
    code, output, elapsed, memory = run_pnp_capped(["impose", folder, "--duplex", "none", "--out", out])
    assert code == 0, output
    within_limits(output, elapsed, memory)
    assert out.stat().st_size < 2 * (folder / "deck.pdf").stat().st_size
    with pikepdf.open(out) as sheets:
        card = next(iter(sheets.pages[0].Resources.XObject.values()))
        assert card.Resources.XObject.Art.Filter == pikepdf.Name.FlateDecode


# --- pnp serve ----------------------------------------------------------------------------------

ODD_REQUESTS = [
    ("GET", "/%00"), ("GET", "/index.html%00.pdf"), ("GET", "/..%2f..%2fsecret.txt"), ("GET", "/%2e%2e/secret.txt"),
    ("GET", "/" + "a" * 5000), ("GET", "/" + "a/" * 2000), ("GET", "/%ff"), ("GET", "/%c0%ae%c0%ae/secret.txt"),
    ("GET", "/index.html?q=%00"), ("HEAD", "/%00"), ("GET", "/leak.html"),
    ("GET", "/game/leak.html"), ("GET", "/linked/index.html"), ("GET", "//etc/passwd"), ("GET", "/\\..\\secret.txt"),
    ("GET", "/fifo"), ("POST", "/index.html"), ("DELETE", "/index.html"), ("GET", "http://evil/index.html"),
    ("GET", "/" + "a" * 70_000),
]


def site_with_traps(project: Path, tmp_path: Path) -> Path:
    """A project whose game does not build (so `pnp serve` serves the site it ships) and
    whose shipped site holds links out of it and a FIFO."""
    code, output, *_ = run_pnp_capped(["new", "tiny", "--project", project])
    assert code == 0, output
    (project / "card_data" / "tiny" / "cards.yaml").write_text("- {id: x, name: X, value: 99}\n")
    site = project / "output" / "site"
    (site / "game").mkdir(parents=True)
    (site / "index.html").write_text("<p>the index</p>")
    (site / "game" / "index.html").write_text("<p>a game</p>")
    (site / "leak.html").symlink_to(tmp_path / "secret.txt")
    (site / "game" / "leak.html").symlink_to(tmp_path / "secret.txt")
    (site / "linked").symlink_to(tmp_path)
    os.mkfifo(site / "fifo")
    return site


def ask(port: int, method: str, target: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.putrequest(method, target, skip_host=False, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_serve_answers_odd_requests_with_4xx_and_goes_on(tmp_path):
    (tmp_path / "secret.txt").write_text(SECRET)
    project = copy_project(tmp_path / "project")
    site_with_traps(project, tmp_path)
    process = subprocess.Popen([sys.executable, "-c", RUN, "serve", "--port", "0", "--games", "tiny",
                                "--project", str(project)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200"}, text=True,
                               start_new_session=True)
    seen = []
    try:
        deadline = time.monotonic() + SECONDS
        while time.monotonic() < deadline:
            seen.append(process.stdout.readline())
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", seen[-1])
            if found or not seen[-1]:
                break
        assert found, "".join(seen)
        port = int(found.group(1))
        for method, target in ODD_REQUESTS:
            status, body = ask(port, method, target)
            assert 400 <= status < 500, (method, target[:60], status)
            assert SECRET.encode() not in body
            assert ask(port, "GET", "/index.html") == (200, b"<p>the index</p>"), (method, target[:60])
        assert ask(port, "HEAD", "/index.html") == (200, b"")
        assert ask(port, "GET", "/game/") == (200, b"<p>a game</p>")
        status, _ = ask(port, "GET", "/game")
        assert status == 301
    finally:
        os.killpg(process.pid, signal.SIGINT)
        rest, _ = process.communicate(timeout=30)
    output = "".join(seen) + rest
    assert "Traceback" not in output and SECRET not in output, output


def test_a_picture_over_the_pixel_limit_inside_a_pdf_card_is_refused(tmp_path):
    """A PDF card may not carry what a picture file may not (issue 42): a 100,000 x 100,000
    picture drawn in a form on the page is refused from its own width and height, undecoded."""
    import pikepdf

    folder = tmp_path / "art"
    folder.mkdir()
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(180, 252))
    picture = pikepdf.Stream(pdf, b"\0", Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image, Width=100_000,
                             Height=100_000, ColorSpace=pikepdf.Name.DeviceGray, BitsPerComponent=8)
    form = pikepdf.Stream(pdf, b"/Pic Do", Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Form,
                          BBox=[0, 0, 180, 252], Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(Pic=picture)))
    page = pdf.pages[0]
    page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Card=form))
    page.Contents = pdf.make_stream(b"/Card Do")
    pdf.save(folder / "card.pdf")
    line = impose_refused(tmp_path, folder)
    assert "card.pdf, page 1" in line and "100,000 x 100,000 pixels" in line and "MAX_IMAGE_PIXELS" in line
