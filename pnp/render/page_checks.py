"""The layout checks run on a rendered document: each page read, audited, and its findings
turned into problems a designer can act on (one line each, identical ones merged)."""

import io
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace

from pnp.errors import DataError, Problem, plural
from pnp.project import Project
from pnp.render.audit import Finding, audit_page
from pnp.render.font_check import declared_families

PIXELS_PER_MM = 6                       # about 150 dpi: enough to read a ground under text
FIXES = {
    "overlaps": "Move one of them apart, or mark the element that lies under on purpose with "
                "data-overlap=\"why\" (docs/layouts.md)",
    "too close to": "Give the text more room: padding inside the frame, or a margin from the card's edge",
    "clipped": "Give the box room for its text, or shorten the text",
    "below 6 pt": "Set a larger font-size (rules text 7 pt and up)",
    "contrast": "Darken the text or lighten its ground (or the reverse), in the layout or the stylesheet rules "
                "that colour them",
    "icon contrast": "Draw the icon in a colour that stands out from its ground (the colour given to icon(...) or "
                     "rules(...)), or change the ground; a watermark faint on purpose says why on its <img>: "
                     "data-decorative=\"why\" (docs/layouts.md)",
    "fallback font": "Use a font the game declares with @font-face that has these characters, or "
                     "other characters",
    "overflows": "Shorten the text, or give the box more room in the layout",
    "runt": "Reword the text by a word or two; text through the rules filter keeps its last two words together",
    "underfilled page": "Shorten the chapter by a few lines, or lengthen it, so that its pages fill; a large table or "
                        "example that does not fit may move later in the chapter",
    "stranded": "Keep it with what follows (break-after: avoid in the rulebook's stylesheet), or move the text "
                "before it so that both fall on one page",
    "widow": "Give the paragraph a line more or less, or set widows: 2 or more in the rulebook's stylesheet",
    "line broken short": "Reword the paragraph a little (a word more or less near the break), or take out what "
                         "sits beside the break (a box as wide as the line, a run in bold)",
    "booklet sheet": "Shorten the rulebook by the pages of its last sheet, or give that sheet content worth its "
                     "paper (a quick reference, a summary)",
    "contrast in print": "Darken the text or lighten its ground (or the reverse) by more than the screen needs: "
                         "the press prints these colours closer together (the soft proof shows them)",
    "icon contrast in print": "Draw the icon in a colour further from its ground than the screen needs: the press "
                              "prints the two closer together (the soft proof shows them)",
}
EXPECTED = {
    "overlaps": "text clear of other text and pictures",
    "too close to": "text 1 mm inside its frame and 3 mm inside the trim",
    "clipped": "text inside the box that clips it",
    "below 6 pt": "text of 6 pt or more",
    "contrast": "contrast of 4.5:1 (3:1 from 18 pt, or 14 pt bold)",
    "icon contrast": "an icon with 3:1 contrast against its ground",
    "fallback font": "every character drawn by a declared font",
    "overflows": "text that fits its box at the smallest size the layout allows",
    "runt": "a paragraph's last line of two words or more",
    "underfilled page": "a page of a chapter filled to a third at least (a chapter's last page to a tenth; "
                        "docs/rulebook.md, Pagination)",
    "stranded": "a heading, question or lead-in on the page of what it introduces",
    "widow": "two lines or more of a paragraph at the top of a page",
    "line broken short": "every line of a paragraph, but its last, running most of its measure",
    "booklet sheet": "a booklet's last sheet filled to a quarter at least",
    "contrast in print": "contrast of 4.5:1 (3:1 from 18 pt, or 14 pt bold) in the colours the press prints",
    "icon contrast in print": "an icon with 3:1 contrast against its ground in the colours the press prints",
}


NAMED_PAGES = 3                 # pages named in a fault met on many; the rest are counted


_collected: ContextVar = ContextVar("collected_documents", default=None)


@dataclass(frozen=True)
class Checked:
    """A rendered document with what the checks found on it (for `pnp proof`)."""

    what: str
    pdf: bytes
    labels: list
    found: list


@contextmanager
def collecting():
    """Within it, documents with findings are kept (with the clean ones) instead of refused."""
    documents: list[Checked] = []
    token = _collected.set(documents)
    try:
        yield documents
    finally:
        _collected.reset(token)


def collecting_now() -> bool:
    """Whether a proof keeps every document (a cached one too, which it must then label)."""
    return _collected.get() is not None


def settle(what: str, pdf: bytes, labels: list, found: list) -> bool:
    """Refuse a document with findings (exit 2, nothing written), or keep it for the proof when
    collecting. True when the document is clean (and may be cached)."""
    documents = _collected.get()
    if documents is not None:
        documents.append(Checked(what, pdf, labels, found))
    elif found:
        raise DataError(findings_as_problems(found))
    return not found


@dataclass(frozen=True)
class PageLabel:
    """What a page is, in a designer's words, and whether it is cut at its trim."""

    name: str
    card_shape: str | None = None
    group: str | None = None        # pages alike ("the faces of Verses"), named together by their items
    item: str | None = None         # this page among them ("'the-wolf'")


class _Pixels:
    """The rendered PDF's pages, rasterised only when text sits on a picture."""

    def __init__(self, pdf: bytes | None):
        self.pdf, self.document, self.images = pdf, None, {}

    def of_page(self, index: int, bleed_mm: tuple):
        if self.pdf is None:
            return None

        def pixels(rect):
            image = self._image(index)
            left, top = bleed_mm[3], bleed_mm[0]
            box = tuple(round((value + offset) * PIXELS_PER_MM) for value, offset in
                        zip(rect, (left, top, left, top)))
            box = (max(0, box[0]), max(0, box[1]), min(image.width, box[2]), min(image.height, box[3]))
            if box[2] <= box[0] or box[3] <= box[1]:
                return []
            data = image.crop(box).tobytes()
            return [(data[i] / 255, data[i + 1] / 255, data[i + 2] / 255) for i in range(0, len(data), 3)]
        return pixels

    def _image(self, index: int):
        if index not in self.images:
            import pypdfium2

            if self.document is None:
                self.document = pypdfium2.PdfDocument(io.BytesIO(self.pdf))
            self.images[index] = self.document[index].render(scale=PIXELS_PER_MM * 25.4 / 72).to_pil().convert("RGB")
        return self.images[index]


def page_findings(document, labels: list[PageLabel], project: Project, pdf: bytes | None = None,
                  declared: set[str] | None = None) -> list[tuple[PageLabel, Finding]]:
    from pnp.render.page_boxes import read_page     # WeasyPrint's boxes: loaded only when pages are laid out

    declared = declared if declared is not None else declared_families(project)
    pixels = _Pixels(pdf)
    found = []
    for index, page in enumerate(document.pages):
        label = labels[index] if index < len(labels) else PageLabel(f"page {index + 1}")
        boxes = read_page(page)
        page_found = audit_page(boxes, declared, label.card_shape, pixels.of_page(index, boxes.bleed_mm))
        page_found += printed_contrast(boxes, page_found)
        found += [(label, replace(finding, page=index)) for finding in page_found]
    return found


def printed_contrast(boxes, found: list[Finding]) -> list[Finding]:
    """While a soft proof is made: the contrast checks again, on the colours the press prints
    (a text or icon that already fails on screen is not told twice)."""
    from pnp.render.audit import low_contrast, low_icon_contrast
    from pnp.render.print_colours import print_colours

    colours = print_colours()
    if colours is None:
        return []
    printed = printed_boxes(boxes, colours.printed)
    told = {(finding.at, finding.subject) for finding in found}
    suffix = f" once printed ({colours.condition})"
    return [replace(finding, kind=f"{finding.kind} in print", what=finding.what + suffix)
            for finding in low_contrast(printed) + low_icon_contrast(printed)
            if (finding.at, finding.subject) not in told]


def printed_boxes(boxes, printed):
    """The page's boxes with every colour as the press prints it (opacity kept)."""
    def rgba(colour):
        return None if colour is None else (*printed(tuple(colour[:3])), *colour[3:])

    paints = [replace(paint, colour=rgba(paint.colour),
                      icon=(paint.icon[0], rgba(paint.icon[1])) if paint.icon else None) for paint in boxes.paints]
    return replace(boxes, texts=[replace(text, colour=rgba(text.colour)) for text in boxes.texts], paints=paints)


def _at(at: str) -> tuple[str, int | None]:
    file, _, line = at.rpartition(":")
    return (file, int(line)) if line.isdigit() and file else (at or "(layout)", None)


def findings_as_problems(found: list[tuple[PageLabel, Finding]]) -> list[Problem]:
    """One problem per fault; the same fault of the same layout line on several pages (or
    several times on one) is one line, naming the first case and counting the rest."""
    merged: dict = {}
    problems = [finding.problem for _, finding in found if finding.problem is not None]   # the data's line
    for label, finding in found:
        if finding.problem is None:
            merged.setdefault((finding.kind, finding.at, finding.what), []).append((label, finding))
    for (kind, at, _), cases in merged.items():
        file, line = _at(at)
        label, first = cases[0]
        labels = list(dict.fromkeys(case[0] for case in cases))
        times = f"; {len(cases)} cases" if len(cases) > 1 else ""
        problems.append(Problem(file, line, _pages_named(labels), EXPECTED[kind], first.found + times, FIXES[kind]))
    return problems


def _pages_named(labels: list[PageLabel]) -> str:
    """`the faces of Verses 'a', 'b', 'c' and 4 more`: the pages a fault is met on, the first few
    by name (all of one group), else the first and how many others."""
    groups = {label.group for label in labels}
    if len(labels) > 1 and len(groups) == 1 and None not in groups:
        items = [label.item for label in labels]
        more = f" and {len(items) - NAMED_PAGES} more" if len(items) > NAMED_PAGES else ""
        return f"{labels[0].group} {', '.join(items[:NAMED_PAGES])}{more}"
    return labels[0].name if len(labels) == 1 else f"{labels[0].name} and {plural(len(labels) - 1, 'other page')}"
