"""A finished RGB PDF made ready for a press: what is drawn fully transparent taken out, black
text on the black plate, black areas a rich black, every other colour
converted to CMYK through the press profile by Ghostscript, total ink brought under the limit,
and the file declared PDF/X with its output intent."""

import io
from dataclasses import dataclass

import pikepdf

from pnp.press.black_text import black_text_on_k
from pnp.press.ghostscript import to_cmyk
from pnp.press.ink import limit_ink
from pnp.press.invisible import drop_invisible
from pnp.press.pdfx import PDF_VERSIONS, mark_pdfx
from pnp.press.profiles import PressProfile
from pnp.press.rich_black import black_areas_rich


@dataclass(frozen=True)
class PressSettings:
    profile: PressProfile
    pdfx: str               # "1a" or "4"
    ink_limit: int          # total ink, per cent


def press_pdf(pdf: bytes, settings: PressSettings, title: str, name: str = "the file") -> bytes:
    source = pikepdf.open(io.BytesIO(pdf))
    drop_invisible(source)
    black_text_on_k(source)
    black_areas_rich(source, settings.profile.data, settings.ink_limit)
    prepared = io.BytesIO()
    source.save(prepared)
    converted = pikepdf.open(io.BytesIO(to_cmyk(prepared.getvalue(), settings.profile.data,
                                                PDF_VERSIONS[settings.pdfx], name)))
    restore_boxes(source, converted)
    limit_ink(converted, settings.ink_limit)
    return mark_pdfx(converted, settings.profile, settings.pdfx, title)


def restore_boxes(source: pikepdf.Pdf, converted: pikepdf.Pdf) -> None:
    """Each page's boxes as the source gave them: Ghostscript rounds the MediaBox to two decimals
    but not the others (a BleedBox 0.005 pt outside its MediaBox, which a strict checker refuses).
    Ghostscript moves a page's origin to 0, 0; so do the boxes."""
    for before, after in zip(source.pages, converted.pages):
        media = [float(v) for v in before.mediabox]
        x0, y0 = media[0], media[1]

        def moved(box):
            return pikepdf.Array([round(float(v) - (x0 if i % 2 == 0 else y0), 4) for i, v in enumerate(box)])
        after.obj.MediaBox = moved(media)
        for name in ("/TrimBox", "/BleedBox"):
            if name in before.obj:
                after.obj[name] = moved(before.obj[name])
            elif name in after.obj:
                del after.obj[name]
        for name in ("/CropBox", "/ArtBox"):
            if name in after.obj:
                del after.obj[name]
