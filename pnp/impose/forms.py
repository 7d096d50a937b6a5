"""Each card side as a form XObject whose origin is the card's trim corner, as the imposition
expects: the art scaled so its trim meets the cut, or, for art without bleed, the art and its
mirrored reflections around the trim."""

import pikepdf

from pnp.contained import stage
from pnp.impose.art import ASPECT_TOLERANCE, Art, problem, reading, shown_name
from pnp.limits import IMPOSE_SECONDS_PER_FILE
from pnp.render.colours import hex_rgb
from pnp.render.sheet_layout import MM, SheetLayout

MIRRORS = [(mx, my) for my in (0, -1, 1) for mx in (0, -1, 1)]   # the art itself first
STREAM_KEYS = {"/Length", "/Filter", "/DecodeParms", "/DL"}     # all a page's content stream keeps as a form


def card_forms(sheets: pikepdf.Pdf, numbers: dict, arts: list[Art], options, layout: SheetLayout,
               sources: dict) -> dict:
    """{art: its form in `sheets`}; one form per distinct art, however many cards show it. The
    images are already objects of `sheets` (numbered in `numbers`); PDF pages are copied in from
    their PDFs, open in `sources` by path."""
    width, height = options.card_mm
    art_bleed = options.bleed_mm
    sheet_bleed = max(layout.x.outer_bleed, layout.y.outer_bleed, layout.x.gutter / 2, layout.y.gutter / 2)
    forms = {}
    for art in arts:
        if art.kind == "pdf":
            shown = shown_name(art.path)
            with stage(shown, f"placing page {art.page + 1}", IMPOSE_SECONDS_PER_FILE, "IMPOSE_SECONDS_PER_FILE"), \
                    reading(shown, ".pdf"):
                drawn = page_form(sheets, sources[art.path], art, shown)
            origin = art.details["origin"]
        else:
            drawn = sheets.get_object(numbers[art], 0)
            origin = None
        content = _content(art, origin, width, height, art_bleed, options.fit, options.background)
        bleed = sheet_bleed * MM
        form = pikepdf.Stream(sheets, content)
        form.Type = pikepdf.Name.XObject
        form.Subtype = pikepdf.Name.Form
        form.BBox = pikepdf.Array([-bleed, -bleed, width * MM + bleed, height * MM + bleed])
        form.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Art=drawn))
        forms[art] = sheets.make_indirect(form)
    return forms


def page_form(sheets: pikepdf.Pdf, source: pikepdf.Pdf, art: Art, shown: str) -> pikepdf.Object:
    """A PDF page as a form XObject of `sheets`. A page drawn by one content stream (the usual
    case) keeps it as it is: copied compressed, never decoded, so a stream that would inflate
    to gigabytes costs what it weighs. Several content streams are joined (decoded, within the
    memory cap and the file's clock)."""
    page = source.pages[art.page]
    contents = page.obj.get("/Contents")
    if isinstance(contents, pikepdf.Stream):
        form = sheets.make_indirect(sheets.copy_foreign(contents).copy())
        for key in set(form.keys()) - STREAM_KEYS:
            del form[key]
    elif isinstance(contents, pikepdf.Array) or contents is None:
        parts = [part for part in (contents or []) if isinstance(part, pikepdf.Stream)]
        form = sheets.make_indirect(pikepdf.Stream(sheets, b"\n".join(part.read_bytes() for part in parts)))
    else:
        raise problem(f"{shown}, page {art.page + 1}", "(page)", "page contents: a stream or a list of streams",
                      "something else", "Export it again")
    form.Type = pikepdf.Name.XObject
    form.Subtype = pikepdf.Name.Form
    form.BBox = pikepdf.Array(art.details["box"])
    a, b, c, d = art.details["matrix"]
    if (a, b, c, d) != (1, 0, 0, 1):
        form.Matrix = pikepdf.Array([a, b, c, d, 0, 0])
    resources = page.obj.get("/Resources")
    form.Resources = _copied(sheets, source, resources) if isinstance(resources, pikepdf.Dictionary) \
        else pikepdf.Dictionary()
    group = page.obj.get("/Group")
    if isinstance(group, pikepdf.Dictionary):
        form.Group = _copied(sheets, source, group)
    return form


def _copied(sheets: pikepdf.Pdf, source: pikepdf.Pdf, value: pikepdf.Object) -> pikepdf.Object:
    """A dictionary of `source` copied into `sheets` (qpdf copies only objects of their own)."""
    return sheets.copy_foreign(value if value.is_indirect else source.make_indirect(value))


def _content(art: Art, origin, width: float, height: float, bleed: float, fit: str = "cover",
             background: str = "#ffffff") -> bytes:
    """Draw the art over the card and its bleed: in other proportions, cropped to cover it
    (`cover`) or whole, centred on the background colour (`contain`); without bleed, the art
    and its eight reflections about the trim's edges and corners."""
    box_w, box_h = (width + 2 * bleed) * MM, (height + 2 * bleed) * MM
    scale_x, scale_y = box_w / art.width_px, box_h / art.height_px
    fill = ""
    if abs(scale_x / scale_y - 1) > ASPECT_TOLERANCE:          # other proportions: centred
        scale_x = scale_y = max(scale_x, scale_y) if fit == "cover" else min(scale_x, scale_y)
        if fit == "contain":
            r, g, b = hex_rgb(background)
            fill = f"{r:.4f} {g:.4f} {b:.4f} rg {-bleed * MM:.4f} {-bleed * MM:.4f} {box_w:.4f} {box_h:.4f} re f "
    drawn_w, drawn_h = art.width_px * scale_x, art.height_px * scale_y
    left, bottom = -bleed * MM + (box_w - drawn_w) / 2, -bleed * MM + (box_h - drawn_h) / 2
    if origin is None:                       # an image: its unit square stretched over the box
        place = f"{drawn_w:.4f} 0 0 {drawn_h:.4f} {left:.4f} {bottom:.4f} cm"
    else:                                    # a PDF page, in points from its own origin (as it is seen)
        place = (f"{scale_x:.6f} 0 0 {scale_y:.6f} {left - origin[0] * scale_x:.4f} "
                 f"{bottom - origin[1] * scale_y:.4f} cm")
    clip = f"{-bleed * MM:.4f} {-bleed * MM:.4f} {box_w:.4f} {box_h:.4f} re W n"
    draw = f"q {clip} {fill}{place} /Art Do Q"
    if bleed > 0:
        return draw.encode()
    trim_w, trim_h = width * MM, height * MM
    parts = []
    for mx, my in MIRRORS:
        sx, tx = (-1, 2 * trim_w if mx == 1 else 0) if mx else (1, 0)
        sy, ty = (-1, 2 * trim_h if my == 1 else 0) if my else (1, 0)
        parts.append(f"q {sx} 0 0 {sy} {tx:.4f} {ty:.4f} cm {draw} Q")
    return "\n".join(parts).encode()
