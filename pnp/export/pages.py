"""Card sides re-cut to a service's size: each on its own page of the service's trim plus bleed.

The card is scaled (uniformly) until its trim covers the service's trim, and centred; up to 1 %
more when that lets its own bleed reach the page's edge. Where it still does not, the edge of
the art is mirrored outward
(each strip beyond the art shows the art reflected about its edge), the usual fix for art
without enough bleed; the mirrored strips stay vectors.
"""

import io

import pikepdf

from pnp.render.pdfio import save_deterministic

POINTS_PER_INCH = 72.0
EPSILON_PT = 0.001
MAX_COVER_GROWTH = 0.01         # a card scaled up this much at most to cover the page with its own bleed


def _mirror_placements(art: tuple, page: tuple, scale: float, tx: float, ty: float) -> str:
    """Content drawing the form reflected into each strip between the art and the page edge."""
    left, bottom, right, top = art
    width, height = page
    spans_x = {-1: (0.0, left), 0: (left, right), 1: (right, width)}
    spans_y = {-1: (0.0, bottom), 0: (bottom, top), 1: (top, height)}
    out = ""
    for hx in (-1, 0, 1):
        for hy in (-1, 0, 1):
            (x0, x1), (y0, y1) = spans_x[hx], spans_y[hy]
            if (hx, hy) == (0, 0) or x1 - x0 <= EPSILON_PT or y1 - y0 <= EPSILON_PT:
                continue
            a, e = (scale, tx) if hx == 0 else (-scale, 2 * (left if hx < 0 else right) - tx)
            d, f = (scale, ty) if hy == 0 else (-scale, 2 * (bottom if hy < 0 else top) - ty)
            out += (f"q {x0:.4f} {y0:.4f} {x1 - x0:.4f} {y1 - y0:.4f} re W n "
                    f"{a:.6f} 0 0 {d:.6f} {e:.4f} {f:.4f} cm /Card Do Q\n")
    return out


def _cover_scale(trim: list, bleed: list, page: tuple, scale: float) -> float:
    """The scale at which the card's own bleed covers the page, when it is at most
    MAX_COVER_GROWTH above `scale` (else `scale`: the edge is mirrored). A bleed a fraction of a
    point short is covered so, rather than drawn eight times more in mirrored strips."""
    cx, cy = (trim[0] + trim[2]) / 2, (trim[1] + trim[3]) / 2
    reaches = (cx - bleed[0], bleed[2] - cx, cy - bleed[1], bleed[3] - cy)
    if min(reaches) <= 0:
        return scale
    needed = max(page[0] / 2 / reaches[0], page[0] / 2 / reaches[1], page[1] / 2 / reaches[2], page[1] / 2 / reaches[3])
    return needed if needed <= scale * (1 + MAX_COVER_GROWTH) else scale


def service_pages(card_pdf: bytes, trim_in: tuple[float, float], bleed_in: float) -> pikepdf.Pdf:
    """Every page of card_pdf (a card side each, trim at the origin, bleed around it) on a page
    of trim_in plus bleed_in on each side, with TrimBox and BleedBox set."""
    source = pikepdf.open(io.BytesIO(card_pdf))
    out = pikepdf.new()
    trim_w, trim_h = (side * POINTS_PER_INCH for side in trim_in)
    bleed = bleed_in * POINTS_PER_INCH
    page_w, page_h = trim_w + 2 * bleed, trim_h + 2 * bleed
    for source_page in source.pages:
        card_trim = [float(v) for v in source_page.obj.get("/TrimBox", source_page.mediabox)]
        card_bleed = [float(v) for v in source_page.obj.get("/BleedBox", source_page.mediabox)]
        card_w, card_h = card_trim[2] - card_trim[0], card_trim[3] - card_trim[1]
        scale = max(trim_w / card_w, trim_h / card_h)
        scale = max(scale, _cover_scale(card_trim, card_bleed, (page_w, page_h), scale))
        tx = page_w / 2 - scale * (card_trim[0] + card_w / 2)
        ty = page_h / 2 - scale * (card_trim[1] + card_h / 2)
        art = (scale * card_bleed[0] + tx, scale * card_bleed[1] + ty,
               scale * card_bleed[2] + tx, scale * card_bleed[3] + ty)
        form = source_page.as_form_xobject()
        form.BBox = pikepdf.Array(card_bleed)
        page = out.add_blank_page(page_size=(page_w, page_h))
        page.obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Card=out.copy_foreign(form)))
        content = (f"q 0 0 {page_w:.4f} {page_h:.4f} re W n "
                   f"{scale:.6f} 0 0 {scale:.6f} {tx:.4f} {ty:.4f} cm /Card Do Q\n")
        content += _mirror_placements(art, (page_w, page_h), scale, tx, ty)
        page.obj.Contents = out.make_stream(content.encode())
        page.obj.TrimBox = pikepdf.Array([bleed, bleed, bleed + trim_w, bleed + trim_h])
        page.obj.BleedBox = pikepdf.Array([0, 0, page_w, page_h])
    return out


def as_bytes(pdf: pikepdf.Pdf) -> bytes:
    return save_deterministic(pdf)
