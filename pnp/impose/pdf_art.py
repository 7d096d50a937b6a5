"""Card art as the pages of a PDF: each page's box and turn read from the PDF, no page read
before its page tree has shown the PDF within the cards allowed (MAX_IMPOSE_CARDS)."""

import math
import os
from pathlib import Path
from typing import BinaryIO

from pnp.impose.art import Art, problem, too_many_pixels
from pnp.limits import MAX_IMAGE_PIXELS


PDF_LARGEST_SIDE_PT = 14_400  # PDF's own limit for a page side (200 inches)
PDF_SMALLEST_SIDE_PT = 1.0


def open_pdf(handle: BinaryIO):
    """A PDF read from the open file, kept open while the sheets are written (its pages'
    content is copied from it then). qpdf reads it through /dev/fd/N, the very file opened
    (twice as fast as through Python), never mapped whole into memory."""
    import pikepdf

    handle.seek(0)
    same_file = f"/dev/fd/{handle.fileno()}"
    return pikepdf.open(same_file if os.path.exists(same_file) else handle, access_mode=pikepdf.AccessMode.stream)


def pdf_pages(pdf, path: Path, shown: str, most: int) -> list[Art]:
    """Each page of an open PDF as a card side, once the page tree shows at most `most` pages."""
    count = page_count(pdf, shown, most)
    sides = []
    for number in range(count):
        page = pdf.pages[number]
        width, height, box, matrix, origin = page_geometry(page, f"{shown}, page {number + 1}")
        check_pictures(page, f"{shown}, page {number + 1}")
        sides.append(Art(path, "pdf", width, height, page=number,
                         details={"box": box, "matrix": matrix, "origin": origin}))
    return sides


MAX_FORM_DEPTH = 16            # forms drawn inside forms, as far as the pictures are looked for


def check_pictures(page, shown: str) -> None:
    """Every picture a page draws (in its forms too) within MAX_IMAGE_PIXELS, read from each
    picture's own width and height, nothing decoded: a card's PDF may not carry what a picture
    file may not."""
    import pikepdf

    waiting, seen = [(page.get("/Resources"), 0)], set()
    while waiting:
        resources, depth = waiting.pop()
        objects = resources.get("/XObject") if isinstance(resources, pikepdf.Dictionary) else None
        if not isinstance(objects, pikepdf.Dictionary) or depth > MAX_FORM_DEPTH:
            continue
        for drawn in objects.values():
            if not isinstance(drawn, pikepdf.Stream) or drawn.objgen in seen and drawn.objgen != (0, 0):
                continue
            seen.add(drawn.objgen)
            if drawn.get("/Subtype") == "/Image":
                width, height = drawn.get("/Width"), drawn.get("/Height")
                if not isinstance(width, int) or not isinstance(height, int) or width * height > MAX_IMAGE_PIXELS:
                    raise too_many_pixels(shown, (width, height) if isinstance(width, int) and
                                          isinstance(height, int) else None)
            elif drawn.get("/Subtype") == "/Form":
                waiting.append((drawn.get("/Resources"), depth + 1))


def page_count(pdf, shown: str, most: int) -> int:
    """The pages of a PDF, counted in its page tree (whose /Count may lie) without qpdf's walk,
    which would build an object for every page first; refused past `most`."""
    import pikepdf

    too_many = problem(shown, "(pages)", f"at most {most:,} pages (MAX_IMPOSE_CARDS cards in all)", "more",
                       "Impose the cards in several runs")
    root = pdf.Root.get("/Pages")
    declared = root.get("/Count") if isinstance(root, pikepdf.Dictionary) else None
    if isinstance(declared, int) and declared > most:
        raise problem(shown, "(pages)", f"at most {most:,} pages (MAX_IMPOSE_CARDS cards in all)",
                      f"{declared:,} pages", "Impose the cards in several runs")
    pages, visited, waiting = 0, 0, [root]
    while waiting:
        node = waiting.pop()
        visited += 1
        kids = node.get("/Kids") if isinstance(node, pikepdf.Dictionary) else None
        if isinstance(kids, pikepdf.Array):
            if len(kids) > most or visited > 2 * most + 1:
                raise too_many
            waiting.extend(kids)
        else:
            pages += 1
            if pages > most:
                raise too_many
    count = len(pdf.pages)
    if count > most:
        raise too_many
    if count == 0:
        raise problem(shown, "(pages)", "at least one page", "none", "Export it again")
    return count


ROTATIONS = {0: (1, 0, 0, 1), 90: (0, -1, 1, 0), 180: (-1, 0, 0, -1), 270: (0, 1, -1, 0)}


def page_geometry(page, shown: str) -> tuple[float, float, tuple, tuple, tuple]:
    """(width, height) of a page as it is seen (its /Rotate applied); its box (the CropBox, or
    the MediaBox) in its own coordinates; the matrix (a, b, c, d) that turns it as it is seen,
    and the lower left corner of the box so turned."""
    import pikepdf

    box = page.cropbox
    expected = (f"a page box (CropBox or MediaBox) of four numbers, each side {PDF_SMALLEST_SIDE_PT:g} to "
                f"{PDF_LARGEST_SIDE_PT:,} points")
    if not isinstance(box, pikepdf.Array) or len(box) != 4:
        raise problem(shown, "(page)", expected, "none" if box is None else "something else", "Export it again")
    try:
        x0, y0, x1, y1 = (float(value) for value in box)
    except (TypeError, ValueError):
        raise problem(shown, "(page)", expected, "a box that is not numbers", "Export it again") from None
    corners = (x0, y0, x1, y1)
    if not all(math.isfinite(v) and abs(v) <= PDF_LARGEST_SIDE_PT * 10 for v in corners):
        raise problem(shown, "(page)", expected, "a box beyond any page", "Export it again")
    x0, x1, y0, y1 = min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1)
    if not all(PDF_SMALLEST_SIDE_PT <= side <= PDF_LARGEST_SIDE_PT for side in (x1 - x0, y1 - y0)):
        raise problem(shown, "(page)", expected, f"{x1 - x0:g} x {y1 - y0:g} points", "Export it again")
    rotate = page.obj.get("/Rotate", 0)
    turn = int(rotate) % 360 if isinstance(rotate, int) and int(rotate) % 90 == 0 else 0
    a, b, c, d = ROTATIONS[turn]
    seen_x = [a * x + c * y for x in (x0, x1) for y in (y0, y1)]
    seen_y = [b * x + d * y for x in (x0, x1) for y in (y0, y1)]
    return (max(seen_x) - min(seen_x), max(seen_y) - min(seen_y), (x0, y0, x1, y1),
            (a, b, c, d), (min(seen_x), min(seen_y)))
