"""The built sheets, measured from the PDFs: paper, card positions, marks, backs, text."""

import pikepdf
import pypdfium2 as pdfium
import pytest

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.project import Project
from tests.conftest import ROOT, run_pnp
from tests.pdf_measure import MM, crop_marks, line_widths, placements

PAPER_PT = {"a4": (595.28, 841.89), "letter": (612.0, 792.0), "a3": (841.89, 1190.55), "tabloid": (792.0, 1224.0)}
EVERY_PAPER = sorted(PAPER_PT)
CARD_MM = (63.0, 88.0)
BLEED_MM = 3.0
PRINTER_MARGIN_MM = 5.0
TOLERANCE_MM = 0.1
DECK_SIZES = {"playing-cards": 52, "verses": 20, "abilities": 16, "bar-drinks": 6,
              "organ-tunes": 6, "shadow-spectators": 6, "glass-of-forgiveness": 1}
OTHER_SIZES = {"soul-tokens": 17, "player-aids": 2}
SHAPES_MM = {"soul-tokens": (25.0, 25.0, 2.0), "player-aids": (105.0, 148.0, 3.0)}


def deck_files(folder):
    return [folder / f"{key}.pdf" for key in DECK_SIZES]


def trim_of(placement, bleed_mm=BLEED_MM):
    """The card's trim: its bleed box shrunk by the bleed WeasyPrint drew around it."""
    x0, y0, x1, y1 = placement.box
    b = bleed_mm * MM
    return x0 + b, y0 + b, x1 - b, y1 - b


def pages_of(path):
    pdf = pikepdf.open(path)
    return pdf, list(pdf.pages)


def face_and_back_pages(pages):
    return pages[0::2], pages[1::2]


@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_every_page_is_exactly_the_paper_size(built, paper):
    for path in sorted(built[paper].glob("*.pdf")):          # everything for home printing
        if path.name == "playmat-full-size.pdf":
            continue
        _, pages = pages_of(path)
        for page in pages:
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            assert (x0, y0) == (0, 0)
            size = sorted((x1, y1))                          # portrait or landscape
            assert size[0] == pytest.approx(min(PAPER_PT[paper]), abs=0.01), path.name
            assert size[1] == pytest.approx(max(PAPER_PT[paper]), abs=0.01), path.name


@pytest.mark.parametrize("paper", EVERY_PAPER)
@pytest.mark.parametrize("deck", sorted(SHAPES_MM))
def test_tokens_and_aids_are_their_size_inside_the_margin(built, paper, deck):
    width_mm, height_mm, bleed = SHAPES_MM[deck]
    _, pages = pages_of(built[paper] / f"{deck}.pdf")
    total = 0
    for page in pages[0::2]:
        page_w, page_h = float(page.mediabox[2]), float(page.mediabox[3])
        for placement in placements(page):
            x0, y0, x1, y1 = trim_of(placement, bleed)
            assert (x1 - x0) / MM == pytest.approx(width_mm, abs=TOLERANCE_MM)
            assert (y1 - y0) / MM == pytest.approx(height_mm, abs=TOLERANCE_MM)
            margin = PRINTER_MARGIN_MM * MM
            assert x0 >= margin and y0 >= margin and x1 <= page_w - margin and y1 <= page_h - margin
            total += 1
    assert total == OTHER_SIZES[deck]


@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_cards_are_trim_size_inside_the_printer_margin_on_the_crop_marks(built, paper):
    margin = PRINTER_MARGIN_MM * MM
    for path in deck_files(built[paper]):
        _, pages = pages_of(path)
        for index, page in enumerate(pages):
            width, height = float(page.mediabox[2]), float(page.mediabox[3])     # portrait or landscape
            marks_x, marks_y = crop_marks(path, index)
            for trim in map(trim_of, placements(page)):
                assert (trim[2] - trim[0]) / MM == pytest.approx(CARD_MM[0], abs=TOLERANCE_MM)
                assert (trim[3] - trim[1]) / MM == pytest.approx(CARD_MM[1], abs=TOLERANCE_MM)
                assert trim[0] >= margin and trim[1] >= margin
                assert trim[2] <= width - margin and trim[3] <= height - margin
                for x in (trim[0], trim[2]):
                    assert min(abs(x - m) for m in marks_x) / MM <= TOLERANCE_MM, (path.name, index)
                for y in (trim[1], trim[3]):
                    assert min(abs(y - m) for m in marks_y) / MM <= TOLERANCE_MM, (path.name, index)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_run_in_from_all_four_edges_and_are_visible(built, paper):
    path = built[paper] / "verses.pdf"
    marks_x, marks_y = crop_marks(path, 0)
    assert len(marks_x) == 4 and len(marks_y) == 4  # 3 x 3 cards sharing cut lines
    assert all(sides == {"top", "bottom"} for sides in marks_x.values())
    assert all(sides == {"left", "right"} for sides in marks_y.values())
    assert min(line_widths(path, 0)) >= 0.25


@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_backs_mirror_their_faces_for_long_edge_duplex(built, paper):
    """Flipped on the paper's long edge: a portrait page's back mirrors its columns, a landscape
    page's (turned onto the paper by the printer) its rows."""
    for path in deck_files(built[paper]):
        _, pages = pages_of(path)
        for face_page, back_page in zip(*face_and_back_pages(pages)):
            width, height = float(face_page.mediabox[2]), float(face_page.mediabox[3])
            faces, backs = placements(face_page), placements(back_page)
            assert len(faces) == len(backs)
            for face, back in zip(faces, backs):
                fx, fy = face.centre
                bx, by = back.centre
                if width < height:
                    assert (bx / MM, by / MM) == pytest.approx(((width - fx) / MM, fy / MM), abs=TOLERANCE_MM)
                else:
                    assert (bx / MM, by / MM) == pytest.approx((fx / MM, (height - fy) / MM), abs=TOLERANCE_MM)


@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_sheets_hold_every_card_once(built, paper):
    counts = {}
    for path in deck_files(built[paper]):
        pdf, pages = pages_of(path)
        faces, _backs = face_and_back_pages(pages)
        counts[path.stem] = sum(len(placements(page)) for page in faces)
    assert counts == DECK_SIZES
    assert sum(counts.values()) == 52 + 20 + 16 + 6 + 6 + 6 + 1


def test_every_card_name_is_in_the_text_of_its_sheet(built):
    project = Project.at(ROOT)
    for loaded in load_game(project, get_game(Project.at(ROOT), "verset")):
        if loaded.deck.key == "soul-tokens":        # a chip shows its value, not a name
            continue
        pdf = pdfium.PdfDocument(built["a4"] / f"{loaded.deck.key}.pdf")
        with pikepdf.open(built["a4"] / f"{loaded.deck.key}.pdf") as sheets:
            per_sheet = len(placements(sheets.pages[0]))
        for index, card in enumerate(loaded.cards):
            page = pdf[2 * (index // per_sheet)]
            text = " ".join(page.get_textpage().get_text_range().split())
            assert card.name in text, (loaded.deck.key, card.name)


def test_each_sheet_is_labelled_with_game_deck_number_and_side(built):
    pdf = pdfium.PdfDocument(built["a4"] / "abilities.pdf")
    texts = [" ".join(page.get_textpage().get_text_range().split()) for page in pdf]
    assert "Le Dernier Verset · Special abilities · sheet 1 of 2 · front" in texts[0]
    assert "sheet 2 of 2 · back" in texts[3]
    assert all("50 mm" in text for text in texts)


def test_duplex_none_prints_fronts_only_and_short_mirrors_rows(tmp_path):
    for duplex in ("none", "short"):
        out = tmp_path / duplex
        result = run_pnp("build", "verset", "--paper", "a4", "--duplex", duplex,
                         "--out", str(out), "--project", str(ROOT))
        assert result.exit_code == 0, result.output
        _, pages = pages_of(out / "glass-of-forgiveness.pdf")
        assert len(pages) == (1 if duplex == "none" else 2)
    _, pages = pages_of(tmp_path / "short" / "verses.pdf")
    height = PAPER_PT["a4"][1]
    for face, back in zip(placements(pages[0]), placements(pages[1])):
        assert back.centre[0] / MM == pytest.approx(face.centre[0] / MM, abs=TOLERANCE_MM)
        assert back.centre[1] / MM == pytest.approx((height - face.centre[1]) / MM, abs=TOLERANCE_MM)


def test_two_builds_are_byte_identical(built, tmp_path, fresh_renders):
    result = run_pnp("build", "verset", "--paper", "a4", "--out", str(tmp_path),
                     "--project", str(ROOT))
    assert result.exit_code == 0, result.output
    for path in sorted(built["a4"].glob("*.pdf")):
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_deck_and_board_of_every_game_is_laid_out_on_the_paper(paper):
    """Each deck of each game, modules included, fits the paper with its marks and label, and
    each board tiles on it: the geometry every edition of a two-paper site is imposed by (the
    test run's site is A4; Letter's sheets are measured on Verset's and Wizard's builds)."""
    from pnp.build import deck_layout
    from pnp.games import game_keys
    from pnp.render.tiling import tile_layout

    project = Project.at(ROOT)
    for key in game_keys(project):
        game = get_game(project, key).with_all_modules()
        for deck in game.decks:
            assert deck_layout(game, deck, paper, deck.width_mm).per_sheet >= 1, (key, deck.key)
        for board in game.boards:
            assert tile_layout(paper, board.width_mm, board.height_mm).band_edges("x"), (key, board.key)
