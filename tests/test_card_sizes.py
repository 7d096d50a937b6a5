"""Card size presets (`size:` in game.yaml) on every paper, custom papers included, measured
from the imposed PDFs: every trim at its size to 0.1 mm, inside the printer margin, and as
many cards on a sheet as the paper holds."""

import pikepdf
import pytest
import yaml

from tests.conftest import copy_project, run_pnp
from tests.pdf_measure import MM, placements

PRESETS_MM = {"poker": (63, 88), "bridge": (57, 89), "tarot": (70, 120), "mini": (44, 63),
              "square": (70, 70), "61.5x92": (61.5, 92)}
PAPERS_MM = {"a4": (210, 297), "letter": (215.9, 279.4), "a3": (297, 420), "tabloid": (279.4, 431.8),
             "320x450mm": (320, 450), "1000x700mm": (1000, 700)}
CARDS = 40
BLEED_MM = 3.0
PRINTER_MARGIN_MM = 5.0
MARK_BAND_MM = 2.5           # the crop marks' room inside the margin, documented in docs/printing.md
TOLERANCE_MM = 0.1


def deck_key(size: str) -> str:
    return "size-" + size.replace(".", "-")


@pytest.fixture(scope="module")
def sized(tmp_path_factory):
    """The starter game with one deck of 40 cards for each preset, built on every paper."""
    root = copy_project(tmp_path_factory.mktemp("sizes"), games=())
    assert run_pnp("new", "tiny", "--project", str(root)).exit_code == 0
    folder = root / "card_data" / "tiny"
    declaration = yaml.safe_load((folder / "game.yaml").read_text())
    template = declaration["decks"][0]
    template["fields"]["icon"] = {"type": "icon", "shared": "one picture on every test card"}
    cards = [{"id": f"card-{n}", "name": f"Card {n}", "value": 1 + n % 9, "text": "Draw a card.",
              "icon": "raven"} for n in range(CARDS)]
    (folder / "many.yaml").write_text(yaml.safe_dump(cards))
    declaration["decks"] = [template] + [
        dict(template, key=deck_key(size), title=f"{size} cards", data="many.yaml", count=CARDS, size=size)
        for size in PRESETS_MM]
    (folder / "game.yaml").write_text(yaml.safe_dump(declaration, sort_keys=False))
    result = run_pnp("build", "tiny", *(arg for paper in PAPERS_MM for arg in ("--paper", paper)),
                     "--project", str(root))
    assert result.exit_code == 0, result.output
    return root / "output" / "tiny"


@pytest.mark.parametrize("paper", sorted(PAPERS_MM))
@pytest.mark.parametrize("size", sorted(PRESETS_MM))
def test_every_preset_is_imposed_at_its_size_as_many_as_fit(sized, paper, size):
    width_mm, height_mm = PRESETS_MM[size]
    pdf = pikepdf.open(sized / paper / f"{deck_key(size)}.pdf")
    faces = pdf.pages[0::2]
    seen = 0
    for index, page in enumerate(faces):
        page_w, page_h = float(page.mediabox[2]) / MM, float(page.mediabox[3]) / MM
        assert sorted((page_w, page_h)) == pytest.approx(sorted(PAPERS_MM[paper]), abs=0.01)
        trims = []
        for placement in placements(page):
            x0, y0, x1, y1 = (v / MM for v in placement.box)
            trim = (x0 + BLEED_MM, y0 + BLEED_MM, x1 - BLEED_MM, y1 - BLEED_MM)
            assert trim[2] - trim[0] == pytest.approx(width_mm, abs=TOLERANCE_MM)
            assert trim[3] - trim[1] == pytest.approx(height_mm, abs=TOLERANCE_MM)
            assert min(trim[0], trim[1]) >= PRINTER_MARGIN_MM - 1e-6
            assert trim[2] <= page_w - PRINTER_MARGIN_MM + 1e-6 and trim[3] <= page_h - PRINTER_MARGIN_MM + 1e-6
            trims.append(trim)
        seen += len(trims)
        if index == 0 and len(trims) < CARDS:
            columns = len({round(t[0], 2) for t in trims})
            rows = len({round(t[1], 2) for t in trims})
            assert columns * rows == len(trims)
            room = 2 * PRINTER_MARGIN_MM + 2 * MARK_BAND_MM
            # One more column or row would not fit, whichever way the paper is turned.
            for w, h in (PAPERS_MM[paper], PAPERS_MM[paper][::-1]):
                most = (int((w - room) // width_mm + 1e-9), int((h - room) // height_mm + 1e-9))
                assert most[0] * most[1] <= columns * rows, (w, h, most, columns, rows)
    assert seen == CARDS


@pytest.mark.parametrize("paper", sorted(PAPERS_MM))
def test_the_rulebook_is_laid_out_on_the_paper(sized, paper):
    """The rulebook's pages are the paper, on every paper (Verset's on A4 and Letter: tests/test_build.py)."""
    pdf = pikepdf.open(sized / paper / "rulebook.pdf")
    for page in pdf.pages:
        size = sorted((float(page.mediabox[2]) / MM, float(page.mediabox[3]) / MM))
        assert size == pytest.approx(sorted(PAPERS_MM[paper]), abs=0.01)


def test_a_size_with_sides_as_well_is_refused(tiny):
    path = tiny.card_data / "tiny" / "game.yaml"
    path.write_text(path.read_text().replace("    size: poker", "    size: poker\n    width_mm: 60"))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    assert "game.yaml:" in result.output and "either `size:` or `width_mm:`" in result.output


def test_an_unknown_size_names_the_presets(tiny):
    path = tiny.card_data / "tiny" / "game.yaml"
    path.write_text(path.read_text().replace("    size: poker", "    size: jumbo"))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    assert "size" in result.output and "tarot (70x120)" in result.output and "jumbo" in result.output


def test_a_card_larger_than_the_paper_is_the_declarations_problem(tiny):
    path = tiny.card_data / "tiny" / "game.yaml"
    path.write_text(path.read_text().replace("    size: poker", "    size: 250x300"))
    result = run_pnp("build", "tiny", "--paper", "a4", "--project", str(tiny.root))
    assert result.exit_code == 2
    assert "card_data/tiny/game.yaml:" in result.output and "250 x 300 mm" in result.output
    assert "--paper" in result.output
    assert not (tiny.root / "output" / "tiny" / "a4").exists()
