"""Where cards go on a sheet of paper: pure geometry in millimetres, origin bottom-left.

Cards sit inside the printer margin with room left on every side for crop marks, and on
one axis for the sheet label and scale bar. Where a full bleed around every card does
not fit, neighbours share it: cards butt against each other on a shared cut line (their
frames run to the edge, so each one's neighbour serves as its bleed) and only the outer
edges keep what bleed there is room for. A card is never dropped from a sheet.
"""

import math
from dataclasses import dataclass

from pnp.render.papers import paper_size
PRINTER_MARGIN_MM = 5.0
MARK_BAND_MM = 2.5         # printable length of crop mark kept at each end of each axis
LABEL_BAND_MM = 4.5        # printable band for the label and scale bar
MIN_SHARED_BLEED_MM = 2.0  # below this a gutter is a sliver to cut twice: butt instead
MM = 72 / 25.4             # points per millimetre
MAX_DUPLEX_OFFSET_MM = 10.0  # a printer further off than this needs mending, not an offset


@dataclass(frozen=True)
class Axis:
    """Card positions along one axis of the sheet."""

    starts: tuple[float, ...]   # trim start of each card, from the low edge
    size: float                 # card size on this axis
    gutter: float               # gap between neighbouring trims
    outer_bleed: float          # bleed kept beyond the first and last card

    def bleed_before(self, index: int) -> float:
        return self.outer_bleed if index == 0 else self.gutter / 2

    def bleed_after(self, index: int) -> float:
        return self.outer_bleed if index == len(self.starts) - 1 else self.gutter / 2

    @property
    def cuts(self) -> tuple[float, ...]:
        """Every cut position: each card's two trim edges, shared ones once."""
        edges = {round(s, 6) for s in self.starts} | {round(s + self.size, 6) for s in self.starts}
        return tuple(sorted(edges))

    @property
    def block(self) -> tuple[float, float]:
        """The extent of the cards with their outer bleed."""
        return self.starts[0] - self.outer_bleed, self.starts[-1] + self.size + self.outer_bleed


@dataclass(frozen=True)
class Slot:
    """One card's place: its trim rectangle and the rectangle it may paint (trim + bleed)."""

    row: int
    column: int
    x: float
    y: float
    width: float
    height: float
    clip: tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class SheetLayout:
    paper: str
    width: float
    height: float
    x: Axis
    y: Axis  # starts measured from the bottom; row 0 is the top row
    label_side: str  # "bottom" or "left": where the label and scale bar go
    landscape: bool = False

    @property
    def columns(self) -> int:
        return len(self.x.starts)

    @property
    def rows(self) -> int:
        return len(self.y.starts)

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    def slot(self, row: int, column: int) -> Slot:
        y_index = self.rows - 1 - row
        x0, y0 = self.x.starts[column], self.y.starts[y_index]
        clip = (x0 - self.x.bleed_before(column), y0 - self.y.bleed_before(y_index),
                x0 + self.x.size + self.x.bleed_after(column),
                y0 + self.y.size + self.y.bleed_after(y_index))
        return Slot(row, column, x0, y0, self.x.size, self.y.size, clip)

    def face_slots(self) -> list[Slot]:
        """Slots in reading order: left to right, top to bottom."""
        return [self.slot(r, c) for r in range(self.rows) for c in range(self.columns)]

    def back_slots(self, duplex: str) -> list[Slot]:
        """The slot on the back page behind each face slot, in face order.

        Long-edge duplex turns the sheet about its vertical axis (columns mirror);
        short-edge about its horizontal axis (rows mirror). A landscape page sits sideways on
        the paper, so there the long edge runs across the page and the two swap.
        """
        if self.landscape:
            duplex = {"long": "short", "short": "long"}.get(duplex, duplex)
        if duplex == "long":
            return [self.slot(r, self.columns - 1 - c)
                    for r in range(self.rows) for c in range(self.columns)]
        if duplex == "short":
            return [self.slot(self.rows - 1 - r, c)
                    for r in range(self.rows) for c in range(self.columns)]
        raise ValueError(f"no backs for duplex {duplex!r}")


def _count(length: float, card: float) -> int:
    usable = length - 2 * PRINTER_MARGIN_MM - 2 * MARK_BAND_MM
    return max(1, math.floor(usable / card + 1e-9))


def _count_apart(length: float, card: float, bleed: float) -> int:
    """How many pieces fit with their full bleed each, none shared (the label band kept)."""
    usable = length - 2 * PRINTER_MARGIN_MM - 2 * MARK_BAND_MM - LABEL_BAND_MM
    return max(1, math.floor(usable / (card + 2 * bleed) + 1e-9))


def _axis(length: float, card: float, count: int, bleed: float, reserve: float) -> Axis:
    room = length - 2 * PRINTER_MARGIN_MM - 2 * MARK_BAND_MM - 2 * reserve - count * card
    room = max(room, 0.0)
    shared = min(bleed, room / (2 * count))
    if shared >= MIN_SHARED_BLEED_MM or count == 1:
        gutter, outer = 2 * shared, shared
    else:
        gutter, outer = 0.0, min(bleed, room / 2)
    total = count * card + (count - 1) * gutter
    first = (length - total) / 2
    return Axis(tuple(first + i * (card + gutter) for i in range(count)), card, gutter, outer)


class PaperTooSmall(ValueError):
    """A card that does not fit on the paper with its crop marks, whichever way it is turned."""


def fits(paper: str, card_width: float, card_height: float) -> bool:
    width, height = paper_size(paper)
    edge = 2 * PRINTER_MARGIN_MM + 2 * MARK_BAND_MM + LABEL_BAND_MM
    return any(card_width <= w - edge and card_height <= h - edge for w, h in ((width, height), (height, width)))


def sheet_layout(paper: str, card_width: float, card_height: float, bleed: float,
                 round_pieces: bool = False) -> SheetLayout:
    """The sheet, portrait or landscape, that holds the most cards (portrait when equal).

    Round pieces never butt: a circle's bleed shared with a neighbour would be cut flat where
    the two touch, so they keep a gutter of their full bleed on every side (fewer to a sheet
    when the paper is tight)."""
    if not fits(paper, card_width, card_height):
        raise PaperTooSmall(f"a {card_width:g} x {card_height:g} mm card does not fit on {paper} "
                            "paper with its crop marks and label")
    portrait = _layout(paper, *paper_size(paper), card_width, card_height, bleed, False, round_pieces)
    landscape = _layout(paper, *paper_size(paper)[::-1], card_width, card_height, bleed, True, round_pieces)
    # A side that holds no card whole still counts one (_count): that way round the card
    # would run into the margin the printer cannot print, or off the paper. Turn it instead.
    if not inside_margin(portrait):
        return landscape
    if not inside_margin(landscape):
        return portrait
    return landscape if landscape.per_sheet > portrait.per_sheet else portrait


def inside_margin(layout: SheetLayout) -> bool:
    """Every card's trim inside the printer margin, clear of the label band on the label's side."""
    low_x = PRINTER_MARGIN_MM + (LABEL_BAND_MM if layout.label_side == "left" else 0.0)
    low_y = PRINTER_MARGIN_MM + (LABEL_BAND_MM if layout.label_side == "bottom" else 0.0)
    high_x, high_y = layout.width - PRINTER_MARGIN_MM, layout.height - PRINTER_MARGIN_MM
    return all(low_x - 1e-6 <= slot.x and slot.x + slot.width <= high_x + 1e-6
               and low_y - 1e-6 <= slot.y and slot.y + slot.height <= high_y + 1e-6
               for slot in layout.face_slots())


def _layout(paper, width, height, card_width, card_height, bleed, landscape, round_pieces=False) -> SheetLayout:
    columns, rows = _count(width, card_width), _count(height, card_height)
    if round_pieces:
        columns = _count_apart(width, card_width, bleed)
        rows = _count_apart(height, card_height, bleed)
    spare_x = width - 2 * PRINTER_MARGIN_MM - 2 * MARK_BAND_MM - columns * card_width
    spare_y = height - 2 * PRINTER_MARGIN_MM - 2 * MARK_BAND_MM - rows * card_height
    label_side = "bottom" if spare_y >= spare_x else "left"
    reserve_x = LABEL_BAND_MM if label_side == "left" else 0.0
    reserve_y = LABEL_BAND_MM if label_side == "bottom" else 0.0
    # The cards are centred, so the label's band is kept on both sides: a row that fills the
    # paper but for the band (eleven 37.75 mm squares across tabloid) loses a card.
    edge = 2 * PRINTER_MARGIN_MM + 2 * MARK_BAND_MM
    while columns > 1 and columns * card_width > width - edge - 2 * reserve_x + 1e-9:
        columns -= 1
    while rows > 1 and rows * card_height > height - edge - 2 * reserve_y + 1e-9:
        rows -= 1
    return SheetLayout(paper, width, height,
                       _axis(width, card_width, columns, bleed, reserve_x),
                       _axis(height, card_height, rows, bleed, reserve_y), label_side, landscape)


def page_offset(layout: SheetLayout, offset_mm: tuple[float, float]) -> tuple[float, float]:
    """The offset, measured on portrait paper, in the page's own axes: a landscape page is
    turned a quarter counter-clockwise onto the paper, as printer drivers turn them, so the
    paper's x runs down the page and its y along it."""
    x, y = offset_mm
    return (y, -x) if layout.landscape else (x, y)
