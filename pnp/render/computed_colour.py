"""A colour as WeasyPrint computed it, in sRGB for the page checks (contrast, visibility).

WeasyPrint keeps each colour in the space CSS wrote it in (tinycss2's Color: sRGB, HSL, HWB,
Lab, LCh, Oklab, Oklch, XYZ, the wide-gamut RGBs, device-cmyk) and leaves `currentColor`
unresolved where the property allows it. Nothing here parses CSS: the colour is read from the
computed style (`computed_rgba`), converted as WeasyPrint draws it (sRGB spaces to RGB, Lab
spaces to Lab, then to sRGB by coloraide), and anything that is not a colour counts as none
painted, so that no CSS value can stop a check."""

from functools import lru_cache

NOTHING = (0.0, 0.0, 0.0, 0.0)
SRGB_SPACES = ("srgb", "hsl", "hwb")
# tinycss2's spaces, as coloraide names them (Lab and LCh are D50 in both)
COLORAIDE_SPACES = {"srgb-linear": "srgb-linear", "display-p3": "display-p3", "a98-rgb": "a98-rgb",
                    "prophoto-rgb": "prophoto-rgb", "rec2020": "rec2020", "xyz-d65": "xyz-d65",
                    "xyz-d50": "xyz-d50", "lab": "lab", "lch": "lch", "oklab": "oklab", "oklch": "oklch"}


def computed_rgba(style, key: str, opacity: float = 1.0) -> tuple[float, float, float, float]:
    """The style's colour `key` (say "border_top_color"), currentColor resolved, as sRGB red,
    green, blue (0 to 1) and alpha times `opacity`."""
    colour = style[key]
    if isinstance(colour, str) and colour.lower() == "currentcolor":
        colour = style["color"]
    return rgba(colour, opacity)


def rgba(colour, opacity: float = 1.0) -> tuple[float, float, float, float]:
    """A computed colour as sRGB and alpha; NOTHING for what is not one."""
    space = getattr(colour, "space", None)
    if space is None:
        return NOTHING
    try:
        alpha = float(colour.alpha)
        red, green, blue = _srgb(space, tuple(float(c or 0) for c in colour.coordinates))
    except (TypeError, ValueError, ArithmeticError):
        return NOTHING
    return red, green, blue, max(0.0, min(1.0, alpha)) * opacity


@lru_cache(maxsize=1024)
def _srgb(space: str, coordinates: tuple) -> tuple[float, float, float]:
    if space in SRGB_SPACES:
        from tinycss2.color5 import Color

        return tuple(_clip(c) for c in Color(space, coordinates, 1).to("srgb").coordinates)
    if space == "device-cmyk":
        cyan, magenta, yellow, black = (_clip(c) for c in coordinates[:4])
        return (1 - cyan) * (1 - black), (1 - magenta) * (1 - black), (1 - yellow) * (1 - black)
    if space in COLORAIDE_SPACES:
        from coloraide import Color

        return tuple(_clip(c) for c in Color(COLORAIDE_SPACES[space], list(coordinates)).convert("srgb").fit().coords())
    return (0.0, 0.0, 0.0)              # a colour of a profile of the document's own: drawn, lightness unknown


def _clip(value: float) -> float:
    return max(0.0, min(1.0, value)) if value == value else 0.0
