"""A laid-out rulebook read as its flow of blocks, page by page (pnp/rulebook/pagination.py
judges it): each block of the chapters (a child of <main>) and of the contents, where it lies,
how many lines of its own it has on the page, and the chapter's FILE:LINE that wrote it."""

import dataclasses

import pnp.render.weasyprint_loader  # noqa: F401  (before WeasyPrint: its libraries found so)
from weasyprint.formatting_structure import boxes

from pnp.render.box_tree import descendants
from pnp.render.fitting import PX_PER_MM
from pnp.render.page_boxes import AT_ATTRIBUTE, THUMBNAIL_ATTRIBUTE
from pnp.rulebook.pagination import BLOCK_NUMBER, CHAPTER_NUMBER, FULL_LINE, SHORT_LINE, Block, PageFlow
from pnp.typography import CHAPTER_ATTRIBUTE

FLOWS = ("main", "nav")                     # the chapters and the contents
CONTENTS_TITLE = "toc-title"               # the contents' heading (layouts/rulebook.html)
TEXT_SHOWN = 40                             # characters kept of a block's start and end
LINE_ENDS = (".", ":", "!", "?", ";", ")", "»", "\u201d")   # a line that ends a sentence may be short


def read_flow(document) -> list[PageFlow]:
    pages = []
    for number, page in enumerate(document.pages, 1):
        root = page._page_box
        top = (root.margin_top + root.padding_top) / PX_PER_MM
        bottom = top + root.height / PX_PER_MM
        left = (root.margin_left + root.padding_left) / PX_PER_MM
        right = left + root.width / PX_PER_MM
        flow = _flow_box(root)
        if flow is None:
            pages.append(PageFlow(number, top, bottom, left, right, ()))
            continue
        children = list(_in_flow(flow))
        blocks = tuple(_block(child, chapter) for child, chapter in children if _is_block(child))
        leaves: list[Block] = []
        floats = _floats(root)
        for child, chapter in children:
            _leaves(child, chapter, leaves, _number(getattr(child, "element", None)), floats)
        opens = bool(blocks) and (blocks[0].tag == "h1" or CONTENTS_TITLE in blocks[0].classes)
        pages.append(PageFlow(number, top, bottom, left, right, blocks, tuple(leaves), opens))
    return pages


def _flow_box(box):
    if getattr(box, "element_tag", None) in FLOWS:
        return box
    if isinstance(box, boxes.LineBox):
        return None
    for child in getattr(box, "children", ()):
        found = _flow_box(child)
        if found is not None:
            return found
    return None


def _in_flow(flow):
    """The flow's blocks, each chapter's (its <section>) in turn, with the chapter's number."""
    for child in flow.children:
        number = _chapter_number(child)
        if number is not None:
            yield from ((grandchild, number) for grandchild in child.children)
        else:
            yield child, 0


def _chapter_number(box) -> int | None:
    element = getattr(box, "element", None)
    if element is None or getattr(box, "element_tag", None) != "section":
        return None
    number = element.get(CHAPTER_NUMBER) or ""
    return int(number) if number.isdigit() else None


def _is_block(box) -> bool:
    return isinstance(box, boxes.BlockLevelBox) and box.height is not None


def _at(box) -> str:
    element = getattr(box, "element", None)
    if element is not None and getattr(box, "element_tag", None):
        found = element.get(CHAPTER_ATTRIBUTE) or element.get(AT_ATTRIBUTE)
        if found:
            return found
    for child in getattr(box, "children", ()):
        found = _at(child)
        if found:
            return found
    return ""


def _texts(box, into: list) -> None:
    if isinstance(box, boxes.TextBox):
        into.append(box.text)
        return
    if getattr(box, "element", None) is not None and box.element.get(THUMBNAIL_ATTRIBUTE) is not None:
        return
    for child in getattr(box, "children", ()):
        _texts(child, into)


def _block(box, chapter: int) -> Block:
    texts: list[str] = []
    _texts(box, texts)
    text = " ".join(" ".join(texts).split())
    element = getattr(box, "element", None)
    classes = tuple((element.get("class") or "").split()) if element is not None else ()
    top = box.position_y / PX_PER_MM
    bottom = (box.position_y + box.margin_height() - box.margin_bottom) / PX_PER_MM
    lines = sum(1 for child in box.children if isinstance(child, boxes.LineBox))
    return Block(id(element) if element is not None else id(box), box.element_tag or "", classes,
                 text[-TEXT_SHOWN:], text[:TEXT_SHOWN], top, bottom, lines, _at(box), chapter,
                 _number(element))


def _number(element) -> int:
    number = (element.get(BLOCK_NUMBER) or "") if element is not None else ""
    return int(number) if number.isdigit() else 0


def _leaves(box, chapter: int, into: list, number: int = 0, floats: tuple = ()) -> None:
    """Blocks that hold lines of their own, in order (a paragraph, a list item, a question), each
    with its chapter block's number."""
    if not _is_block(box) or (getattr(box, "element", None) is not None
                              and box.element.get(THUMBNAIL_ATTRIBUTE) is not None):
        return
    if any(isinstance(child, boxes.LineBox) for child in box.children):
        leaf = _block(box, chapter)
        into.append(dataclasses.replace(leaf, number=leaf.number or number,
                                        short_line=_short_line(box, floats)))
        return
    for child in box.children:
        _leaves(child, chapter, into, number, floats)


def _floats(root) -> tuple:
    """The floated boxes of a page, as (top, bottom) in px: a line beside one is narrower."""
    return tuple((box.position_y, box.position_y + box.margin_height()) for box in descendants(root)
                 if getattr(box, "style", None) is not None and box.style["float"] != "none" and box.height is not None)


def _short_line(box, floats: tuple) -> str:
    """The text of a line of `box` broken short mid-paragraph (pnp.rulebook.pagination.SHORT_LINE),
    or "": not in a table's cell (a name wraps there) nor beside a float (its measure is shorter)."""
    if box.element_tag in ("td", "th"):
        return ""
    lines = [child for child in box.children if isinstance(child, boxes.LineBox)]
    measure = box.width
    for line, after in zip(lines, lines[1:]):
        if any(top < line.position_y + line.height and line.position_y < bottom for top, bottom in floats):
            continue
        if _forced_break(line):
            continue
        texts: list[str] = []
        _texts(line, texts)
        text = "".join(texts).strip()
        if text and not text.endswith(LINE_ENDS) and measure \
                and _line_width(line) < SHORT_LINE * measure and _line_width(after) > FULL_LINE * measure:
            return text
    return ""


def _forced_break(line) -> bool:
    return any(getattr(box, "element_tag", None) == "br" for box in descendants(line))


def _line_width(line) -> float:
    ends = [child.position_x + child.margin_width() for child in line.children if child.width is not None]
    return max(ends) - line.position_x if ends else 0.0
