"""Saddle-stitched booklets: half-size pages two to a sheet, in folding order."""

import io

import pikepdf

from pnp.render.pdfio import save_deterministic

PAGES_PER_SHEET = 4   # a folded sheet carries four pages: two on each side


def booklet_order(pages: int | list) -> list[tuple[int | None, int | None]]:
    """(left, right) page indexes for each side of each sheet, front then back; None is blank.

    `pages`: how many, or the pages in reading order (an index, or None for a blank). They are
    padded with blanks at the end to a multiple of four. Printed duplex (flip on the short
    edge) and folded, the sheets nest into a booklet read in order.
    """
    reading = list(range(pages)) if isinstance(pages, int) else list(pages)
    reading += [None] * (-len(reading) % PAGES_PER_SHEET)
    total = len(reading)
    sides = []
    for sheet in range(total // PAGES_PER_SHEET):
        sides.append((reading[total - 1 - 2 * sheet], reading[2 * sheet]))
        sides.append((reading[2 * sheet + 1], reading[total - 2 - 2 * sheet]))
    return sides


def with_back_cover(pages: int) -> list[int | None]:
    """The reading order of a booklet whose last page is its back cover: the blanks a booklet
    needs go before it (the inside back cover, pages for notes), so the outside is never blank
    and never a page of rules. When the other pages fill their sheets already, the cover takes a
    sheet of its own, three blanks inside it; the re-flow tightens a book to spare it that
    (pnp/rulebook/reflow.py)."""
    content = list(range(pages - 1))
    room = -len(content) % PAGES_PER_SHEET or PAGES_PER_SHEET
    return content + [None] * (room - 1) + [pages - 1]


def impose_booklet(pdf_bytes: bytes, sheet_size: tuple[float, float], back_cover: bool = False) -> bytes:
    """Place half-size pages side by side on landscape sheets of `sheet_size` (points), each
    against the fold: an A5 page is half a millimetre narrower than half an A4 sheet, and the
    cover's two halves meet on the fold rather than leave a white stripe down it (the slack goes
    to the sheet's outer edges, in the printer's margin); `back_cover`: the last page is the back
    cover (with_back_cover)."""
    source = pikepdf.open(io.BytesIO(pdf_bytes))
    out = pikepdf.new()
    width, height = max(sheet_size), min(sheet_size)
    forms = [out.copy_foreign(page.as_form_xobject()) for page in source.pages]
    for left, right in booklet_order(with_back_cover(len(forms)) if back_cover else len(forms)):
        page = out.add_blank_page(page_size=(width, height))
        page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary())
        stream = b""
        for slot, index in enumerate((left, right)):
            if index is None:
                continue
            bx0, by0, bx1, by1 = (float(v) for v in forms[index].BBox)
            scale = min((width / 2) / (bx1 - bx0), height / (by1 - by0))
            x = width / 2 - (bx1 - bx0) * scale * (1 - slot) - bx0 * scale
            y = (height - (by1 - by0) * scale) / 2 - by0 * scale
            name = f"/P{index}"
            page.obj.Resources.XObject[name] = forms[index]
            stream += f"q {scale:.6f} 0 0 {scale:.6f} {x:.4f} {y:.4f} cm {name} Do Q\n".encode()
        page.contents_add(out.make_stream(stream))
    return save_deterministic(out)
