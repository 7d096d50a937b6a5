"""The press profiles a PDF/X export converts to: the two pnp ships, or a user's own ICC file.

A PDF/X file names its printing condition in its output intent: the condition's identifier (a
registered one, such as FOGRA39, when the profile characterises it), the profile itself embedded,
and a line saying what it is. pnp ships:

- `fogra39`: ISO Coated v2 300% (basICColor), the European offset standard (ISO 12647-2, coated
  paper, characterised as FOGRA39), zlib licence; packaged by Debian's scribus-data.
- `swop`: SWOP coated grade 5 (CGATS TR 005), the North American web offset standard, built by
  scripts/make_swop_profile.sh from the characterisation data of icc-profiles-free.

Both keep total ink at 300 %.
"""

import io
import stat
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from pnp.errors import CONTROL_CHARACTER, UsageError, readable

ICC_HEADER_BYTES = 128
ICC_SIGNATURE = b"acsp"
MAX_PROFILE_BYTES = 32 * 1024 * 1024
ICC_REGISTRY = "http://www.color.org"
MAX_DESCRIPTION_CHARS = 120


@dataclass(frozen=True)
class PressProfile:
    key: str                   # what --profile names it ("fogra39"), or the file's name
    data: bytes                # the ICC profile
    condition: str             # the output intent's OutputConditionIdentifier
    description: str           # the output intent's Info: what the condition is
    registry: str              # where the condition is registered ("" for a custom one)
    ink_limit: int             # the total ink the profile's conversions keep to, in per cent


def _shipped(name: str) -> bytes:
    return files("pnp.assets").joinpath("icc", name).read_bytes()


SHIPPED = {
    "fogra39": ("ISOcoated_v2_300_bas.icc", "FOGRA39",
                "Coated FOGRA39 (ISO 12647-2:2004), ISO Coated v2 300% (basICColor)"),
    "swop": ("SWOP_TR005_300.icc", "CGATS TR 005",
             "SWOP coated grade 5 (CGATS TR 005)"),
}
# Profiles print shops hand out, by words of their description, and the characterised printing
# condition each stands for (the ICC's registry of characterization data).
KNOWN_CONDITIONS = (
    ("pso coated v3", "FOGRA51"), ("pso uncoated v3", "FOGRA52"), ("coated fogra39", "FOGRA39"),
    ("iso coated v2", "FOGRA39"), ("uncoated fogra29", "FOGRA29"), ("iso uncoated", "FOGRA29"),
    ("u.s. web coated (swop) v2", "CGATS TR 001"), ("gracol2013", "CRPC6"), ("gracol 2013", "CRPC6"),
    ("swop2013", "CRPC5"), ("coated gracol 2006", "CGATS TR 006"), ("gracol2006_coated1", "CGATS TR 006"),
    ("japan color 2001 coated", "JC200103"),
)
SHIPPED_INK_LIMIT = 300
DEFAULT_INK_LIMIT = 300         # for a profile of the user's own, unless --ink-limit says otherwise


def press_profile(value: str, option: str = "--profile") -> PressProfile:
    """The profile `option` names: a shipped key, or the path of a CMYK output profile that
    LittleCMS can convert to and from (a file damaged past its header is refused here: Ghostscript
    would drop every colour it cannot convert and say nothing)."""
    key = value.lower()
    if key in SHIPPED:
        name, condition, description = SHIPPED[key]
        return PressProfile(key, _shipped(name), condition, description, ICC_REGISTRY, SHIPPED_INK_LIMIT)
    shown = readable(value) or "''"
    path = Path(value).expanduser()
    if path.suffix.lower() not in (".icc", ".icm"):
        raise UsageError(f"{option} {shown}: expected {' or '.join(SHIPPED)}, or the path of an "
                         f"ICC profile (.icc or .icm) your print shop gave you")
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):
            raise UsageError(f"{option} {shown}: not a file; give the path of the ICC profile file")
        if status.st_size > MAX_PROFILE_BYTES:
            raise UsageError(f"{option} {shown}: {status.st_size:,} bytes; an ICC profile "
                             f"is under {MAX_PROFILE_BYTES // 1024 // 1024} MB")
        data = path.read_bytes()
    except OSError as error:
        raise UsageError(f"{option} {shown}: cannot read it ({error.strerror or error}); "
                         f"give the path of the ICC profile file") from None
    problem = _not_a_press_profile(data) or _not_usable(data)
    if problem:
        raise UsageError(f"{option} {shown}: {problem}; give a CMYK output profile "
                         f"(the one your print shop names, such as PSO Coated v3 or GRACoL), "
                         f"or {' or '.join(SHIPPED)}")
    description = profile_description(data) or readable(path.stem, MAX_DESCRIPTION_CHARS)
    condition = registered_condition(description)
    return PressProfile(path.name, data, condition or "Custom", description, ICC_REGISTRY if condition else "", 0)


def _not_usable(data: bytes) -> str | None:
    """Why LittleCMS cannot convert sRGB to the profile and back, or None."""
    from PIL import ImageCms

    try:
        press = ImageCms.ImageCmsProfile(io.BytesIO(data))
        srgb = ImageCms.createProfile("sRGB")
        for intent in (ImageCms.Intent.RELATIVE_COLORIMETRIC, ImageCms.Intent.PERCEPTUAL):
            ImageCms.buildTransform(srgb, press, "RGB", "CMYK", intent)
        ImageCms.buildTransform(press, srgb, "CMYK", "RGB", ImageCms.Intent.RELATIVE_COLORIMETRIC)
    except (ImageCms.PyCMSError, OSError, ValueError, TypeError) as error:
        return f"a damaged or incomplete profile (LittleCMS cannot convert to it: {readable(error, 120)})"
    return None


def registered_condition(description: str) -> str | None:
    """The printing condition registered at the ICC that a profile's description names (a shop's
    checker matches the output intent's identifier against it), or None."""
    lowered = description.lower()
    return next((condition for words, condition in KNOWN_CONDITIONS if words in lowered), None)


def _not_a_press_profile(data: bytes) -> str | None:
    if len(data) < ICC_HEADER_BYTES or data[36:40] != ICC_SIGNATURE:
        return "not an ICC profile (its header lacks the 'acsp' signature)"
    if data[16:20] != b"CMYK":
        return f"a profile of {data[16:20].decode('latin-1').strip() or 'no'} colour, not CMYK"
    if data[12:16] != b"prtr":
        return f"a '{data[12:16].decode('latin-1')}' profile, not an output (printer) profile"
    return None


def profile_description(data: bytes) -> str:
    """The profile's own description (its 'desc' tag), as LittleCMS reads it, on one line without
    control characters and at most MAX_DESCRIPTION_CHARS long; '' when unreadable. It is printed
    in the export's README, its summary and the output intent."""
    from PIL import ImageCms

    try:
        text = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(data)))
    except (ImageCms.PyCMSError, OSError, ValueError):
        return ""
    return readable(CONTROL_CHARACTER.sub("", text), MAX_DESCRIPTION_CHARS)
