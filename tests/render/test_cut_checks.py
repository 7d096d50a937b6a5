"""Cut pieces can be cut: crop marks on every edge of each piece, round pieces included, and a
round piece's cut line showing against its edge; measured on the marks as drawn."""

import pytest

from pnp.render import marks
from pnp.render.cut_checks import cut_findings
from pnp.render.sheet_layout import sheet_layout
from tests.conftest import ROOT

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
