"""Colour arithmetic for the layout checks: WCAG contrast, and colour-blind distance.

Contrast follows WCAG 2.x (relative luminance of sRGB); the distance between two colours as a
colour-blind player sees them is CIEDE2000 after coloraide's simulation of deuteranopia,
protanopia and tritanopia (Brettel/Viénot at full severity).
"""

from functools import lru_cache

MIN_CONTRAST = 4.5
MIN_CONTRAST_LARGE = 3.0
LARGE_TEXT_PT = 18.0
LARGE_BOLD_TEXT_PT = 14.0
MIN_CUT_LINE_CONTRAST = 3.0
MIN_ICON_CONTRAST = 3.0               # WCAG 2.1, 1.4.11: graphics a player must see
MIN_COLOUR_BLIND_DELTA_E = 15.0
COLOUR_BLINDNESS = {"deuteranopia": "deutan", "protanopia": "protan", "tritanopia": "tritan"}

RGB = tuple[float, float, float]


def luminance(rgb: RGB) -> float:
    return _luminance(tuple(rgb[:3]))


@lru_cache(maxsize=4096)              # a page's few colours, read at every line of its text
def _luminance(rgb: RGB) -> float:
    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
    red, green, blue = (linear(c) for c in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: RGB, second: RGB) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def over(top: tuple[float, float, float, float], under: RGB) -> RGB:
    """A translucent colour composited over an opaque one."""
    alpha = top[3]
    return tuple(top[i] * alpha + under[i] * (1 - alpha) for i in range(3))


def needed_contrast(size_pt: float, bold: bool) -> float:
    large = size_pt >= LARGE_TEXT_PT or (bold and size_pt >= LARGE_BOLD_TEXT_PT)
    return MIN_CONTRAST_LARGE if large else MIN_CONTRAST


def hex_rgb(colour: str) -> RGB:
    """The sRGB channels, 0 to 1, of a colour written #rrggbb."""
    return tuple(int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4))


def hex_colour(rgb: RGB) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, c)) * 255):02x}" for c in rgb[:3])


def colour_blind_distances(first: str, second: str) -> dict[str, float]:
    """CIEDE2000 between two CSS colours as each kind of colour blindness shows them."""
    from coloraide import Color          # a tenth of a second to load: only the colour-blind check needs it

    one, two = Color(first), Color(second)
    return {name: one.clone().filter(kind).delta_e(two.clone().filter(kind), method="2000")
            for name, kind in COLOUR_BLINDNESS.items()}


def colour_blind_clashes(colours: dict[str, str], cues: dict[str, str]) -> list[tuple[str, str, str, float]]:
    """(first, second, kind, ΔE00) of each pair of coded colours a colour-blind player cannot
    tell apart (under MIN_COLOUR_BLIND_DELTA_E for some kind), unless each has its own cue."""
    clashes = []
    names = list(colours)
    for index, first in enumerate(names):
        for second in names[index + 1:]:
            if cues.get(first) and cues.get(second) and cues[first] != cues[second]:
                continue
            kind, worst = min(colour_blind_distances(colours[first], colours[second]).items(), key=lambda item: item[1])
            if worst < MIN_COLOUR_BLIND_DELTA_E:
                clashes.append((first, second, kind, worst))
    return clashes


def lightness_and_chroma(red: float, green: float, blue: float) -> tuple[float, float]:
    """CIE L* and C*ab (D65) of an sRGB colour (0-1), as the press passes tell near-blacks by."""
    return _lightness_and_chroma(round(red, 4), round(green, 4), round(blue, 4))


@lru_cache(maxsize=4096)
def _lightness_and_chroma(red: float, green: float, blue: float) -> tuple[float, float]:
    from coloraide import Color

    lightness, chroma, _ = Color("srgb", [red, green, blue]).convert("lch-d65").coords()
    return lightness, chroma
