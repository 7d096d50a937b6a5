"""Large components over home paper: tiles that overlap, with alignment marks and a map.

The big page (a playmat, a board) is placed on each tile through a window the size of the
printable area, less a strip for the label and the assembly map. Neighbouring windows share
an overlap band; crosses on the middle line of every band line the tiles up (cut one tile at
its window's edge, lay it on its neighbour crosses on crosses), and the outline of the whole
piece shows where to trim. All marks are drawn in the piece's own coordinates, so
every tile shows the same marks where it shows the same place.
"""

import io
import math
from dataclasses import dataclass

import pikepdf

from pnp.render.marks import label_font, new_canvas
from pnp.render.pdfio import save_deterministic
from pnp.render.papers import paper_size
from pnp.render.sheet_layout import MM, PRINTER_MARGIN_MM

OVERLAP_MM = 10.0
PIECE_MARGIN_MM = 3.0      # tiles show this much around the piece, so its outline is whole
LABEL_STRIP_MM = 12.0
CROSS_MM = 6.0
MARK_WIDTH_PT = 0.5
CROSSES_PER_BAND = 3


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
        return PRINTER_MARGIN_MM, PRINTER_MARGIN_MM + LABEL_STRIP_MM

    def tiles(self) -> list[Tile]:
        step_x, step_y = self.window_width - self.overlap, self.window_height - self.overlap
        top = self.piece_height + PIECE_MARGIN_MM
        return [Tile(r, c, c * step_x - PIECE_MARGIN_MM, top - self.window_height - r * step_y)
                for r in range(self.rows) for c in range(self.columns)]

    def band_middles(self, axis: str) -> list[float]:
        """Piece coordinates of the middle line of every overlap band along an axis."""
        if axis == "x":
            step, count = self.window_width - self.overlap, self.columns
            return [c * step + self.overlap / 2 - PIECE_MARGIN_MM for c in range(1, count)]
        step, count = self.window_height - self.overlap, self.rows
        top = self.piece_height + PIECE_MARGIN_MM
        return [top - r * step - self.overlap / 2 for r in range(1, count)]


def tile_layout(paper: str, piece_width: float, piece_height: float,
                overlap: float = OVERLAP_MM) -> TileLayout:
    """The orientation of the paper that needs the fewest tiles."""
    best = None
    for width, height in (paper_size(paper), paper_size(paper)[::-1]):
        window_w = width - 2 * PRINTER_MARGIN_MM
        window_h = height - 2 * PRINTER_MARGIN_MM - LABEL_STRIP_MM
        covered_w, covered_h = piece_width + 2 * PIECE_MARGIN_MM, piece_height + 2 * PIECE_MARGIN_MM
        columns = max(1, math.ceil((covered_w - overlap) / (window_w - overlap)))
        rows = max(1, math.ceil((covered_h - overlap) / (window_h - overlap)))
        layout = TileLayout(paper, width, height, window_w, window_h, piece_width, piece_height,
                            columns, rows, overlap)
        if best is None or columns * rows < best.columns * best.rows:
            best = layout
    return best


def _marks_layer(layout: TileLayout, font: str) -> bytes:
    """One page the size of the piece: its outline and the crosses on every overlap band."""
    out = io.BytesIO()
    pdf = new_canvas(out, (layout.piece_width * MM, layout.piece_height * MM), font)
    half = CROSS_MM / 2 * MM
    # Each mark twice: a white halo, then black, so it shows on dark art and on paper.
    for width, grey in ((MARK_WIDTH_PT * 4, 1), (MARK_WIDTH_PT, 0)):
        pdf.setLineWidth(width)
        pdf.setStrokeColorRGB(grey, grey, grey)
        pdf.rect(0, 0, layout.piece_width * MM, layout.piece_height * MM, stroke=1, fill=0)
        for x in layout.band_middles("x"):
            for k in range(CROSSES_PER_BAND):
                y = layout.piece_height * (k + 0.5) / CROSSES_PER_BAND
                pdf.line(x * MM - half, y * MM, x * MM + half, y * MM)
                pdf.line(x * MM, y * MM - half, x * MM, y * MM + half)
        for y in layout.band_middles("y"):
            for k in range(CROSSES_PER_BAND):
                x = layout.piece_width * (k + 0.5) / CROSSES_PER_BAND
                pdf.line(x * MM - half, y * MM, x * MM + half, y * MM)
                pdf.line(x * MM, y * MM - half, x * MM, y * MM + half)
    pdf.showPage()
    pdf.save()
    return out.getvalue()


def _labels(layout: TileLayout, title: str, font: str) -> bytes:
    """Per tile: the label and a small map of the tiles with this one filled in."""
    out = io.BytesIO()
    pdf = new_canvas(out, (layout.sheet_width * MM, layout.sheet_height * MM), font)
    cell = 3.2 * MM
    for tile in layout.tiles():
        x0, y0 = PRINTER_MARGIN_MM * MM, (PRINTER_MARGIN_MM + 1.5) * MM
        for r in range(layout.rows):
            for c in range(layout.columns):
                pdf.setFillColorRGB(0.1, 0.1, 0.12)
                pdf.setLineWidth(0.4)
                fill = 1 if (r, c) == (tile.row, tile.column) else 0
                pdf.rect(x0 + c * cell, y0 + (layout.rows - 1 - r) * cell, cell, cell, stroke=1, fill=fill)
        pdf.setFont(font, 8)
        pdf.drawString(x0 + layout.columns * cell + 3 * MM, y0 + 2 * MM,
                       f"{title}: tile {tile.row * layout.columns + tile.column + 1} of "
                       f"{layout.rows * layout.columns} (row {tile.row + 1}, column {tile.column + 1}). "
                       f"Trim the white margin on edges marked by the outline; overlap "
                       f"{layout.overlap:g} mm: cut at the window edge, crosses on crosses.")
        pdf.showPage()
    pdf.save()
    return out.getvalue()


def tile_piece(piece_pdf: bytes, layout: TileLayout, title: str, font_file) -> bytes:
    """Each tile: the piece and its marks seen through the tile's window, then the label."""
    piece = pikepdf.open(io.BytesIO(piece_pdf))
    font = label_font(font_file)
    marks = pikepdf.open(io.BytesIO(_marks_layer(layout, font)))
    sheets = pikepdf.open(io.BytesIO(_labels(layout, title, font)))
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
