"""Documents share a font configuration only when it holds exactly what each would register
(pnp/render/shared_fonts.py); the folders fonts are unpacked into are deleted, never a parent's."""

import os

import pytest

from pnp.render import cache, shared_fonts
from pnp.render.shared_fonts import fonts_key, forget_shared_fonts, shared_fonts as configuration_for

FACE = '@font-face { font-family: "Body"; src: url("%s"); }'
PAGE = '<link rel="stylesheet" href="layouts/t/cards.css"><style>@page { size: %s }</style><p>x</p>'


@pytest.fixture
def sheets(tmp_path, monkeypatch):
    """A project whose cards.css declares one face, its render inputs read by a build."""
    folder = tmp_path / "layouts" / "t"
    folder.mkdir(parents=True)
    (folder / "cards.css").write_text(FACE % "../../fonts/a.woff" + "\np { color: red }")
    monkeypatch.setattr(cache, "_salts", {str(tmp_path.resolve()): "inputs-1"})
    yield tmp_path
    forget_shared_fonts()


def test_documents_declaring_the_same_faces_share_whatever_else_differs(sheets):
    assert fonts_key(PAGE % "63mm 88mm", sheets) == fonts_key(PAGE % "57mm 89mm", sheets) is not None


def test_another_face_another_stylesheet_or_other_render_inputs_do_not_share(sheets, monkeypatch):
    first = fonts_key(PAGE % "63mm 88mm", sheets)
    assert fonts_key(PAGE % "63mm 88mm" + "<style>" + FACE % "b.woff" + "</style>", sheets) != first
    (sheets / "layouts" / "t" / "other.css").write_text(FACE % "../../fonts/a.woff")
    assert fonts_key(PAGE.replace("cards.css", "other.css") % "63mm 88mm", sheets) != first   # resolved elsewhere
    monkeypatch.setitem(cache._salts, str(sheets.resolve()), "inputs-2")
    assert fonts_key(PAGE % "63mm 88mm", sheets) != first


def test_a_face_written_in_capitals_counts(sheets):
    assert fonts_key(PAGE % "a4" + "<style>@FONT-FACE { font-family: X; src: url(x.woff) }</style>", sheets) \
        != fonts_key(PAGE % "a4", sheets)


@pytest.mark.parametrize("html", [
    '<style>' + FACE % "a.woff" + FACE % "b.woff" + '</style>',             # which wins depends on the order
    '<link rel="stylesheet" href="layouts/t/cards.txt">',                   # a sheet the key cannot read
])
def test_a_document_whose_fonts_cannot_be_known_gets_its_own(sheets, html):
    (sheets / "layouts" / "t" / "cards.txt").write_text(FACE % "a.woff")
    assert fonts_key(html, sheets) is None


def test_before_a_build_read_its_render_inputs_no_document_shares(sheets, monkeypatch):
    monkeypatch.setattr(cache, "_salts", {})
    assert fonts_key(PAGE % "a4", sheets) is None


def test_one_configuration_a_key_the_least_recent_let_go_with_its_folder(sheets):
    first = configuration_for(("a",))
    assert configuration_for(("a",)) is first and first._folder.is_dir()
    folder = first._folder
    for number in range(shared_fonts.SHARED_FONT_CONFIGURATIONS):
        configuration_for(("other", number))
    assert not folder.exists() and first._folder is None
    kept = [fonts._folder for fonts in shared_fonts._shared.values()]
    forget_shared_fonts()
    assert not any(folder.exists() for folder in kept)


def test_a_forked_process_leaves_its_parents_folders_alone(sheets):
    folder = configuration_for(("a",))._folder
    child = os.fork()
    if child == 0:
        forget_shared_fonts()
        configuration_for(("a",))              # its own, in a folder of its own
        forget_shared_fonts()
        os._exit(0)
    os.waitpid(child, 0)
    assert folder.is_dir()


def test_a_renderer_hands_documents_with_the_same_fonts_one_configuration(sheets):
    from pnp.project import Project
    from pnp.render.weasy import Renderer

    project = Project(sheets)
    with Renderer(project) as one, Renderer(project) as other:
        assert one.fonts(PAGE % "a4") is other.fonts(PAGE % "a5")
        own = one.fonts("<style>" + FACE % "a.woff" + FACE % "b.woff" + "</style>")
        assert own is one.own_fonts and own is not other.fonts(PAGE % "a4")
