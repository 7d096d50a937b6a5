"""The stylesheet check reads every sheet a page uses, however the page names it: as the
typesetter's fetcher reads it (pnp.render.readable.page_file), no more and no less."""

import pytest

from pnp.render.templates import TemplateLimit, check_document

GROWN = "@counter-style grown { system: symbolic; symbols: 'a'; range: 1 10 }"
STRETCHED = "@counter-style stretched { system: extends grown; range: infinite infinite }"

NAMES = {
    "by its place in the project": '<link rel="stylesheet" href="layouts/t/a.css">',
    "by the page's base": '<link rel="stylesheet" href="/pnp-project/layouts/t/a.css">',
    "climbing to the base": '<link rel="stylesheet" href="../../pnp-project/layouts/t/a.css">',
    "with a query": '<link rel="stylesheet" href="layouts/t/a.css?v=2">',
    "imported by a <style>": '<style>@import "layouts/t/a.css";</style>',
}


@pytest.mark.parametrize("name", sorted(NAMES))
def test_a_style_spread_over_two_sheets_is_judged_together_however_they_are_named(tmp_path, name):
    """Each sheet passes alone; together they make a counter without bound."""
    sheets = tmp_path / "layouts" / "t"
    sheets.mkdir(parents=True)
    (sheets / "b.css").write_text(GROWN)
    (sheets / "a.css").write_text(f'@import "/pnp-project/layouts/t/b.css";\n{STRETCHED}')
    with pytest.raises(TemplateLimit, match="MAX_COUNTER_TEXT"):
        check_document(NAMES[name] + "<ol><li>x</li></ol>", "layouts/t/page.html", tmp_path)


@pytest.mark.parametrize("rule", ['@\\69mport "/pnp-project/layouts/t/b.css";', '@IMPORT "/pnp-project/layouts/t/b.css";'])
def test_an_import_written_with_escapes_or_capitals_is_followed(tmp_path, rule):
    """A sheet without "@" is not parsed for @import (an at-keyword starts with a written "@"):
    one with it is, its keyword read through escapes as the typesetter reads it."""
    sheets = tmp_path / "layouts" / "t"
    sheets.mkdir(parents=True)
    (sheets / "b.css").write_text(GROWN)
    (sheets / "a.css").write_text(f'{rule}\n{STRETCHED}')
    with pytest.raises(TemplateLimit, match="MAX_COUNTER_TEXT"):
        check_document('<link rel="stylesheet" href="layouts/t/a.css"><ol><li>x</li></ol>', "layouts/t/page.html",
                       tmp_path)
