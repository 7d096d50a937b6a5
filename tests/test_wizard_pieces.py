"""The Last Wizard's printables, measured from the PDFs: cards, tokens, pawns, aids, the First
Player token and the score board (its tiles are measured with the playmat's, test_table_pieces)."""

import pdfplumber
import pikepdf
import pytest

from pnp.render.sheet_layout import PRINTER_MARGIN_MM
from tests.pdf_measure import MM, placements

TOLERANCE_MM = 0.1
# deck -> (width, height, bleed, pieces, sides)
PIECES = {"red-deck": (63, 88, 3, 18, 2), "blue-deck": (63, 88, 3, 18, 2), "player-aids": (105, 148, 3, 6, 2),
          "mage-pawns": (32, 120, 2, 6, 1), "round-tokens": (24, 24, 2, 6, 2), "square-tokens": (24, 24, 2, 6, 2),
          "first-player": (40, 40, 2, 1, 2)}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("deck", sorted(PIECES))
def test_every_piece_is_its_size_inside_the_printer_margin(built_wizard, paper, deck):
    width, height, bleed, count, sides = PIECES[deck]
    with pikepdf.open(built_wizard[paper] / f"{deck}.pdf") as pdf:
        faces = pdf.pages[0::sides]
        found = 0
        for page in faces:
            page_w, page_h = float(page.mediabox[2]), float(page.mediabox[3])
            for placement in placements(page):
                x0, y0, x1, y1 = placement.box
                x0, y0, x1, y1 = x0 + bleed * MM, y0 + bleed * MM, x1 - bleed * MM, y1 - bleed * MM
                assert (x1 - x0) / MM == pytest.approx(width, abs=TOLERANCE_MM)
                assert (y1 - y0) / MM == pytest.approx(height, abs=TOLERANCE_MM)
                margin = PRINTER_MARGIN_MM * MM - 0.01
                assert x0 >= margin and y0 >= margin and x1 <= page_w - margin and y1 <= page_h - margin
                found += 1
        assert found == count
        assert len(pdf.pages) % sides == 0


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("deck, pieces", [("round-tokens", 6), ("first-player", 1)])
def test_round_pieces_have_cut_circles_of_their_diameter(built_wizard, paper, deck, pieces):
    diameter = PIECES[deck][0]
    with pdfplumber.open(built_wizard[paper] / f"{deck}.pdf") as pdf:
        circles = [c for c in pdf.pages[0].curves      # the black cut lines (a white line lies under each)
                   if abs(c["width"] - c["height"]) < 0.05 and abs(c["width"] / MM - diameter) < 1
                   and not any(c["stroking_color"] or (0,))]
    assert len(circles) == pieces
    assert all(c["width"] / MM == pytest.approx(diameter, abs=TOLERANCE_MM) for c in circles)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_pawn_folds_at_its_base_and_in_its_middle(built_wizard, paper):
    width, height, bleed, count, _ = PIECES["mage-pawns"]
    path = built_wizard[paper] / "mage-pawns.pdf"
    with pikepdf.open(path) as pdf:
        pieces = [p.box for p in placements(pdf.pages[0])]
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        folds = [line for line in page.lines          # the black dashes (a white line lies under each)
                 if abs(line["top"] - line["bottom"]) < 0.01 and abs(line["width"] - width * MM) < 0.5
                 and not any(line["stroking_color"] or (0,))]
        page_height = page.height
    assert len(pieces) == count
    for x0, y0, x1, y1 in pieces:
        top = page_height - (y1 - bleed * MM)
        mine = sorted((line["top"] - top) / MM for line in folds if abs(line["x0"] - (x0 + bleed * MM)) < 0.5)
        assert mine == pytest.approx([15, 60, 105], abs=TOLERANCE_MM)
        assert mine[1] == pytest.approx(height / 2, abs=TOLERANCE_MM)      # the fold is centred


def test_the_full_size_score_board_is_400_by_260(built_wizard):
    """With its 3 mm bleed, 406 × 266 mm: it prints whole at 100 % on A3 and on Tabloid."""
    with pikepdf.open(built_wizard["a4"] / "score-board-full-size.pdf") as pdf:
        x0, y0, x1, y1 = (float(v) for v in pdf.pages[0].trimbox)
    assert ((x1 - x0) / MM, (y1 - y0) / MM) == (pytest.approx(400, abs=0.1), pytest.approx(260, abs=0.1))


def test_the_score_board_marks_start_double_zone_goal_and_end(built_wizard):
    with pdfplumber.open(built_wizard["a4"] / "score-board-full-size.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert text.count("GAINS ×2") == 7 and "START" in text and "VICTORY" in text and "GAME ENDS" in text
    assert all(str(n) in text.split() for n in range(41))


def test_two_builds_are_byte_identical(built_wizard, tmp_path):
    """Its pieces drawn again equal the run's (pages from the run's page cache: a fresh layout's
    determinism is proven on Verset's, tests/test_build.py)."""
    from tests.conftest import ROOT, run_pnp
    again = tmp_path / "again"
    assert run_pnp("build", "wizard", "--out", str(again), "--project", str(ROOT)).exit_code == 0
    for path in sorted(built_wizard["a4"].glob("*.pdf")):
        assert (again / path.name).read_bytes() == path.read_bytes(), path.name


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_score_number_lies_on_a_tile_edge(built_wizard, paper):
    """Tiled on home paper, the board is cut along the tiles' edges: every score number stays
    1 mm clear of them, on the full-size board, where the tiles take their picture from."""
    from pnp.render.tiling import tile_layout
    layout = tile_layout(paper, 400, 260)
    upright = layout.band_edges("x")
    level = [260 - y for y in layout.band_edges("y")]              # from the board's top
    with pdfplumber.open(built_wizard["a4"] / "score-board-full-size.pdf") as pdf:
        page = pdf.pages[0]
        left, top = page.bbox[0] + 3 * MM, page.bbox[1] + 3 * MM    # the trim, inside a 3 mm bleed
        numbers = [w for w in page.extract_words(extra_attrs=["size"]) if w["text"].isdigit() and w["size"] > 20]
    assert sorted(int(w["text"]) for w in numbers) == list(range(41))
    for word in numbers:
        size = word["size"] / MM
        x0, x1 = (word["x0"] - left) / MM, (word["x1"] - left) / MM
        baseline = (word["bottom"] - top) / MM - 0.463 * size         # Spectral's descent
        y0, y1 = baseline - 0.67 * size, baseline                    # its figures' height
        assert all(x < x0 - 1 or x > x1 + 1 for x in upright), (word["text"], x0, x1, upright)
        assert all(y < y0 - 1 or y > y1 + 1 for y in level), (word["text"], y0, y1, level)


def test_the_display_face_never_draws_its_swash_l(built_wizard):
    """Cinzel Decorative's capital L reads as "[" ("The [ast Wizard"): layouts draw it with the
    face's plain capital (wizard/display.html), so no capital L is in that face anywhere."""
    for path in sorted(built_wizard["a4"].glob("*.pdf")):
        with pdfplumber.open(path) as pdf:
            for page in pdf.pages:
                swash = [c for c in page.chars if "Cinzel" in c["fontname"] and c["text"] == "L"]
                assert not swash, (path.name, page.page_number)
