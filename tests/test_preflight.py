"""The print-shop preflight: every PDF pnp writes passes; PDFs a RIP would refuse fail."""

import io
from pathlib import Path

import pikepdf
import pytest
from reportlab.pdfgen import canvas

from pnp.preflight import PreflightFailed, preflight, require_preflight
from pnp.render.pdfio import save_deterministic


def _helvetica_page() -> bytes:
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(200, 200), invariant=1)
    pdf.drawString(20, 20, "Helvetica, not embedded")
    pdf.showPage()
    pdf.save()
    return save_deterministic(pikepdf.open(io.BytesIO(out.getvalue())))


def _with_page(change) -> bytes:
    pdf = pikepdf.open(io.BytesIO(_helvetica_page()))
    del pdf.pages[0].obj.Resources["/Font"]
    change(pdf, pdf.pages[0])
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


@pytest.mark.parametrize("game", ["built", "built_wizard"])
def test_every_pdf_of_every_game_passes(game, request):
    files = [path for folder in request.getfixturevalue(game).values() for path in sorted(Path(folder).glob("*.pdf"))]
    assert len(files) >= 20
    for path in files:
        assert preflight(path.read_bytes(), path.name) == [], path


def test_an_unembedded_font_fails():
    faults = preflight(_helvetica_page(), "bad.pdf")
    assert [str(f) for f in faults] == ["bad.pdf, page 1: font Helvetica is not embedded"]
    with pytest.raises(PreflightFailed, match="font Helvetica is not embedded"):
        require_preflight([("bad.pdf", _helvetica_page())])


def test_a_form_font_that_is_not_embedded_fails():
    def form(pdf, page):
        helvetica = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1,
                                                         BaseFont=pikepdf.Name.Helvetica))
        pdf.Root.AcroForm = pikepdf.Dictionary(Fields=[], DR=pikepdf.Dictionary(Font=pikepdf.Dictionary(Helv=helvetica)))
    assert "the form's default resources: font Helvetica is not embedded" in [f.what for f in preflight(_with_page(form), "f.pdf")]


def test_missing_or_misplaced_boxes_fail():
    def no_boxes(pdf, page):
        del page.obj["/TrimBox"], page.obj["/BleedBox"]
    assert {f.what for f in preflight(_with_page(no_boxes), "f.pdf")} == {"no TrimBox", "no BleedBox"}

    def trim_outside(pdf, page):
        page.obj.BleedBox = [10, 10, 190, 190]
        page.obj.TrimBox = [0, 0, 200, 200]
    assert [f.what for f in preflight(_with_page(trim_outside), "f.pdf")] == ["TrimBox reaches outside the BleedBox"]


def test_transparency_and_spot_colours_fail():
    def group(pdf, page):
        page.obj.Group = pikepdf.Dictionary(S=pikepdf.Name.Transparency)
    def soft_mask(pdf, page):
        page.obj.Resources.ExtGState = pikepdf.Dictionary(GS1=pikepdf.Dictionary(SMask=pikepdf.Dictionary(S=pikepdf.Name.Luminosity)))
    def blend(pdf, page):
        page.obj.Resources.ExtGState = pikepdf.Dictionary(GS1=pikepdf.Dictionary(BM=pikepdf.Name.Multiply))
    def spot(pdf, page):
        page.obj.Resources.ColorSpace = pikepdf.Dictionary(CS1=pikepdf.Array([pikepdf.Name.Separation, pikepdf.Name.Gold,
                                                                              pikepdf.Name.DeviceCMYK, 0]))
    cases = {group: "a transparency group", soft_mask: "a soft mask", blend: "blend mode Multiply", spot: "colour space Separation"}
    for change, expected in cases.items():
        faults = [f.what for f in preflight(_with_page(change), "f.pdf")]
        assert len(faults) == 1 and faults[0].startswith(expected), faults


def test_a_build_refuses_a_layout_that_makes_a_transparency_group(project_copy):
    from tests.conftest import run_pnp

    css = project_copy / "layouts" / "wizard" / "cards.css"
    css.write_text(css.read_text() + "\n.art { opacity: 0.5; }\n")      # a picture: no text loses contrast
    out = project_copy / "out"
    result = run_pnp("build", "wizard", "--project", str(project_copy), "--out", str(out))
    assert result.exit_code == 2
    assert "print-shop preflight fault" in result.output and "transparency group" in result.output
    assert "Fix: a layout uses opacity" in result.output
    assert not out.exists()
