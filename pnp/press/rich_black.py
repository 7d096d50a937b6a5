"""Black areas printed as a rich black.

Through a press profile, a near-black ground (#17151d) becomes about C 76 M 69 Y 51 K 80: 277 %
of ink that prints no darker than black ink alone (L* 17.6 on FOGRA39, where black ink alone is
17.3). Under full black the same colour is a real black: C 62 M 56 Y 42 K 100, 260 %, L* 11.8,
nearer the screen's. So, before the conversion, a fill whose colour is a near-neutral near-black
(CIE L* at most 20, chroma at most 12) is given in DeviceCMYK as that rich black: the profile's
own separation of the colour (LittleCMS, as Ghostscript converts), black raised to 100 % and
cyan, magenta and yellow scaled to make RICH_BLACK_TOTAL in all (or the ink limit). A dark colour
with a hue of its own (a deep purple, #2a1630) keeps the profile's separation: under full black
it would lose its hue for little depth. Text is left to pnp.press.black_text (black ink alone).
"""

import io
from functools import lru_cache

import pikepdf

from pnp.press.ink import rich_black
from pnp.press.streams import numbers, rewrite_streams
from pnp.render.colours import lightness_and_chroma

RICH_BLACK_MAX_LIGHTNESS = 20.0     # CIE L*
RICH_BLACK_MAX_CHROMA = 12.0        # CIE C*ab


def is_black_area(red: float, green: float, blue: float) -> bool:
    lightness, chroma = lightness_and_chroma(red, green, blue)
    return lightness <= RICH_BLACK_MAX_LIGHTNESS and chroma <= RICH_BLACK_MAX_CHROMA


@lru_cache(maxsize=8)
def _separation(profile: bytes):
    from PIL import ImageCms

    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(io.BytesIO(profile)),
                                   "RGB", "CMYK", ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                   flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)


def rich_black_of(rgb: tuple[float, float, float], profile: bytes, limit: float) -> tuple[float, ...]:
    from PIL import Image, ImageCms

    pixel = Image.new("RGB", (1, 1), tuple(round(channel * 255) for channel in rgb))
    separated = ImageCms.applyTransform(pixel, _separation(profile)).getpixel((0, 0))
    return rich_black(*(ink / 255 for ink in separated), limit)


def black_areas_rich(pdf: pikepdf.Pdf, profile: bytes, limit_percent: float) -> None:
    """Every near-black RGB fill outside text given as its rich black in DeviceCMYK."""
    limit = (limit_percent - 1.0) / 100

    def rewrite(instructions: list, resources) -> list:
        out, changed, in_text = [], False, False
        for instruction in instructions:
            operator = str(getattr(instruction, "operator", ""))
            in_text = True if operator == "BT" else False if operator == "ET" else in_text
            if operator == "rg" and not in_text:
                values = numbers(instruction.operands)
                if len(values) == 3 and is_black_area(*values):
                    rich = [round(ink, 4) for ink in rich_black_of(tuple(values), profile, limit)]
                    instruction = pikepdf.ContentStreamInstruction(rich, pikepdf.Operator("k"))
                    changed = True
            out.append(instruction)
        return out if changed else instructions

    rewrite_streams(pdf, rewrite)
