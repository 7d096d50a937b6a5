"""Saddle-stitched booklets: half-size pages two to a sheet, in folding order."""

import io

import pikepdf

from pnp.render.pdfio import save_deterministic

PAGES_PER_SHEET = 4   # a folded sheet carries four pages: two on each side


def booklet_order(pages: int) -> list[tuple[int | None, int | None]]:
    """(left, right) page indexes for each side of each sheet, front then back; None is blank.

    Pages are padded with blanks at the end to a multiple of four. Printed duplex (flip on
    the short edge) and folded, the sheets nest into a booklet read in order.
    """
    total = -(-pages // PAGES_PER_SHEET) * PAGES_PER_SHEET
    def page(index: int) -> int | None:
        return index if index < pages else None
    sides = []
    for sheet in range(total // PAGES_PER_SHEET):
        sides.append((page(total - 1 - 2 * sheet), page(2 * sheet)))
        sides.append((page(2 * sheet + 1), page(total - 2 - 2 * sheet)))
    return sides


def impose_booklet(pdf_bytes: bytes, sheet_size: tuple[float, float]) -> bytes:
    """Place half-size pages side by side on landscape sheets of `sheet_size` (points)."""
    source = pikepdf.open(io.BytesIO(pdf_bytes))
    out = pikepdf.new()
    width, height = max(sheet_size), min(sheet_size)
    forms = [out.copy_foreign(page.as_form_xobject()) for page in source.pages]
    for left, right in booklet_order(len(forms)):
        page = out.add_blank_page(page_size=(width, height))
        page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary())
        stream = b""
        for slot, index in enumerate((left, right)):
            if index is None:
                continue
            bx0, by0, bx1, by1 = (float(v) for v in forms[index].BBox)
            scale = min((width / 2) / (bx1 - bx0), height / (by1 - by0))
            x = slot * width / 2 + (width / 2 - (bx1 - bx0) * scale) / 2 - bx0 * scale
            y = (height - (by1 - by0) * scale) / 2 - by0 * scale
            name = f"/P{index}"
            page.obj.Resources.XObject[name] = forms[index]
            stream += f"q {scale:.6f} 0 0 {scale:.6f} {x:.4f} {y:.4f} cm {name} Do Q\n".encode()
        page.contents_add(out.make_stream(stream))
    return save_deterministic(out)
