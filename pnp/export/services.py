"""What each print shop and virtual tabletop asks for: pixel sizes, bleed, sheet limits.

A deck whose trim is within SIZE_MATCH_MM of a product size is printed at that size (poker
63 x 88 mm cards become the shops' 2.5 x 3.5 in); any other deck keeps its own size.
"""

from dataclasses import dataclass

DPI = 300
MM_PER_INCH = 25.4
SIZE_MATCH_MM = 2.0
PRODUCT_SIZES_IN = {             # the card products the shops sell, portrait, in inches
    "poker": (2.5, 3.5),
    "bridge": (2.25, 3.5),
    "mini": (1.75, 2.5),
    "tarot": (2.75, 4.75),
    "square": (2.5, 2.5),
    "large square": (3.5, 3.5),
    "jumbo": (3.5, 5.75),
}


@dataclass(frozen=True)
class PressDefaults:
    """What a PDF/X export converts to unless told otherwise (--profile, --pdfx, --ink-limit)."""

    profile: str
    pdfx: str
    ink_limit: int | None          # None: the profile's own


@dataclass(frozen=True)
class Service:
    key: str
    name: str
    bleed_px: float                # at DPI, on each side of the trim
    images: bool                   # PNG per face (True) or one PDF per deck (False)
    upload: str                    # how to upload, for the export's README
    press: PressDefaults | None = None     # PDF/X in CMYK: the profile, version and ink limit by default


DTC_INK_LIMIT = 240        # DriveThru's print on demand: total ink at most 240 %

SERVICES = {
    "mpc": Service("mpc", "MakePlayingCards", 36, True,
                   "Choose the card size named in the manifest, upload the fronts in file order, "
                   "then the back (or each card's back), and set each front's quantity from the manifest."),
    "tgc": Service("tgc", "The Game Crafter", 37.5, True,
                   "Make a deck of the size named in the manifest, upload the fronts in file order and "
                   "the back, and set each card's quantity from the manifest."),
    "dtc": Service("dtc", "DriveThruCards", 37.5, False,
                   "Upload each deck's PDF as its print file: pages go back 1, front 1, back 2, "
                   "front 2 ..., one card per page with 1/8 in bleed.",
                   PressDefaults("swop", "1a", DTC_INK_LIMIT)),
    "press": Service("press", "an offset or digital press", 0, False,
                     "Send each PDF to the print shop with the manifest: a deck's file holds each piece "
                     "at its own size with its bleed, front then back (one-sided pieces: fronts only); "
                     "a board's file holds it at full size. Ask the shop for their die line of any "
                     "round or shaped piece.",
                     PressDefaults("fogra39", "1a", None)),
    "tts": Service("tts", "Tabletop Simulator", 0, True,
                   "Host the images where Tabletop Simulator can fetch them (or keep them on this disk), "
                   "then copy tts-saved-object.json into Tabletop Simulator's Saved Objects folder "
                   "and load it from Objects > Saved Objects."),
}

TTS_COLUMNS, TTS_ROWS = 10, 7           # the largest grid a Tabletop Simulator deck sheet holds
TTS_MIN_GRID = 2                        # its smallest: two by two
TTS_MAX_SIDE_PX = 4096


def product_size(width_mm: float, height_mm: float) -> tuple[str, float, float]:
    """The product a deck prints as, and its trim in inches: (name, width, height)."""
    for name, (width, height) in PRODUCT_SIZES_IN.items():
        for w, h in ((width, height), (height, width)):
            if (abs(w * MM_PER_INCH - width_mm) <= SIZE_MATCH_MM
                    and abs(h * MM_PER_INCH - height_mm) <= SIZE_MATCH_MM):
                return name, w, h
    return "custom", width_mm / MM_PER_INCH, height_mm / MM_PER_INCH
