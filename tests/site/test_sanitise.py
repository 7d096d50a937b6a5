"""A site page's template may run nothing but pnp's search, and the policy goes first in a head
a browser takes for one (pnp/site/sanitise.py)."""

import pytest

from pnp.errors import DataError
from pnp.site.sanitise import POLICY_META, published_page

PAGE = ('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><script src="../../minisearch.js" defer>'
        '</script><script src="search-index.js" defer></script></head><body>%s</body></html>')


def test_pnps_search_passes_and_the_policy_goes_first_in_the_head():
    page = published_page(PAGE % "<p>rules</p>", "layouts/site/x.html")
    assert page.index(POLICY_META) == page.index("<head>") + len("<head>")


@pytest.mark.parametrize("planted", [
    "<script>alert(1)</script>", '<script src="fonts/licence.txt"></script>',
    '<math></svg><style><p></p><script src="../../search.js"></script></style></math><script src="evil.js"></script>',
    '<meta http-equiv="refresh" content="0;url=icons/x.svg">', '<img src=x onerror="alert(1)">'])
def test_anything_else_that_would_run_is_refused_at_the_template(planted):
    with pytest.raises(DataError, match="layouts/site/x.html"):
        published_page(PAGE % planted, "layouts/site/x.html")


@pytest.mark.parametrize("page", ["<!doctype html><html><body><p>x</p><head></head></body></html>",
                                  "<!doctype html><html><noscript><head></noscript><p>x</p></html>",
                                  "&nbsp;<html><head><title>t</title></head><body><p>x</p></body></html>",
                                  "<!doctype html>x<html><head></head><body></body></html>"])
def test_a_head_the_browser_would_not_take_for_one_is_refused(page):
    """Text before <head> starts the body: a policy placed after the <head> tag lands there, ignored."""
    with pytest.raises(DataError, match="not be the first element of its <head>"):
        published_page(page, "layouts/site/x.html")


@pytest.mark.parametrize("planted", ['<svg><a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>',
                                     '<svg><animate attributeName="xlink:href" values="#a;javascript:alert(1)"/></svg>',
                                     '<svg><set attributeName="onclick" to="alert(1)"/></svg>'])
def test_an_svg_animation_writing_a_link_or_handler_is_refused(planted):
    with pytest.raises(DataError, match="an SVG <(set|animate)> setting"):
        published_page(PAGE % planted, "layouts/site/x.html")


@pytest.mark.parametrize("html, expected", [
    ('<a href="//evil.example/share">a</a>', "<a>a</a>"),
    ('<a href="\\\\evil.example\\share">a</a>', "<a>a</a>"),
    ('<img src="//evil.example/p.png" alt="p">', '<img alt="p">'),
    ('<p style="position: fixed; top: 0; color: red">x</p>', '<p style="top:0;color:red">x</p>'),
    ('<p style="posi\\tion: STICKY">x</p>', '<p style="">x</p>'),
    ('<p data-pnp-at="card_data/t/rulebook/a.md:3">x</p>', "<p>x</p>"),
    ('<a href="#rules" style="position: absolute">a</a>', '<a href="#rules" style="position:absolute">a</a>'),
])
def test_a_chapter_reaches_no_share_covers_no_window_and_tells_no_source_line(html, expected):
    """A URL of another host without its scheme is a file:// share on a site opened from disk;
    a box fixed to the window is a link over the whole page; the source marks are the designer's."""
    from pnp.site.sanitise import sanitised

    assert str(sanitised(html)) == expected


@pytest.mark.parametrize("html, kept", [
    ('<img src="data:image/png;base64,iVBORw0KGgo=" alt="a">', True),
    ('<img src="DATA:image/svg+xml,%3Csvg%3E%3C/svg%3E" alt="a">', True),
    ('<img src="data:text/html,%3Cscript%3E%3C/script%3E" alt="a">', False),
    ('<a href="data:text/html,%3Cscript%3E%3C/script%3E">a</a>', False),
    ('<a href=" data:image/png;base64,iVBORw0KGgo=">a</a>', False),
])
def test_a_picture_written_as_a_data_url_is_kept_and_no_other_data_url(html, kept):
    """The printed rulebook shows a chapter's data: picture; the site shows it too (img-src
    allows data:); a data: URL a reader could open as a page is dropped."""
    from pnp.site.sanitise import sanitised

    assert ("data:" in str(sanitised(html)).lower()) is kept
