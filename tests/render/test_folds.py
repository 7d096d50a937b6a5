"""Fold-over pieces (standees): one-sided, with a dashed fold line across each piece, measured."""

import pdfplumber
import pikepdf

from tests.conftest import run_pnp
from tests.pdf_measure import MM, placements

PAWN_WIDTH, PAWN_HEIGHT, PAWN_BLEED = 30.0, 100.0, 2.0
FOLDS = (20.0, 50.0, 80.0)

PAWN_DECK = f"""
  - key: pawns
    title: Mage pawns
    data: pawns.yaml
    count: 2
    count_rule: two pawns
    face: lanterns/pawn.html
    backs: false
    width_mm: {PAWN_WIDTH}
    height_mm: {PAWN_HEIGHT}
    bleed_mm: {PAWN_BLEED}
    fold_lines_mm: [{", ".join(str(f) for f in FOLDS)}]
    fields:
      id: {{type: slug}}
      name: {{type: text}}
"""


def test_a_standee_prints_one_sided_with_its_fold_lines_where_declared(project_copy, tmp_path):
    assert run_pnp("new", "lanterns", "--project", str(project_copy)).exit_code == 0
    data = project_copy / "card_data" / "lanterns"
    (data / "game.yaml").write_text((data / "game.yaml").read_text() + PAWN_DECK)
    (data / "pawns.yaml").write_text("- {id: red, name: Red mage}\n- {id: blue, name: Blue mage}\n")
    (project_copy / "layouts" / "lanterns" / "pawn.html").write_text(
        '<div class="bleed" style="background: #c9a24a"><div class="trim">'
        '<div style="position: absolute; top: 55mm; left: 4mm; font-size: 9pt; font-family: Rye">{{ card.name }}</div>'
        "</div></div>\n")
    result = run_pnp("build", "lanterns", "--out", str(tmp_path / "out"), "--project", str(project_copy))
    assert result.exit_code == 0, result.output
    path = tmp_path / "out" / "pawns.pdf"
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == 1                                   # no back page
        pieces = [p.box for p in placements(pdf.pages[0])]
    assert len(pieces) == 2
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        folds = [line for line in page.lines          # the black dashes (a white line lies under each)
                 if abs(line["top"] - line["bottom"]) < 0.01 and abs(line["width"] - PAWN_WIDTH * MM) < 0.5
                 and not any(line["stroking_color"] or (0,))]
        height = page.height
    for x0, y0, x1, y1 in pieces:
        trim_top = height - (y1 - PAWN_BLEED * MM)                   # pdfplumber measures from the top
        mine = sorted((line["top"] - trim_top) / MM for line in folds if abs(line["x0"] - (x0 + PAWN_BLEED * MM)) < 0.5)
        assert [round(f, 1) for f in mine] == list(FOLDS)
        assert abs(mine[1] - PAWN_HEIGHT / 2) < 0.1                  # the middle fold is centred
