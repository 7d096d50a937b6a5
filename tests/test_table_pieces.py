"""The playmat tiles, the fillable campaign sheet, the odds card and the tokens, measured."""

import pdfplumber
import pikepdf
import pypdfium2 as pdfium
import pytest

from pnp.games import get_game
from pnp.games.verset.rulebook import STAND_TOTALS, UP_CARDS, percent
from pnp.games.verset.table import campaign_sheet
from pnp.render.forms import field_names
from pnp.render.tiling import CROSS_MM, OVERLAP_MM
from pnp.project import Project
from pnp.rules.verset.odds import bust_from_fresh_deck, opponent_finals
from tests.conftest import ROOT
from tests.pdf_measure import MM, placements

PLAYMAT = next(b for b in get_game(Project.at(ROOT), "verset").boards if b.key == "playmat")
PLAYMAT_MM = (PLAYMAT.width_mm, PLAYMAT.height_mm)

TOKEN_DIAMETER_MM = 25.0


def window(path, index):
    """The tile's window: the clip around the piece, in pdfplumber's top-down points."""
    with pikepdf.open(path) as pdf:
        page = pdf.pages[index]
        height = float(page.mediabox[3])
        clip = next(p.clip for p in placements(page) if p.clip)
        return clip[0], height - clip[3], clip[2], height - clip[1]


def visible_crosses(page, view) -> list[tuple[float, float]]:
    """Centres of the alignment crosses this tile shows (inside its window)."""
    length = CROSS_MM * MM
    horizontal = [l for l in page.lines if abs(l["top"] - l["bottom"]) < 0.01 and abs(l["width"] - length) < 0.05]
    vertical = [l for l in page.lines if abs(l["x0"] - l["x1"]) < 0.01 and abs(l["height"] - length) < 0.05]
    found = set()
    for h in horizontal:
        for v in vertical:
            cx, cy = v["x0"], h["top"]
            if abs((h["x0"] + h["x1"]) / 2 - cx) < 0.05 and abs((v["top"] + v["bottom"]) / 2 - cy) < 0.05:
                if view[0] <= cx <= view[2] and view[1] <= cy <= view[3]:
                    found.add((round(cx, 3), round(cy, 3)))
    return sorted(found)


def near_top_or_bottom(y, view):
    return y < view[1] + OVERLAP_MM * MM or y > view[3] - OVERLAP_MM * MM


def near_sides(x, view):
    return x < view[0] + OVERLAP_MM * MM or x > view[2] - OVERLAP_MM * MM


def outline(page, size_mm=None):
    """The piece's outline rectangle (x0, top, x1, bottom) as this tile draws it."""
    width, height = size_mm or PLAYMAT_MM
    return next((r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects
                if abs(r["width"] - width * MM) < 1 and abs(r["height"] - height * MM) < 1)


BOARDS = {"playmat": ("built", (600.0, 350.0)), "score-board": ("built_wizard", (400.0, 280.0))}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("board", sorted(BOARDS))
def test_tiles_overlap_by_10mm_and_reassemble_to_the_board(request, paper, board):
    """Lay the tiles together crosses on crosses, as a player would, then measure the mat.

    Each band's crosses sit on its middle line; a band's width is how far the window of one
    tile runs past the cross plus how far the next tile's window starts before it.
    """
    fixture, size = BOARDS[board]
    path = request.getfixturevalue(fixture)[paper] / f"{board}-tiles.pdf"

    def outline(page):
        return globals()["outline"](page, size)
    with pdfplumber.open(path) as pdf:
        count = len(pdf.pages)
        views = [window(path, i) for i in range(count)]
        seen = [visible_crosses(page, view) for page, view in zip(pdf.pages, views)]
        # Tiles of the first row draw the outline at the same height.
        columns = sum(1 for page in pdf.pages if outline(page)[1] == outline(pdf.pages[0])[1])
        rows = count // columns
        shift_x = 0.0
        for c in range(columns - 1):
            band = OVERLAP_MM * MM                        # crosses in the band by each edge
            right = max(x for x, y in seen[c] if x > views[c][2] - band and not near_top_or_bottom(y, views[c]))
            left = min(x for x, y in seen[c + 1]
                       if x < views[c + 1][0] + band and not near_top_or_bottom(y, views[c + 1]))
            overlap = (views[c][2] - right) + (left - views[c + 1][0])
            assert overlap / MM == pytest.approx(OVERLAP_MM, abs=0.2)
            shift_x += right - left
        assert views[0][0] <= outline(pdf.pages[0])[0]
        width = outline(pdf.pages[columns - 1])[2] + shift_x - outline(pdf.pages[0])[0]
        assert width / MM == pytest.approx(size[0], abs=0.5)
        shift_y = 0.0
        for r in range(rows - 1):
            band = OVERLAP_MM * MM
            above, below = views[r * columns], views[(r + 1) * columns]
            lower = max(y for x, y in seen[r * columns] if y > above[3] - band and not near_sides(x, above))
            upper = min(y for x, y in seen[(r + 1) * columns] if y < below[1] + band and not near_sides(x, below))
            overlap = (views[r * columns][3] - lower) + (upper - views[(r + 1) * columns][1])
            assert overlap / MM == pytest.approx(OVERLAP_MM, abs=0.2)
            shift_y += lower - upper
        height = outline(pdf.pages[(rows - 1) * columns])[3] + shift_y - outline(pdf.pages[0])[1]
        assert height / MM == pytest.approx(size[1], abs=0.5)


def test_the_full_size_playmat_is_600_by_350(built):
    with pikepdf.open(built["a4"] / "playmat-full-size.pdf") as pdf:
        x0, y0, x1, y1 = (float(v) for v in pdf.pages[0].trimbox)
    assert ((x1 - x0) / MM, (y1 - y0) / MM) == (pytest.approx(600, abs=0.1), pytest.approx(350, abs=0.1))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_fillable_sheet_has_a_named_typed_field_for_every_row_and_box(built, paper):
    pdf = pikepdf.open(built[paper] / "campaign-sheet-fillable.pdf")
    fields = {str(f.T): str(f.FT) for f in pdf.Root.AcroForm.Fields}
    expected = {name: ("/Tx" if kind == "text" else "/Btn") for name, kind in field_names(campaign_sheet()).items()}
    assert fields == expected
    assert sum(1 for name in fields if name.startswith("duel10_")) == len(campaign_sheet().columns)
    printable = pikepdf.open(built[paper] / "campaign-sheet.pdf")
    assert "/AcroForm" not in printable.Root


def test_every_number_on_the_odds_card_is_the_engines(built):
    pdf = pdfium.PdfDocument(built["a4"] / "player-aids.pdf")
    text = " ".join(" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf)))
    hard = " ".join(percent(bust_from_fresh_deck(t, False)) for t in range(12, 21))
    soft = " ".join(percent(bust_from_fresh_deck(t, True)) for t in range(12, 21))
    assert f"Hard {hard}" in text and f"Soft {soft}" in text
    for stand in STAND_TOTALS:
        for up in UP_CARDS:
            chances = opponent_finals(up, stand)
            cells = [percent(chances["blackjack"])] + [percent(chances[str(t)]) for t in range(stand, 22)]
            row = f"{up} " + " ".join(cells + [percent(chances["bust"])])
            assert row in text, (stand, up, row)
        # the printed row sums stay within rounding of 100 %
        assert abs(sum(float(v) for v in opponent_finals("A", stand).values()) - 1) < 1e-12


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_token_cut_circles_have_the_stated_diameter(built, paper):
    with pdfplumber.open(built[paper] / "soul-tokens.pdf") as pdf:
        circles = [c for c in pdf.pages[0].curves
                   if abs(c["width"] - c["height"]) < 0.05 and abs(c["width"] / MM - TOKEN_DIAMETER_MM) < 1]
        assert len(circles) == 17
        for circle in circles:
            assert circle["width"] / MM == pytest.approx(TOKEN_DIAMETER_MM, abs=0.1)
            assert circle["height"] / MM == pytest.approx(TOKEN_DIAMETER_MM, abs=0.1)
