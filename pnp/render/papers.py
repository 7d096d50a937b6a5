"""The papers pnp prints on: four named ones, or any WIDTHxHEIGHTmm.

A paper is known everywhere by its key: a name (`a4`) or the custom size written back in one
canonical form (`300x450mm`), which is also its output folder's name. Sizes are portrait,
width before height, in millimetres.
"""

import re

PAPERS_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0), "tabloid": (279.4, 431.8)}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter", "a3": "A3", "tabloid": "Tabloid (11 x 17 in)"}
HOME_PAPERS = ("a4", "letter")      # what home printers take: the download site offers these
HALF_PAPERS_MM = {"a5": (148.0, 210.0), "half-letter": (139.7, 215.9)}   # booklet pages
BOOKLET_PAGES = {"a4": "a5", "letter": "half-letter", "a3": "a4", "tabloid": "letter"}
CUSTOM_PAPER = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$", re.IGNORECASE)
SMALLEST_PAPER_MM = 200.0    # the sheets and forms are drawn for home papers (A4, Letter): no narrower
LARGEST_PAPER_MM = 1500.0    # beyond this a "paper" is a board: boards are tiled, not imposed
PAPER_HELP = ("a4, letter, a3, tabloid (11 x 17 in), or any WIDTHxHEIGHTmm from "
              f"{SMALLEST_PAPER_MM:g} to {LARGEST_PAPER_MM:g} mm a side (say 320x450mm; the mm may be left out, "
              "as in card sizes); any case")


class PaperError(ValueError):
    """A paper that is neither named nor a size pnp can print on."""


def paper_key(text: str) -> str:
    """The paper's key from what a user typed: `A4` -> `a4`, `320 x 450.0mm` -> `320x450mm`."""
    name = text.strip().lower()
    if name in PAPERS_MM:
        return name
    match = CUSTOM_PAPER.match(name)
    if not match:
        raise PaperError(f"{text!r} is not a paper: expected {PAPER_HELP}")
    width, height = (float(side) for side in match.groups())
    for side in (width, height):
        if not SMALLEST_PAPER_MM <= side <= LARGEST_PAPER_MM:
            raise PaperError(f"{text!r}: each side must be from {SMALLEST_PAPER_MM:g} to "
                             f"{LARGEST_PAPER_MM:g} mm, and {side:g} mm is not")
    return f"{width:g}x{height:g}mm"


def paper_size(key: str) -> tuple[float, float]:
    """Width and height in millimetres of a paper or booklet page key."""
    if key in PAPERS_MM:
        return PAPERS_MM[key]
    if key in HALF_PAPERS_MM:
        return HALF_PAPERS_MM[key]
    match = CUSTOM_PAPER.match(key)
    if not match:
        raise PaperError(f"unknown paper {key!r}: expected {PAPER_HELP}")
    width, height = (float(side) for side in match.groups())
    return width, height


def paper_name(key: str) -> str:
    """What the paper is called in tables and labels: `A4`, `320 x 450 mm`."""
    if key in PAPER_NAMES:
        return PAPER_NAMES[key]
    width, height = paper_size(key)
    return f"{width:g} x {height:g} mm"


def booklet_page(key: str) -> str:
    """The page a booklet prints two-up on the paper: half of it, turned."""
    if key in BOOKLET_PAGES:
        return BOOKLET_PAGES[key]
    width, height = paper_size(key)
    short, long = sorted((width, height))
    return f"{round(long / 2, 1):g}x{short:g}mm"
