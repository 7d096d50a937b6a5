"""The playmat tiles, the fillable campaign sheet, the odds card and the tokens, measured."""

import pdfplumber
import pikepdf
import pypdfium2 as pdfium
import pytest

from pnp.games import get_game
from pnp.games.verset.rulebook import STAND_TOTALS, UP_CARDS, percent
from pnp.games.verset.table import campaign_sheet
from pnp.render.form_spec import field_names
from pnp.render.tiling import OVERLAP_MM, PIECE_MARGIN_MM, TICK_MM
from pnp.project import Project
from pnp.rules.verset.odds import bust_from_fresh_deck, opponent_finals
from tests.conftest import ROOT
from tests.pdf_measure import MM, crop_marks, placements

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


def ticks(page, view) -> tuple[list[float], list[float]]:
    """The alignment ticks this tile prints outside its window: the x of the upright ones above
    it and the y (top-down) of the level ones beside it, where the band edges meet its edges."""
    length, eps = TICK_MM * MM, 0.05
    upright = [l for l in page.lines if abs(l["x0"] - l["x1"]) < 0.01 and abs(l["height"] - length) < eps]
    level = [l for l in page.lines if abs(l["top"] - l["bottom"]) < 0.01 and abs(l["width"] - length) < eps]
    xs = sorted({round(l["x0"], 3) for l in upright if l["bottom"] <= view[1] + eps})
    ys = sorted({round(l["top"], 3) for l in level if l["x1"] <= view[0] + eps or l["x0"] >= view[2] - eps})
    return xs, ys


def outline(page, size_mm=None):
    """The piece's outline rectangle (x0, top, x1, bottom) as this tile draws it."""
    width, height = size_mm or PLAYMAT_MM
    return next((r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects
                if abs(r["width"] - width * MM) < 1 and abs(r["height"] - height * MM) < 1)


BOARDS = {"playmat": ("built", (600.0, 350.0)), "score-board": ("built_wizard", (400.0, 260.0))}


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_no_alignment_mark_is_drawn_over_the_art(request, board):
    """Every line of a tile but the piece's outline lies outside the art it shows (its window,
    less the blank paper past the piece's bleed): nothing covers the board's numbers and boxes."""
    fixture, size = BOARDS[board]
    path = request.getfixturevalue(fixture)["a4"] / f"{board}-tiles.pdf"
    with pdfplumber.open(path) as pdf:
        for index, page in enumerate(pdf.pages):
            view = window(path, index)
            x0, top, x1, bottom = outline(page, size)
            margin = PIECE_MARGIN_MM * MM
            art = (max(view[0], x0 - margin), max(view[1], top - margin),
                   min(view[2], x1 + margin), min(view[3], bottom + margin))
            for line in page.lines:
                inside = (art[0] + 0.1 < max(line["x0"], line["x1"]) and min(line["x0"], line["x1"]) < art[2] - 0.1
                          and art[1] + 0.1 < line["bottom"] and line["top"] < art[3] - 0.1)
                assert not inside, (index, line["x0"], line["top"], line["x1"], line["bottom"])


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("board", sorted(BOARDS))
def test_tiles_overlap_by_10mm_and_reassemble_to_the_board(request, paper, board):
    """Lay the tiles together as a player would: cut one along its window's edge and lay that
    edge on its neighbour's ticks; then measure the mat.

    Each band's ticks stand where its two edges meet the window's edges: 10 mm apart on both
    tiles, the outer one at the window's edge of the tile it belongs to.
    """
    fixture, size = BOARDS[board]
    path = request.getfixturevalue(fixture)[paper] / f"{board}-tiles.pdf"

    def outline(page):
        return globals()["outline"](page, size)
    with pdfplumber.open(path) as pdf:
        count = len(pdf.pages)
        views = [window(path, i) for i in range(count)]
        seen = [ticks(page, view) for page, view in zip(pdf.pages, views)]
        # Tiles of the first row draw the outline at the same height.
        columns = sum(1 for page in pdf.pages if outline(page)[1] == outline(pdf.pages[0])[1])
        rows = count // columns
        shift_x = 0.0
        for c in range(columns - 1):
            a, b = views[c], views[c + 1]
            inner, outer = [x for x in seen[c][0] if x > a[2] - (OVERLAP_MM + 1) * MM][-2:]
            assert outer == pytest.approx(a[2], abs=0.05)           # at the window's edge
            assert (outer - inner) / MM == pytest.approx(OVERLAP_MM, abs=0.05)
            edge, far = [x for x in seen[c + 1][0] if x < b[0] + (OVERLAP_MM + 1) * MM][:2]
            assert edge == pytest.approx(b[0], abs=0.05)
            assert (far - edge) / MM == pytest.approx(OVERLAP_MM, abs=0.05)
            shift_x += inner - b[0]                                   # B's cut edge on A's tick
        assert views[0][0] <= outline(pdf.pages[0])[0]
        width = outline(pdf.pages[columns - 1])[2] + shift_x - outline(pdf.pages[0])[0]
        assert width / MM == pytest.approx(size[0], abs=0.5)
        shift_y = 0.0
        for r in range(rows - 1):
            above, below = views[r * columns], views[(r + 1) * columns]
            inner, outer = [y for y in seen[r * columns][1] if y > above[3] - (OVERLAP_MM + 1) * MM][-2:]
            assert outer == pytest.approx(above[3], abs=0.05)
            assert (outer - inner) / MM == pytest.approx(OVERLAP_MM, abs=0.05)
            edge, far = [y for y in seen[(r + 1) * columns][1] if y < below[1] + (OVERLAP_MM + 1) * MM][:2]
            assert edge == pytest.approx(below[1], abs=0.05)
            assert (far - edge) / MM == pytest.approx(OVERLAP_MM, abs=0.05)
            shift_y += inner - below[1]
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
    assert f"Bust {hard}" in text
    assert all(bust_from_fresh_deck(t, True) == 0 for t in range(12, 22))   # what the aid says of soft totals
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
    """Each token's cut circle: black over a wider white line (it shows on the navy art as on
    paper), and crop marks in the margins at the corners of its square trim."""
    path = built[paper] / "soul-tokens.pdf"
    with pdfplumber.open(path) as pdf:
        found = [c for c in pdf.pages[0].curves
                 if abs(c["width"] - c["height"]) < 0.05 and abs(c["width"] / MM - TOKEN_DIAMETER_MM) < 1]
        black = [c for c in found if not any(c["stroking_color"] or (0,))]
        white = [c for c in found if c["stroking_color"] and all(v == 1 for v in c["stroking_color"])]
        assert len(black) == len(white) == 17
        assert all(w["linewidth"] >= 3 * b["linewidth"] for w, b in zip(white, black))
        height = float(pdf.pages[0].height)
    xs, ys = crop_marks(path, 0)
    for circle in black:
        assert circle["width"] / MM == pytest.approx(TOKEN_DIAMETER_MM, abs=0.1)
        assert circle["height"] / MM == pytest.approx(TOKEN_DIAMETER_MM, abs=0.1)
        for x in (circle["x0"], circle["x1"]):
            assert {"top", "bottom"} <= xs[round(x, 2)]
        for y in (height - circle["top"], height - circle["bottom"]):
            assert {"left", "right"} <= ys[round(y, 2)]
