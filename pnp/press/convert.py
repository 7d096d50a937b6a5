"""A finished RGB PDF made ready for a press: what is drawn fully transparent taken out, black
text on the black plate, every colour
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


@dataclass(frozen=True)
class PressSettings:
    profile: PressProfile
    pdfx: str               # "1a" or "4"
    ink_limit: int          # total ink, per cent


def press_pdf(pdf: bytes, settings: PressSettings, title: str) -> bytes:
    source = pikepdf.open(io.BytesIO(pdf))
    drop_invisible(source)
    black_text_on_k(source)
    prepared = io.BytesIO()
    source.save(prepared)
    converted = pikepdf.open(io.BytesIO(to_cmyk(prepared.getvalue(), settings.profile.data,
                                                PDF_VERSIONS[settings.pdfx])))
    limit_ink(converted, settings.ink_limit)
    return mark_pdfx(converted, settings.profile, settings.pdfx, title)
