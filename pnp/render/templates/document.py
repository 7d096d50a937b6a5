"""The HTML a render makes, as the typesetter will meet it: nesting, elements, text, inline SVG
and stylesheets checked in one reading of its tags, each refusal naming the layout line the
element comes from."""

import re
from pathlib import Path

from pnp.limits import MAX_DOCUMENT_TEXT, MAX_HTML_DEPTH, MAX_HTML_ELEMENTS
from pnp.picture_checks import inline_svg_problem
from pnp.render.stylesheet_check import document_sheets, stylesheet_faults
from pnp.render.templates.limit import TemplateLimit
from pnp.tags import VOID_ELEMENTS, html_tags, tag_list


MARK = re.compile(r'data-pnp-at="([^"]*):(\d+)"')
MARK_START = 'data-pnp-at="'
TOO_MUCH_TEXT = f"more than {MAX_DOCUMENT_TEXT:,} characters of text in one document (MAX_DOCUMENT_TEXT)"
TOO_MANY_ELEMENTS = f"more than {MAX_HTML_ELEMENTS:,} elements in one document (MAX_HTML_ELEMENTS)"
TOO_DEEP = f"elements nested more than {MAX_HTML_DEPTH} deep (MAX_HTML_DEPTH)"
ATTACHMENT = "a file attached to the PDF (rel=\"attachment\"), which embeds the time of each build in it"
ATTACHMENT_FIX = ("The same inputs must give the same PDF: leave the file out of the layout and ship it beside "
                  "the sheets")


def _place(html: str, start: int, end: int, shown: str | None) -> tuple[str | None, int]:
    """The layout file and line of the tag at html[start:end] (its `data-pnp-at` mark, or the
    last mark before it); without one, `shown` and the line of the output."""
    mark = MARK.search(html, start, end)
    if mark is None:
        before = html.rfind(MARK_START, 0, start)
        mark = MARK.match(html, before) if before >= 0 else None
    if mark:
        return mark.group(1), int(mark.group(2))
    return shown, html.count("\n", 0, start) + 1


def _too_much(html: str, start: int, end: int, shown: str | None, message: str) -> TemplateLimit:
    file, line = _place(html, start, end, shown)
    return TemplateLimit(message, line, file)


def check_document(html: str, shown: str | None = None, root: Path | None = None) -> None:
    """Refuse HTML the typesetter would choke on, before it sees it: elements nested deeper
    than MAX_HTML_DEPTH, more than MAX_HTML_ELEMENTS elements, more than MAX_DOCUMENT_TEXT
    characters of text (their layout time grows faster than their count), an inline SVG or
    stylesheet the SVG and stylesheet checks refuse. The tags are read as the parser reads them
    (`html_tags`, one pass), and the refusal names the layout line the element comes from.
    `root`: the project, the base of the stylesheets the HTML links. The stylesheets are read
    again on every call (a long-lived process sees them change); the rest holds for the text."""
    if html not in _SOUND_STRUCTURE:
        _check_structure(html, shown)
        _SOUND_STRUCTURE[html] = None
        while len(_SOUND_STRUCTURE) > SOUND_KEPT:
            del _SOUND_STRUCTURE[next(iter(_SOUND_STRUCTURE))]
    _check_stylesheets(html, shown, root)


SOUND_KEPT = 4                    # documents whose structure passed: a build checks each twice in a row
_SOUND_STRUCTURE: dict = {}


def _check_structure(html: str, shown: str | None) -> None:
    depth = elements = text = 0
    previous_end, raw = 0, False
    for tag in html_tags(html):
        text += 0 if raw else tag.start - previous_end
        previous_end, raw = tag.end, tag.raw_text
        if text > MAX_DOCUMENT_TEXT:
            raise _too_much(html, tag.start, tag.end, shown, TOO_MUCH_TEXT)
        if tag.closing:
            if tag.name not in VOID_ELEMENTS:
                depth = max(0, depth - 1)
            continue
        elements += 1
        if tag.name in ("link", "a") and "attachment" in (tag.attribute("rel") or "").lower().split():
            file, line = _place(html, tag.start, tag.end, shown)
            raise TemplateLimit(ATTACHMENT, line, file, ATTACHMENT_FIX)
        if elements > MAX_HTML_ELEMENTS:
            raise _too_much(html, tag.start, tag.end, shown, TOO_MANY_ELEMENTS)
        depth += tag.opens
        if depth > MAX_HTML_DEPTH:
            raise _too_much(html, tag.start, tag.end, shown, TOO_DEEP)
    if not raw and text + len(html) - previous_end > MAX_DOCUMENT_TEXT:
        raise _too_much(html, previous_end, previous_end, shown, TOO_MUCH_TEXT)
    _check_inline_svg(html, shown)


STYLE_ELEMENT_START = re.compile(r"<style\b", re.I)
LINK_START = re.compile(r"<link\b", re.I)
SVG_START = re.compile(r"<svg\b", re.I)


def _svg_regions(html: str):
    """(start, end of its tag, end) of each outermost <svg> element (an unclosed one runs to
    the end, as the parser reads it)."""
    if not SVG_START.search(html):
        return
    depth, start = 0, None
    for tag in tag_list(html):
        if tag.name != "svg":
            continue
        if not tag.closing and not tag.self_closing:
            start = tag if depth == 0 else start
            depth += 1
        elif tag.closing and depth:
            depth -= 1
            if depth == 0:
                yield start.start, start.end, tag.end
    if depth:
        yield start.start, start.end, len(html)


def _check_inline_svg(html: str, shown: str | None) -> None:
    for start, tag_end, end in _svg_regions(html):
        problem = inline_svg_problem(html[start:end])
        if problem:
            raise _too_much(html, start, tag_end, shown, f"an inline <svg>: {problem}")


def _check_stylesheets(html: str, shown: str | None, root: Path | None) -> None:
    """The stylesheet check (pnp/render/stylesheet_check.py) on the <style> elements of the
    HTML and, under `root`, the stylesheets it links."""
    if not (STYLE_ELEMENT_START.search(html) or (root is not None and LINK_START.search(html))):
        return
    for fault in stylesheet_faults(document_sheets(html, root), complete=root is not None):
        if fault.sheet.position is None:
            raise TemplateLimit(fault.message, fault.line, fault.sheet.shown, fault.fix, stylesheet=True)
        file, line = _place(html, fault.sheet.position, fault.sheet.tag_end, shown)
        raise TemplateLimit(fault.message, line + fault.line - 1, file, fault.fix, stylesheet=True)
