"""Every piece of every game lies inside the printable area on every paper and in every duplex
mode: its trim, measured from the imposed PDF, at least PRINTER_MARGIN_MM (where a home printer
stops printing) from each edge of the sheet, and every tile's window too.

The decks are imposed as `pnp build` imposes them (pnp.build.build_deck) from blank card pages
of each deck's trim size, so the whole matrix takes seconds: what is measured is the imposition,
not the art. One real fold build (Verso's A6 aids, a face and its back side by side) is measured
too."""

import io
import shutil

import pikepdf
import pytest

from pnp.build import build_deck
from pnp.data.decks import load_game
from pnp.games import game_keys, get_game
from pnp.project import Project
from pnp.render.sheet_layout import PRINTER_MARGIN_MM
from pnp.render.tiling import tile_layout, tile_piece
from pnp.render.marks import label_font_file
from tests.conftest import PAPERS, ROOT, copy_project, run_pnp
from tests.pdf_measure import MM, placements

DUPLEX = ("long", "short", "fold", "none")
EPSILON_MM = 0.01
PROJECT = Project.at(ROOT)


def _blank_cards(width_mm: float, height_mm: float, count: int) -> bytes:
    """`count` pages of the trim size, no bleed: a placed form's box is the card's trim."""
    pdf = pikepdf.new()
    for _ in range(count):
        pdf.add_blank_page(page_size=(width_mm * MM, height_mm * MM))
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


def _outside(pdf_bytes: bytes, boxes) -> list[str]:
    """Each box (from `boxes(page)`) that comes nearer an edge of its sheet than the margin."""
    found = []
    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        for index, page in enumerate(pdf.pages):
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            for name, (bx0, by0, bx1, by1) in boxes(page):
                gaps = ((bx0 - x0) / MM, (by0 - y0) / MM, (x1 - bx1) / MM, (y1 - by1) / MM)
                if min(gaps) < PRINTER_MARGIN_MM - EPSILON_MM:
                    found.append(f"page {index + 1} {name}: {min(gaps):.2f} mm from the edge")
    return found


def _trims(page):
    return [(p.name, p.box) for p in placements(page)]


def _decks():
    for key in game_keys(PROJECT):
        game = get_game(PROJECT, key).with_all_modules()
        yield key, game, load_game(PROJECT, game)


@pytest.mark.parametrize("duplex", DUPLEX)
def test_every_card_trim_lies_inside_the_printer_margin(duplex):
    faults, checked = [], 0
    for key, game, loaded in _decks():
        for deck in loaded:
            faces = len(deck.cards)
            backs = faces if deck.deck.per_card_back else (1 if deck.deck.backs else 0)
            cards = _blank_cards(deck.deck.width_mm, deck.deck.height_mm, faces + backs)
            for paper in PAPERS:
                sheets, _ = build_deck(PROJECT, game, deck, paper, duplex, cards_pdf=cards)
                checked += 1
                faults += [f"{key} {deck.deck.key} {paper} {duplex}: {fault}" for fault in _outside(sheets, _trims)]
    assert checked >= 4 * 20
    assert not faults, "\n".join(faults[:20])


def test_every_tile_window_lies_inside_the_printer_margin():
    font = label_font_file(PROJECT)
    checked = 0
    for key in game_keys(PROJECT):
        for board in get_game(PROJECT, key).boards:
            piece = _blank_cards(board.width_mm, board.height_mm, 1)
            for paper in PAPERS:
                layout = tile_layout(paper, board.width_mm, board.height_mm)
                tiles = tile_piece(piece, layout, board.title, font)
                windows = lambda page: [(p.name, p.clip) for p in placements(page)]   # noqa: E731
                assert not _outside(tiles, windows), (key, board.key, paper)
                checked += 1
    assert checked >= 2 * len(PAPERS)


@pytest.mark.parametrize("paper", PAPERS)
def test_the_folded_verso_aids_stay_inside_the_printer_margin(tmp_path, paper):
    """A 105 mm aid beside its back is 210 mm: on A4 it goes on a landscape sheet, one pair to a
    page, not across the whole width of a portrait one. Verso without its rulebook: the sheets are
    what is measured, and each paper's rulebook would be a document laid out afresh."""
    project = copy_project(tmp_path / "project", games=("verso",))
    shutil.rmtree(project / "card_data" / "verso" / "rulebook")
    result = run_pnp("build", "verso", "--duplex", "fold", "--paper", paper, "--out", str(tmp_path / "out"),
                     "--project", str(project))
    assert result.exit_code == 0, result.output
    for name in ("aids.pdf", "cards.pdf"):
        data = (tmp_path / "out" / name).read_bytes()
        assert not _outside(data, lambda page: [(p.name, p.clip) for p in placements(page)]), name
        with pikepdf.open(io.BytesIO(data)) as pdf:
            assert sum(1 for page in pdf.pages for p in placements(page) if p.name.startswith("/Card")) > 0
