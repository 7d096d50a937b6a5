"""Stylesheets read as the typesetter reads them: parsed once for every check, their
@font-face rules, and the <style> elements of a page."""

import re
from functools import lru_cache

import tinycss2

from pnp.tags import tag_list


FONT_FACE_START = re.compile(r"@font-face\s*{")
STYLE_START = re.compile(r"<style\b", re.I)


def _tokens(nodes):
    """Every token of a parsed stylesheet, blocks and functions opened, without recursion."""
    stack = list(reversed(nodes))
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(getattr(node, "content", None) or []))
        stack.extend(reversed(getattr(node, "arguments", None) or []))


@lru_cache(maxsize=32)
def parsed(css: str) -> tuple:
    """The rules of a stylesheet, parsed once for every check that reads them."""
    return tuple(tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True))


def rule_tokens(rules):
    """Every token of the rules, their preludes and blocks opened."""
    for rule in rules:
        yield from _tokens(list(getattr(rule, "prelude", None) or []) + list(getattr(rule, "content", None) or []))


def font_faces(css: str):
    """(start, end, body) of each @font-face rule, read in one pass (a rule left open ends the
    reading, as it ends the stylesheet)."""
    position = 0
    while (start := FONT_FACE_START.search(css, position)) is not None:
        close = css.find("}", start.end())
        if close < 0:
            return
        yield start.start(), close + 1, css[start.end():close]
        position = close + 1


def without_font_faces(css: str) -> str:
    """The CSS with each @font-face rule blanked out, its line breaks kept."""
    parts, position = [], 0
    for start, end, _ in font_faces(css):
        parts += [css[position:start], "\n" * css.count("\n", start, end)]
        position = end
    return "".join(parts) + css[position:]


def style_elements(html: str):
    """(start of its tag, end of its tag, CSS) of each <style> element of a page."""
    if not STYLE_START.search(html):
        return
    tags = tag_list(html)
    for index, tag in enumerate(tags):
        if tag.name == "style" and tag.raw_text:
            end = tags[index + 1].start if index + 1 < len(tags) else len(html)
            yield tag.start, tag.end, html[tag.end:end]
