"""Verso as printed: every piece on both papers, in French and in English, the same examples with
the same numbers in both rulebooks."""

import re

import pdfplumber
import pytest

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.project import Project
from pnp.rulebook.render import render_rulebook_html
from pnp.rulebook.source import example_blocks, source_files
from tests.conftest import ROOT, made_once, run_pnp


EDITIONS = (("a4", "fr"), ("letter", "fr"), ("a4", "en"))


@pytest.fixture(scope="module")
def built_verso(tmp_path_factory):
    def make(folder):
        for paper, language in EDITIONS:
            result = run_pnp("build", "verso", "--paper", paper, "--lang", language,
                             "--out", str(folder / f"{paper}-{language}"), "--project", str(ROOT))
            assert result.exit_code == 0, result.output

    folder = made_once(tmp_path_factory, "verso-editions", make)
    return {(paper, language): folder / f"{paper}-{language}" for paper, language in EDITIONS}


def _text(path, page=0) -> str:
    with pdfplumber.open(path) as pdf:
        return pdf.pages[page].extract_text() or ""


@pytest.mark.parametrize("key", [("a4", "fr"), ("letter", "fr"), ("a4", "en")])
def test_every_piece_is_built(built_verso, key):
    folder = built_verso[key]
    assert sorted(p.name for p in folder.glob("*.pdf")) == ["aids.pdf", "cards.pdf", "rulebook.pdf"]
    with pdfplumber.open(folder / "cards.pdf") as pdf:
        assert len(pdf.pages) == 20                   # 90 cards, 9 a sheet, each sheet and its backs
    with pdfplumber.open(folder / "aids.pdf") as pdf:
        assert len(pdf.pages) == 6


def test_sheets_speak_the_language_of_the_build(built_verso):
    french = " ".join(_text(built_verso[("a4", "fr")] / "cards.pdf", page) for page in (0, 1))
    english = " ".join(_text(built_verso[("a4", "en")] / "cards.pdf", page) for page in (0, 1))
    assert "Verso · Cartes · feuille 1 sur 10 · recto" in french and "verso (retourner par le bord long)" in french
    assert "imprimez à 100 %" in french
    assert "Verso · Cards · sheet 1 of 10 · front" in english and "back (flip on the long edge)" in english
    assert "Votre tour" in _text(built_verso[("a4", "fr")] / "aids.pdf")
    assert "Your turn" in _text(built_verso[("a4", "en")] / "aids.pdf")
    assert "Sommaire" in _text(built_verso[("a4", "fr")] / "rulebook.pdf", 1)
    assert "Contents" in _text(built_verso[("a4", "en")] / "rulebook.pdf", 1)


def _example_numbers(html: str) -> dict:
    """Each worked example's figure: its id and the numbers its words give."""
    figures = re.findall(r'<figure[^>]*? class="example" id="example-([^"]+)">(.*?)</figure>', html, re.S)
    return {figure_id: re.findall(r"\d+", re.sub(r"<[^>]+>", " ", body.split('class="example-words"')[1]))
            for figure_id, body in figures}


def test_both_rulebooks_hold_the_same_examples_with_the_same_numbers():
    project = Project.at(ROOT)
    game = get_game(project, "verso")
    loaded = load_game(project, game)
    blocks = {language: {e.id: (e.kind, e.setup, e.expect) for source in source_files(project, "verso", language)
                         for e in example_blocks(source)} for language in ("fr", "en")}
    assert blocks["fr"] == blocks["en"] and len(blocks["fr"]) >= 7
    from pnp.check import check_game

    report = check_game(project, game, loaded=loaded)
    assert report.ok
    numbers = {language: _example_numbers(render_rulebook_html(project, game.in_language(language), loaded,
                                                               report.results, "a4"))
               for language in ("fr", "en")}
    assert numbers["fr"] == numbers["en"]
    assert set(numbers["fr"]) == set(blocks["fr"])


def test_the_faq_prints_the_rulings_in_the_rulebook_s_language():
    project = Project.at(ROOT)
    game = get_game(project, "verso")
    loaded = load_game(project, game)
    from pnp.check import check_game

    results = check_game(project, game, loaded=loaded).results
    french = render_rulebook_html(project, game, loaded, results, "a4")
    english = render_rulebook_html(project, game.in_language("en"), loaded, results, "a4")
    assert "La face cachée d’un joker" in french           # the apostrophe printed typographic
    assert "A joker’s other face" in english


def test_a_language_the_game_lacks_is_refused(tmp_path):
    result = run_pnp("build", "verso", "--lang", "de", "--out", str(tmp_path / "x"), "--project", str(ROOT))
    assert result.exit_code == 2 and "--lang de" in result.output and "fr, en" in result.output
    assert not (tmp_path / "x").exists()
    result = run_pnp("build", "wizard", "--lang", "it", "--out", str(tmp_path / "y"), "--project", str(ROOT))
    assert result.exit_code == 2 and "prints in en, fr" in result.output


def test_the_english_edition_goes_to_its_own_folder():
    from pnp.output import output_folder

    project = Project.at(ROOT)
    game = get_game(project, "verso")
    assert output_folder(project, game, "a4", "long", "en").name == "a4-en"
    assert output_folder(project, game, "a4", "long", "fr").name == "a4"


def test_two_builds_are_byte_identical(built_verso, tmp_path):
    """Its pieces drawn again equal the run's (pages from the run's page cache: a fresh layout's
    determinism is proven on Verset's, tests/test_build.py)."""
    result = run_pnp("build", "verso", "--out", str(tmp_path / "again"), "--project", str(ROOT))
    assert result.exit_code == 0
    for path in built_verso[("a4", "fr")].glob("*.pdf"):
        assert (tmp_path / "again" / path.name).read_bytes() == path.read_bytes(), path.name


def test_exports_carry_each_cards_own_back(tmp_path):
    import csv

    result = run_pnp("export", "verso", "--for", "mpc", "--out", str(tmp_path / "mpc"), "--project", str(ROOT))
    assert result.exit_code == 0, result.output
    rows = [r for r in csv.DictReader((tmp_path / "mpc" / "manifest.csv").open()) if r["deck"] == "Cartes"]
    # 21 kinds of card (V2), each printed with either face as its recto: 42 front-and-back pairs
    assert sum(int(r["count"]) for r in rows) == 90 and len(rows) == 42
    assert all(r["back"].endswith("-back.png") for r in rows)


def _rows_of_cards(document) -> list:
    """Each worked example's row on the laid-out pages: its label's and its cards' boxes (x, y, x1)."""
    rows = []

    def walk(box, row):
        element = getattr(box, "element", None)
        classes = (element.get("class") or "").split() if element is not None and box.element_tag else []
        if "example-row" in classes and row is None:
            row = []
            rows.append((box, row))
        if "thumb" in classes and row is not None:
            row.append((box.border_box_x(), box.border_box_y(), box.border_box_x() + box.border_width()))
            return
        for child in getattr(box, "children", ()):
            walk(child, row)

    for page in document.pages:
        walk(page._page_box, None)
    return rows


@pytest.mark.parametrize("page_size,language", [("a4", "fr"), ("letter", "en"), ("a5", "fr"), ("half-letter", "en")])
def test_every_example_row_holds_its_cards_on_one_line(page_size, language):
    """A row of the worked examples (nine cards for the square) never wraps, on a full page or a
    booklet's half-size one, and stays inside its example's box."""
    from pnp.check import check_game
    from pnp.render.weasy import Renderer

    project = Project.at(ROOT)
    game = get_game(project, "verso").in_language(language)
    loaded = load_game(project, game)
    results = check_game(project, game, loaded=loaded).results
    html = render_rulebook_html(project, game, loaded, results, page_size)
    rows = _rows_of_cards(Renderer(project).layout(html, "Verso rulebook"))
    assert max(len(cards) for _, cards in rows) == 9
    for row, cards in rows:
        assert len({round(y, 1) for _, y, _ in cards}) == 1, (page_size, language, cards)
        assert max(x1 for _, _, x1 in cards) <= row.content_box_x() + row.width + 0.01
