"""A document lays out with exactly the fonts it registers, whichever document came before it
in the process (pnp/render/shared_fonts.py): documents registering the same faces share one
configuration; others, a failed layout and a process without a build's render inputs do not;
the folders fonts are unpacked into are deleted, never a parent's."""

import io
import os
import shutil

import pikepdf
import pytest

from pnp.errors import RenderError
from pnp.project import Project
from pnp.render import cache, shared_fonts
from pnp.render.weasy import Renderer
from tests.conftest import ROOT

FACE = '@font-face { font-family: "Body"; src: url("../../fonts/%s"); }'
PAGE = '<style>@page { size: %s } p { font-family: Body }</style><p>Hand</p>'


@pytest.fixture
def project(tmp_path, monkeypatch):
    """Two stylesheets naming different fonts "Body"; a build's render inputs read."""
    (tmp_path / "layouts" / "t").mkdir(parents=True)
    (tmp_path / "fonts").mkdir()
    for name, font in (("nunito", "nunito/nunito-latin-400-normal.woff"), ("rye", "rye/rye-latin-400-normal.woff")):
        shutil.copy(ROOT / "fonts" / font, tmp_path / "fonts" / f"{name}.woff")
        (tmp_path / "layouts" / "t" / f"{name}.css").write_text(FACE % f"{name}.woff")
    (tmp_path / "fonts" / "broken.ttf").write_bytes(b"not a font" * 100)
    (tmp_path / "layouts" / "t" / "broken.css").write_text(FACE % "broken.ttf")
    monkeypatch.setattr(cache, "_salts", {str(tmp_path.resolve()): "inputs-1"})
    yield Project(tmp_path)
    shared_fonts.forget_shared_fonts()


def page(sheet: str, size: str = "60mm 40mm") -> str:
    return f'<style>@import url("layouts/t/{sheet}.css");</style>' + PAGE % size


def fonts_of(pdf: bytes) -> list[bytes]:
    """The embedded font programs of a PDF, as bytes."""
    with pikepdf.open(io.BytesIO(pdf)) as document:
        return [font.FontDescriptor.get("/FontFile2", font.FontDescriptor.get("/FontFile3")).read_bytes()
                for page in document.pages for font in page.Resources.Font.values()
                for font in [font.DescendantFonts[0] if "/DescendantFonts" in font else font]]


def laid_out(project, html: str, renderer: Renderer | None = None) -> tuple:
    """(the PDF's fonts, the configuration chosen) of one document."""
    with (renderer or Renderer(project)) as own:
        document = own.layout(html, "a page")
        return fonts_of(own.pdf(document, "a page")), document.font_config._chosen


def test_documents_registering_the_same_faces_share_one_configuration(project):
    first_fonts, first = laid_out(project, page("nunito", "60mm 40mm"))
    again_fonts, again = laid_out(project, page("nunito", "80mm 40mm"))
    assert again is first and again_fonts == first_fonts


def test_a_document_lays_out_with_its_own_faces_whatever_came_before(project):
    """Both name their font Body, through @import url(...): each gets its own."""
    rye_alone, _ = laid_out(project, page("rye"))
    shared_fonts.forget_shared_fonts()
    laid_out(project, page("nunito"))
    rye_after, chosen = laid_out(project, page("rye"))
    assert rye_after == rye_alone and chosen is not laid_out(project, page("nunito"))[1]


def test_a_font_that_fails_fails_every_time(project):
    for _ in range(2):
        with pytest.raises(RenderError, match="cannot be loaded"):
            laid_out(project, page("broken"))


def test_without_a_builds_render_inputs_a_configuration_lasts_as_long_as_its_renderer(project, monkeypatch):
    monkeypatch.setattr(cache, "_salts", {})
    with Renderer(project) as renderer:
        one = renderer.layout(page("nunito"), "a page").font_config._chosen
        assert renderer.layout(page("nunito", "a6"), "a page").font_config._chosen is one
        folder = one._folder
    assert not shared_fonts._shared and not folder.exists()


def test_a_face_registered_once_the_layout_began_makes_the_configuration_the_documents_alone(project):
    """As an SVG's own @font-face is, while the page is laid out."""
    _, shared = laid_out(project, page("nunito"))
    with Renderer(project) as renderer:
        document = renderer.layout(page("nunito"), "a page")
        document.font_config.add_font_face({"font_family": "Late", "src": []}, None)
        assert document.font_config._chosen is shared and shared not in shared_fonts._shared.values()
        assert shared in renderer.own_fonts.values()              # deleted with the renderer


def test_the_least_recent_is_let_go_with_its_folder(project):
    _, first = laid_out(project, page("nunito"))
    folder = first._folder
    for number in range(shared_fonts.SHARED_FONT_CONFIGURATIONS):
        laid_out(project, f'<style>@font-face {{ font-family: F{number}; src: url("fonts/rye.woff") }}</style>'
                 + PAGE % "a6")
    assert not folder.exists() and first._folder is None
    kept = [fonts._folder for fonts in shared_fonts._shared.values()]
    shared_fonts.forget_shared_fonts()
    assert kept and not any(folder.exists() for folder in kept)


def test_a_forked_process_leaves_its_parents_folders_alone(project):
    _, fonts = laid_out(project, page("nunito"))
    child = os.fork()
    if child == 0:
        try:
            shared_fonts.forget_shared_fonts()
        finally:
            os._exit(0)
    os.waitpid(child, 0)
    assert fonts._folder.is_dir()
