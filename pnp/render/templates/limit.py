"""The limits a template runs within (pnp/limits.py), and the refusal when one is passed: the
items `range()` may produce, the numbers a call or filter may take, the size of what one
operation may make, the size of the output and the wall clock of one render."""

import math
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from types import SimpleNamespace

from pnp.clock import wall_clock
from pnp.errors import Problem
from pnp.limits import (MAX_RANGE_ITEMS, MAX_TEMPLATE_NUMBER, MAX_TEMPLATE_OUTPUT, MAX_TEMPLATE_STRING,
                        TEMPLATE_SECONDS)
from pnp.render.stylesheet_check import STYLESHEET_EXPECTED


range_left: ContextVar = ContextVar("range_left", default=None)
_depth: ContextVar = ContextVar("render_depth", default=0)


class TemplateLimit(Exception):
    """A template asked for more than the limits allow. `file` and `lineno` name the layout
    line when the check knows it (a fault met inside a template is placed by its traceback);
    `fix` says what to do, when the limit's name does not; `stylesheet`: the fault is in CSS."""

    def __init__(self, message: str, lineno: int | None = None, file: str | None = None, fix: str = "",
                 stylesheet: bool = False):
        super().__init__(message)
        self.lineno = lineno
        self.file = file
        self.fix = fix
        self.stylesheet = stylesheet

    def problem(self, file: str | None, line: int | None, expected: str, met: str = "") -> Problem:
        """The limit as a Problem: a stylesheet's fault in the stylesheet check's words (so that
        the check and the build report it alike, once), any other at `file`:`line`."""
        if self.stylesheet:
            return Problem(file, line, "(stylesheet)", STYLESHEET_EXPECTED, str(self), self.fix)
        fix = ". ".join(part for part in (self.fix, met) if part)
        return Problem(file, line, "(limit)", expected, str(self), fix)


def refuse_size(what: str, size: int, unit: str = "characters") -> None:
    if size > MAX_TEMPLATE_STRING:
        raise TemplateLimit(f"{what} would make {size:,} {unit}, more than {MAX_TEMPLATE_STRING:,} "
                            "(MAX_TEMPLATE_STRING)")


def unit_of(value) -> str:
    return "items" if isinstance(value, (list, tuple, dict)) else "characters"


def length(value) -> int:
    return len(value) if isinstance(value, (str, bytes, list, tuple, dict)) else 0


def text_size(value) -> int:
    """About how many characters `value` takes as text, counted without making the text: its
    strings, and the items of the lists, mappings and plain objects it holds (a list of a
    million references to one long string is small in memory and huge as text). Counting
    stops past MAX_TEMPLATE_STRING."""
    total, waiting = 0, [value]
    while waiting and total <= MAX_TEMPLATE_STRING:
        item = waiting.pop()
        if isinstance(item, (str, bytes)):
            total += len(item)
        elif isinstance(item, dict):
            total += len(item)
            waiting += [*item.keys(), *item.values()]
        elif isinstance(item, (list, tuple, set, frozenset)):
            total += len(item)
            waiting += item
        elif isinstance(item, SimpleNamespace):
            waiting += vars(item).values()
        elif isinstance(item, int):
            total += item.bit_length() // 3 + 2
        else:
            total += 24
    return total


def as_text(value):
    """Jinja's `finalize`: what `{{ value }}` prints, refused when its text would pass
    MAX_TEMPLATE_STRING (a string is already within the limit of the operation that made it).
    An optional field a card leaves out prints nothing, never "None"."""
    if value is None:
        return ""
    if not isinstance(value, str):
        refuse_size("a `{{ }}` of a list or mapping", text_size(value))
    return value


def whole(number) -> int:
    """A width a template asked for, as a count (a number too long to read is past any limit)."""
    if isinstance(number, str):
        return int(number) if len(number) <= 9 else MAX_TEMPLATE_STRING + 1
    return abs(int(number)) if isinstance(number, (int, float)) and math.isfinite(number) else 0


def numbers_allowed(values) -> None:
    for value in values:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) > MAX_TEMPLATE_NUMBER:
            raise TemplateLimit(f"a template passed {value}, more than {MAX_TEMPLATE_NUMBER:,} "
                                "(MAX_TEMPLATE_NUMBER)")


def limited_range(*args):
    numbers_allowed(args)
    items = range(*args)
    left = range_left.get()
    if left is not None:
        if len(items) > left[0]:
            raise TemplateLimit(f"the template's loops ask for more than {MAX_RANGE_ITEMS:,} items "
                                "(MAX_RANGE_ITEMS)")
        left[0] -= len(items)
    return items


def within_output(parts):
    """The parts of a render's output, refused as soon as they pass MAX_TEMPLATE_OUTPUT."""
    size = 0
    for part in parts:
        size += len(part)
        if size > MAX_TEMPLATE_OUTPUT:
            raise TemplateLimit(f"a render of more than {MAX_TEMPLATE_OUTPUT:,} characters (MAX_TEMPLATE_OUTPUT)")
        yield part


@contextmanager
def render_limits():
    """The range budget and the wall clock of one render (nested renders share the outer one)."""
    depth = _depth.get()
    depth_token = _depth.set(depth + 1)
    range_token = range_left.set([MAX_RANGE_ITEMS]) if depth == 0 else None
    clock = (wall_clock(TEMPLATE_SECONDS, lambda: TemplateLimit(
        f"rendering took longer than {TEMPLATE_SECONDS} s (TEMPLATE_SECONDS)")) if depth == 0 else nullcontext())
    try:
        with clock:
            yield
    finally:
        if range_token is not None:
            range_left.reset(range_token)
        _depth.reset(depth_token)
