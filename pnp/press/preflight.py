"""The preflight of a press file, read back from the bytes written, as a print shop's checker
reads it: each fault named by the piece (deck, card and side) and the page it is on.

On top of pnp's preflight of every PDF (fonts embedded, TrimBox and BleedBox, no transparency,
no spot colour: pnp.preflight):

- the PDF/X version declared (Info for X-1a, XMP for X-4) and one output intent, GTS_PDFX, with
  its CMYK profile embedded;
- no colour outside DeviceCMYK and DeviceGray: no RGB, CIE-based or ICC colour in any content
  stream (rg, RG, a cs naming such a space), image, shading or transparency group's colour space;
- no Type 3 font (a font drawn as graphics, which a RIP does not treat as type);
- no opacity under 1 (a transparent overlay: PDF/X-1a has no transparency);
- TrimBox inside BleedBox inside MediaBox exactly (ISO 15930 allows no tolerance);
- every image at 300 dpi or more at the size it prints;
- total ink at most the limit on every page, measured on the separated pages (Ghostscript's
  tiff32nc), with the most found and where.
"""

import io
import math
from collections.abc import Callable

import pikepdf

from pnp.preflight import Fault, preflight
from pnp.press.ghostscript import INK_DPI, ink_rasters
from pnp.press.ink import ink_peak
from pnp.press.pdfx import VERSIONS

MIN_IMAGE_DPI = 300
DPI_TOLERANCE = 0.5
CMYK_SPACES = {"/DeviceCMYK", "/CMYK", "/DeviceGray", "/G", "/Pattern"}
RGB_OPERATORS = {"rg": "an RGB fill colour (rg)", "RG": "an RGB stroke colour (RG)"}
POINTS_PER_INCH = 72.0


def _space_name(space) -> str:
    if isinstance(space, pikepdf.Array) and len(space):
        family = str(space[0])
        if family in ("/Indexed", "/I") and len(space) > 1:
            return _space_name(space[1])
        if family == "/Pattern":
            return _space_name(space[1]) if len(space) > 1 else "/Pattern"
        if family == "/ICCBased" and isinstance(space[1], pikepdf.Stream):
            components = int(space[1].get("/N", 0))
            return {1: "/ICCBased gray", 3: "/ICCBased RGB", 4: "/ICCBased CMYK"}.get(components, "/ICCBased")
        return family
    return str(space) if space is not None else "/DeviceCMYK"


def _not_cmyk(space) -> str | None:
    name = _space_name(space)
    if name in CMYK_SPACES or name in ("/Separation", "/DeviceN"):     # spot colours: pnp.preflight
        return None
    return name.lstrip("/")


def _matrix(operands) -> tuple:
    return tuple(float(v) for v in operands)


def _times(m: tuple, n: tuple) -> tuple:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + b * c2, a * b2 + b * d2, c * a2 + d * c2, c * b2 + d * d2,
            e * a2 + f * c2 + e2, e * b2 + f * d2 + f2)


IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


class _StreamReader:
    """Walks a page's content and the forms it draws, with the transformation each image is
    placed under, collecting the colour faults and images' resolutions."""

    def __init__(self):
        self.found: list[str] = []
        self.seen_spaces: set = set()

    def read(self, stream, resources, ctm: tuple, depth: int = 0) -> None:
        resources = resources if isinstance(resources, pikepdf.Dictionary) else pikepdf.Dictionary()
        spaces = resources.get("/ColorSpace") or {}
        stack = []
        for instruction in pikepdf.parse_content_stream(stream):
            if isinstance(instruction, pikepdf.ContentStreamInlineImage):
                self._image(instruction.iimage.obj, instruction.iimage.width, instruction.iimage.height, ctm,
                            "an inline image")
                continue
            operator, operands = str(instruction.operator), instruction.operands
            if operator == "q":
                stack.append(ctm)
            elif operator == "Q":
                ctm = stack.pop() if stack else ctm
            elif operator == "cm":
                ctm = _times(_matrix(operands), ctm)
            elif operator in RGB_OPERATORS:
                self.found.append(f"{RGB_OPERATORS[operator]} in a content stream")
            elif operator in ("cs", "CS"):
                name = str(operands[0])
                space = spaces.get(name, pikepdf.Name(name))
                wrong = _not_cmyk(space)
                if wrong:
                    self.found.append(f"colour space {wrong} set in a content stream ({operator} {name})")
            elif operator == "gs":
                state = (resources.get("/ExtGState") or {}).get(str(operands[0]))
                for key in ("/ca", "/CA"):
                    if state is not None and float(state.get(key, 1)) < 1:
                        self.found.append(f"opacity {float(state.get(key)):g} (transparency: flatten it, or "
                                          f"give the layout a solid colour)")
            elif operator == "sh":
                shading = (resources.get("/Shading") or {}).get(str(operands[0]))
                if shading is not None and _not_cmyk(shading.get("/ColorSpace")):
                    self.found.append(f"a {_not_cmyk(shading.get('/ColorSpace'))} shading")
            elif operator == "Do":
                xobject = (resources.get("/XObject") or {}).get(str(operands[0]))
                if xobject is None:
                    continue
                if xobject.get("/Subtype") == "/Image":
                    self._image(xobject, int(xobject.get("/Width", 0)), int(xobject.get("/Height", 0)), ctm,
                                "an image")
                elif xobject.get("/Subtype") == "/Form" and depth < 20:
                    self.group(xobject)
                    matrix = _matrix(xobject.get("/Matrix", pikepdf.Array(IDENTITY)))
                    self.read(xobject, xobject.get("/Resources"), _times(matrix, ctm), depth + 1)
        for pattern in (resources.get("/Pattern") or {}).values():
            shading = pattern.get("/Shading")
            if shading is not None and _not_cmyk(shading.get("/ColorSpace")):
                self.found.append(f"a {_not_cmyk(shading.get('/ColorSpace'))} shading pattern")

    def group(self, obj) -> None:
        group = obj.get("/Group")
        if group is not None and _not_cmyk(group.get("/CS", pikepdf.Name.DeviceCMYK)):
            self.found.append(f"a transparency group in {_not_cmyk(group.get('/CS'))}")

    def _image(self, image, width: int, height: int, ctm: tuple, what: str) -> None:
        if image.get("/ImageMask", image.get("/IM")) is not True:
            wrong = _not_cmyk(image.get("/ColorSpace", image.get("/CS")))
            if wrong:
                self.found.append(f"{what} in {wrong}")
        a, b, c, d = ctm[:4]
        placed_w_in, placed_h_in = math.hypot(a, b) / POINTS_PER_INCH, math.hypot(c, d) / POINTS_PER_INCH
        if placed_w_in <= 0 or placed_h_in <= 0 or width <= 0 or height <= 0:
            return
        dpi = min(width / placed_w_in, height / placed_h_in)
        if dpi < MIN_IMAGE_DPI - DPI_TOLERANCE:
            self.found.append(f"{what} of {width} x {height} px printed at {dpi:.0f} dpi "
                              f"(at least {MIN_IMAGE_DPI} dpi at print size: give a larger picture)")


def _identification_faults(document: pikepdf.Pdf, version: str) -> list[str]:
    wanted = VERSIONS[version]
    faults = []
    declared = str(document.docinfo.get("/GTS_PDFXVersion", ""))
    if version == "4":
        with document.open_metadata() as meta:
            declared = meta.get("pdfxid:GTS_PDFXVersion", "")
    if declared != wanted:
        faults.append(f"not declared {wanted} (GTS_PDFXVersion is {declared or 'missing'})")
    if document.docinfo.get("/Trapped") not in (pikepdf.Name("/True"), pikepdf.Name("/False")):
        faults.append("the Trapped key is not True or False")
    intents = [i for i in document.Root.get("/OutputIntents") or [] if i.get("/S") == "/GTS_PDFX"]
    if len(intents) != 1:
        faults.append(f"{len(intents)} PDF/X output intents (exactly one, with the press profile)")
    else:
        profile = intents[0].get("/DestOutputProfile")
        if not isinstance(profile, pikepdf.Stream) or int(profile.get("/N", 0)) != 4:
            faults.append("the output intent does not embed a CMYK profile")
        if not str(intents[0].get("/OutputConditionIdentifier", "")):
            faults.append("the output intent names no printing condition")
    return faults


def _exact_box_faults(page: pikepdf.Page) -> list[str]:
    """TrimBox inside BleedBox inside MediaBox, to the last decimal (pnp.preflight allows 0.01 pt)."""
    boxes = {name: [float(v) for v in page.obj[name]] for name in ("/MediaBox", "/BleedBox", "/TrimBox")
             if name in page.obj}
    faults = []
    for inner, outer in (("/TrimBox", "/BleedBox"), ("/BleedBox", "/MediaBox")):
        if inner in boxes and outer in boxes:
            a, b = boxes[inner], boxes[outer]
            if a[0] < b[0] or a[1] < b[1] or a[2] > b[2] or a[3] > b[3]:
                faults.append(f"the {inner[1:]} {_box_words(a)} reaches outside the {outer[1:]} {_box_words(b)}")
    return faults


def _box_words(box: list[float]) -> str:
    return "[" + " ".join(f"{v:g}" for v in box) + "]"


def _type3_faults(resources, seen: set) -> list[str]:
    if not isinstance(resources, pikepdf.Dictionary):
        return []
    faults = []
    for name, font in (resources.get("/Font") or {}).items():
        if font.get("/Subtype") == "/Type3":
            faults.append(f"a Type 3 font ({str(name).lstrip('/')}): glyphs drawn as graphics, not type")
    for xobject in (resources.get("/XObject") or {}).values():
        if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
            seen.add(xobject.objgen)
            faults += _type3_faults(xobject.get("/Resources"), seen)
    return faults


def press_faults(pdf: bytes, name: str, version: str, ink_limit: int,
                 piece: Callable[[int], str] = lambda page: "") -> list[Fault]:
    """Every fault of a press file; `piece(page)` names what a page holds (a deck's card and side)."""
    faults = [Fault(f.file, f.page, _on(piece(f.page), f.what)) if f.page else f for f in preflight(pdf, name)]
    try:
        document = pikepdf.open(io.BytesIO(pdf))
    except pikepdf.PdfError:
        return faults
    with document:
        faults += [Fault(name, None, what) for what in _identification_faults(document, version)]
        seen: set = set()
        for number, page in enumerate(document.pages, start=1):
            reader = _StreamReader()
            reader.group(page.obj)
            reader.read(page, page.obj.get("/Resources"), IDENTITY)
            found = reader.found + _type3_faults(page.obj.get("/Resources"), seen) + _exact_box_faults(page)
            faults += [Fault(name, number, _on(piece(number), what)) for what in dict.fromkeys(found)]
    for number, raster in enumerate(ink_rasters(pdf, INK_DPI, name), start=1):
        peak = ink_peak(raster, INK_DPI, number)
        if peak.percent > ink_limit:
            faults.append(Fault(name, peak.page, _on(piece(peak.page), (
                f"total ink {peak.percent:.0f} % at {peak.x_mm:.1f} mm from the left, {peak.y_mm:.1f} mm from "
                f"the top (the limit is {ink_limit} %)"))))
    return faults


def _on(piece: str, what: str) -> str:
    return f"{piece}: {what}" if piece else what
