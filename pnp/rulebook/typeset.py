"""The rulebook typeset: its chapters rendered as HTML (pnp/rulebook/render.py), laid out as a
tagged PDF, each page checked as a card sheet is, kept in the page cache."""

import io

from pnp.errors import RenderError
from pnp.project import Project
from pnp.render.cache import RenderCache
from pnp.render.page_checks import PageLabel, collecting_now, page_findings, settle
from pnp.rulebook.pagination import pagination_findings
from pnp.rulebook.reflow import MAX_REFLOWS, Reflow, layout_score, next_reflow
from pnp.rulebook.render import render_rulebook_html


def render_rulebook(project: Project, game, loaded: list, results: dict, page_size: str, body=None,
                    booklet: bool = False) -> bytes:
    """The rulebook as a PDF; card thumbnails are checked for text that does not fit, and the
    pages for how they read as a book (pnp/rulebook/pagination.py), re-flowed until they do or
    nothing more helps (pnp/rulebook/reflow.py). `body`: the chapters rendered already
    (pnp.rulebook.render.rulebook_body); `booklet`: its pages are a booklet's."""
    what = f"{game.title} rulebook"
    html = render_rulebook_html(project, game, loaded, results, page_size, body, booklet)
    cache = RenderCache(project.root)
    key = cache.key("rulebook-booklet" if booklet else "rulebook", html)
    cached = cache.get(key)
    if cached is not None:
        if collecting_now():              # a proof shows the cached rulebook too, page by page
            import pikepdf

            pages = len(pikepdf.open(io.BytesIO(cached)).pages)
            settle(what, cached, [PageLabel(f"{what}, page {n}") for n in range(1, pages + 1)], [])
        return cached
    from pnp.render.fitting import overflows
    from pnp.render.weasy import Renderer   # WeasyPrint loads only when something renders
    from pnp.rulebook.page_flow import read_flow

    with Renderer(project) as renderer:
        reflow, best = Reflow(), None
        for attempt in range(MAX_REFLOWS + 1):
            laid_out = html.replace("</head>", f"<style>{reflow.css}</style></head>", 1) if reflow.css else html
            document = renderer.layout(laid_out, what, f"layouts/{game.key}/rulebook.html", tagged=True)
            pages = read_flow(document)
            if booklet:
                pages = pages[:-1]               # the back cover: no chapter's page
            paginated = pagination_findings(pages, booklet)
            score = layout_score(pages, paginated, booklet)
            if best is None or score < best[0]:
                best = (score, document, paginated)
            better = next_reflow(pages, booklet, reflow) if attempt < MAX_REFLOWS else None
            if better is None:
                break
            reflow = better
        _, document, paginated = best           # a step that made things worse is not kept
        for number, page in enumerate(document.pages, 1):
            for name, _ratio, _box in overflows(page):
                raise RenderError(f"{what}, page {number}: a card's {name} text does not fit its box")
        pdf = renderer.pdf(document, what, tagged=True)
        labels = [PageLabel(f"{what}, page {number}", None, f"{what}, pages", str(number))
                  for number in range(1, len(document.pages) + 1)]
        found = page_findings(document, labels, project, pdf) + [(labels[finding.page], finding)
                                                                 for finding in paginated]
        if settle(what, pdf, labels, found):
            cache.put(key, pdf)
    return pdf
