"""Cut pieces can be cut: crop marks on every edge of each piece, round pieces included, and a
round piece's cut line showing against its edge; measured on the marks as drawn."""

import pytest

from pnp.render import marks
from pnp.render.cut_checks import cut_findings
from pnp.render.sheet_layout import sheet_layout
from tests.conftest import ROOT
from tests.pdf_measure import MM, crop_marks

FONT = ROOT / "fonts" / marks.LABEL_FONT_FILE
NAVY = (0.10, 0.12, 0.26)


def _sheet(shape: str, width: float = 25.0, height: float = 25.0):
    layout = sheet_layout("a4", width, height, 3.0)
    slots = layout.face_slots()
    return marks.draw_sheet_marks(layout, ["label"], FONT, shape, [slots]), [slots]


@pytest.mark.parametrize("shape", ["rect", "circle"])
def test_every_piece_of_a_sheet_has_crop_marks_on_each_edge(shape):
    drawn, slots = _sheet(shape)
    assert cut_findings(drawn, slots, shape, [NAVY]) == []


@pytest.mark.parametrize("shape", ["rect", "circle"])
def test_a_partly_filled_sheet_marks_the_cuts_of_its_pieces_only(shape, tmp_path):
    layout = sheet_layout("a4", 25.0, 25.0, 3.0)
    piece = layout.face_slots()[:1]
    (tmp_path / "sheet.pdf").write_bytes(marks.draw_sheet_marks(layout, ["label"], FONT, shape, [piece]))
    xs, ys = crop_marks(tmp_path / "sheet.pdf", 0)
    assert sorted(round(x / MM, 1) for x in xs) == [round(piece[0].x, 1), round(piece[0].x + piece[0].width, 1)]
    assert sorted(round(y / MM, 1) for y in ys) == [round(piece[0].y, 1), round(piece[0].y + piece[0].height, 1)]
    assert cut_findings((tmp_path / "sheet.pdf").read_bytes(), [piece], shape, [NAVY]) == []


def test_a_token_sheet_without_crop_marks_is_refused(monkeypatch):
    monkeypatch.setattr(marks, "_crop_marks", lambda *args, **kwargs: None)
    drawn, slots = _sheet("circle")
    found = cut_findings(drawn, slots, "circle", [NAVY])
    assert len(found) == len(slots[0])
    assert all("has no crop marks on its left, right, bottom, top edges" in line for line in found)


def test_a_black_hairline_on_navy_is_refused_and_the_white_halo_passes(monkeypatch):
    def hairline(pdf, layout, slots):
        pdf.setLineWidth(marks.CROP_MARK_WIDTH_PT)
        pdf.setStrokeColorRGB(0, 0, 0)
        for slot in slots:
            pdf.circle((slot.x + slot.width / 2) * marks.MM, (slot.y + slot.height / 2) * marks.MM,
                       slot.width / 2 * marks.MM, stroke=1, fill=0)
    monkeypatch.setattr(marks, "_cut_circles", hairline)
    drawn, slots = _sheet("circle")
    found = cut_findings(drawn, slots, "circle", [NAVY])
    assert len(found) == 1 and "cut line (#000000) has contrast 1.3" in found[0] and "under 3:1" in found[0]
    monkeypatch.undo()
    drawn, slots = _sheet("circle")
    assert cut_findings(drawn, slots, "circle", [NAVY, (1, 1, 1), (0.5, 0.5, 0.5)]) == []
