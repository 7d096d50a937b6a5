"""Tagged rulebooks (PDF/UA-1): WeasyPrint tags the document (its language and title, headings,
lists, tables with their headers, pictures with their alternative text, the outline as
bookmarks); one thing it cannot do alone is done here, while it builds the structure tree.

A card drawn in a chapter is, in the HTML, a tree of spans and pictures (its layout's art has
`alt=""`, decoration on the card); a reader of the rulebook needs it as one picture described in
words. So an element carrying FIGURE_ALT becomes one Figure with that alternative text, and every
piece of content drawn inside it belongs to that Figure, not to elements of its own.

This wraps `weasyprint.pdf.tags._build_box_tree` while a rulebook is written (restored after);
the tests read the structure back from the PDF, so a WeasyPrint that builds it otherwise fails
them rather than printing an untagged rulebook unnoticed."""

from contextlib import contextmanager

FIGURE_ALT = "data-pdf-alt"
PDF_VARIANT = "pdf/ua-1"


def _inner(box):
    return getattr(box, "_box", box)         # an absolutely placed box's placeholder: the box


def _subtree(box):
    box = _inner(box)
    yield box
    for child in getattr(box, "children", ()) or ():
        yield from _subtree(child)


def _described(original):
    import pydyf

    def build(box, parent, pdf, page_number, nums, annotations, tags):
        inner = _inner(box)
        element = getattr(inner, "element", None)
        alt = element.get(FIGURE_ALT) if element is not None and hasattr(element, "get") else None
        if alt is None:
            yield from original(box, parent, pdf, page_number, nums, annotations, tags)
            return
        x, y = inner.border_box_x(), inner.border_box_y()
        figure = pydyf.Dictionary({
            "Type": "/StructElem", "S": "/Figure", "K": pydyf.Array([]),
            "Pg": pdf.page_references[page_number], "P": parent.reference, "Alt": pydyf.String(alt),
            "A": pydyf.Dictionary({"O": "/Layout", "BBox": pydyf.Array(
                (x, y, x + inner.border_width(), y + inner.border_height()))})})
        pdf.add_object(figure)
        for part in _subtree(inner):
            kid = tags.pop(part, None)
            if kid is not None:
                figure["K"].append(kid["mcid"])
                nums[kid["mcid"]] = figure.reference
        yield figure
    return build


@contextmanager
def described_figures():
    from weasyprint.pdf import tags as weasy_tags

    original = weasy_tags._build_box_tree
    weasy_tags._build_box_tree = _described(original)
    try:
        yield
    finally:
        weasy_tags._build_box_tree = original
