import pytest

from pnp.render.fetcher import ProjectFetcher
from pnp.render.icons import icon_url
from pnp.render.readable import PAGE_BASE, page_url
from tests.conftest import ROOT, run_pnp


@pytest.fixture
def fetcher():
    return ProjectFetcher(ROOT, ROOT / "layouts" / "icons")


def test_project_files_are_served(fetcher):
    response = fetcher.fetch(page_url(ROOT, ROOT / "layouts" / "fonts" / "rye.css"))
    assert b"@font-face" in response.read()


def test_icons_come_in_the_colour_asked(fetcher):
    svg = fetcher.fetch(icon_url("flame", "#3F8FF0")).read().decode()
    assert "#3f8ff0" in svg and "currentColor" not in svg


@pytest.mark.parametrize("where", ["card_data/tiny/art.png", "art/art.png", "art.png", "card_data/tiny/art.yaml"])
def test_a_page_reads_only_layouts_and_fonts(tmp_path, where):
    """What the page cache's key digests whole; the card data reaches a page as its HTML's text."""
    path = tmp_path / where
    path.parent.mkdir(parents=True, exist_ok=True)
    jpeg_saying(path, "a picture")
    with pytest.raises(PermissionError, match="outside layouts/ and fonts/"):
        ProjectFetcher(tmp_path, tmp_path / "layouts" / "icons").fetch(page_url(tmp_path, path))


@pytest.mark.parametrize("url", ["file:///etc/passwd", "https://example.com/font.woff",
                                 "data:text/css,body{}", f"file://{ROOT}/../secret.txt",
                                 "pnp-icon:../../etc/passwd/000000", f"file://{ROOT}/layouts/fonts/rye.css",
                                 "file://example.com/pnp-project/layouts/fonts/rye.css", "/pnp-project/../etc/passwd"])
def test_anything_outside_the_project_is_refused(fetcher, url):
    """A page names a file by its place in the project (read from PAGE_BASE); not by this
    computer's path to it, which the check does not follow either."""
    with pytest.raises(PermissionError):
        fetcher.fetch(url)


def jpeg_saying(path, words: str) -> None:
    from PIL import Image

    Image.new("RGB", (8, 8), (200, 40, 40)).save(path, "JPEG", comment=words.encode())


def test_a_picture_is_drawn_from_the_bytes_read_not_read_again_by_name(tmp_path):
    """WeasyPrint reads a `file:` picture again by name when it writes the PDF, unless the
    response has no path: a file replaced (or a folder swapped for a link) after the fetch
    must not reach the page."""
    from weasyprint import HTML

    layouts = tmp_path / "layouts"
    layouts.mkdir()
    jpeg_saying(layouts / "picture.jpg", "the bytes that were checked")
    fetcher = ProjectFetcher(tmp_path, layouts / "icons")
    assert fetcher.fetch(page_url(tmp_path, layouts / "picture.jpg")).path is None
    document = HTML(string='<img src="layouts/picture.jpg">', base_url=PAGE_BASE, url_fetcher=fetcher).render()
    jpeg_saying(layouts / "other.jpg", "bytes never checked")
    (layouts / "other.jpg").replace(layouts / "picture.jpg")
    pdf = document.write_pdf()
    assert b"the bytes that were checked" in pdf and b"bytes never checked" not in pdf


@pytest.mark.parametrize("name", ["entities.svg", "entities.txt", "entities"])
def test_an_svg_is_checked_by_what_it_holds_not_by_its_name(tmp_path, name):
    """An <embed> or <object> names any file: an SVG renamed is refused its entities too."""
    path = tmp_path / "layouts" / name
    path.parent.mkdir()
    path.write_text('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]>'
                    '<svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text></svg>')
    with pytest.raises(PermissionError, match="DOCTYPE"):
        ProjectFetcher(tmp_path, tmp_path / "layouts" / "icons").fetch(page_url(tmp_path, path))


def test_a_file_that_is_neither_a_picture_a_stylesheet_nor_a_font_is_refused(tmp_path):
    path = tmp_path / "layouts" / "notes.txt"
    path.parent.mkdir()
    path.write_text("plain words")
    with pytest.raises(PermissionError, match="not an image"):
        ProjectFetcher(tmp_path, tmp_path / "layouts" / "icons").fetch(page_url(tmp_path, path))


def test_a_page_is_typeset_where_it_lies_in_the_project_not_on_this_computer(fetcher):
    assert b"@font-face" in fetcher.fetch(PAGE_BASE + "layouts/fonts/rye.css").read()
    with pytest.raises(PermissionError, match="outside the project"):
        fetcher.fetch(PAGE_BASE + "../etc/passwd")


def test_a_pdf_is_the_same_wherever_its_project_lies_and_names_no_folder_of_it(tiny, tmp_path, fresh_renders):
    """A link WeasyPrint resolves against the page's base (a chapter's `[see](other.md)`, a
    layout's <a href>) is kept in the PDF: it must not tell where the project was built, or a
    page cached for one copy would be wrong for another (the cache's key holds no location)."""
    import shutil

    chapter = next((tiny.root / "card_data" / "tiny" / "rulebook").glob("*.md"))
    chapter.write_text(chapter.read_text() + "\nSee [the cards](cards.md).\n")
    layout = tiny.root / "layouts" / "tiny" / "card.html"
    layout.write_text(layout.read_text().replace("{{ card.name }}", '<a href="layouts/tiny/cards.css">{{ card.name }}</a>', 1))
    elsewhere = tmp_path / "elsewhere" / "deeper"
    shutil.copytree(tiny.root, elsewhere)
    built = {}
    for root in (tiny.root, elsewhere):
        out = tmp_path / "out" / root.name
        result = run_pnp("build", "tiny", "--jobs", "1", "--duplex", "none", "--out", str(out), "--project", str(root))
        assert result.exit_code == 0, result.output
        built[root] = {path.name: path.read_bytes() for path in sorted(out.glob("*.pdf"))}
    assert built[tiny.root] == built[elsewhere]
    links = [uri for path in sorted(out.glob("*.pdf")) for uri in link_targets(path)]
    assert links and not [uri for uri in links if str(tmp_path) in uri], links


def link_targets(path) -> list[str]:
    import pikepdf

    with pikepdf.open(path) as pdf:
        return [str(annotation.A.URI) for page in pdf.pages for annotation in page.get("/Annots", [])
                if "/A" in annotation and "/URI" in annotation.A]
