"""Tags read as the HTML parser reads them, in one pass: the reading the checks of pages, of
inline SVGs and of stylesheets share (no WeasyPrint here)."""

import html
import re
from dataclasses import dataclass
from functools import lru_cache

TAG_NAME = re.compile(r"(/?)([a-zA-Z][^\s/>]*)")
# An attribute name runs to a space, `/`, `>` or `=`; a value is quoted, or runs to a space or `>`.
# Possessive: each character is read once, whatever the input (no backtracking to exploit).
TAG_ATTRIBUTES = re.compile(r"""(?:[\s/]++|[^\s/>][^\s/>=]*+(?:\s*+=\s*+(?:"[^"]*+"|'[^']*+'|[^\s>]*+))?+)*+""")
ATTRIBUTE = re.compile(r"""([^\s/>][^\s/>=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]*)))?""")
COMMENT_END = re.compile(r"--!?>")
# Elements whose text the parser does not read as tags, outside <svg> and <math> (noscript and
# plaintext are read as tags here: seeing more tags than the parser is the safe side).
RAW_TEXT = ("style", "script", "xmp", "iframe", "noembed", "noframes", "title", "textarea")
FOREIGN = ("svg", "math")
VOID_ELEMENTS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                           "source", "track", "wbr"})
RAW_TEXT_END = {name: re.compile(rf"</{name}[\s/>]", re.I) for name in RAW_TEXT}


@dataclass(frozen=True)
class Tag:
    start: int
    end: int
    name: str                # lower case
    closing: bool
    self_closing: bool
    attributes: str
    raw_text: bool = False    # the text after this start tag, to its end tag, is not HTML
    foreign: bool = False     # inside (or is) an <svg> or <math>, where `/>` closes an element

    @property
    def opens(self) -> bool:
        """The parser leaves this element open for what follows: a start tag that is not void
        and not closed by `/>` (which HTML ignores, except on void and foreign elements)."""
        return not self.closing and self.name not in VOID_ELEMENTS and not (self.self_closing and self.foreign)

    def attribute(self, name: str) -> str | None:
        """An attribute's value, unescaped as the parser unescapes it."""
        for match in ATTRIBUTE.finditer(self.attributes):
            if match.group(1).lower() == name:
                return html.unescape(next((value for value in match.groups()[1:] if value is not None), ""))
        return None


def html_tags(text: str):
    """Each tag of HTML (or of an SVG written in it) as the HTML parser reads it, in one pass:
    comments, doctypes and the text of <style>, <script>, <title>... skipped; a tag still open
    at the end dropped with all that follows, as the parser drops it. Where this reading and
    the parser's may differ (a quote left open, an <svg> the parser leaves early), it sees more
    tags than the parser, never fewer: a limit on them cannot be passed by hiding some."""
    position, foreign = 0, 0
    while (start := text.find("<", position)) >= 0:
        if text.startswith("<!--", start):
            comment = COMMENT_END.search(text, start + 2)
            if comment is None:
                return
            position = comment.end()
            continue
        name = TAG_NAME.match(text, start + 1)
        if name is None:
            if text[start + 1:start + 2] in ("!", "?", "/"):      # a doctype or a bogus comment: to its `>`
                close = text.find(">", start + 2)
                if close < 0:
                    return
                position = close + 1
            else:
                position = start + 1
            continue
        close = TAG_ATTRIBUTES.match(text, name.end()).end()
        if close >= len(text):
            return
        tag_name, closing = name.group(2).lower(), bool(name.group(1))
        self_closing = close > name.end() and text[close - 1] == "/"
        local = tag_name.rsplit(":", 1)[-1]
        inside = foreign > 0 or local in FOREIGN
        if local in FOREIGN and not self_closing:
            foreign = max(0, foreign - 1) if closing else foreign + 1
        raw = not closing and not self_closing and foreign == 0 and tag_name in RAW_TEXT
        yield Tag(start, close + 1, tag_name, closing, self_closing, text[name.end():close], raw, inside)
        position = close + 1
        if raw:
            end = RAW_TEXT_END[tag_name].search(text, position)
            if end is None:
                return
            position = end.start()


@lru_cache(maxsize=4)
def tag_list(text: str) -> tuple:
    """html_tags of a document read whole, kept for the next check of the same text: a page is
    scanned for its elements, then its <style> elements, links, pictures and SVG, one pass in
    all. For text already held to the element limit (MAX_HTML_ELEMENTS), by check_document."""
    return tuple(html_tags(text))
