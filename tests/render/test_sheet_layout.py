from hypothesis import given
from hypothesis import strategies as st

from pnp.render.papers import PAPERS_MM
from pnp.render.sheet_layout import PRINTER_MARGIN_MM, fits, inside_margin, sheet_layout


def test_poker_cards_fit_nine_to_a_sheet_on_a4_and_letter_eighteen_on_a3_and_tabloid():
    assert {paper: sheet_layout(paper, 63, 88, 3).per_sheet for paper in PAPERS_MM} == {
        "a4": 9, "letter": 9, "a3": 18, "tabloid": 18}


@given(paper=st.sampled_from(sorted(PAPERS_MM)), width=st.floats(30, 120), height=st.floats(30, 150),
       bleed=st.floats(0, 5))
def test_cards_never_leave_the_printer_margin_nor_overlap(paper, width, height, bleed):
    layout = sheet_layout(paper, width, height, bleed)
    slots = layout.face_slots()
    assert len(slots) == layout.per_sheet >= 1
    for slot in slots:
        assert slot.x >= PRINTER_MARGIN_MM - 1e-6 and slot.y >= PRINTER_MARGIN_MM - 1e-6
        assert slot.x + slot.width <= layout.width - PRINTER_MARGIN_MM + 1e-6
        assert slot.y + slot.height <= layout.height - PRINTER_MARGIN_MM + 1e-6
    for a in slots:
        for b in slots:
            if a is not b:
                ax0, ay0, ax1, ay1 = a.clip
                bx0, by0, bx1, by1 = b.clip
                assert ax1 <= bx0 + 1e-6 or bx1 <= ax0 + 1e-6 or ay1 <= by0 + 1e-6 or by1 <= ay0 + 1e-6


@given(paper=st.sampled_from(sorted(PAPERS_MM)), width=st.floats(20, 420), height=st.floats(20, 420),
       bleed=st.floats(0, 5))
def test_a_card_that_fits_one_way_round_is_turned_rather_than_run_into_the_margin(paper, width, height, bleed):
    """A card as wide as the paper (an A6 aid beside its back: 210 mm on A4) goes on a landscape
    sheet, never across the portrait one into the margin the printer cannot print."""
    if not fits(paper, width, height):
        return
    layout = sheet_layout(paper, width, height, bleed)
    assert inside_margin(layout)
    for slot in layout.face_slots():
        x0, y0, x1, y1 = slot.clip
        assert x0 >= PRINTER_MARGIN_MM - 1e-6 and y0 >= PRINTER_MARGIN_MM - 1e-6
        assert x1 <= layout.width - PRINTER_MARGIN_MM + 1e-6 and y1 <= layout.height - PRINTER_MARGIN_MM + 1e-6


def test_a_folded_a6_pair_goes_landscape_one_to_a_sheet_on_a4_and_letter():
    for paper in ("a4", "letter"):
        layout = sheet_layout(paper, 210, 148, 3)
        assert layout.landscape and layout.per_sheet == 1 and inside_margin(layout)


@given(paper=st.sampled_from(sorted(PAPERS_MM)), width=st.floats(30, 100), height=st.floats(30, 130))
def test_long_edge_backs_mirror_about_the_papers_long_axis(paper, width, height):
    """Portrait sheets mirror about the vertical centre line; a landscape sheet lies sideways
    on the paper, so its long edge runs across and it mirrors about the horizontal one."""
    layout = sheet_layout(paper, width, height, 3)
    for face, back in zip(layout.face_slots(), layout.back_slots("long")):
        if layout.landscape:
            assert abs((face.y + height / 2) + (back.y + height / 2) - layout.height) < 1e-6
            assert abs(face.x - back.x) < 1e-6
        else:
            assert abs((face.x + width / 2) + (back.x + width / 2) - layout.width) < 1e-6
            assert abs(face.y - back.y) < 1e-6


def test_bleed_is_kept_where_there_is_room_and_shared_where_there_is_not():
    a4 = sheet_layout("a4", 63, 88, 3)
    assert a4.x.outer_bleed == 3 and a4.y.outer_bleed == 3
    assert a4.x.gutter == 0  # three 63 mm cards with 6 mm gutters do not fit inside A4's margins
    roomy = sheet_layout("a4", 50, 70, 3)
    assert roomy.x.gutter == 6 and roomy.x.outer_bleed == 3
