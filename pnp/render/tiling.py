"""Large components over home paper: tiles that overlap, with alignment ticks and a map.

The big page (a playmat, a board) is placed on each tile through a window the size of the
printable area, less a narrow strip on three sides for the alignment ticks and a strip below
for the label and the assembly map. Neighbouring windows share an overlap band. Nothing is
drawn over the piece's art but its outline (where to trim): the ticks stand in the strips
outside the window, where each edge of every band meets them (cut one tile along its window's
edge, lay that edge on its neighbour's ticks). Positions are the piece's own coordinates, so
every tile shows the same ticks where it shows the same band.
"""

import io
import math
from dataclasses import dataclass

import pikepdf
from reportlab.lib.utils import simpleSplit

from pnp.render.marks import label_font, new_canvas
from pnp.render.pdfio import save_deterministic
from pnp.render.papers import paper_size
from pnp.render.sheet_layout import MM, PRINTER_MARGIN_MM
from pnp.render.words import sheet_words
from pnp.typography import capitalised

OVERLAP_MM = 10.0
PIECE_MARGIN_MM = 3.0      # tiles show this much around the piece, so its outline is whole
LABEL_STRIP_MM = 12.0     # below the window: the label and the map, and the bottom ticks above them
TICK_STRIP_MM = 3.0       # above and beside the window: the other ticks
TICK_MM = 2.5             # each tick runs this far out from the window's edge
MARK_WIDTH_PT = 0.5
MAP_HEIGHT_MM = 7.5       # the assembly map stays below the bottom ticks
LABEL_SIZE_PT = 7.5       # the label beside the map, wrapped to the paper's width...
LABEL_LINES = 2           # ...on at most two lines, under the bottom ticks
LABEL_LEADING_MM = 3.0


@dataclass(frozen=True)
class Tile:
    row: int
    column: int
    x: float          # the window's lower-left corner in the piece, millimetres
    y: float


@dataclass(frozen=True)
class TileLayout:
    paper: str
    sheet_width: float
    sheet_height: float
    window_width: float
    window_height: float
    piece_width: float
    piece_height: float
    columns: int
    rows: int
    overlap: float = OVERLAP_MM

    @property
    def window_origin(self) -> tuple[float, float]:
        """Where the window's lower-left corner sits on the sheet."""
        return PRINTER_MARGIN_MM + TICK_STRIP_MM, PRINTER_MARGIN_MM + LABEL_STRIP_MM

    def tiles(self) -> list[Tile]:
        step_x, step_y = self.window_width - self.overlap, self.window_height - self.overlap
        top = self.piece_height + PIECE_MARGIN_MM
        return [Tile(r, c, c * step_x - PIECE_MARGIN_MM, top - self.window_height - r * step_y)
                for r in range(self.rows) for c in range(self.columns)]

    def band_edges(self, axis: str) -> list[float]:
        """Piece coordinates of both edges of every overlap band along an axis (x: the
        upright bands between columns; y: the level bands between rows)."""
        tiles = self.tiles()
        if axis == "x":
            starts = [t.x for t in tiles[:self.columns]]
            return sorted(v for c in range(1, self.columns) for v in (starts[c], starts[c - 1] + self.window_width))
        starts = [tiles[r * self.columns].y for r in range(self.rows)]
        return sorted(v for r in range(1, self.rows) for v in (starts[r - 1], starts[r] + self.window_height))


def tile_layout(paper: str, piece_width: float, piece_height: float,
                overlap: float = OVERLAP_MM) -> TileLayout:
    """The orientation of the paper that needs the fewest tiles."""
    best = None
    for width, height in (paper_size(paper), paper_size(paper)[::-1]):
        window_w = width - 2 * PRINTER_MARGIN_MM - 2 * TICK_STRIP_MM
        window_h = height - 2 * PRINTER_MARGIN_MM - LABEL_STRIP_MM - TICK_STRIP_MM
        covered_w, covered_h = piece_width + 2 * PIECE_MARGIN_MM, piece_height + 2 * PIECE_MARGIN_MM
        columns = max(1, math.ceil((covered_w - overlap) / (window_w - overlap)))
        rows = max(1, math.ceil((covered_h - overlap) / (window_h - overlap)))
        layout = TileLayout(paper, width, height, window_w, window_h, piece_width, piece_height,
                            columns, rows, overlap)
        if best is None or columns * rows < best.columns * best.rows:
            best = layout
    return best


def _marks_layer(layout: TileLayout, font: str) -> bytes:
    """One page the size of the piece: its outline, where to trim, and nothing over its art."""
    out = io.BytesIO()
    pdf = new_canvas(out, (layout.piece_width * MM, layout.piece_height * MM), font)
    # A white halo, then black, so the outline shows on dark art and on paper.
    for width, grey in ((MARK_WIDTH_PT * 4, 1), (MARK_WIDTH_PT, 0)):
        pdf.setLineWidth(width)
        pdf.setStrokeColorRGB(grey, grey, grey)
        pdf.rect(0, 0, layout.piece_width * MM, layout.piece_height * MM, stroke=1, fill=0)
    pdf.showPage()
    pdf.save()
    return out.getvalue()


def _ticks(pdf, layout: TileLayout, tile: Tile) -> None:
    """Short lines outside the window, on the sheet's white, where each band edge this tile
    shows meets the window's edge: upright ones above and below it for the bands between
    columns, level ones beside it for the bands between rows."""
    ox, oy = layout.window_origin
    # What the tile shows of the piece and its margin, on the sheet: a tile past the piece's
    # end shows blank paper there, and its ticks stand at the piece's end, not the window's.
    left = ox + max(tile.x, -PIECE_MARGIN_MM) - tile.x
    right = ox + min(tile.x + layout.window_width, layout.piece_width + PIECE_MARGIN_MM) - tile.x
    bottom = oy + max(tile.y, -PIECE_MARGIN_MM) - tile.y
    top = oy + min(tile.y + layout.window_height, layout.piece_height + PIECE_MARGIN_MM) - tile.y
    pdf.setLineWidth(MARK_WIDTH_PT)
    pdf.setStrokeColorRGB(0, 0, 0)
    for edge in layout.band_edges("x"):
        if tile.x - 1e-6 <= edge <= tile.x + layout.window_width + 1e-6:
            x = (ox + edge - tile.x) * MM
            pdf.line(x, top * MM, x, (top + TICK_MM) * MM)
            pdf.line(x, (bottom - TICK_MM) * MM, x, bottom * MM)
    for edge in layout.band_edges("y"):
        if tile.y - 1e-6 <= edge <= tile.y + layout.window_height + 1e-6:
            y = (oy + edge - tile.y) * MM
            pdf.line((left - TICK_MM) * MM, y, left * MM, y)
            pdf.line(right * MM, y, (right + TICK_MM) * MM, y)


def _labels(layout: TileLayout, title: str, font: str, language: str = "en", catalogue=None) -> bytes:
    """Per tile: the alignment ticks, the label and a small map of the tiles with this one filled in."""
    out = io.BytesIO()
    pdf = new_canvas(out, (layout.sheet_width * MM, layout.sheet_height * MM), font)
    cell = min(3.2, MAP_HEIGHT_MM / layout.rows, 40.0 / layout.columns) * MM
    for tile in layout.tiles():
        _ticks(pdf, layout, tile)
        x0, y0 = PRINTER_MARGIN_MM * MM, (PRINTER_MARGIN_MM + 1.5) * MM
        for r in range(layout.rows):
            for c in range(layout.columns):
                pdf.setFillColorRGB(0.1, 0.1, 0.12)
                pdf.setStrokeColorRGB(0.1, 0.1, 0.12)
                pdf.setLineWidth(0.4)
                fill = 1 if (r, c) == (tile.row, tile.column) else 0
                pdf.rect(x0 + c * cell, y0 + (layout.rows - 1 - r) * cell, cell, cell, stroke=1, fill=fill)
        pdf.setFont(font, LABEL_SIZE_PT)
        left = x0 + layout.columns * cell + 3 * MM
        said = sheet_words(language, catalogue)
        words = said["tile"].format(
            title=title, number=tile.row * layout.columns + tile.column + 1, tiles=layout.rows * layout.columns,
            row=tile.row + 1, column=tile.column + 1, overlap=layout.overlap) + f" {capitalised(said['one_sided'])}."
        lines = simpleSplit(words, font, LABEL_SIZE_PT, layout.sheet_width * MM - PRINTER_MARGIN_MM * MM - left)
        for index, line in enumerate(lines[:LABEL_LINES]):     # the first line highest, the last on the map's foot
            pdf.drawString(left, y0 + 2 * MM + (min(len(lines), LABEL_LINES) - 1 - index) * LABEL_LEADING_MM * MM, line)
        pdf.showPage()
    pdf.save()
    return out.getvalue()


def tile_piece(piece_pdf: bytes, layout: TileLayout, title: str, font_file, language: str = "en",
               catalogue=None) -> bytes:
    """Each tile: the piece and its marks seen through the tile's window, then the label."""
    piece = pikepdf.open(io.BytesIO(piece_pdf))
    font = label_font(font_file)
    marks = pikepdf.open(io.BytesIO(_marks_layer(layout, font)))
    sheets = pikepdf.open(io.BytesIO(_labels(layout, title, font, language, catalogue)))
    art = sheets.copy_foreign(piece.pages[0].as_form_xobject())
    art.BBox = pikepdf.Array([float(v) for v in piece.pages[0].mediabox])
    lines = sheets.copy_foreign(marks.pages[0].as_form_xobject())
    ox, oy = layout.window_origin
    for tile, page in zip(layout.tiles(), sheets.pages):
        if "/Resources" not in page.obj:
            page.obj.Resources = pikepdf.Dictionary()
        if "/XObject" not in page.obj.Resources:
            page.obj.Resources.XObject = pikepdf.Dictionary()
        page.obj.Resources.XObject["/Art"] = art
        page.obj.Resources.XObject["/Marks"] = lines
        dx, dy = (ox - tile.x) * MM, (oy - tile.y) * MM
        stream = (f"q {ox * MM:.4f} {oy * MM:.4f} {layout.window_width * MM:.4f} "
                  f"{layout.window_height * MM:.4f} re W n 1 0 0 1 {dx:.4f} {dy:.4f} cm /Art Do /Marks Do Q\n")
        page.contents_add(sheets.make_stream(stream.encode()), prepend=False)
    return save_deterministic(sheets)
