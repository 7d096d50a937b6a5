"""Card images made to be measured: wherever a tool puts them and however it scales them, two
marks at known places on the art tell where the card's trim landed on the printed page.

Each image is the card with its bleed, at 300 dpi. A red square is centred FIDUCIAL_INSET_MM
inside the trim's top-left corner and a blue one as far inside its bottom-right corner;
nothing else on the art is pure red or blue (the painted shapes keep every channel between 70
and 200), so a page rasterised at any resolution shows where they are, and from them where
the trim is and how large (tests/pdf_measure.py: fiducial_trims).
"""

import random
from pathlib import Path

ART_DPI = 300
FIDUCIAL_INSET_MM = 6.0
FIDUCIAL_SIDE_MM = 2.5
RED, BLUE = (255, 0, 0), (0, 0, 255)


def pixels(mm: float) -> int:
    return round(mm / 25.4 * ART_DPI)


def card_image(number: int, trim_mm=(63.0, 88.0), bleed_mm: float = 3.0, back: bool = False):
    """One card's art as a PIL image: a painted face (or a plainer back) with its fiducials."""
    from PIL import Image, ImageDraw

    width, height = pixels(trim_mm[0] + 2 * bleed_mm), pixels(trim_mm[1] + 2 * bleed_mm)
    shade = random.Random(number * 7919 + back)
    ground = (150, 120, 90) if back else (shade.randrange(90, 200), shade.randrange(90, 200), 180)
    image = Image.new("RGB", (width, height), ground)
    draw = ImageDraw.Draw(image)
    for _ in range(12 if back else 40):
        x, y, r = shade.randrange(width), shade.randrange(height), shade.randrange(15, 110)
        colour = tuple(shade.randrange(70, 200) for _ in range(3))
        draw.ellipse([x - r, y - r, x + r, y + r], fill=colour)
    frame = pixels(bleed_mm + 2)
    draw.rectangle([frame, frame, width - frame, height - frame], outline=(200, 190, 160), width=pixels(1))
    draw.text((width // 2 - 10, height // 2), f"{'back' if back else number}", fill=(70, 70, 70))
    for (x0, y0, x1, y1), colour in zip(fiducial_blocks(trim_mm, bleed_mm), (RED, BLUE)):
        ring = pixels(1.5)
        draw.rectangle([x0 - ring, y0 - ring, x1 + ring - 1, y1 + ring - 1], fill=(255, 255, 255))
        draw.rectangle([x0, y0, x1 - 1, y1 - 1], fill=colour)
    return image


def image_size(trim_mm=(63.0, 88.0), bleed_mm: float = 3.0) -> tuple[int, int]:
    return pixels(trim_mm[0] + 2 * bleed_mm), pixels(trim_mm[1] + 2 * bleed_mm)


def fiducial_blocks(trim_mm=(63.0, 88.0), bleed_mm: float = 3.0) -> list[tuple[int, int, int, int]]:
    """The red and the blue square, in whole pixels (x0, y0, x1, y1; x1 and y1 excluded)."""
    side = pixels(FIDUCIAL_SIDE_MM)
    width, height = image_size(trim_mm, bleed_mm)
    near = pixels(bleed_mm + FIDUCIAL_INSET_MM) - side // 2
    far_x = width - pixels(bleed_mm + FIDUCIAL_INSET_MM) - side // 2
    far_y = height - pixels(bleed_mm + FIDUCIAL_INSET_MM) - side // 2
    return [(near, near, near + side, near + side), (far_x, far_y, far_x + side, far_y + side)]


def fiducial_fractions(trim_mm=(63.0, 88.0), bleed_mm: float = 3.0) -> list[tuple[float, float]]:
    """Where the two squares' centres are, as fractions of the image's width and height (from
    its top-left): a tool that scales the image to the card with its bleed puts them there."""
    width, height = image_size(trim_mm, bleed_mm)
    return [((x0 + x1) / 2 / width, (y0 + y1) / 2 / height) for x0, y0, x1, y1 in fiducial_blocks(trim_mm, bleed_mm)]


def write_cards(folder: Path, count: int, trim_mm=(63.0, 88.0), bleed_mm: float = 3.0,
                suffix: str = ".png") -> list[Path]:
    """count face images card1..cardN in folder; PNG, or JPEG at quality 92."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number in range(1, count + 1):
        path = folder / f"card{number}{suffix}"
        options = {"quality": 92} if suffix == ".jpg" else {"compress_level": 6}
        card_image(number, trim_mm, bleed_mm).save(path, dpi=(ART_DPI, ART_DPI), **options)
        paths.append(path)
    return paths


def write_back(path: Path, trim_mm=(63.0, 88.0), bleed_mm: float = 3.0) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    card_image(0, trim_mm, bleed_mm, back=True).save(path, dpi=(ART_DPI, ART_DPI))
    return path
