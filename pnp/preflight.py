"""Print-shop preflight: what a RIP or a print shop's checker refuses, found before a file is written.

Every PDF pnp writes passes these checks (`pnp build` and `pnp export` refuse one that fails):

- every font a page uses or declares (in its resources, its forms', its annotations' appearances
  and a form's default resources) carries its glyphs (FontFile, FontFile2 or FontFile3; Type 3
  fonts draw their own);
- every page has a TrimBox and a BleedBox, TrimBox inside BleedBox inside MediaBox;
- no transparency group, no soft mask, no blend mode other than Normal;
- colours only in the device spaces (Gray, RGB, CMYK), the CIE-based ones PDF/X-4 allows
  (ICC-based, Lab, CalRGB, CalGray), and Indexed and Pattern spaces over them: no Separation,
  DeviceN or NChannel, the spot colours a RIP prints as an extra plate or substitutes.
"""

import io
from dataclasses import dataclass

import pikepdf

from pnp.errors import PnpError, plural
from pnp.limits import MAX_REPORTED_PROBLEMS

FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")
PLAIN_COLOUR_SPACES = {"/DeviceGray", "/DeviceRGB", "/DeviceCMYK", "/ICCBased", "/Lab", "/CalRGB",
                       "/CalGray", "/Pattern", "/Indexed", "/G", "/RGB", "/CMYK", "/I"}
BOX_TOLERANCE_PT = 0.01


FIXES = {
    "font": "a layout or font file names a font pnp cannot embed: use a font from fonts/",
    "transparency": "a layout uses opacity, a translucent (rgba) colour over art, or an image with "
                    "alpha: give it a solid colour instead",
    "mask": "a layout uses opacity, a translucent (rgba) colour over art, or an image with "
            "alpha: give it a solid colour instead",
    "blend": "a layout uses mix-blend-mode: remove it",
    "colour space": "a layout or image uses a spot colour: use sRGB colours",
}


class PreflightFailed(PnpError):
    """A PDF a print shop would refuse (exit status 2); nothing is written."""

    def __init__(self, faults: list):
        self.faults = list(faults)
        lines = [f"{plural(len(self.faults), 'print-shop preflight fault')}; nothing was written:"]
        lines += [f"  {fault}" for fault in self.faults[:MAX_REPORTED_PROBLEMS]]
        if len(self.faults) > MAX_REPORTED_PROBLEMS:
            lines.append(f"  ... and {len(self.faults) - MAX_REPORTED_PROBLEMS} more")
        hints = dict.fromkeys(hint for fault in self.faults for word, hint in FIXES.items() if word in fault.what)
        lines += [f"  Fix: {hint}" for hint in hints]
        super().__init__("\n".join(lines))

    def __reduce__(self):
        return (PreflightFailed, (self.faults,))


@dataclass(frozen=True)
class Fault:
    file: str
    page: int | None          # 1-based; None for the document as a whole
    what: str

    def __str__(self) -> str:
        where = f"page {self.page}" if self.page else "document"
        return f"{self.file}, {where}: {self.what}"


def _font_faults(font: pikepdf.Dictionary) -> list[str]:
    name = str(font.get("/BaseFont", font.get("/Name", "?")))
    subtype = font.get("/Subtype")
    if subtype == "/Type3":
        return []
    if subtype == "/Type0":
        descendants = font.get("/DescendantFonts")
        font = descendants[0] if descendants is not None and len(descendants) else pikepdf.Dictionary()
    descriptor = font.get("/FontDescriptor")
    if descriptor is None or not any(key in descriptor for key in FONT_FILES):
        return [f"font {name.lstrip('/')} is not embedded"]
    return []


def _colour_space_faults(space) -> list[str]:
    if isinstance(space, pikepdf.Array) and len(space):
        family = str(space[0])
        if family not in PLAIN_COLOUR_SPACES:
            return [f"colour space {family.lstrip('/')} (a spot colour: RIPs print it as an extra plate or substitute it)"]
        if family in ("/Indexed", "/I") and len(space) > 1:
            return _colour_space_faults(space[1])
        if family == "/Pattern" and len(space) > 1:
            return _colour_space_faults(space[1])
        return []
    if isinstance(space, pikepdf.Name) and str(space) not in PLAIN_COLOUR_SPACES:
        return [f"colour space {str(space).lstrip('/')} (a spot colour: RIPs print it as an extra plate or substitute it)"]
    return []


def _transparency_faults(obj) -> list[str]:
    faults = []
    group = obj.get("/Group")
    if group is not None and group.get("/S") == "/Transparency":
        faults.append("a transparency group (flatten it: print shops' RIPs do not)")
    return faults


def _graphics_state_faults(state) -> list[str]:
    faults = []
    mask = state.get("/SMask")
    if mask is not None and mask != pikepdf.Name.None_:
        faults.append("a soft mask (transparency a RIP has to flatten)")
    mode = state.get("/BM")
    if mode is not None and str(mode) not in ("/Normal", "/Compatible"):
        faults.append(f"blend mode {str(mode).lstrip('/')}")
    return faults


def _resource_faults(resources, seen: set) -> list[str]:
    """Faults in a resource dictionary, and in the forms, patterns and fonts it holds."""
    if resources is None or not isinstance(resources, pikepdf.Dictionary):
        return []
    faults = []
    for font in (resources.get("/Font") or {}).values():
        if font.objgen != (0, 0) and font.objgen in seen:
            continue
        seen.add(font.objgen)
        faults += _font_faults(font)
        if font.get("/Subtype") == "/Type3":
            faults += _resource_faults(font.get("/Resources"), seen)
    for space in (resources.get("/ColorSpace") or {}).values():
        faults += _colour_space_faults(space)
    for state in (resources.get("/ExtGState") or {}).values():
        faults += _graphics_state_faults(state)
    for pattern in (resources.get("/Pattern") or {}).values():
        if pattern.objgen in seen:
            continue
        seen.add(pattern.objgen)
        shading = pattern.get("/Shading")
        if shading is not None:
            faults += _colour_space_faults(shading.get("/ColorSpace"))
        faults += _resource_faults(pattern.get("/Resources"), seen)
    for shading in (resources.get("/Shading") or {}).values():
        faults += _colour_space_faults(shading.get("/ColorSpace"))
    for xobject in (resources.get("/XObject") or {}).values():
        if xobject.objgen != (0, 0) and xobject.objgen in seen:
            continue
        seen.add(xobject.objgen)
        faults += _xobject_faults(xobject, seen)
    return faults


def _xobject_faults(xobject, seen: set) -> list[str]:
    if xobject.get("/Subtype") == "/Image":
        faults = []
        mask = xobject.get("/SMask")
        if mask is not None:
            faults.append("an image with a soft mask (alpha a RIP has to flatten)")
        if xobject.get("/ImageMask") is not True:
            faults += _colour_space_faults(xobject.get("/ColorSpace"))
        return faults
    return _transparency_faults(xobject) + _resource_faults(xobject.get("/Resources"), seen)


def _box(page: pikepdf.Page, name: str):
    box = page.obj.get(name)
    return [float(v) for v in box] if box is not None else None


def _inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - BOX_TOLERANCE_PT and inner[1] >= outer[1] - BOX_TOLERANCE_PT
            and inner[2] <= outer[2] + BOX_TOLERANCE_PT and inner[3] <= outer[3] + BOX_TOLERANCE_PT)


def _box_faults(page: pikepdf.Page) -> list[str]:
    media = [float(v) for v in page.mediabox]
    trim, bleed = _box(page, "/TrimBox"), _box(page, "/BleedBox")
    faults = [f"no {name}" for name, box in (("TrimBox", trim), ("BleedBox", bleed)) if box is None]
    if trim and bleed and not _inside(trim, bleed):
        faults.append("TrimBox reaches outside the BleedBox")
    if bleed and not _inside(bleed, media):
        faults.append("BleedBox reaches outside the MediaBox")
    return faults


def preflight(pdf: bytes, name: str) -> list[Fault]:
    """Every fault of the PDF, page by page (an empty list: it passes)."""
    try:
        document = pikepdf.open(io.BytesIO(pdf))
    except pikepdf.PdfError as error:
        return [Fault(name, None, f"not a readable PDF ({error})")]
    return _document_faults(document, name)


def preflight_file(path, name: str) -> list[Fault]:
    """The preflight of a PDF on disk, read as it is checked (an imposition of many images
    need not be held in memory)."""
    try:
        with pikepdf.open(path) as document:
            return _document_faults(document, name)
    except pikepdf.PdfError as error:
        return [Fault(name, None, f"not a readable PDF ({error})")]


def _document_faults(document: pikepdf.Pdf, name: str) -> list[Fault]:
    faults = []
    seen: set = set()
    form = document.Root.get("/AcroForm")
    if form is not None:
        faults += [Fault(name, None, f"the form's default resources: {what}")
                   for what in _resource_faults(form.get("/DR"), seen)]
    for number, page in enumerate(document.pages, start=1):
        found = _box_faults(page) + _transparency_faults(page.obj)
        found += _resource_faults(page.obj.get("/Resources"), seen)
        for annotation in page.obj.get("/Annots") or []:
            appearances = annotation.get("/AP") or {}
            for appearance in appearances.values():
                streams = [appearance] if isinstance(appearance, pikepdf.Stream) else list(appearance.values())
                for stream in streams:
                    if stream.objgen not in seen:
                        seen.add(stream.objgen)
                        found += _xobject_faults(stream, seen)
        faults += [Fault(name, number, what) for what in dict.fromkeys(found)]
    return faults


def require_preflight(files: list[tuple[str, bytes]]) -> None:
    """Refuse the set when any PDF of it fails the preflight."""
    faults = [fault for name, pdf in files if name.endswith(".pdf") for fault in preflight(pdf, name)]
    if faults:
        raise PreflightFailed(faults)
