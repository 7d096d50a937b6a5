"""The colours a page will print in, while a soft proof is made: a mapping of screen colours
(sRGB, 0-1) to their round trip through a press profile, set for the layout checks to read.

While it is set, the page cache is not read (the checks need each page laid out) and the
contrast checks run a second time on the printed colours (pnp/render/page_checks.py).
"""

from collections.abc import Callable
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

RGB = tuple[float, float, float]


@dataclass(frozen=True)
class PrintColours:
    printed: Callable[[RGB], RGB]          # a screen colour as the press prints it
    condition: str                         # the printing condition's name, for the findings' words


_print_colours: ContextVar = ContextVar("print_colours", default=None)


@contextmanager
def proofing(colours: PrintColours):
    token = _print_colours.set(colours)
    try:
        yield
    finally:
        _print_colours.reset(token)


def print_colours() -> PrintColours | None:
    return _print_colours.get()
