"""What the typesetter does when a rulebook's pagination fails (pnp/rulebook/pagination.py), as
a compositor would: set the chapter a little tighter so its last lines join the page before,
let a table or list that left a page near empty run on overleaf, send a heading stranded at a
page's foot overleaf with its section, respace a paragraph with a line broken short, and tighten the whole book when a booklet's last sheet would
carry next to nothing or its pages would leave no room for the back cover. Each step is CSS added
after the game's own; the rulebook is laid out again with it, up to MAX_REFLOWS times, and the best
layout is kept (layout_score). Pure: pages in, rules out.
"""

from dataclasses import dataclass, field

from pnp.rulebook.pagination import (BLOCK_NUMBER, BOOKLET_SIDES, CHAPTER_NUMBER, MIN_BOOKLET_LAST_SHEET,
                                     MIN_LAST_PAGE_FILL, MIN_PAGE_FILL, PageFlow, heading_without_its_section,
                                     last_sheet_fill, stranded_intro)

MAX_REFLOWS = 5
# Each step of tightness: the chapter's line height, its paragraphs' space after, its sections'
# space before and the contents' type size (the base stylesheet's are 1.4, 2.2 mm, 5 mm and 1em).
# A chapter whose last page stays near empty at the tightest is set looser instead (LOOSE), which
# carries more of it overleaf.
TIGHTNESS = {1: (1.32, 1.6, 4.0, 1.0), 2: (1.27, 1.2, 3.2, 0.95), 3: (1.22, 0.9, 2.6, 0.9),
             -1: (1.5, 2.8, 6.0, 1.0)}
TIGHTEST, FIRST_STEP, LOOSE = 3, 2, -1
HELD_OVER_BLOCKS = 4
# A paragraph with a line broken short is set again with its word spaces a hair tighter, then
# looser, then tighter still: a different break throughout, the same look
RESPACING = ("-0.02em", "0.02em", "-0.04em")
SPLITTABLE = ("table", "ul", "ol", "p", "dl", "blockquote")


@dataclass
class Reflow:
    """The adjustments made so far: how tight each chapter is (0: the contents), which blocks
    may run on overleaf."""

    tightness: dict = field(default_factory=dict)
    split: set = field(default_factory=set)
    pushed: set = field(default_factory=set)      # headings sent overleaf, with their section
    kept: set = field(default_factory=set)        # headings a push left a page near empty before: stay
    respaced: dict = field(default_factory=dict)  # block -> its step in RESPACING (a line broken short)

    @property
    def css(self) -> str:
        rules = []
        for chapter, level in sorted(self.tightness.items()):
            line, after, before, size = TIGHTNESS[level]
            scope = f'section[{CHAPTER_NUMBER}="{chapter}"]' if chapter else ".toc"
            rules.append(f"{scope} {{ line-height: {line} !important; }}")
            rules.append(f"{scope} p, {scope} ul, {scope} ol, {scope} li {{ margin-bottom: {after}mm !important; }}")
            rules.append(f"{scope} h2, {scope} h3 {{ margin-top: {before}mm !important; }}")
            if not chapter:
                rules.append(f".toc ul {{ font-size: {size}em; }} .toc li {{ margin-top: 0 !important; "
                             "margin-bottom: 0 !important; }")
        rules += [f'[{BLOCK_NUMBER}="{number}"] {{ break-inside: auto !important; }}' for number in sorted(self.split)]
        rules += [f'[{BLOCK_NUMBER}="{number}"] {{ break-before: page !important; }}' for number in sorted(self.pushed)]
        rules += [f'[{BLOCK_NUMBER}="{number}"] {{ word-spacing: {RESPACING[step - 1]} !important; }}'
                  for number, step in sorted(self.respaced.items())]
        return "\n".join(rules)


def _held_over(page: PageFlow, split: set):
    """The block that could not stay on the page before: the tallest of the first few blocks of the
    page that may run on overleaf (a heading and its lead-in come with it)."""
    candidates = [block for block in page.blocks[:HELD_OVER_BLOCKS]
                  if block.tag in SPLITTABLE and block.number and block.number not in split]
    return max(candidates, key=lambda block: block.bottom - block.top, default=None)


def layout_score(pages: list[PageFlow], paginated: list, booklet: bool) -> tuple:
    """How good a layout is, lower better: its pagination findings first, then (a booklet)
    whether its pages leave no room for the back cover. The re-flow keeps its best layout: a
    step taken for the cover that strands a line elsewhere is undone."""
    return len(paginated), booklet and len(pages) % BOOKLET_SIDES == 0


def next_reflow(pages: list[PageFlow], booklet: bool, current: Reflow) -> Reflow | None:
    """The adjustments for the next layout, or None when nothing more can help. A chapter's own
    pages come first; a booklet's last sheet is tightened for once they are sound."""
    tightness, split = dict(current.tightness), set(current.split)
    pushed, kept = set(current.pushed), set(current.kept)
    respaced = dict(current.respaced)
    for leaf in (leaf for page in pages for leaf in page.leaves if leaf.short_line and leaf.number):
        if respaced.get(leaf.number, 0) < len(RESPACING):
            respaced[leaf.number] = respaced.get(leaf.number, 0) + 1

    def tighten(chapter: int, last_page: bool) -> None:
        level = tightness.get(chapter, 0)
        if level == TIGHTEST and last_page:
            tightness[chapter] = LOOSE
        elif 0 <= level < TIGHTEST:
            tightness[chapter] = max(level + 1, FIRST_STEP if last_page else 1)

    for index, page in enumerate(pages):
        if not page.blocks:
            continue
        following = pages[index + 1] if index + 1 < len(pages) else None
        stranded = heading_without_its_section(page, following) or stranded_intro(page, following)
        if stranded is not None and stranded.number and stranded.number not in pushed | kept:
            pushed.add(stranded.number)
            continue
        last = following is None or following.chapter_start or not following.blocks
        if last and page.fill < MIN_LAST_PAGE_FILL:
            tighten(page.blocks[-1].chapter, True)
        elif not last and page.fill < MIN_PAGE_FILL:
            cause = _held_over(following, split)
            if following.blocks[0].number in pushed:
                pushed.discard(following.blocks[0].number)
                kept.add(following.blocks[0].number)
            elif cause is not None:
                split.add(cause.number)
            else:
                tighten(page.blocks[-1].chapter, False)
    chapters_sound = (tightness, split, pushed) == (current.tightness, current.split, current.pushed)
    if chapters_sound and booklet and len(pages) > BOOKLET_SIDES:
        no_room_for_back_cover = len(pages) % BOOKLET_SIDES == 0
        if no_room_for_back_cover or last_sheet_fill(pages) < MIN_BOOKLET_LAST_SHEET:
            chapters = sorted({block.chapter for page in pages for block in page.blocks})
            for chapter in chapters:
                if 0 <= tightness.get(chapter, 0) < TIGHTEST:
                    tightness[chapter] = tightness.get(chapter, 0) + 1
            if no_room_for_back_cover and tightness == current.tightness:
                # as tight as it goes and still no page for the cover: set the book looser, for a
                # sheet more with the cover on it (the best layout of all is kept, typeset.py)
                tightness.update({chapter: LOOSE for chapter in chapters if tightness.get(chapter, 0) != LOOSE})
    if (tightness, split, pushed, respaced) == (current.tightness, current.split, current.pushed, current.respaced):
        return None
    return Reflow(tightness, split, pushed, kept, respaced)
