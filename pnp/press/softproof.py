"""A soft proof: how a piece will print, on screen.

The screen colours (sRGB) go through the press profile as the export converts them (LittleCMS,
relative colorimetric with black-point compensation, then the rich black of black areas and the
ink limit) and back to sRGB, relative to the paper's white but without black-point compensation:
the press's darkest black shows as it prints (L* 12 to 17 on coated paper, where a screen's black
is 0), so that a loss of depth in the shadows shows. A colour the press cannot print (out of its gamut) comes back changed; the
change is measured as CIEDE2000 (ΔE00), the difference the eye sees: under 1 unseen, 2 to 3 seen
side by side, over 5 plain.
"""

import io
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from PIL import Image, ImageCms, ImageFilter

from pnp.press.ink import limited_pixels, rich_black_pixels
from pnp.press.profiles import PressProfile
from pnp.press.rich_black import RICH_BLACK_MAX_CHROMA, RICH_BLACK_MAX_LIGHTNESS

OUT_OF_GAMUT_DELTA_E = 5.0          # ΔE00 from which a pixel counts as printing plainly otherwise
LISTED_SHIFTS = 5                   # the colours that shift most, listed per piece
MIN_SHIFT_SHARE = 0.002             # of a piece's area: a colour smaller is not listed (anti-aliasing)
WHITE_POINT_D65 = (0.95047, 1.0, 1.08883)


@dataclass(frozen=True)
class ColourShift:
    screen: tuple[int, int, int]
    printed: tuple[int, int, int]
    delta_e: float
    share: float                    # of the piece's area


class SoftProof:
    """The round trip of one press profile, for images and single colours."""

    def __init__(self, profile: PressProfile, ink_limit: int):
        srgb = ImageCms.createProfile("sRGB")
        press = ImageCms.ImageCmsProfile(io.BytesIO(profile.data))
        flags = ImageCms.Flags.BLACKPOINTCOMPENSATION
        intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
        self.to_cmyk = ImageCms.buildTransform(srgb, press, "RGB", "CMYK", intent, flags=flags)
        self.to_screen = ImageCms.buildTransform(press, srgb, "CMYK", "RGB", intent)
        self.to_screen_scaled = ImageCms.buildTransform(press, srgb, "CMYK", "RGB", intent, flags=flags)
        self.limit = (ink_limit - 1.0) / 100
        self.condition = profile.description

    def separated(self, screen: Image.Image) -> Image.Image:
        """The CMYK the export prints for these screen colours (black areas a rich black, the
        limit applied; text, which the export prints on black ink alone, is not told apart)."""
        screen = screen.convert("RGB")
        cmyk = ImageCms.applyTransform(screen, self.to_cmyk)
        colours = lab(np.asarray(screen))
        black = ((colours[..., 0] <= RICH_BLACK_MAX_LIGHTNESS)
                 & (np.hypot(colours[..., 1], colours[..., 2]) <= RICH_BLACK_MAX_CHROMA))
        values = rich_black_pixels(np.asarray(cmyk, dtype=np.float64) / 255, black, self.limit)
        values = limited_pixels(values, self.limit)
        return Image.fromarray(np.clip(np.rint(values * 255), 0, 255).astype(np.uint8), mode="CMYK")

    def printed_image(self, screen: Image.Image) -> Image.Image:
        """How the paper shows it: its white the screen's white, its black the press's own."""
        return ImageCms.applyTransform(self.separated(screen), self.to_screen)

    def in_gamut_image(self, screen: Image.Image) -> Image.Image:
        """The colours through the profile and back with black-point compensation both ways: what
        still differs is a colour the press cannot reach (its gamut), not the depth of its black
        (nor the rich black pnp gives black areas)."""
        return ImageCms.applyTransform(ImageCms.applyTransform(screen.convert("RGB"), self.to_cmyk),
                                       self.to_screen_scaled)

    def printed_colour(self, rgb: tuple[float, float, float]) -> tuple[float, float, float]:
        return _printed_colour(self, tuple(round(max(0.0, min(1.0, c)) * 255) for c in rgb))


@lru_cache(maxsize=8192)
def _printed_colour(proof: SoftProof, rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    pixel = proof.printed_image(Image.new("RGB", (1, 1), rgb)).getpixel((0, 0))
    return tuple(channel / 255 for channel in pixel)


def lab(rgb: np.ndarray) -> np.ndarray:
    """CIE L*a*b* (D65) of sRGB values, 0-255, on the last axis."""
    c = rgb.astype(np.float32) / 255
    linear = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    matrix = np.array([[0.4124564, 0.3575761, 0.1804375],
                       [0.2126729, 0.7151522, 0.0721750],
                       [0.0193339, 0.1191920, 0.9503041]])
    xyz = linear @ matrix.T / np.array(WHITE_POINT_D65)
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def delta_e_2000(lab1: np.ndarray, lab2: np.ndarray) -> np.ndarray:
    """CIEDE2000 between two arrays of L*a*b* values (Sharma, Wu and Dalal's formulation)."""
    l1, a1, b1 = lab1[..., 0], lab1[..., 1], lab1[..., 2]
    l2, a2, b2 = lab2[..., 0], lab2[..., 1], lab2[..., 2]
    c_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_mean ** 7 / (c_mean ** 7 + 25.0 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    dh = h2p - h1p
    dh = np.where(dh > 180, dh - 360, np.where(dh < -180, dh + 360, dh))
    dh = np.where(c1p * c2p == 0, 0.0, dh)
    dhp = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    h_sum = h1p + h2p
    h_mean = np.where(c1p * c2p == 0, h_sum,
                      np.where(np.abs(h1p - h2p) <= 180, h_sum / 2,
                               np.where(h_sum < 360, (h_sum + 360) / 2, (h_sum - 360) / 2)))
    t = (1 - 0.17 * np.cos(np.radians(h_mean - 30)) + 0.24 * np.cos(np.radians(2 * h_mean))
         + 0.32 * np.cos(np.radians(3 * h_mean + 6)) - 0.20 * np.cos(np.radians(4 * h_mean - 63)))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / np.sqrt(20 + (l_mean - 50) ** 2)
    sc, sh = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    rt = (-2 * np.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25.0 ** 7))
          * np.sin(np.radians(60 * np.exp(-(((h_mean - 275) / 25) ** 2)))))
    return np.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhp / sh) ** 2 + rt * (dc / sc) * (dhp / sh))


def delta_e_map(screen: Image.Image, printed: Image.Image) -> np.ndarray:
    """ΔE00 at every pixel between the screen image and its print."""
    return delta_e_2000(lab(np.asarray(screen.convert("RGB"))), lab(np.asarray(printed.convert("RGB"))))


def largest_shifts(screen: Image.Image, printed: Image.Image, delta: np.ndarray) -> list[ColourShift]:
    """The screen colours that shift most in print (each colour's largest ΔE00), largest first,
    leaving out colours covering under MIN_SHIFT_SHARE of the piece (an edge's anti-aliasing)."""
    pixels = np.asarray(screen.convert("RGB")).reshape(-1, 3)
    after = np.asarray(printed.convert("RGB")).reshape(-1, 3)
    codes = (pixels[:, 0].astype(np.int64) << 16) | (pixels[:, 1].astype(np.int64) << 8) | pixels[:, 2]
    unique, first, counts = np.unique(codes, return_index=True, return_counts=True)
    shifts = []
    for code, index, count in zip(unique, first, counts):
        share = count / len(codes)
        if share < MIN_SHIFT_SHARE:
            continue
        shifts.append(ColourShift(tuple(int(v) for v in pixels[index]), tuple(int(v) for v in after[index]),
                                  float(delta.reshape(-1)[index]), float(share)))
    shifts.sort(key=lambda shift: (-shift.delta_e, shift.screen))
    return shifts[:LISTED_SHIFTS]


def gamut_outline(printed: Image.Image, delta: np.ndarray, colour=(255, 0, 255)) -> tuple[Image.Image, float]:
    """The printed image with each area whose `delta` (screen against SoftProof.in_gamut_image)
    is OUT_OF_GAMUT_DELTA_E or more outlined, and the share of the piece those areas cover."""
    mask = Image.fromarray(((delta >= OUT_OF_GAMUT_DELTA_E) * 255).astype(np.uint8), mode="L")
    share = float((delta >= OUT_OF_GAMUT_DELTA_E).mean())
    if share == 0:
        return printed.convert("RGB"), 0.0
    grown = mask.filter(ImageFilter.MaxFilter(5))
    inner = mask.filter(ImageFilter.MinFilter(3))
    edge = Image.fromarray(((np.asarray(grown) > 0) & ~(np.asarray(inner) > 0)).astype(np.uint8) * 255, mode="L")
    outlined = printed.convert("RGB").copy()
    outlined.paste(Image.new("RGB", outlined.size, colour), mask=edge)
    return outlined, share
