"""Whether a typeset rulebook reads as a book: no page left near empty inside a chapter, no
heading, question or lead-in ending a page with what it introduces overleaf, no paragraph's last
line alone at the top of a page, and a booklet's last sheet worth its paper.

The judgement is a pure function over plain data (`PageFlow`), read from WeasyPrint's laid-out
boxes by pnp/rulebook/page_flow.py. What it cannot see: a page full of something a reader finds
empty (a large picture, a table of blanks), a heading high on its page followed there by one line
only of its section, or a figure far from the page that cites it; those stay the reviewer's.
"""

from dataclasses import dataclass

from pnp.render.audit import Finding

MIN_PAGE_FILL = 1 / 3            # a page of a chapter, not its last, filled to at least a third
MIN_LAST_PAGE_FILL = 1 / 10      # a chapter's last page: at least a tenth
MIN_BOOKLET_LAST_SHEET = 1 / 4   # a booklet's last sheet: its four sides filled to a quarter in all
BOOKLET_SIDES = 4                # pages a folded sheet carries (pnp.rulebook.booklet.PAGES_PER_SHEET)
FOOT_ZONE = 1 / 5                # the page's last fifth, where an intro must not end the page
MIN_LINES_UNDER_HEADING = 3      # a heading in the foot zone with its section overleaf: lines it needs below it
WIDOW_LINES = 1                  # a paragraph's lines at a page's top that make a widow
SHORT_LINE = 0.4                 # a line mid-paragraph under this share of its measure is broken short...
FULL_LINE = 0.6                  # ...when the line after it fills more than this: "La / cam- / pagne est..."
BLOCK_NUMBER = "data-block"              # on each block of the chapters, in order (pnp.rulebook.render)
CHAPTER_NUMBER = "data-chapter"          # on each chapter's <section> (pnp.rulebook.render)
INTRO_ENDINGS = (":",)           # a paragraph that introduces what follows ("The deal goes so:")
CONTENTS = 0                     # the chapter number of the contents' blocks
HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
INTRO_CLASSES = ("faq-q", "lead-in")   # an FAQ question; a paragraph a layout marks as introducing


@dataclass(frozen=True)
class Block:
    """A block of a chapter (a child of <main>, or of the contents) as laid out on one page."""

    key: int                  # the element: the same on every page a split block spans
    tag: str
    classes: tuple[str, ...]
    text_end: str             # its last few characters of text
    text_start: str           # its first few
    top: float                # mm from the page's top edge
    bottom: float
    lines: int                # line boxes of its own on this page (a split paragraph's share)
    at: str                   # the chapter's FILE:LINE
    chapter: int = 0          # the chapter it belongs to (1, 2, ...; 0: the contents)
    number: int = 0           # its `data-block` (0: none, as the contents'; a leaf: its chapter block's)
    short_line: str = ""      # a line of it broken short mid-paragraph (page_flow.py), "" if none

    @property
    def introduces(self) -> bool:
        return (self.tag in HEADINGS or any(name in self.classes for name in INTRO_CLASSES)
                or self.text_end.rstrip().endswith(INTRO_ENDINGS))


@dataclass(frozen=True)
class PageFlow:
    number: int               # 1-based
    content_top: float        # mm: the page area's edges (inside the @page margins)
    content_bottom: float
    left: float
    right: float
    blocks: tuple[Block, ...]   # in order; empty on a page of no chapter (the cover)
    leaves: tuple[Block, ...] = ()   # blocks holding lines of their own (paragraphs, list items)
    chapter_start: bool = False      # the page opens a chapter (or the contents)

    @property
    def fill(self) -> float:
        if not self.blocks:
            return 1.0
        height = self.content_bottom - self.content_top
        return max(0.0, min(1.0, (max(b.bottom for b in self.blocks) - self.content_top) / height)) if height else 1.0


def _foot_zone(page: PageFlow) -> float:
    """Where the page's last fifth begins, in mm from its top edge."""
    return page.content_bottom - FOOT_ZONE * (page.content_bottom - page.content_top)


def _down_the_page(page: PageFlow, block: Block) -> str:
    return f"{round((block.top - page.content_top) / (page.content_bottom - page.content_top) * 100)} % down the page"


def _rect(page: PageFlow, top: float, bottom: float):
    return (page.left, top, page.right, bottom)


def pagination_findings(pages: list[PageFlow], booklet: bool = False) -> list[Finding]:
    """Every fault of pagination, as the layout checks' findings (page index, rectangle, the
    chapter's FILE:LINE)."""
    found: list[Finding] = []
    for index, page in enumerate(pages):
        if not page.blocks:
            continue
        following = pages[index + 1] if index + 1 < len(pages) else None
        last_of_chapter = following is None or following.chapter_start or not following.blocks
        found += _underfilled(page, following, last_of_chapter, index)
        found += _stranded_intro(page, following, index)
        found += _heading_without_its_section(page, following, index)
        found += _widows(page, pages[index - 1] if index else None, index)
        found += _broken_lines(page, index)
    if booklet:
        found += _booklet_tail(pages)
    return found


def _underfilled(page: PageFlow, following: PageFlow | None, last_of_chapter: bool, index: int) -> list[Finding]:
    least = MIN_LAST_PAGE_FILL if last_of_chapter else MIN_PAGE_FILL
    if page.fill >= least or (page.chapter_start and all(block.chapter == CONTENTS for block in page.blocks)):
        return []                       # contents on one page take it, however short the book (not a spill)
    bottom = max(b.bottom for b in page.blocks)
    shown = next((b for b in reversed(page.blocks) if b.text_end.strip()), page.blocks[-1])
    if last_of_chapter:
        what = (f"ends its chapter on a page under {round(least * 100)} % full; the chapter's last lines "
                "could join the page before")
        at = page.blocks[0].at
    else:
        cause = following.blocks[0]
        what = (f"leaves its page under {round(least * 100)} % full: what follows it on the next page "
                f"({_shown(cause.text_start)}, at {cause.at}) did not fit below it")
        at = shown.at
    return [Finding("underfilled page", at, what, _shown(shown.text_end, end=True),
                    f"page {page.number} is {round(page.fill * 100)} % full", _rect(page, bottom, page.content_bottom),
                    index)]


def stranded_intro(page: PageFlow, following: PageFlow | None) -> Block | None:
    """The heading, question or lead-in that ends the page, low on it, with what it introduces overleaf."""
    last = page.blocks[-1]
    if following is None or not following.blocks or not last.introduces:
        return None
    if following.blocks[0].key == last.key:          # the intro itself runs on overleaf: not stranded
        return None
    zone = _foot_zone(page)
    if last.bottom < zone and page.fill >= MIN_PAGE_FILL:
        return None
    return last


def _stranded_intro(page: PageFlow, following: PageFlow | None, index: int) -> list[Finding]:
    last = stranded_intro(page, following)
    if last is None:
        return []
    kind = ("heading" if last.tag in HEADINGS else "question" if "faq-q" in last.classes else "lead-in")
    return [Finding("stranded", last.at, f"is a {kind} that ends page {page.number}: what it introduces is "
                    f"overleaf, on page {following.number}", _shown(last.text_start),
                    _down_the_page(page, last), _rect(page, last.top, last.bottom), index)]


def heading_without_its_section(page: PageFlow, following: PageFlow | None) -> Block | None:
    """A heading in the page's last fifth, not its last block, with under MIN_LINES_UNDER_HEADING
    lines of its section below it there and the rest overleaf: a chapter's title and its first two
    lines at a page's foot read as stranded as a title alone. A section that ends on the page (the
    next page opens with a heading of its level or above) is whole, however short."""
    if following is None or not following.blocks or following.chapter_start:
        return None
    zone = _foot_zone(page)
    headings = [block for block in page.blocks[:-1] if block.tag in HEADINGS]
    if not headings or headings[-1].top < zone:
        return None
    heading = headings[-1]
    first = following.blocks[0]
    if first.tag in HEADINGS and first.tag <= heading.tag:     # its section ended on this page
        return None
    lines = sum(leaf.lines for leaf in page.leaves if leaf.top >= heading.bottom - 0.1)
    return heading if lines < MIN_LINES_UNDER_HEADING else None


def _heading_without_its_section(page: PageFlow, following: PageFlow | None, index: int) -> list[Finding]:
    heading = heading_without_its_section(page, following)
    if heading is None:
        return []
    return [Finding("stranded", heading.at, f"is a heading near the foot of page {page.number} with under "
                    f"{MIN_LINES_UNDER_HEADING} lines of its section below it: the rest is overleaf, on page "
                    f"{following.number}", _shown(heading.text_start), _down_the_page(page, heading),
                    _rect(page, heading.top, page.content_bottom), index)]


def _widows(page: PageFlow, before: PageFlow | None, index: int) -> list[Finding]:
    if before is None or not page.leaves:
        return []
    first = page.leaves[0]
    split = any(leaf.key == first.key for leaf in before.leaves)
    if not split or first.lines > WIDOW_LINES:
        return []
    return [Finding("widow", first.at, f"leaves its last line alone at the top of page {page.number}",
                    _shown(first.text_end, end=True), "", _rect(page, first.top, first.bottom), index)]


def _broken_lines(page: PageFlow, index: int) -> list[Finding]:
    """A line that ends far short of its measure while the paragraph runs on below it at full
    width: a break no reader would make ("La / cam- / pagne est une suite..."). WeasyPrint makes
    it now and then beside an inline box; the re-flow respaces the paragraph a hair."""
    return [Finding("line broken short", leaf.at, "breaks a line far short of its measure while the paragraph runs "
                    "on below it", _shown(leaf.short_line, end=True), f"page {page.number}",
                    _rect(page, leaf.top, leaf.bottom), index)
            for leaf in page.leaves if leaf.short_line]


def last_sheet_fill(pages: list[PageFlow]) -> float:
    """How full a booklet's last sheet is, its four sides together; the back cover, printed on it
    when the pages leave it room (pnp.rulebook.booklet.with_back_cover), counts as a side filled."""
    tail = pages[(len(pages) - 1) // BOOKLET_SIDES * BOOKLET_SIDES:]
    cover = 1 if len(pages) % BOOKLET_SIDES else 0
    return (sum(page.fill for page in tail) + cover) / BOOKLET_SIDES


def _booklet_tail(pages: list[PageFlow]) -> list[Finding]:
    first_of_sheet = (len(pages) - 1) // BOOKLET_SIDES * BOOKLET_SIDES
    tail = pages[first_of_sheet:]
    filled = last_sheet_fill(pages)
    if len(pages) <= BOOKLET_SIDES or filled >= MIN_BOOKLET_LAST_SHEET:
        return []
    page = tail[-1]
    last = page.blocks[-1] if page.blocks else None
    at = last.at if last else ""
    blank = BOOKLET_SIDES - len(tail)
    return [Finding("booklet sheet", at, f"is on the booklet's last sheet, which it fills to "
                    f"{round(filled * 100)} % ({len(tail)} of its {BOOKLET_SIDES} sides printed, {blank} blank): "
                    f"a whole sheet for it", _shown(last.text_end, end=True) if last else "the last page",
                    f"the booklet has {len(pages)} pages", _rect(page, page.content_top, page.content_bottom),
                    len(pages) - 1)]


def _shown(text: str, end: bool = False, limit: int = 28) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return f"'{text}'"
    return f"'…{text[-limit:]}'" if end else f"'{text[:limit]}…'"
