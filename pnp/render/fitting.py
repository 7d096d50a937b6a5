"""Text that must fit its box: measure the laid-out boxes, shrink, and fail past a floor.

A layout marks a box with `data-fit="NAME"` and sets its font size with `fit("NAME", base,
floor)`. After layout, a box whose content runs past its bottom or right edge overflows.
"""

import math
from dataclasses import dataclass, field

from pnp.render.box_tree import descendants

SHRINK_STEP_PT = 0.25
PX_PER_MM = 96 / 25.4
TOLERANCE_PX = 0.5


@dataclass
class FitState:
    """The font size chosen for each (card, box), and the base and floor the layout asked."""

    sizes: dict = field(default_factory=dict)
    limits: dict = field(default_factory=dict)

    def sizer(self, card: int):
        def fit(name: str, base: float, floor: float) -> str:
            base, floor = fit_sizes(name, base, floor)
            self.limits[(card, name)] = (base, floor)
            return f"{self.sizes.get((card, name), base):g}pt"
        return fit

    def shrink(self, card: int, name: str, ratio: float) -> bool:
        """Shrink one box in proportion to its overflow; False when already at its floor."""
        base, floor = self.limits[(card, name)]
        current = self.sizes.get((card, name), base)
        if current <= floor:
            return False
        wanted = current * math.sqrt(max(min(ratio, 0.995), 0.25))
        wanted = math.floor(wanted / SHRINK_STEP_PT) * SHRINK_STEP_PT
        self.sizes[(card, name)] = max(floor, min(wanted, current - SHRINK_STEP_PT))
        return True


def fit_sizes(name, base, floor) -> tuple[float, float]:
    """The base and floor a layout's `fit(name, base, floor)` asks, which must be sizes in
    points with 0 < floor <= base (the check and the build refuse the same calls)."""
    sizes = (base, floor)
    if not all(isinstance(size, (int, float)) and not isinstance(size, bool) and math.isfinite(size)
               for size in sizes) or not 0 < floor <= base:
        raise ValueError(f"fit() takes two sizes in points, a base then a floor, 0 < floor <= base; "
                         f"found {base!r} and {floor!r} for {name!r}")
    return float(base), float(floor)


def _fit_name(box) -> str | None:
    element = getattr(box, "element", None)
    if element is None or getattr(box, "element_tag", None) is None:
        return None
    return element.get("data-fit")


def _extent(box) -> tuple[float, float]:
    """The right and bottom edges reached by a box's descendants."""
    right, bottom = 0.0, 0.0
    for child in descendants(box):
        if hasattr(child, "position_x") and child.width is not None:
            right = max(right, child.position_x + child.margin_width())
            bottom = max(bottom, child.position_y + child.margin_height())
    return right, bottom


def _letters(text: str) -> str:
    return "".join(character for character in text if character.isalnum()).casefold()


def _laid_out_text(box) -> str:
    return "".join(child.text for child in descendants(box) if isinstance(getattr(child, "text", None), str))


def _text_lost(box) -> bool:
    """Whether the end of a fit box's text was never laid out: a box that reaches the page's
    foot is cut there, its last lines neither drawn nor overflowing (or sent to a page of their
    own), so the extent alone does not see them."""
    written = _letters("".join(box.element.itertext()))[-TAIL_LETTERS:]
    return bool(written) and written not in _letters(_laid_out_text(box))


TAIL_LETTERS = 8               # the last letters of a box's text that must be on its page
LOST_RATIO = 0.9               # a box whose end was lost shrinks by a step, like one that overflows


def overflows(page) -> list[tuple[str, float, tuple]]:
    """(box name, available/needed ratio, the box in mm from the trim's top-left corner) for each
    fit box on a laid-out page that overflows, or whose text ends off the page."""
    found = []
    stack = [page._page_box]
    while stack:
        box = stack.pop()
        name = _fit_name(box)
        if name and box.children:
            right, bottom = _extent(box)
            left, top = box.content_box_x(), box.content_box_y()
            ratios = []
            if bottom > top + box.height + TOLERANCE_PX:
                ratios.append(box.height / max(bottom - top, 1e-6))
            if right > left + box.width + TOLERANCE_PX:
                ratios.append(box.width / max(right - left, 1e-6))
            if not ratios and _text_lost(box):
                ratios.append(LOST_RATIO)
            if ratios:
                x, y = box.border_box_x(), box.border_box_y()
                rect = tuple(value / PX_PER_MM for value in (x, y, x + box.border_width(), y + box.border_height()))
                found.append((name, min(ratios), rect))
            continue
        stack.extend(getattr(box, "children", ()))
    return found
