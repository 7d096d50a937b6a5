"""A small RGB page made a PDF/X file for a press, read back as a print shop's checker reads it;
and planted faults (an RGB image, an over-inked black, a transparent overlay) refused with the
piece named. The page is drawn by ReportLab: black text, a black area, a saturated colour."""

import io

import numpy as np
import pikepdf
import pytest
from PIL import Image

from pnp.press.convert import PressSettings, press_pdf
from pnp.press.ghostscript import cmyk_rasters
from pnp.press.ink import ink_peaks
from pnp.press.preflight import press_faults
from pnp.press.profiles import press_profile
from pnp.render.marks import label_font, new_canvas
from tests.conftest import ROOT

MM = 72 / 25.4
PIECES = ("Cards, The Lantern (front)", "Cards, The Lantern (back)")


def _card() -> bytes:
    """Two 63 x 88 mm pages with 3 mm bleed: black text on cream, a rich black band, a vivid green."""
    out = io.BytesIO()
    font = label_font(ROOT / "fonts" / "eb-garamond" / "eb-garamond-latin-400-normal.woff")
    size = (69 * MM, 94 * MM)
    canvas = new_canvas(out, size, font)
    for _ in range(2):
        canvas.setFillColorRGB(0.96, 0.93, 0.85)
        canvas.rect(0, 0, *size, stroke=0, fill=1)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.rect(0, 0, size[0], 20 * MM, stroke=0, fill=1)
        canvas.setFillColorRGB(0, 1, 0)
        canvas.rect(10 * MM, 60 * MM, 20 * MM, 20 * MM, stroke=0, fill=1)
        canvas.setFillColorRGB(0, 0, 0)
        canvas.setFont(font, 9)
        canvas.drawString(10 * MM, 40 * MM, "Draw a card.")
        canvas.showPage()
    canvas.save()
    pdf = pikepdf.open(io.BytesIO(out.getvalue()))
    for page in pdf.pages:
        page.obj.TrimBox = pikepdf.Array([3 * MM, 3 * MM, 66 * MM, 91 * MM])
        page.obj.BleedBox = page.mediabox
    data = io.BytesIO()
    pdf.save(data)
    return data.getvalue()


@pytest.fixture(scope="module")
def converted() -> dict:
    card = _card()
    return {version: press_pdf(card, PressSettings(press_profile(profile), version, limit), "Tiny: Cards")
            for version, profile, limit in (("1a", "swop", 240), ("4", "fogra39", 300))}


def test_the_file_declares_pdfx_with_its_output_intent_and_passes_the_preflight(converted):
    x1a = pikepdf.open(io.BytesIO(converted["1a"]))
    assert x1a.pdf_version == "1.4" and str(x1a.docinfo.GTS_PDFXVersion) == "PDF/X-1a:2003"
    assert x1a.docinfo.Trapped == pikepdf.Name("/False") and str(x1a.docinfo.Title) == "Tiny: Cards"
    intent, = x1a.Root.OutputIntents
    assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "CGATS TR 005"
    assert intent.DestOutputProfile.N == 4
    assert intent.DestOutputProfile.read_bytes() == press_profile("swop").data
    x4 = pikepdf.open(io.BytesIO(converted["4"]))
    assert x4.pdf_version == "1.6" and str(x4.Root.OutputIntents[0].OutputConditionIdentifier) == "FOGRA39"
    with x4.open_metadata() as meta:
        assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-4"
    for page in x1a.pages:
        assert [round(float(v) / MM, 1) for v in page.obj.TrimBox] == [3.0, 3.0, 66.0, 91.0]
        assert [round(float(v) / MM, 1) for v in page.obj.BleedBox] == [0.0, 0.0, 69.0, 94.0]
    assert press_faults(converted["1a"], "cards.pdf", "1a", 240) == []
    assert press_faults(converted["4"], "cards.pdf", "4", 300) == []


def test_no_rgb_is_left_and_black_text_is_on_the_black_plate_alone(converted):
    pdf = pikepdf.open(io.BytesIO(converted["1a"]))
    operators = [str(i.operator) for i in pikepdf.parse_content_stream(pdf.pages[0])]
    assert "rg" not in operators and "RG" not in operators
    raster = cmyk_rasters(converted["1a"], 300)[0]
    text = raster.crop((round(13 * 300 / 25.4), round(50 * 300 / 25.4), round(30 * 300 / 25.4), round(54 * 300 / 25.4)))
    inks = np.asarray(text).reshape(-1, 4)
    inked = inks[inks[:, 3] > 200]
    assert len(inked) and not inked[:, :3].any()                            # the text: black ink only
    band = raster.getpixel((300, raster.height - 50))                        # the black band: rich black
    assert min(band[:3]) > 100 and band[3] == 255


def test_total_ink_is_under_each_limit_on_every_page(converted):
    for version, limit, black in (("1a", 240, 239), ("4", 300, 260)):
        peaks = ink_peaks(cmyk_rasters(converted[version], 150), 150)
        assert len(peaks) == 2 and all(peak.percent <= limit for peak in peaks)
        assert abs(max(peak.percent for peak in peaks) - black) < 1.5        # the black band: a rich black


def test_a_black_area_is_a_rich_black_under_full_black_ink(converted):
    raster = cmyk_rasters(converted["4"], 150)[0]
    c, m, y, k = raster.getpixel((100, raster.height - 20))                  # inside the black band
    assert k == 255 and abs(c + m + y - 160 * 255 / 100) < 4 and c > m > y


def test_the_same_page_gives_the_same_bytes(converted):
    again = press_pdf(_card(), PressSettings(press_profile("swop"), "1a", 240), "Tiny: Cards")
    assert again == converted["1a"]


def _planted(pdf: bytes, plant) -> bytes:
    document = pikepdf.open(io.BytesIO(pdf))
    plant(document, document.pages[1])
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def _draw(document, page, content: bytes, **resources) -> None:
    page.contents_add(document.make_stream(content))
    for kind, entries in resources.items():
        if f"/{kind}" not in page.obj.Resources:
            page.obj.Resources[f"/{kind}"] = pikepdf.Dictionary()
        for name, value in entries.items():
            page.obj.Resources[f"/{kind}"][name] = value


def test_planted_faults_are_refused_with_the_piece_named(converted):
    def rgb_image(document, page):
        image = Image.new("RGB", (60, 60), (200, 30, 30))
        stream = document.make_stream(image.tobytes(), Type=pikepdf.Name.XObject, Subtype=pikepdf.Name.Image,
                                      Width=60, Height=60, ColorSpace=pikepdf.Name.DeviceRGB, BitsPerComponent=8)
        _draw(document, page, b"q 72 0 0 72 20 20 cm /Planted Do Q", XObject={"/Planted": stream})

    def over_inked(document, page):
        _draw(document, page, b"q 1 1 1 1 k 20 20 40 40 re f Q")

    def overlay(document, page):
        state = pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, ca=0.5)
        _draw(document, page, b"q /Half gs 0 0 0 1 k 20 20 40 40 re f Q", ExtGState={"/Half": state})

    expected = {rgb_image: ["an image in DeviceRGB", "printed at 60 dpi"], over_inked: ["total ink 400 %"],
                overlay: ["opacity 0.5"]}
    for plant, words in expected.items():
        faults = press_faults(_planted(converted["1a"], plant), "cards.pdf", "1a", 240, lambda n: PIECES[n - 1])
        said = [str(fault) for fault in faults]
        for word in words:
            assert any(word in line and "cards.pdf, page 2: Cards, The Lantern (back)" in line for line in said), said


def test_a_file_that_is_not_pdfx_is_told_so(converted):
    said = [str(f) for f in press_faults(_card(), "cards.pdf", "1a", 300)]
    assert "cards.pdf, document: not declared PDF/X-1a:2003 (GTS_PDFXVersion is missing)" in said
    assert "cards.pdf, document: 0 PDF/X output intents (exactly one, with the press profile)" in said
    assert any("an RGB fill colour (rg)" in line for line in said)
