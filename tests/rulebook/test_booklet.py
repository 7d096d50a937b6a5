import io

import pikepdf
import pytest
from reportlab.pdfgen import canvas

from pnp.rulebook.booklet import booklet_order, impose_booklet, with_back_cover


@pytest.mark.parametrize("pages, expected", [
    (8, [(7, 0), (1, 6), (5, 2), (3, 4)]),
    (12, [(11, 0), (1, 10), (9, 2), (3, 8), (7, 4), (5, 6)]),
    (13, [(None, 0), (1, None), (None, 2), (3, 12), (11, 4), (5, 10), (9, 6), (7, 8)]),
])
def test_saddle_stitch_order(pages, expected):
    assert booklet_order(pages) == expected


@pytest.mark.parametrize("pages", range(1, 30))
def test_every_page_appears_once_and_facing_pages_sum_right(pages):
    order = booklet_order(pages)
    shown = [p for side in order for p in side if p is not None]
    assert sorted(shown) == list(range(pages))
    total = len(order) * 2
    for left, right in order:      # on every side the two page numbers add up to total - 1
        if left is not None and right is not None:
            assert left + right == total - 1


@pytest.mark.parametrize("pages, reading", [
    (6, [0, 1, 2, 3, 4, None, None, 5]),     # five pages of rules, two blanks inside, the back cover outside
    (8, [0, 1, 2, 3, 4, 5, 6, 7]),           # seven and the cover: no blank at all
    (9, [0, 1, 2, 3, 4, 5, 6, 7, None, None, None, 8]),   # eight fill two sheets: the cover takes a third
])
def test_a_back_cover_is_always_outside_and_the_blanks_inside(pages, reading):
    assert with_back_cover(pages) == reading
    outside = booklet_order(reading)[0][0]                  # the first sheet's left half, front side
    assert outside == reading[-1] is not None


def test_imposed_sheets_are_landscape_with_two_pages_each():
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=(419.53, 595.28), invariant=1)
    for number in range(5):
        pdf.drawString(100, 300, f"page {number + 1}")
        pdf.showPage()
    pdf.save()
    imposed = pikepdf.open(io.BytesIO(impose_booklet(buffer.getvalue(), (595.28, 841.89))))
    assert len(imposed.pages) == 4
    for page in imposed.pages:
        assert [round(float(v), 2) for v in page.mediabox] == [0, 0, 841.89, 595.28]


def test_an_a5_page_on_an_a4_sheet_meets_the_fold_the_slack_at_the_outer_edges():
    """A5 (148 mm) is half a millimetre narrower than half of A4 (148.5 mm): the two halves of a
    sheet touch on the fold, so the cover's colour runs across it without a white stripe."""
    a5, mm = (419.53, 595.28), 72 / 25.4
    buffer = io.BytesIO()
    pdf = canvas.Canvas(buffer, pagesize=a5, invariant=1)
    for _ in range(4):
        pdf.rect(0, 0, *a5, fill=1)
        pdf.showPage()
    pdf.save()
    imposed = pikepdf.open(io.BytesIO(impose_booklet(buffer.getvalue(), (595.28, 841.89))))
    sheet = imposed.pages[0]
    placed = [[float(v) for v in operands] for operands, operator in pikepdf.parse_content_stream(sheet)
              if str(operator) == "cm"]
    (left_scale, *_, left_x, _), (right_scale, *_, right_x, _) = placed
    fold = 841.89 / 2
    assert abs(left_x + a5[0] * left_scale - fold) / mm < 0.1 and abs(right_x - fold) / mm < 0.1
    assert round(left_x / mm, 1) == round((841.89 - 2 * a5[0]) / 2 / mm, 1) == 0.5
