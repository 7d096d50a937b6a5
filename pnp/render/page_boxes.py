"""A laid-out page read as plain data: where each line of text, image, frame and background is.

WeasyPrint keeps every box it laid out; this walks them once, in paint order, composing the
transforms of their ancestors, and returns rectangles in millimetres from the trim's top-left
corner (the bleed lies at negative coordinates). Each item knows the layout line that made it
(`data-pnp-at`, added to every tag by pnp/render/source_lines.py) and whether a layout declared
it an overlap on purpose (`data-overlap`).
"""

import weakref
from dataclasses import dataclass, field

import pnp.render.weasyprint_loader  # noqa: F401  (before WeasyPrint: its libraries found so)
from weasyprint.formatting_structure import boxes
from weasyprint.text.ffi import ffi, pango

from pnp.render.colours import hex_rgb
from pnp.render.computed_colour import computed_rgba
from pnp.render.fitting import PX_PER_MM
from pnp.render.icons import ICON_URL

PT_PER_PX = 0.75
# Where a line's glyphs lie around its baseline, as fractions of the font size: accents above
# capitals reach about 0.75, descenders about 0.2. Tighter than the line box, so that close
# leading is not taken for text on text.
GLYPH_TOP = 0.75
GLYPH_BOTTOM = 0.2
AT_ATTRIBUTE = "data-pnp-at"
OVERLAP_ATTRIBUTE = "data-overlap"
# A card shown smaller than print size (a rulebook's `card()` thumbnail) is one picture here:
# its text was checked at print size in its own deck.
THUMBNAIL_ATTRIBUTE = "data-pnp-thumbnail"
DECORATIVE_ATTRIBUTE = "data-decorative"   # an icon faint on purpose, and why
INK_SAVER_CLASS = "ink-saver"      # on <html>: the ink saver's pages (layouts/deck.html)
FRAME_SIDES = 2          # a border on one side is a rule under or beside text, not a frame round it

Rect = tuple[float, float, float, float]          # x0, y0, x1, y1 in mm


@dataclass(frozen=True)
class Text:
    rect: Rect
    text: str
    size_pt: float
    bold: bool
    colour: tuple[float, float, float, float]     # RGBA, 0-1, opacity applied
    at: str
    order: int
    block: int                                    # the block its line belongs to
    ancestors: frozenset                          # ids of every box above it
    on_purpose: bool
    clips: tuple[tuple[Rect, str], ...]           # (padding box, at) of each overflow-clipping ancestor
    families: tuple[tuple[str, str], ...]         # (font family, the characters it drew)
    line: int = 0                                 # the line box it is set in
    positioned: bool = False                      # inside a positioned box (painted over the flow)

    @property
    def shown_rect(self) -> Rect:
        """The part of the line that shows: its rectangle cut to every box that clips it."""
        x0, y0, x1, y1 = self.rect
        for (cx0, cy0, cx1, cy1), _ in self.clips:
            x0, y0, x1, y1 = max(x0, cx0), max(y0, cy0), min(x1, cx1), min(y1, cy1)
        return (x0, y0, max(x0, x1), max(y0, y1))


@dataclass(frozen=True)
class Paint:
    """Something drawn under or beside text: a background colour or image, or an image element."""

    rect: Rect
    kind: str                                     # "colour", "image" or "gradient" (background), "picture"
    colour: tuple[float, float, float, float] | None
    at: str
    order: int
    box: int
    block: int
    ancestors: frozenset
    on_purpose: bool
    inline: bool = False                          # an image in a line of text (an inline icon)
    positioned: bool = False
    icon: tuple[str, tuple[float, float, float, float]] | None = None   # an <img> of icon(): its name, colour
    line: int = 0                                 # the line box an inline picture sits in


@dataclass(frozen=True)
class Frame:
    """A box with a visible border: its inner edge, and which sides are drawn."""

    inner: Rect
    outer: Rect
    sides: tuple[bool, bool, bool, bool]          # top, right, bottom, left
    at: str
    box: int


@dataclass
class PageBoxes:
    width_mm: float
    height_mm: float
    bleed_mm: tuple[float, float, float, float]   # top, right, bottom, left
    texts: list[Text] = field(default_factory=list)
    paints: list[Paint] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)
    unexplained: list = field(default_factory=list)   # (at, rect) of each data-overlap="" with no reason
    ink_saver: bool = False                            # the ink saver's page: light art on purpose
    broken_blocks: set = field(default_factory=set)    # blocks a <br> breaks on purpose (a title set in lines)
    block_widths: dict = field(default_factory=dict)   # each block's content width, mm


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
Affine = tuple[float, float, float, float, float, float]     # PDF's a b c d e f


def _then(first: Affine, second: Affine) -> Affine:
    """`first` applied, then `second` (a box's transform, then its ancestors')."""
    a, b, c, d, e, f = first
    A, B, C, D, E, F = second
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _mm_rect(matrix: Affine, x0: float, y0: float, x1: float, y1: float) -> Rect:
    if matrix == IDENTITY:
        return x0 / PX_PER_MM, y0 / PX_PER_MM, x1 / PX_PER_MM, y1 / PX_PER_MM
    a, b, c, d, e, f = matrix
    points = [(a * x + c * y + e, b * x + d * y + f) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
    xs, ys = [p[0] / PX_PER_MM for p in points], [p[1] / PX_PER_MM for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _text_scale(matrix: Affine) -> float:
    """How much the transforms scale a glyph's height (its y axis), a squash included."""
    return (matrix[2] ** 2 + matrix[3] ** 2) ** 0.5


_FONT_PROPERTIES = ("font_family", "font_style", "font_weight", "font_stretch", "font_variant_caps", "lang",
                    "font_language_override", "direction")
_chosen: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()   # font configuration -> {(style, text): runs}


def _families(box) -> tuple[tuple[str, str], ...]:
    """The font family Pango chose for each run of a line of text, with the characters it drew:
    asked once for each text in each font style of a document's fonts (Pango shapes the line
    again to say, and a deck repeats its labels on every card)."""
    style = box.style
    key = (tuple(tuple(value) if isinstance(value, (list, tuple)) else value
                 for value in (style[name] for name in _FONT_PROPERTIES)), box.text)
    try:
        known = _chosen.setdefault(style.font_config, {})
    except TypeError:                   # a configuration that cannot be weakly referenced
        return _runs(box)
    if key not in known:
        known[key] = _runs(box)
    return known[key]


def _runs(box) -> tuple[tuple[str, str], ...]:
    layout = box.pango_layout
    layout.reactivate(box.style)
    try:
        line = pango.pango_layout_get_line_readonly(layout.layout, 0)
        data = layout.text.encode()
        found, run = [], line.runs
        while run != ffi.NULL:
            item = run.data.item
            description = pango.pango_font_describe_with_absolute_size(item.analysis.font)
            family = ffi.string(pango.pango_font_description_get_family(description)).decode()
            pango.pango_font_description_free(description)
            found.append((family, data[item.offset:item.offset + item.length].decode(errors="replace")))
            run = run.next
        return tuple(found)
    finally:
        layout.deactivate()


def _element_attribute(box, name: str):
    element = getattr(box, "element", None)
    if element is None or getattr(box, "element_tag", None) is None:
        return None
    return element.get(name)


def _has_border(box) -> tuple[bool, bool, bool, bool]:
    style = box.style
    sides = []
    for side, width in (("top", box.border_top_width), ("right", box.border_right_width),
                        ("bottom", box.border_bottom_width), ("left", box.border_left_width)):
        visible = (width or 0) > 0.2 and style[f"border_{side}_style"] not in ("none", "hidden")
        sides.append(bool(visible and computed_rgba(style, f"border_{side}_color")[3] > 0.05))
    return tuple(sides)


def _drawn_picture(box) -> tuple[float, float, float, float]:
    """The part of an image's box its picture covers: `object-fit: contain` (or scale-down)
    letterboxes it, centred as by default; any other fit fills the box."""
    x, y, width, height = box.content_box_x(), box.content_box_y(), box.width, box.height
    if box.style["object_fit"] not in ("contain", "scale-down"):
        return x, y, x + width, y + height
    try:
        natural_w, natural_h, ratio = box.replacement.get_intrinsic_size(1, box.style["font_size"])
    except Exception:       # a picture WeasyPrint cannot size: its whole box
        return x, y, x + width, y + height
    ratio = ratio or ((natural_w / natural_h) if natural_w and natural_h else None)
    if not ratio or width <= 0 or height <= 0:
        return x, y, x + width, y + height
    drawn_w, drawn_h = (width, width / ratio) if width / ratio <= height else (height * ratio, height)
    if box.style["object_fit"] == "scale-down" and natural_w and natural_h:
        drawn_w, drawn_h = min(drawn_w, natural_w), min(drawn_h, natural_h)
    left, top = x + (width - drawn_w) / 2, y + (height - drawn_h) / 2
    return left, top, left + drawn_w, top + drawn_h


def _outline(box) -> float:
    style = box.style
    width = style["outline_width"] if style["outline_style"] not in ("none", "hidden") else 0
    if not width or computed_rgba(style, "outline_color")[3] <= 0.05:
        return 0.0
    return float(width)


def _icon(box, opacity: float):
    """(name, colour with the opacity it is drawn at) of an <img> whose source is icon()'s,
    unless the layout says why it is faint on purpose (data-decorative="a watermark")."""
    if getattr(box, "element_tag", None) != "img" or (box.element.get(DECORATIVE_ATTRIBUTE) or "").strip():
        return None
    drawn = ICON_URL.match(box.element.get("src") or "")
    if drawn is None:
        return None
    return drawn.group(1), (*hex_rgb(drawn.group(2)), opacity)


def read_page(page) -> PageBoxes:
    """The page's text, paints and frames, in the order WeasyPrint paints them (tree order)."""
    root = page._page_box
    bleed = tuple(page.bleed[side] / PX_PER_MM for side in ("top", "right", "bottom", "left"))
    result = PageBoxes(page.width / PX_PER_MM, page.height / PX_PER_MM, bleed)
    result.ink_saver = any(INK_SAVER_CLASS in (_element_attribute(child, "class") or "").split()
                           for child in root.children if getattr(child, "element_tag", None) == "html")
    counter = [0]

    def walk(box, matrix: Affine, at: str, on_purpose: bool, ancestors: frozenset, clips: tuple,
             opacity: float, block: int, line: int, positioned: bool):
        box = getattr(box, "_box", box)          # an absolutely positioned box, out of its placeholder
        counter[0] += 1
        order = counter[0]
        if box.transformation_matrix is not None:
            matrix = _then(tuple(box.transformation_matrix.values), matrix)
        at = _element_attribute(box, AT_ATTRIBUTE) or at
        reason = _element_attribute(box, OVERLAP_ATTRIBUTE)
        if reason is not None and not reason.strip():
            result.unexplained.append((at, _mm_rect(matrix, box.border_box_x(), box.border_box_y(),
                                                    box.border_box_x() + box.border_width(),
                                                    box.border_box_y() + box.border_height())
                                       if box.width is not None else (0, 0, 0, 0)))
        on_purpose = on_purpose or bool(reason and reason.strip())
        style = box.style
        positioned = positioned or style["position"] not in ("static", None)
        opacity *= style["opacity"]
        if opacity <= 0.01:
            return
        visible = style["visibility"] == "visible"      # a visible child of a hidden box still shows
        if isinstance(box, boxes.TextBox):
            scale = _text_scale(matrix)
            if visible and box.text.strip() and style["font_size"] > 0 and scale > 0.01:
                baseline = box.position_y + box.baseline
                size = style["font_size"]
                result.texts.append(Text(
                    _mm_rect(matrix, box.position_x, baseline - GLYPH_TOP * size, box.position_x + box.width,
                             baseline + GLYPH_BOTTOM * size),
                    box.text, size * PT_PER_PX * scale, style["font_weight"] >= 600,
                    computed_rgba(style, "color", opacity), at, order, block, ancestors, on_purpose, clips,
                    _families(box), line, positioned))
            return
        if getattr(box, "element_tag", None) == "br":
            result.broken_blocks.add(block)
        if isinstance(box, boxes.LineBox):
            line = id(box)
        elif isinstance(box, boxes.BlockContainerBox) and not isinstance(box, boxes.PageBox):
            block = id(box)
            if box.width is not None:
                x0, _, x1, _ = _mm_rect(matrix, box.content_box_x(), 0, box.content_box_x() + box.width, 0)
                result.block_widths[block] = x1 - x0
        if visible and box.width is not None and box.height is not None and not isinstance(box, boxes.PageBox):
            outer = _mm_rect(matrix, box.border_box_x(), box.border_box_y(),
                             box.border_box_x() + box.border_width(), box.border_box_y() + box.border_height())
            colour = computed_rgba(style, "background_color", opacity)
            images = [kind for kind, _ in style["background_image"] if kind != "none"]
            if images:
                kind = "gradient" if all(k.endswith("gradient") for k in images) else "image"
                result.paints.append(Paint(outer, kind, None, at, order, id(box), block, ancestors, on_purpose,
                                           positioned=positioned))
            elif colour[3] > 0.01:
                result.paints.append(Paint(outer, "colour", colour, at, order, id(box), block, ancestors,
                                           on_purpose, positioned=positioned))
            if isinstance(box, boxes.ReplacedBox) or _element_attribute(box, THUMBNAIL_ATTRIBUTE):
                drawn = _drawn_picture(box) if isinstance(box, boxes.ReplacedBox) else (
                    box.content_box_x(), box.content_box_y(), box.content_box_x() + box.width,
                    box.content_box_y() + box.height)
                result.paints.append(Paint(_mm_rect(matrix, *drawn), "picture", None, at, order, id(box), block,
                                           ancestors, on_purpose, isinstance(box, boxes.InlineLevelBox),
                                           positioned, _icon(box, opacity), line))
            sides = _has_border(box)
            if sum(sides) >= FRAME_SIDES:
                inner = _mm_rect(matrix, box.padding_box_x(), box.padding_box_y(),
                                 box.padding_box_x() + box.padding_width(),
                                 box.padding_box_y() + box.padding_height())
                result.frames.append(Frame(inner, outer, sides, at, id(box)))
            outline = _outline(box)
            if outline:
                grow = (outline + float(style["outline_offset"] or 0)) / PX_PER_MM
                result.frames.append(Frame(outer, (outer[0] - grow, outer[1] - grow, outer[2] + grow,
                                                   outer[3] + grow), (True,) * 4, at, id(box)))
            if style["overflow"] != "visible":
                clip = _mm_rect(matrix, box.padding_box_x(), box.padding_box_y(),
                                box.padding_box_x() + box.padding_width(),
                                box.padding_box_y() + box.padding_height())
                clips = clips + ((clip, at),)
        if _element_attribute(box, THUMBNAIL_ATTRIBUTE):
            return
        ancestors = ancestors | {id(box)}
        for child in getattr(box, "children", ()):
            walk(child, matrix, at, on_purpose, ancestors, clips, opacity, block, line, positioned)

    ground = computed_rgba(root.style, "background_color")
    if ground[3] > 0.01:               # the page's own background (@page, or the root's, carried to it)
        top, right, bottom, left = bleed
        result.paints.append(Paint((-left, -top, result.width_mm + right, result.height_mm + bottom), "colour",
                                   ground, "", 0, id(root), 0, frozenset(), False))
    walk(root, IDENTITY, "", False, frozenset(), (), 1.0, 0, 0, False)
    return result
