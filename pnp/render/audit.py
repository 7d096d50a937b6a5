"""What a publisher checks by eye, checked on every laid-out page: text that overlaps, text too
close to a frame or the trim or clipped, text too small, text with too little contrast, and
glyphs drawn by a font the layout did not declare.

The page is read by pnp/render/page_boxes.py; each finding names the layout line that made
the text, what is wrong and where, in millimetres from the top-left corner of the trim.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import median
from typing import TYPE_CHECKING

from pnp.render.sheet_layout import MM
from pnp.render.colours import MIN_ICON_CONTRAST, contrast, hex_colour, needed_contrast, over

if TYPE_CHECKING:      # the boxes' types only: page_boxes loads WeasyPrint, which `pnp check` never needs
    from pnp.render.page_boxes import PageBoxes, Rect, Text

MIN_TEXT_PT = 6.0
MIN_FRAME_GAP_MM = 1.0
SAFE_ZONE_MM = 3.0                 # print shops' safe zone inside a card's trim
OVERLAP_TOLERANCE_MM = 0.15
CLIP_TOLERANCE_MM = 0.1
PAGE_WHITE = (1.0, 1.0, 1.0)
MAX_GLYPHS_SHOWN = 4
RUNT_MIN_WORDS = 3                 # a two-word title set on two lines is balanced, not a runt
WIDTH_SLACK_MM = 0.5               # a word measured as its share of its text box: kept on the safe side
# Sheet marks and labels (crop marks, fold lines, the sheet's label and scale bar) are drawn by
# ReportLab in pnp/render/marks.py at LABEL_SIZE_PT, never laid out here: nothing is exempt.


@dataclass(frozen=True)
class Finding:
    kind: str            # "overlaps", "too close to", "clipped", "below 6 pt", "contrast", "icon contrast",
                         # "fallback font", "overflows"
    at: str              # the layout FILE:LINE of the text
    what: str            # the fault, the same wherever it recurs ("overlaps the picture of FILE:LINE")
    subject: str         # the text in question, quoted
    detail: str          # the measure on this page ("0.4 mm from its edge")
    rect: Rect           # where, in mm from the trim's top-left corner
    page: int = 0
    problem: object = None   # a fault of the data, not the layout: the Problem the build would refuse it with

    @property
    def message(self) -> str:
        detail = f" ({self.detail})" if self.detail else ""
        return f"{self.subject} {self.what}{detail} {_where(self.rect)}"

    @property
    def found(self) -> str:
        """The message as what a problem found: "'Draw a card', which is clipped by ..."."""
        return self.message.replace(f"{self.subject} ", f"{self.subject}, which ", 1)


def _shown(text: str, limit: int = 28) -> str:
    text = " ".join(text.split())
    return f"'{text[:limit]}…'" if len(text) > limit else f"'{text}'"


def _where(rect: Rect) -> str:
    x0, y0, x1, y1 = rect
    return f"at x {x0:.1f}-{x1:.1f}, y {y0:.1f}-{y1:.1f} mm"


def _intersection(first: Rect, second: Rect) -> Rect | None:
    x0, y0 = max(first[0], second[0]), max(first[1], second[1])
    x1, y1 = min(first[2], second[2]), min(first[3], second[3])
    if x1 - x0 > OVERLAP_TOLERANCE_MM and y1 - y0 > OVERLAP_TOLERANCE_MM:
        return x0, y0, x1, y1
    return None


def _centre(rect: Rect) -> tuple[float, float]:
    return (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2


def _contains(rect: Rect, point: tuple[float, float]) -> bool:
    return rect[0] <= point[0] <= rect[2] and rect[1] <= point[1] <= rect[3]


def _exempt(first_on_purpose: bool, second_on_purpose: bool) -> bool:
    """An element marked `data-overlap` may lie over or under what is not marked; two marked
    ones (or a mark on a whole card) are held to the rule like any."""
    return first_on_purpose != second_on_purpose


def text_overlaps(boxes: PageBoxes) -> list[Finding]:
    """Text on other text, on a picture of another element, or covered by a box painted over
    it (unless one of the two says data-overlap)."""
    found = []
    texts = sorted(boxes.texts, key=lambda t: t.rect[1])
    for index, first in enumerate(texts):
        for second in texts[index + 1:]:
            if second.rect[1] >= first.rect[3]:
                break
            if first.line == second.line or _exempt(first.on_purpose, second.on_purpose):
                continue
            where = _intersection(first.rect, second.rect)
            if where:
                found.append(Finding("overlaps", second.at, f"overlaps the text of {first.at}",
                                     _shown(second.text), _shown(first.text), where))
    for text in texts:
        centre = _centre(text.rect)
        for paint in boxes.paints:
            if paint.box in text.ancestors or _exempt(text.on_purpose, paint.on_purpose):
                continue
            if paint.kind == "colour":
                covering = (paint.order > text.order and paint.colour[3] >= 0.99 and _contains(paint.rect, centre)
                            and (paint.positioned or not text.positioned))
                if covering:
                    found.append(Finding("overlaps", text.at, f"is covered by the box of {paint.at}",
                                         _shown(text.text), "", text.rect))
                continue
            if paint.kind == "gradient" or (paint.inline and paint.block == text.block):
                continue
            where = _intersection(text.rect, paint.rect)
            if where:
                what = "the picture" if paint.kind == "picture" else "the background image"
                found.append(Finding("overlaps", text.at, f"overlaps {what} of {paint.at}", _shown(text.text),
                                     "", where))
    for at, rect in boxes.unexplained:
        found.append(Finding("overlaps", at, "says data-overlap without a reason: write why it lies under "
                             "or over text (data-overlap=\"art under the title\")", "an element", "", rect))
    return found


def frame_gaps(boxes: PageBoxes) -> list[Finding]:
    """Text less than MIN_FRAME_GAP_MM inside a bordered box it sits in, or on its border."""
    found = []
    for text in boxes.texts:
        x0, y0, x1, y1 = text.shown_rect
        for frame in boxes.frames:
            if not _intersection(text.shown_rect, frame.outer) and frame.box not in text.ancestors:
                continue
            top, right, bottom, left = frame.sides
            inner = frame.inner
            across = x0 < inner[2] and x1 > inner[0]
            down = y0 < inner[3] and y1 > inner[1]
            gaps = []
            if top and across:
                gaps.append(y0 - inner[1])
            if bottom and across:
                gaps.append(inner[3] - y1)
            if left and down:
                gaps.append(x0 - inner[0])
            if right and down:
                gaps.append(inner[2] - x1)
            if gaps and min(gaps) < MIN_FRAME_GAP_MM - 0.05:
                gap = min(gaps)
                side = "on" if gap < 0 else f"{gap:.1f} mm from"
                found.append(Finding("too close to", text.at, f"is too close to the frame of {frame.at} (keep "
                                     f"{MIN_FRAME_GAP_MM:g} mm)", _shown(text.text), f"{side} its edge", text.rect))
    return found


def trim_gaps(boxes: PageBoxes, shape: str) -> list[Finding]:
    """Text outside a card's safe zone: less than SAFE_ZONE_MM inside its trim (round or square)."""
    found = []
    width, height = boxes.width_mm, boxes.height_mm
    for text in boxes.texts:
        x0, y0, x1, y1 = text.shown_rect
        if shape == "circle":
            radius = min(width, height) / 2
            cx, cy = width / 2, height / 2
            farthest = max(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for x in (x0, x1) for y in (y0, y1))
            gap = radius - farthest
        else:
            gap = min(x0, y0, width - x1, height - y1)
        if gap < SAFE_ZONE_MM - 0.05:
            side = "outside" if gap < 0 else f"{gap:.1f} mm inside"
            found.append(Finding("too close to", text.at, f"is too close to the trim (keep {SAFE_ZONE_MM:g} mm "
                                 "inside it, the print shops' safe zone)", _shown(text.text), f"{side} it", text.rect))
    return found


def clipped(boxes: PageBoxes) -> list[Finding]:
    """Text cut off by an `overflow` box, or running off the page and its bleed."""
    found = []
    top, right, bottom, left = boxes.bleed_mm
    page = (-left, -top, boxes.width_mm + right, boxes.height_mm + bottom)
    for text in boxes.texts:
        for clip, at in text.clips + ((page, "the page"),):
            x0, y0, x1, y1 = text.rect
            t = CLIP_TOLERANCE_MM
            if x0 < clip[0] - t or y0 < clip[1] - t or x1 > clip[2] + t or y1 > clip[3] + t:
                found.append(Finding("clipped", text.at, f"is clipped by overflow of {at}", _shown(text.text), "",
                                     text.rect))
                break
    return found


def small_text(boxes: PageBoxes) -> list[Finding]:
    return [Finding("below 6 pt", t.at, f"is below {MIN_TEXT_PT:g} pt at print size", _shown(t.text),
                    f"{t.size_pt:.1f} pt", t.rect) for t in boxes.texts if t.size_pt < MIN_TEXT_PT - 0.01]


def fallback_fonts(boxes: PageBoxes, declared: set[str]) -> list[Finding]:
    found = []
    for text in boxes.texts:
        for family, characters in text.families:
            if family not in declared and characters.strip():
                shown = [c for c in dict.fromkeys(characters) if not c.isspace()]
                codes = ", ".join(f"'{c}' U+{ord(c):04X}" for c in shown[:MAX_GLYPHS_SHOWN])
                codes += f" and {len(shown) - MAX_GLYPHS_SHOWN} more" if len(shown) > MAX_GLYPHS_SHOWN else ""
                found.append(Finding("fallback font", text.at, f"has {codes} drawn by the fallback font '{family}', "
                                     "which no @font-face of the project declares", _shown(text.text), "",
                                     text.rect))
    return found


def _backdrop(boxes: PageBoxes, order: int, point: tuple[float, float], own_box: int | None = None):
    """The colour under a point of what is painted at `order` (a line of text, an icon) from
    the boxes painted before it, the background of `own_box` too (an icon's badge), or None
    when a picture or gradient lies under it (then the pixels decide)."""
    layers = []
    for paint in reversed(boxes.paints):
        own_ground = paint.box == own_box and paint.kind == "colour"
        if (paint.order >= order and not own_ground) or not _contains(paint.rect, point):
            continue
        if paint.kind != "colour":
            return None
        layers.append(paint.colour)
        if paint.colour[3] >= 0.99:
            break
    colour = PAGE_WHITE
    for layer in reversed(layers):
        colour = over(layer, colour)
    return colour


def _points(rect: Rect) -> list[tuple[float, float]]:
    """Where along a line its ground is read: near each end and at the middle."""
    x0, y0, x1, y1 = rect
    middle = (y0 + y1) / 2
    return [(x0 + (x1 - x0) * share, middle) for share in (0.1, 0.5, 0.9)]


def low_contrast(boxes: PageBoxes, pixels=None) -> list[Finding]:
    """Text whose contrast with what it is drawn on is under WCAG's 4.5:1 (3:1 for large text),
    read at both ends and the middle of each line. `pixels(rect)` gives the rendered page's RGB
    pixels in a rectangle, for text on a picture."""
    found = []
    for text in boxes.texts:
        need = needed_contrast(text.size_pt, text.bold)
        worst, on_picture = None, False
        for point in _points(text.shown_rect):
            ground = _backdrop(boxes, text.order, point)
            if ground is None:
                on_picture = True
                continue
            ink = over(text.colour, ground)
            ratio = contrast(ink, ground)
            if worst is None or ratio < worst[0]:
                worst = (ratio, ink, ground)
        samples = pixels(text.shown_rect) if on_picture and pixels is not None else None
        if samples:                           # the pixels of the whole line, read once
            ratio = median(contrast(text.colour[:3], sample) for sample in samples)
            if worst is None or ratio < worst[0]:
                worst = (ratio, text.colour[:3], None)
        if worst is not None and worst[0] < need - 0.005:
            ratio, ink, ground = worst
            drawn = f"{hex_colour(ink)} on {hex_colour(ground) if ground is not None else 'a picture'}"
            found.append(Finding("contrast", text.at, f"has too little contrast: {drawn}, under {need:g}:1",
                                 _shown(text.text), f"{worst[0]:.2f}:1", text.rect))
    return found


def low_icon_contrast(boxes: PageBoxes) -> list[Finding]:
    """Icons (icon() in an <img>) whose colour, as drawn, has less than WCAG's 3:1 for graphics
    against the ground at their centre: a gold star on a gold panel. The ink saver's pages
    print their art light on purpose; an icon over a picture is left to the eye."""
    if boxes.ink_saver:
        return []
    found = []
    for paint in boxes.paints:
        if paint.icon is None:
            continue
        x0, y0, x1, y1 = paint.rect
        ground = _backdrop(boxes, paint.order, ((x0 + x1) / 2, (y0 + y1) / 2), paint.box)
        if ground is None:
            continue
        name, colour = paint.icon
        ink = over(colour, ground)
        ratio = contrast(ink, ground)
        if ratio < MIN_ICON_CONTRAST - 0.005:
            found.append(Finding("icon contrast", paint.at, f"is drawn with too little contrast: {hex_colour(ink)} on "
                                 f"{hex_colour(ground)}, under {MIN_ICON_CONTRAST:g}:1", f"the icon '{name}'",
                                 f"{ratio:.2f}:1", paint.rect))
    return found


def audit_page(boxes: PageBoxes, declared: set[str], card_shape: str | None = None, pixels=None) -> list[Finding]:
    """Every finding on one laid-out page; `card_shape` ("rect" or "circle") when the page is a
    card or piece cut at its trim, so that the safe zone applies."""
    found = text_overlaps(boxes) + frame_gaps(boxes) + clipped(boxes) + small_text(boxes)
    found += fallback_fonts(boxes, declared) + low_contrast(boxes, pixels) + low_icon_contrast(boxes)
    if card_shape is not None:
        found += trim_gaps(boxes, card_shape) + runts(boxes)
    return found


def _room_for_the_next_word(line: list, following: list, width: float | None) -> bool:
    """Whether the next line's first word (with the words no-break spaces join to it) would have
    fitted beside this line's: its share of its text box's width, and a space of a third of an em."""
    if width is None:
        return False
    first = min(following, key=lambda t: t.rect[0])
    word = first.text.strip().split(" ")[0]           # words a no-break space joins are one
    share = (first.rect[2] - first.rect[0]) * len(word) / max(1, len(first.text.strip()))
    used = max(t.rect[2] for t in line) - min(t.rect[0] for t in line)
    return used + first.size_pt / MM / 3 + share <= width - WIDTH_SLACK_MM


def runts(boxes: PageBoxes) -> list[Finding]:
    """A paragraph of a card whose last line holds one word, or one number ("+3."), alone: a
    typesetter's runt; or whose first line does, the rest of that line pushed to the next (a
    break WeasyPrint once made before a span). An inline icon on the line counts as a word; lines
    a <br> sets on purpose (a title in two lines) are the layout's choice."""
    lines: dict = {}
    for text in boxes.texts:
        if text.line:
            lines.setdefault(text.block, {}).setdefault(text.line, []).append(text)
    icons: dict = {}
    for paint in boxes.paints:
        if paint.inline and paint.line:
            icons[paint.line] = icons.get(paint.line, 0) + 1
    found = []
    for block, by_line in lines.items():
        if len(by_line) < 2 or block in boxes.broken_blocks:
            continue
        ordered = sorted(by_line.values(), key=lambda texts: (min(t.rect[1] for t in texts), min(t.rect[0] for t in texts)))
        all_words = sum(len(t.text.split()) for texts in by_line.values() for t in texts)
        if all_words < RUNT_MIN_WORDS:
            continue
        for line, where in ((ordered[-1], "last"), (ordered[0], "first")):
            words = " ".join(t.text for t in sorted(line, key=lambda t: t.rect[0])).split()
            if len(words) + icons.get(line[0].line, 0) != 1:
                continue
            if where == "first" and not _room_for_the_next_word(line, ordered[1], boxes.block_widths.get(block)):
                continue                    # a long word that the next could not join: the break was forced
            rect = (min(t.rect[0] for t in line), min(t.rect[1] for t in line), max(t.rect[2] for t in line),
                    max(t.rect[3] for t in line))
            found.append(Finding("runt", line[0].at, f"is alone on its paragraph's {where} line", _shown(words[0]),
                                 "", rect))
            break
    return found
