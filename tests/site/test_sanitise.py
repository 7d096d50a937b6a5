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
                                  "<!doctype html><html><noscript><head></noscript><p>x</p></html>"])
def test_a_head_the_browser_would_not_take_for_one_is_refused(page):
    with pytest.raises(DataError, match="first element is not its <head>"):
        published_page(page, "layouts/site/x.html")


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
