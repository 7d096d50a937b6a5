"""`pnp impose`: card images from elsewhere on pnp's sheets, measured from the PDFs.

Trims are found on the rasterised pages from the fiducials the test art carries
(tests/card_art.py), so they are measured as printed, not taken from pnp's own numbers.
"""

import hashlib

import pikepdf
import pytest

from tests.card_art import write_back, write_cards
from tests.conftest import run_pnp
from tests.pdf_measure import MM, crop_marks, fiducial_trims, page_size_mm

TOLERANCE_MM = 0.1
TRIM = (63.0, 88.0)


@pytest.fixture(scope="module")
def art(tmp_path_factory):
    folder = tmp_path_factory.mktemp("art")
    write_cards(folder / "faces", 12)
    write_back(folder / "back.png")
    return folder


def impose(*arguments):
    result = run_pnp("impose", *map(str, arguments))
    return result


def sides(pdf, trim=TRIM, bleed=3.0):
    return [fiducial_trims(pdf, index, trim, bleed) for index in range(len(pikepdf.open(pdf).pages))]


def assert_backs_behind_faces(pdf, pages, duplex="long"):
    for index in range(0, len(pages), 2):
        width, height = page_size_mm(pdf, index)
        fronts, backs = pages[index], pages[index + 1]
        assert len(fronts) == len(backs)
        flip_columns = (duplex == "long") == (width < height)     # the paper's long edge, as printers flip
        for front in fronts:
            x, y = front.centre
            target = (width - x, y) if flip_columns else (x, height - y)
            assert min(abs(b.centre[0] - target[0]) + abs(b.centre[1] - target[1]) for b in backs) <= TOLERANCE_MM


@pytest.mark.parametrize("paper", ["a4", "letter", "tabloid", "330x480mm"])
def test_trims_measured_from_the_pdf_are_within_a_tenth_of_a_millimetre_with_backs_behind(art, tmp_path, paper):
    out = tmp_path / "sheets.pdf"
    result = impose(art / "faces", "--back", art / "back.png", "--size", "63x88", "--bleed", 3,
                    "--paper", paper, "--out", out)
    assert result.exit_code == 0, result.output
    pages = sides(out)
    assert sum(len(page) for page in pages[0::2]) == 12 and sum(len(page) for page in pages[1::2]) == 12
    for page in pages:
        for trim in page:
            assert abs(trim.width - TRIM[0]) <= TOLERANCE_MM and abs(trim.height - TRIM[1]) <= TOLERANCE_MM
    assert_backs_behind_faces(out, pages)


def test_trims_lie_on_the_crop_marks(art, tmp_path):
    out = tmp_path / "sheets.pdf"
    assert impose(art / "faces", "--back", art / "back.png", "--out", out).exit_code == 0
    _, height = page_size_mm(out, 0)
    marks_x, marks_y = crop_marks(out, 0)
    for trim in fiducial_trims(out, 0):
        for x in (trim.left, trim.left + trim.width):
            assert min(abs(x - m / MM) for m in marks_x) <= TOLERANCE_MM
        for y in (trim.top, trim.top + trim.height):                    # marks are measured from the bottom
            assert min(abs(height - y - m / MM) for m in marks_y) <= TOLERANCE_MM


def test_images_are_placed_byte_for_byte_never_re_encoded(tmp_path):
    faces = tmp_path / "faces"
    png = write_cards(faces, 1)[0]
    jpeg = write_cards(tmp_path / "jpeg", 1, suffix=".jpg")[0]
    (faces / "card2.jpg").write_bytes(jpeg.read_bytes())
    out = tmp_path / "sheets.pdf"
    assert impose(faces, "--duplex", "none", "--out", out).exit_code == 0
    images = {}
    pdf = pikepdf.open(out)
    for form in pdf.pages[0].Resources.XObject.values():
        image = form.Resources.XObject.Art
        images[str(image.Filter)] = image.read_raw_bytes()
    assert images["/DCTDecode"] == jpeg.read_bytes()
    from tests.pdf_measure import png_image_data
    assert images["/FlateDecode"] == png_image_data(png)


def test_art_without_bleed_gets_a_mirrored_bleed(tmp_path):
    import numpy as np
    import pypdfium2 as pdfium

    write_cards(tmp_path / "faces", 2, bleed_mm=0)
    out = tmp_path / "sheets.pdf"
    result = impose(tmp_path / "faces", "--bleed", 0, "--duplex", "none", "--paper", "a3", "--out", out)
    assert result.exit_code == 0, result.output
    assert "mirrored 3 mm bleed" in result.output
    trims = fiducial_trims(out, 0, bleed_mm=0)
    assert len(trims) == 2
    dpi = 300
    page = pdfium.PdfDocument(str(out))[0]
    pixels = page.render(scale=dpi / 72, rev_byteorder=True).to_numpy()[:, :, :3].astype(int)
    first = trims[0]                 # the left column: its left edge is an outer one, with bleed
    for fraction in (0.2, 0.5, 0.8):
        row = round((first.top + first.height * fraction) / 25.4 * dpi)
        edge = round(first.left / 25.4 * dpi)
        inside = pixels[row, edge + 2:edge + 30]
        outside = pixels[row, edge - 30:edge - 2][::-1]             # the bleed, read away from the cut
        assert np.abs(inside - outside).mean() < 12                  # a mirror image of the edge
        assert (outside < 240).any()                                 # not white paper


def test_backs_by_name_and_the_other_duplex_modes(art, tmp_path):
    backs = tmp_path / "backs"
    write_cards(backs, 12)                                   # each card its own back, named as its face
    for duplex in ("short", "long"):
        out = tmp_path / f"{duplex}.pdf"
        result = impose(art / "faces", "--backs", backs, "--duplex", duplex, "--duplex-offset", "0,0", "--out", out)
        assert result.exit_code == 0, result.output
        assert_backs_behind_faces(out, sides(out), duplex)
    fold = tmp_path / "fold.pdf"
    assert impose(art / "faces", "--back", art / "back.png", "--duplex", "fold", "--out", fold).exit_code == 0
    pages = sides(fold)
    assert all(len(page) % 2 == 0 for page in pages) and sum(map(len, pages)) == 24   # face and back side by side
    none = tmp_path / "none.pdf"
    assert impose(art / "faces", "--duplex", "none", "--out", none).exit_code == 0
    assert sum(map(len, sides(none))) == 12


def test_a_duplex_offset_moves_the_backs_by_it(art, tmp_path):
    plain, moved = tmp_path / "plain.pdf", tmp_path / "moved.pdf"
    assert impose(art / "faces", "--back", art / "back.png", "--out", plain).exit_code == 0
    assert impose(art / "faces", "--back", art / "back.png", "--duplex-offset", "1.5,-2", "--out", moved).exit_code == 0
    before, after = fiducial_trims(plain, 1)[0], fiducial_trims(moved, 1)[0]
    assert after.left - before.left == pytest.approx(1.5, abs=TOLERANCE_MM)
    assert after.top - before.top == pytest.approx(2.0, abs=TOLERANCE_MM)     # y up on the page is -top


def test_the_same_folder_gives_byte_identical_sheets(art, tmp_path):
    digests = set()
    for run in range(2):
        out = tmp_path / f"run{run}.pdf"
        assert impose(art / "faces", "--back", art / "back.png", "--out", out).exit_code == 0
        digests.add(hashlib.sha256(out.read_bytes()).hexdigest())
    assert len(digests) == 1


def test_pdf_pages_are_cards_too(art, tmp_path):
    from PIL import Image

    faces = tmp_path / "faces"
    faces.mkdir()
    images = [Image.open(path).convert("RGB") for path in sorted((art / "faces").glob("card*.png"))[:3]]
    images[0].save(faces / "deck.pdf", save_all=True, append_images=images[1:], resolution=300)
    out = tmp_path / "sheets.pdf"
    result = impose(faces, "--duplex", "none", "--out", out)
    assert result.exit_code == 0, result.output
    trims = fiducial_trims(out, 0)
    assert len(trims) == 3
    assert all(abs(t.width - 63) <= TOLERANCE_MM and abs(t.height - 88) <= TOLERANCE_MM for t in trims)


@pytest.mark.parametrize("arguments, words", [
    (["{empty}"], "expected card images"),
    (["{faces}"], "the cards need backs"),
    (["{faces}", "--backs", "{empty}"], "expected card images"),
    (["{faces}", "--backs", "{partial}"], "a back named card2"),
    (["{faces}", "--back", "{broken}"], "expected a readable PNG file"),
    (["{faces}", "--duplex", "none", "--size", "jumbo"], "tarot (70x120)"),
    (["{faces}", "--duplex", "none", "--size", "250x300"], "does not fit on A4"),
    (["{faces}", "--duplex", "none", "--bleed", "12"], "--bleed"),
    (["{faces}", "--duplex", "none", "--duplex-offset", "1,1"], "--duplex-offset"),
])
def test_bad_requests_are_one_line_errors_and_write_nothing(art, tmp_path, arguments, words):
    places = {"empty": tmp_path / "empty", "faces": art / "faces", "partial": tmp_path / "partial",
              "broken": tmp_path / "broken.png"}
    places["empty"].mkdir()
    write_cards(places["partial"], 1)
    places["broken"].write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    out = tmp_path / "out.pdf"
    result = impose(*[a.format(**places) for a in arguments], "--out", out)
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert "Traceback" not in result.output
    assert not out.exists() and not list(tmp_path.glob(".pnp-impose-*"))


def _deck_pdf(art, folder, count=3):
    """A PDF of the first `count` test cards, one a page, as an image-to-PDF tool makes it."""
    from PIL import Image

    folder.mkdir(exist_ok=True)
    images = [Image.open(path).convert("RGB") for path in sorted((art / "faces").glob("card*.png"))[:count]]
    images[0].save(folder / "deck.pdf", save_all=True, append_images=images[1:], resolution=300)
    return folder / "deck.pdf"


def _assert_cards_measured(out, count):
    trims = fiducial_trims(out, 0)
    assert len(trims) == count
    assert all(abs(t.width - 63) <= TOLERANCE_MM and abs(t.height - 88) <= TOLERANCE_MM for t in trims)


def test_pdf_pages_turned_split_or_boxed_the_other_way_are_cards_as_seen(art, tmp_path):
    """A page drawn sideways and turned upright by /Rotate, a page drawn by several content
    streams, a box given from its top right corner: each is placed as a viewer shows it."""
    from PIL import Image

    faces = tmp_path / "faces"
    deck = _deck_pdf(art, faces)
    with pikepdf.open(deck, allow_overwriting_input=True) as pdf:
        split = pdf.pages[1].obj
        split.Contents = pikepdf.Array([pdf.make_stream(b"q"), split.Contents, pdf.make_stream(b"Q")])
        x0, y0, x1, y1 = (float(v) for v in pdf.pages[2].obj.MediaBox)
        pdf.pages[2].obj.MediaBox = pikepdf.Array([x1, y1, x0, y0])
        pdf.save(deck)
    sideways = Image.open(sorted((art / "faces").glob("card*.png"))[3]).convert("RGB").rotate(90, expand=True)
    sideways.save(faces / "turned.pdf", resolution=300)
    with pikepdf.open(faces / "turned.pdf", allow_overwriting_input=True) as pdf:
        pdf.pages[0].obj.Rotate = 90
        pdf.save(faces / "turned.pdf")
    out = tmp_path / "sheets.pdf"
    result = impose(faces, "--duplex", "none", "--out", out)
    assert result.exit_code == 0, result.output
    assert "proportions" not in result.output
    _assert_cards_measured(out, 4)


def test_a_page_content_stream_is_copied_as_it_is(art, tmp_path):
    deck = _deck_pdf(art, tmp_path / "faces", 1)
    with pikepdf.open(deck) as pdf:
        original = pdf.pages[0].obj.Contents.read_bytes()
    out = tmp_path / "sheets.pdf"
    assert impose(tmp_path / "faces", "--duplex", "none", "--out", out).exit_code == 0
    with pikepdf.open(out) as sheets:
        card = next(iter(sheets.pages[0].Resources.XObject.values()))
        assert card.Resources.XObject.Art.read_bytes() == original


def _translucent_card(faces, size=(300, 700)):
    from PIL import Image

    faces.mkdir(exist_ok=True)
    source = Image.effect_noise(size, 80).convert("RGB")
    alpha = Image.linear_gradient("L").resize(size)
    picture = source.copy()
    picture.putalpha(alpha)
    picture.save(faces / "card1.png")
    return picture


def test_a_transparent_png_is_flattened_onto_the_background_and_passes_the_preflight(tmp_path):
    """Issue 28, item 14: a soft mask is transparency in a print file, which the build's own
    preflight refuses; the imposition flattens it onto --background and passes that preflight."""
    from PIL import Image

    from pnp.preflight import preflight_file

    picture = _translucent_card(tmp_path / "faces")
    out = tmp_path / "sheets.pdf"
    result = impose(tmp_path / "faces", "--duplex", "none", "--background", "#102030", "--out", out)
    assert result.exit_code == 0, result.output
    assert "transparency flattened onto #102030" in result.output
    flat = Image.new("RGB", picture.size, (0x10, 0x20, 0x30))
    flat.paste(picture.convert("RGB"), mask=picture.getchannel("A"))
    with pikepdf.open(out) as sheets:
        card = next(iter(sheets.pages[0].Resources.XObject.values()))
        image = card.Resources.XObject.Art
        assert "/SMask" not in image and image.read_bytes() == flat.tobytes()
    assert preflight_file(out, "sheets.pdf") == []


def test_images_in_other_proportions_are_contained_whole_on_request(tmp_path):
    """Issue 28, item 13: --fit contain shows the whole image, centred on the background."""
    _translucent_card(tmp_path / "faces", (157, 238))
    out = tmp_path / "contained.pdf"
    result = impose(tmp_path / "faces", "--size", "63x88", "--bleed", "0", "--duplex", "none", "--fit", "contain",
                    "--background", "#336699", "--out", out)
    assert result.exit_code == 0, result.output
    assert "each is shown whole, centred on #336699" in result.output
    with pikepdf.open(out) as sheets:
        card = next(iter(sheets.pages[0].Resources.XObject.values()))
        drawn = card.read_bytes().decode()
    assert "0.2000 0.4000 0.6000 rg" in drawn
    scale = min(63 * MM / 157, 88 * MM / 238)
    assert f"{157 * scale:.4f} 0 0 {238 * scale:.4f}" in drawn          # the whole image, scaled to fit inside


def test_a_size_side_left_to_auto_comes_from_the_images(tmp_path):
    _translucent_card(tmp_path / "faces", (157, 238))
    out = tmp_path / "auto.pdf"
    result = impose(tmp_path / "faces", "--size", "63xauto", "--bleed", "0", "--duplex", "none", "--out", out)
    assert result.exit_code == 0, result.output
    assert "at 63 x 95.5 mm" in result.output                             # 63 / 157 * 238
    assert "not in the proportions" not in result.output


@pytest.mark.parametrize("field, value", [("bleed_mm", float("nan")), ("bleed_mm", float("inf")), ("bleed_mm", -1.0),
                                          ("card_mm", (float("nan"), 88.0)), ("offset_mm", (float("inf"), 0.0))])
def test_the_library_refuses_numbers_that_are_not(art, tmp_path, field, value):
    from dataclasses import replace

    from pnp.errors import UsageError
    from pnp.impose import ImposeOptions, impose_folder

    options = replace(ImposeOptions((63.0, 88.0), duplex="none"), **{field: value})
    with pytest.raises(UsageError):
        impose_folder(art / "faces", options, tmp_path / "out" / "sheets.pdf")
    assert not list(tmp_path.iterdir())


def test_a_refused_folder_leaves_no_folder_made_for_the_sheets(tmp_path):
    faces = tmp_path / "faces"
    write_cards(faces, 1)
    (faces / "card2.png").write_bytes(b"\x89PNG\r\n\x1a\nbroken")
    out = tmp_path / "made" / "for" / "sheets.pdf"
    result = impose(faces, "--duplex", "none", "--out", out)
    assert result.exit_code == 2 and "card2.png" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["faces"]
