"""The SVG check counts what an SVG draws once expanded, and keeps it to its own parts (issue 26)."""

import pytest

from pnp.picture_checks import inline_svg_problem, svg_problem
from tests.conftest import ROOT

SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">{}</svg>'


def test_every_icon_of_the_project_passes():
    assert [path.name for path in (ROOT / "layouts" / "icons").glob("*.svg") if svg_problem(path)] == []


EXPANDING = {
    "uses of uses": '<g id="a0"><rect width="1" height="1"/></g>'
                    + "".join(f'<g id="a{i}">' + f'<use xlink:href="#a{i - 1}"/>' * 3 + "</g>" for i in range(1, 12)),
    "markers at every vertex": '<defs><marker id="m">' + '<circle r="1"/>' * 100 + '</marker></defs>'
                               '<path marker-mid="url(#m)" d="M 0 0' + " L 1 1" * 500 + '"/>',
    "markers from a style rule": '<style>path { marker-mid: url(#m) }</style><defs><marker id="m">'
                                 + '<circle r="1"/>' * 100 + '</marker></defs><path d="M 0 0' + " L 1 1" * 500 + '"/>',
    "a pattern painted many times": '<defs><pattern id="p">' + '<rect/>' * 500 + '</pattern></defs>'
                                    + '<rect fill="url(#p)"/>' * 50,
}


@pytest.mark.parametrize("case", sorted(EXPANDING))
def test_what_an_svg_draws_is_counted_expanded(case):
    source = SVG.format(EXPANDING[case])
    assert "MAX_SVG_ELEMENTS" in svg_problem(source.encode())
    assert "MAX_SVG_ELEMENTS" in inline_svg_problem(source)


@pytest.mark.parametrize("loop", [
    '<g id="a"><use href="#a"/></g>',
    '<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>',
    '<pattern id="p"><rect fill="url(#p)"/></pattern>',
    '<linearGradient id="g" xlink:href="#h"/><linearGradient id="h" xlink:href="#g"/>',
])
def test_a_reference_loop_is_refused(loop):
    assert "loop" in svg_problem(SVG.format(loop).encode())


@pytest.mark.parametrize("reference", [
    '<image href="file:///etc/passwd"/>', '<image xlink:href="other.svg"/>', '<use href="other.svg#a"/>',
    '<image href="data:image/png;base64,AAAA"/>', '<rect fill="url(other.svg#p)"/>',
    '<rect style="fill: url(&quot;/etc/passwd&quot;)"/>', '<style>@import "x.css";</style>',
    '<style>rect { fill: url(x.svg#p) }</style>',
])
def test_an_svg_may_refer_only_to_its_own_parts(reference):
    assert "its own parts" in svg_problem(SVG.format(reference).encode())
    assert "its own parts" in inline_svg_problem(SVG.format(reference))


def test_an_inline_svg_reads_entities_as_the_html_parser_does():
    assert "loop" in inline_svg_problem('<svg><g id="a"><use href="&#x23;a"/></g></svg>')


def test_a_document_type_and_deep_nesting_are_refused():
    assert "DOCTYPE" in svg_problem(b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "b">]><svg/>')
    assert "MAX_HTML_DEPTH" in svg_problem(SVG.format("<g>" * 300 + "</g>" * 300).encode())


def test_what_real_svgs_do_passes():
    assert svg_problem(SVG.format('<defs><linearGradient id="g"><stop/></linearGradient><symbol id="s">'
                                  '<path d="M0 0L1 1"/></symbol></defs><use xlink:href="#s"/>'
                                  '<rect fill="url(#g)"/><use href="#s" x="3"/>').encode()) is None
