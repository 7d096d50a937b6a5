"""Rulebooks are tagged PDF/UA-1 documents, read back with pikepdf: language, title, headings
H1 to H3 in order, a figure with alternative text for every picture (a card drawn in a chapter is
one figure described by its name and what it prints), tables with header cells, the outline as
bookmarks. Card sheets are not tagged: a print shop's preflight wants them plain."""

import pikepdf
import pytest

HEADINGS = ("/H1", "/H2", "/H3")


def _elements(pdf: pikepdf.Pdf) -> list[pikepdf.Dictionary]:
    """The structure tree's elements, in reading order."""
    found = []

    def walk(element):
        if not isinstance(element, pikepdf.Dictionary):
            return
        found.append(element)
        kids = element.get("/K")
        for kid in kids if isinstance(kids, pikepdf.Array) else [kids] if kids is not None else []:
            walk(kid)
    walk(pdf.Root.StructTreeRoot)
    return found


@pytest.fixture(scope="module")
def rulebook(built):
    with pikepdf.open(built["a4"] / "rulebook.pdf") as pdf:
        yield pdf, _elements(pdf)


def test_the_rulebook_says_its_language_title_and_that_it_is_tagged(rulebook):
    pdf, _ = rulebook
    assert str(pdf.Root.Lang) == "en"
    assert pdf.Root.MarkInfo.Marked is True
    assert pdf.Root.ViewerPreferences.DisplayDocTitle is True
    assert str(pdf.docinfo.Title) == "Le Dernier Verset: rulebook"
    with pdf.open_metadata() as metadata:
        assert metadata.get("dc:title") == "Le Dernier Verset: rulebook"
        assert "pdfuaid:part" in str(metadata) or metadata.get("pdfuaid:part") == "1"


def test_headings_run_from_h1_to_h3_in_order(rulebook):
    _, elements = rulebook
    levels = [HEADINGS.index(str(e.S)) + 1 for e in elements if str(e.get("/S")) in HEADINGS]
    assert levels[0] == 1 and {1, 2, 3} <= set(levels)
    assert all(after <= before + 1 for before, after in zip(levels, levels[1:])), levels


def test_every_figure_has_alternative_text_and_a_drawn_card_is_one_figure(rulebook):
    _, elements = rulebook
    figures = [e for e in elements if str(e.get("/S")) == "/Figure"]
    assert figures and all(str(f.get("/Alt", "")).strip() for f in figures)
    alts = [str(f.Alt) for f in figures]
    bullet = next(alt for alt in alts if alt.startswith("The Last Bullet (Playing cards)"))
    assert "Kept for himself" in bullet and "spades" in bullet
    assert not any(isinstance(k, pikepdf.Dictionary) for f in figures for k in (f.get("/K") or []))


def test_tables_have_header_cells_and_the_outline_is_bookmarked(rulebook):
    pdf, elements = rulebook
    tables = [e for e in elements if str(e.get("/S")) == "/Table"]
    assert tables
    assert any(str(e.get("/S")) == "/TH" for e in elements)
    with pdf.open_outline() as outline:
        assert [item.title for item in outline.root][:3] == ["Le Dernier Verset", "1 The game", "2 Cards and hands"]
        assert [item.title for item in outline.root[1].children][0] == "1.1 What is in the box"


def test_card_sheets_are_not_tagged(built):
    with pikepdf.open(built["a4"] / "verses.pdf") as pdf:
        assert "/StructTreeRoot" not in pdf.Root


@pytest.mark.parametrize("key, edition, language", [("verso", "a4", "fr"), ("verso", "a4-en", "en"),
                                                    ("wizard", "a4", "en"), ("olf", "a4-fr", "fr")])
def test_another_game_s_rulebook_is_tagged_in_its_language(built_site, key, edition, language):
    """Read from the run's site, whose PDFs are a build's (tests/site/test_site.py)."""
    with pikepdf.open(built_site / key / edition / "rulebook.pdf") as pdf:
        assert str(pdf.Root.Lang) == language
        figures = [e for e in _elements(pdf) if str(e.get("/S")) == "/Figure"]
        assert figures and all(str(f.get("/Alt", "")).strip() for f in figures)


def test_a_rulebook_picture_without_alternative_text_is_refused_saying_why(tiny, tmp_path):
    from tests.conftest import run_pnp

    layout = tiny.layouts / "tiny" / "rulebook.html"
    layout.write_text(layout.read_text() + "{% block emblem %}<img src=\"{{ icon('law-star', '#000000') }}\" alt=\"\">"
                                           "{% endblock %}\n")
    result = run_pnp("build", "tiny", "--project", str(tiny.root), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2, result.output
    assert "has no alternative text" in result.output and 'alt="..."' in result.output
    assert "Traceback" not in result.output and not (tmp_path / "out" / "rulebook.pdf").exists()
