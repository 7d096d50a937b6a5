"""Jinja in its sandbox, with autoescaping, the filters card layouts use, and limits.

Layouts and rulebook chapters come from whoever made the game folder, so they run with:
- files only from inside the project, read with no link followed (pnp/files.py);
- plain data only (`plain_view`): no object that leads to an environment, a loader or
  Python internals;
- limits (pnp/limits.py): the items `range()` may produce, the numbers a call or filter may
  take, the size of what one operation may make, the size of the output and the wall clock
  of one render.

A limit checked after the work is too late when the work is one call into C: `"%0999999999d" % 1`,
`"{:>999999999}".format(1)` or `s|replace("a", s)` allocate gigabytes before Python runs again.
So every operation that can make a string or a list larger than its operands (`*`, `+`, `~`,
`%`, `.format`, the growing filters and methods, a captured block) is sized BEFORE it runs,
from its operands, and refused past MAX_TEMPLATE_STRING; what gets past (a library's own
loop) meets the process's memory cap and the supervisor's clock (`pnp.contained.stage`).
The HTML a render makes is checked as the typesetter will meet it (`check_document`).
"""

import math
import re
import traceback
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from functools import lru_cache, update_wrapper, wraps
from pathlib import Path
from types import SimpleNamespace

from jinja2 import FileSystemLoader, StrictUndefined, TemplateNotFound, pass_context
from jinja2.compiler import CodeGenerator, optimizeconst
from jinja2.filters import make_attrgetter
from jinja2.sandbox import SandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter
from jinja2.utils import _PassArg
from markupsafe import Markup, escape
from pydantic import BaseModel

from pnp.clock import wall_clock
from pnp.contained import stage
from pnp.errors import DataError, PnpError, Problem
from pnp.files import read_text
from pnp.limits import (
    MAX_DOCUMENT_TEXT,
    MAX_HTML_DEPTH,
    MAX_HTML_ELEMENTS,
    MAX_RANGE_ITEMS,
    MAX_TEMPLATE_DIGITS,
    MAX_TEMPLATE_NUMBER,
    MAX_TEMPLATE_OUTPUT,
    MAX_TEMPLATE_STRING,
    TEMPLATE_SECONDS,
)
from pnp.render.icons import VOID_ELEMENTS, html_tags, icon_url, inline_svg_problem
from pnp.render.source_lines import mark_source_lines


INLINE_TOKEN = re.compile(r"\{([a-z-]+)\}")
MARK = re.compile(r'data-pnp-at="([^"]*):(\d+)"')
MARK_START = 'data-pnp-at="'
PRINTF_FIELD = re.compile(r"%(?:\([^)]*\))?[#0 +\-]*(\*|\d*)(?:\.(\*|\d*))?[hlL]?[diouxXeEfFgGcrsa%]")
SPEC_NUMBER = re.compile(r"\d+")
BITS_PER_DIGIT = math.log2(10)
_range_left: ContextVar = ContextVar("range_left", default=None)
_depth: ContextVar = ContextVar("render_depth", default=0)


STYLESHEET_EXPECTED = "a stylesheet the typesetter can finish"


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


def _refuse_size(what: str, size: int, unit: str = "characters") -> None:
    if size > MAX_TEMPLATE_STRING:
        raise TemplateLimit(f"{what} would make {size:,} {unit}, more than {MAX_TEMPLATE_STRING:,} "
                            "(MAX_TEMPLATE_STRING)")


def _unit(value) -> str:
    return "items" if isinstance(value, (list, tuple, dict)) else "characters"


def _size(value) -> int:
    return len(value) if isinstance(value, (str, bytes, list, tuple, dict)) else 0


def _text_size(value) -> int:
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


def _as_text(value):
    """Jinja's `finalize`: what `{{ value }}` prints, refused when its text would pass
    MAX_TEMPLATE_STRING (a string is already within the limit of the operation that made it)."""
    if not isinstance(value, str):
        _refuse_size("a `{{ }}` of a list or mapping", _text_size(value))
    return value


def _whole(number) -> int:
    """A width a template asked for, as a count (a number too long to read is past any limit)."""
    if isinstance(number, str):
        return int(number) if len(number) <= 9 else MAX_TEMPLATE_STRING + 1
    return abs(int(number)) if isinstance(number, (int, float)) and math.isfinite(number) else 0


# --- the HTML a render makes, as the typesetter will meet it --------------------------------------

TOO_MUCH_TEXT = f"more than {MAX_DOCUMENT_TEXT:,} characters of text in one document (MAX_DOCUMENT_TEXT)"
TOO_MANY_ELEMENTS = f"more than {MAX_HTML_ELEMENTS:,} elements in one document (MAX_HTML_ELEMENTS)"
TOO_DEEP = f"elements nested more than {MAX_HTML_DEPTH} deep (MAX_HTML_DEPTH)"


def _place(html: str, start: int, end: int, shown: str | None) -> tuple[str | None, int]:
    """The layout file and line of the tag at html[start:end] (its `data-pnp-at` mark, or the
    last mark before it); without one, `shown` and the line of the output."""
    mark = MARK.search(html, start, end)
    if mark is None:
        before = html.rfind(MARK_START, 0, start)
        mark = MARK.match(html, before) if before >= 0 else None
    if mark:
        return mark.group(1), int(mark.group(2))
    return shown, html.count("\n", 0, start) + 1


def _too_much(html: str, start: int, end: int, shown: str | None, message: str) -> TemplateLimit:
    file, line = _place(html, start, end, shown)
    return TemplateLimit(message, line, file)


def check_document(html: str, shown: str | None = None, root: Path | None = None) -> None:
    """Refuse HTML the typesetter would choke on, before it sees it: elements nested deeper
    than MAX_HTML_DEPTH, more than MAX_HTML_ELEMENTS elements, more than MAX_DOCUMENT_TEXT
    characters of text (their layout time grows faster than their count), an inline SVG or
    stylesheet the SVG and stylesheet checks refuse. The tags are read as the parser reads them
    (`html_tags`, one pass), and the refusal names the layout line the element comes from.
    `root`: the project, the base of the stylesheets the HTML links."""
    depth = elements = text = 0
    previous_end, raw = 0, False
    for tag in html_tags(html):
        text += 0 if raw else tag.start - previous_end
        previous_end, raw = tag.end, tag.raw_text
        if text > MAX_DOCUMENT_TEXT:
            raise _too_much(html, tag.start, tag.end, shown, TOO_MUCH_TEXT)
        if tag.closing:
            if tag.name not in VOID_ELEMENTS:
                depth = max(0, depth - 1)
            continue
        elements += 1
        if elements > MAX_HTML_ELEMENTS:
            raise _too_much(html, tag.start, tag.end, shown, TOO_MANY_ELEMENTS)
        depth += tag.opens
        if depth > MAX_HTML_DEPTH:
            raise _too_much(html, tag.start, tag.end, shown, TOO_DEEP)
    if not raw and text + len(html) - previous_end > MAX_DOCUMENT_TEXT:
        raise _too_much(html, previous_end, previous_end, shown, TOO_MUCH_TEXT)
    _check_inline_svg(html, shown)
    _check_stylesheets(html, shown, root)


STYLE_ELEMENT_START = re.compile(r"<style\b", re.I)
LINK_START = re.compile(r"<link\b", re.I)
SVG_START = re.compile(r"<svg\b", re.I)


def _svg_regions(html: str):
    """(start, end of its tag, end) of each outermost <svg> element (an unclosed one runs to
    the end, as the parser reads it)."""
    if not SVG_START.search(html):
        return
    depth, start = 0, None
    for tag in html_tags(html):
        if tag.name != "svg":
            continue
        if not tag.closing and not tag.self_closing:
            start = tag if depth == 0 else start
            depth += 1
        elif tag.closing and depth:
            depth -= 1
            if depth == 0:
                yield start.start, start.end, tag.end
    if depth:
        yield start.start, start.end, len(html)


def _check_inline_svg(html: str, shown: str | None) -> None:
    for start, tag_end, end in _svg_regions(html):
        problem = inline_svg_problem(html[start:end])
        if problem:
            raise _too_much(html, start, tag_end, shown, f"an inline <svg>: {problem}")


def _check_stylesheets(html: str, shown: str | None, root: Path | None) -> None:
    """The stylesheet check (pnp/render/layout_check.py) on the <style> elements of the HTML
    and, under `root`, the stylesheets it links."""
    if not (STYLE_ELEMENT_START.search(html) or (root is not None and LINK_START.search(html))):
        return
    from pnp.render.layout_check import document_sheets, stylesheet_faults

    for fault in stylesheet_faults(document_sheets(html, root), complete=root is not None):
        if fault.sheet.position is None:
            raise TemplateLimit(fault.message, fault.line, fault.sheet.shown, fault.fix, stylesheet=True)
        file, line = _place(html, fault.sheet.position, fault.sheet.tag_end, shown)
        raise TemplateLimit(fault.message, line + fault.line - 1, file, fault.fix, stylesheet=True)


# --- the sizes growing operations would make, known before they run --------------------------------

def _printf_size(fmt, values) -> int:
    """At most how many characters `fmt % values` makes: the format, each width and precision
    it asks (a `*` takes any of the numbers given) and each text it inserts."""
    text = fmt.decode("latin-1") if isinstance(fmt, bytes) else str(fmt)
    given = list(values.values()) if isinstance(values, dict) else (
        list(values) if isinstance(values, tuple) else [values])
    size = len(text) + sum(_text_size(value) for value in given)
    for width, precision in PRINTF_FIELD.findall(text):
        for asked in (width, precision):
            if asked == "*":
                size += sum(_whole(value) for value in given if isinstance(value, int))
            elif asked:
                size += _whole(asked)
    return size


def _spec_size(spec: str) -> int:
    """The characters a `.format` field's spec may ask for (its widths and precisions)."""
    return sum(_whole(number) for number in SPEC_NUMBER.findall(str(spec)))


def _replace_size(s, old, new, count=None) -> int:
    text, old, new = str(s), str(old), str(new)
    times = text.count(old) if old else len(text) + 1
    if isinstance(count, int) and count >= 0:
        times = min(times, count)
    return len(text) + times * max(len(new) - len(old), 0)


def _indent_size(s, width=4, first=False, blank=False) -> int:
    step = len(width) if isinstance(width, str) else _whole(width)
    return len(str(s)) + (str(s).count("\n") + 2) * step


def _wordwrap_size(s, width=79, break_long_words=True, wrapstring=None, break_on_hyphens=True) -> int:
    text = str(s)
    breaks = len(text.split()) + text.count("\n") + len(text) // max(_whole(width), 1)
    return len(text) + breaks * len(str(wrapstring if wrapstring is not None else "\n"))


def _center_size(value, width=80) -> int:
    return max(len(str(value)), _whole(width))


def _urlize_size(value, trim_url_limit=None, nofollow=False, target=None, rel=None, extra_schemes=None) -> int:
    text = str(value)
    return 3 * len(text) + (len(text.split()) + 1) * (len(str(target or "")) + len(str(rel or "")) + 64)


def _json_shape(value) -> tuple[int, int]:
    """(values, depth) of plain data, counted without recursion; stops past the limit (a list
    that holds itself never ends)."""
    items, depth, stack = 0, 0, [(value, 1)]
    while stack and items <= MAX_TEMPLATE_STRING:
        current, level = stack.pop()
        items += 1
        children = current.values() if isinstance(current, dict) else (
            current if isinstance(current, (list, tuple)) else ())
        if children:
            depth = max(depth, level)
            stack.extend((child, level + 1) for child in children)
    return items, depth


def _tojson_size(value, indent=None) -> int:
    if indent is None:
        return 0
    step = len(indent) if isinstance(indent, str) else _whole(indent)
    items, depth = _json_shape(value)
    return items * (depth * step + 1)


def _format_size(value, *args, **kwargs) -> int:
    return _printf_size(str(value), kwargs or args)


def _items_size(items, getter) -> int:
    return sum(_text_size(getter(item)) for item in items)


def _join_size(environment, items, d="", attribute=None) -> int:
    getter = make_attrgetter(environment, attribute) if attribute is not None else (lambda item: item)
    return _items_size(items, getter) + len(str(d)) * max(len(items) - 1, 0)


def _sum_size(environment, items, attribute=None, start=0) -> int:
    if not isinstance(start, (list, tuple)):
        return 0
    getter = make_attrgetter(environment, attribute) if attribute is not None else (lambda item: item)
    return len(start) + sum(_size(getter(item)) for item in items)


def _as_text_size(value, *args, **kwargs) -> int:
    return _text_size(value)


FILTER_SIZES = {"format": _format_size, "replace": _replace_size, "indent": _indent_size,
                "wordwrap": _wordwrap_size, "center": _center_size, "urlize": _urlize_size,
                "tojson": lambda value, indent=None: _tojson_size(value, indent) + _text_size(value),
                **{name: _as_text_size for name in ("string", "e", "escape", "forceescape", "pprint", "urlencode")}}
LIST_FILTER_SIZES = {"join": _join_size, "sum": _sum_size}     # these take the environment and a list


def _method_size(method, args, kwargs) -> int:
    """What a call of a str, bytes or list method that can grow its object would make."""
    owner, name = getattr(method, "__self__", None), getattr(method, "__name__", "")
    if isinstance(owner, (str, bytes)):
        if name in ("center", "ljust", "rjust", "zfill") and args:
            return max(len(owner), _whole(args[0]))
        if name == "expandtabs":
            tab = "\t" if isinstance(owner, str) else b"\t"
            return len(owner) + owner.count(tab) * _whole(args[0] if args else kwargs.get("tabsize", 8))
        if name == "replace" and len(args) >= 2 and isinstance(args[0], (str, bytes)):
            old, new = args[0], args[1]
            times = owner.count(old) if old else len(owner) + 1
            return len(owner) + times * max(_size(new) - len(old), 0)
        if name == "translate" and args and isinstance(args[0], dict):
            longest = max((_size(value) for value in args[0].values()), default=1)
            return len(owner) * max(longest, 1)
        if name == "join" and args:
            return sum(_size(item) for item in args[0]) + len(owner) * max(len(args[0]) - 1, 0)
    if isinstance(owner, list) and name == "extend" and args:
        return len(owner) + len(args[0])
    return 0


def _materialised(method, args: tuple) -> tuple:
    """A join's or extend's argument as a list, so that it can be sized before the call."""
    owner, name = getattr(method, "__self__", None), getattr(method, "__name__", "")
    growing = (isinstance(owner, (str, bytes)) and name == "join") or (isinstance(owner, list) and name == "extend")
    if growing and args and not isinstance(args[0], (list, tuple, str, bytes)):
        return (list(args[0]), *args[1:])
    return args


# --- the sandbox ----------------------------------------------------------------------------

class BoundedBuffer(list):
    """Where a macro, a captured block (`{% set x %}`) or a filter block collects its output:
    refused as soon as it holds more than MAX_TEMPLATE_STRING characters."""

    size = 0

    def append(self, part) -> None:
        self._grow(_size(part))
        super().append(part)

    def extend(self, parts) -> None:
        parts = tuple(parts)
        self._grow(sum(_size(part) for part in parts))
        super().extend(parts)

    def _grow(self, size: int) -> None:
        self.size += size
        _refuse_size("a macro or a block", self.size)


class LimitedCodeGenerator(CodeGenerator):
    """Jinja's compiler, with `~` sized before it joins and every buffer bounded."""

    def buffer(self, frame) -> None:
        frame.buffer = self.temporary_identifier()
        self.writeline(f"{frame.buffer} = environment.bounded_buffer()")

    @optimizeconst
    def visit_Concat(self, node, frame) -> None:
        if frame.eval_ctx.volatile:
            join = "(markup_join if context.eval_ctx.volatile else str_join)"
        elif frame.eval_ctx.autoescape:
            join = "markup_join"
        else:
            join = "str_join"
        self.write(f"{join}(environment.sized_parts((")
        for part in node.nodes:
            self.visit(part, frame)
            self.write(", ")
        self.write(")))")


class _SizedFields:
    """A `.format` formatter that sizes each field before formatting it (`{:>999999999}` is
    refused before Python allocates it)."""

    made = 0

    def vformat(self, format_string, args, kwargs):
        self.made = len(format_string)
        return super().vformat(format_string, args, kwargs)

    def format_field(self, value, format_spec):
        _refuse_size("a `.format`", self.made + _spec_size(format_spec) + _text_size(value))
        result = super().format_field(value, format_spec)
        self.made += len(result)
        return result


class SizedFormatter(_SizedFields, SandboxedFormatter):
    pass


class SizedEscapeFormatter(_SizedFields, SandboxedEscapeFormatter):
    pass


def rules_text(text: str, inline_icons: dict[str, str], colour: str) -> Markup:
    """Escaped text in which each {token} becomes its icon, at text height on the baseline."""
    def icon(match: re.Match) -> str:
        name = inline_icons[match.group(1)]
        return (f'<img class="inline-icon" alt="{match.group(1)}" '
                f'src="{icon_url(name, colour)}">')
    return Markup(INLINE_TOKEN.sub(icon, str(escape(text))))


COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
INK_SAVER_LIGHTNESS = 0.66      # every icon's lightness on the ink saver's white ground


def ink_saver_colour(colour: str) -> str:
    """An icon's colour on the ink saver's white ground: its hue and saturation kept, its
    lightness set to one middle value, so that dark art prints with about half its ink and a
    light icon drawn for a dark ground (cream on ink) still shows on white. Solid, no
    transparency: print shops' RIPs do not flatten it."""
    import colorsys

    red, green, blue = (int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4))
    hue, _, saturation = colorsys.rgb_to_hls(red, green, blue)
    red, green, blue = colorsys.hls_to_rgb(hue, INK_SAVER_LIGHTNESS, saturation)
    return "#" + "".join(f"{round(value * 255):02x}" for value in (red, green, blue))


def _ink(context, colour: str) -> str:
    game = context.get("game")
    return ink_saver_colour(colour) if getattr(game, "ink_saver", False) and COLOUR.match(colour) else colour


@pass_context
def _icon(context, name: str, colour: str) -> str:
    """`icon(name, colour)` in a layout: the icon's URL, in the ink saver's colour when it is on."""
    return icon_url(name, _ink(context, colour))


def plain_view(value):
    """Validated data as templates may see it: attributes, lists and scalars, nothing else."""
    if isinstance(value, BaseModel):
        fields = {name: plain_view(getattr(value, name)) for name in type(value).model_fields}
        fields.update({k: plain_view(v) for k, v in (value.model_extra or {}).items()})
        if "id" not in fields and hasattr(value, "id"):
            fields["id"] = value.id
        return SimpleNamespace(**fields)
    if isinstance(value, dict):
        return {key: plain_view(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_view(item) for item in value]
    return value


def deck_view(deck) -> SimpleNamespace:
    return SimpleNamespace(key=deck.key, title=deck.title, count=deck.count, width_mm=deck.width_mm,
                           height_mm=deck.height_mm, bleed_mm=deck.bleed_mm, shape=deck.shape,
                           per_card_back=deck.per_card_back, fold_lines_mm=list(deck.fold_lines_mm))


def game_view(game) -> SimpleNamespace:
    return SimpleNamespace(key=game.key, title=game.title, language=game.language, players=game.players,
                           play_time=game.play_time, pitch=game.pitch, ink_saver=getattr(game, "ink_saver", False))


def _numbers_allowed(values) -> None:
    for value in values:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) > MAX_TEMPLATE_NUMBER:
            raise TemplateLimit(f"a template passed {value}, more than {MAX_TEMPLATE_NUMBER:,} "
                                "(MAX_TEMPLATE_NUMBER)")


def _limited_range(*args):
    _numbers_allowed(args)
    items = range(*args)
    left = _range_left.get()
    if left is not None:
        if len(items) > left[0]:
            raise TemplateLimit(f"the template's loops ask for more than {MAX_RANGE_ITEMS:,} items "
                                "(MAX_RANGE_ITEMS)")
        left[0] -= len(items)
    return items


def _guarded_filter(name: str, function):
    """A filter that refuses numbers past MAX_TEMPLATE_NUMBER, is sized before it runs when it
    can grow its value, and whose result may not pass MAX_TEMPLATE_STRING."""
    passes = _PassArg.from_obj(function) is not None

    @wraps(function)
    def guarded(*args, **kwargs):
        first, (value, *rest) = (args[:1], args[1:]) if passes else ((), args)
        _numbers_allowed(rest + list(kwargs.values()))
        if name in LIST_FILTER_SIZES:
            value = value if isinstance(value, (list, tuple)) else list(value)
            environment = getattr(first[0], "environment", first[0])
            size = LIST_FILTER_SIZES[name](environment, value, *rest, **kwargs)
            _refuse_size(f"the filter `{name}`", size, "items" if name == "sum" else "characters")
        elif name in FILTER_SIZES:
            _refuse_size(f"the filter `{name}`", _text_size(value))
            _refuse_size(f"the filter `{name}`", FILTER_SIZES[name](value, *rest, **kwargs))
        result = function(*first, value, *rest, **kwargs)
        _refuse_size(f"the filter `{name}`", _size(result), _unit(result))
        return result
    return guarded


class ProjectLoader(FileSystemLoader):
    """Layouts from inside the project only, read with no link followed, sizes limited."""

    def __init__(self, layouts: Path, root: Path, mark_lines: bool = False):
        super().__init__(str(layouts))
        self.layouts, self.root, self.mark_lines = Path(layouts), Path(root), mark_lines

    def get_source(self, environment, template):
        path = self.layouts / template
        if ".." in Path(template).parts or not path.is_file():
            raise TemplateNotFound(template)
        text = read_text(path, f"layouts/{template}", self.root)
        data = text.encode("utf-8")
        if self.mark_lines and template.endswith(".html"):
            text = mark_source_lines(text, f"layouts/{template}")
        # A kept environment (pnp watch) recompiles a layout whose bytes changed, whatever its time.
        return text, str(path), lambda: path.is_file() and path.read_bytes().removeprefix(b"\xef\xbb\xbf") == data


class ProjectSandbox(SandboxedEnvironment):
    code_generator_class = LimitedCodeGenerator
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    @staticmethod
    def bounded_buffer() -> BoundedBuffer:
        return BoundedBuffer()

    @staticmethod
    def sized_parts(parts: tuple) -> tuple:
        """The operands of a `~`, refused when their join would pass MAX_TEMPLATE_STRING."""
        _refuse_size("a `~`", sum(_text_size(part) for part in parts))
        return parts

    @staticmethod
    def concat(parts) -> str:
        """Jinja's join of a buffer (already bounded) or of a whole render's output, which may
        not pass MAX_TEMPLATE_OUTPUT (`render` streams it itself)."""
        if isinstance(parts, list):
            return "".join(parts)
        return "".join(_within_output(parts))

    def call_binop(self, context, operator, left, right):
        if operator == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
            if abs(left) > 1 and right * math.log2(abs(left)) > math.log2(MAX_TEMPLATE_NUMBER) + 1:
                raise TemplateLimit(f"{left} ** {right} is more than {MAX_TEMPLATE_NUMBER:,} "
                                    "(MAX_TEMPLATE_NUMBER)")
        if operator == "*":
            self._check_product(left, right)
        sequences = (str, bytes, list, tuple)
        if operator == "+" and isinstance(left, sequences) and isinstance(right, sequences):
            _refuse_size("a `+`", _text_size(left) + _text_size(right))
        if operator == "%" and isinstance(left, (str, bytes)):
            _refuse_size("a `%`", _printf_size(left, right))
        result = super().call_binop(context, operator, left, right)
        _refuse_size(f"a `{operator}`", _size(result), _unit(result))
        return result

    @staticmethod
    def _check_product(left, right) -> None:
        for items, times in ((left, right), (right, left)):
            if isinstance(items, (str, bytes, list, tuple)) and isinstance(times, int):
                _refuse_size("a `*`", _text_size(items) * times)
        if isinstance(left, int) and isinstance(right, int):
            bits = abs(left).bit_length() + abs(right).bit_length()
            if bits > MAX_TEMPLATE_DIGITS * BITS_PER_DIGIT:
                raise TemplateLimit(f"a `*` would make a number of about {bits / BITS_PER_DIGIT:,.0f} digits, "
                                    f"more than {MAX_TEMPLATE_DIGITS:,} (MAX_TEMPLATE_DIGITS)")

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (Jinja's own signature)
        _numbers_allowed(list(args) + list(kwargs.values()))
        args = _materialised(__obj, args)
        what = f"a call of {getattr(__obj, '__name__', 'a function')}"
        _refuse_size(what, _method_size(__obj, args, kwargs), _unit(getattr(__obj, "__self__", None)))
        result = super().call(__context, __obj, *args, **kwargs)
        _refuse_size(what, _size(result), _unit(result))
        return result

    def wrap_str_format(self, value):
        """`str.format` and `format_map` as Jinja's sandbox runs them, each field sized first."""
        if getattr(value, "__name__", None) not in ("format", "format_map") or not isinstance(
                getattr(value, "__self__", None), str):
            return None
        text = value.__self__
        formatter = (SizedEscapeFormatter(self, escape=text.escape) if isinstance(text, Markup)
                     else SizedFormatter(self))
        is_map = value.__name__ == "format_map"

        def wrapper(*args, **kwargs):
            if is_map:
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument and no keywords")
                args, kwargs = (), args[0]
            return type(text)(formatter.vformat(text, args, kwargs))
        return update_wrapper(wrapper, value)


def environment(layouts, inline_icons: dict[str, str], trim: bool = True,
                mark_lines: bool = True) -> SandboxedEnvironment:
    """The sandbox layouts and rulebook sources run in, kept for the process so that each
    layout compiles once (until its bytes change). Markdown keeps its line breaks
    (`trim=False`); HTML layouts drop the blank lines around block tags. `mark_lines` tags
    each element with its layout line for the layout checks (off for the web site's pages)."""
    return _kept_environment(str(Path(layouts)), tuple(sorted(inline_icons.items())), trim, mark_lines)


@lru_cache(maxsize=16)
def _kept_environment(layouts: str, inline_icons: tuple, trim: bool, mark_lines: bool) -> SandboxedEnvironment:
    return new_environment(layouts, dict(inline_icons), trim, mark_lines)


def new_environment(layouts, inline_icons: dict[str, str], trim: bool = True,
                    mark_lines: bool = False) -> SandboxedEnvironment:
    """A sandbox of its own, for a caller that changes its globals."""
    layouts = Path(layouts)
    env = ProjectSandbox(loader=ProjectLoader(layouts, layouts.parent, mark_lines), autoescape=True,
                         undefined=StrictUndefined, trim_blocks=trim, lstrip_blocks=trim, finalize=_as_text)
    for name in ("lipsum", "cycler", "joiner"):
        env.globals.pop(name, None)
    env.globals["range"] = _limited_range
    env.globals["icon"] = _icon
    env.filters["rules"] = pass_context(lambda context, text, colour="#000000": rules_text(
        text, inline_icons, _ink(context, colour)))
    env.filters = {name: _guarded_filter(name, function) for name, function in env.filters.items()}
    return env


@contextmanager
def render_limits():
    """The range budget and the wall clock of one render (nested renders share the outer one)."""
    depth = _depth.get()
    depth_token = _depth.set(depth + 1)
    range_token = _range_left.set([MAX_RANGE_ITEMS]) if depth == 0 else None
    clock = (wall_clock(TEMPLATE_SECONDS, lambda: TemplateLimit(
        f"rendering took longer than {TEMPLATE_SECONDS} s (TEMPLATE_SECONDS)")) if depth == 0 else nullcontext())
    try:
        with clock:
            yield
    finally:
        if range_token is not None:
            _range_left.reset(range_token)
        _depth.reset(depth_token)


def _within_output(parts):
    """The parts of a render's output, refused as soon as they pass MAX_TEMPLATE_OUTPUT."""
    size = 0
    for part in parts:
        size += len(part)
        if size > MAX_TEMPLATE_OUTPUT:
            raise TemplateLimit(f"a render of more than {MAX_TEMPLATE_OUTPUT:,} characters (MAX_TEMPLATE_OUTPUT)")
        yield part


def shown_name(template) -> str:
    """How messages name a template: its layout file, or what it was made from."""
    return f"layouts/{template.name}" if template.name else "a template made from text"


def render(template, layout_file: str | None = None, **context) -> str:
    """A template rendered within the limits, under a clock the supervising process enforces
    (a C call the in-process clock cannot interrupt is killed with the process), its output
    checked as the typesetter will meet it. `layout_file` names a template made from text (a
    rulebook chapter) in messages."""
    shown = layout_file or shown_name(template)
    with stage(shown, "rendering the template", TEMPLATE_SECONDS, "TEMPLATE_SECONDS"), render_limits():
        generated = template.generate(**context)
        try:
            html = "".join(_within_output(generated))
        finally:
            generated.close()
        check_document(html, shown if template.name or layout_file else None,
                       getattr(template.environment.loader, "root", None))
    return html


def template_line(error: BaseException, folder: Path | None, pseudo: str | None = None) -> tuple[str | None, int | None]:
    """The layout file under `folder` and the line an error came from (a limit the output
    check met names them itself; Jinja keeps the others in the traceback); `pseudo` names a
    template made from a string (a rulebook chapter)."""
    if getattr(error, "file", None):
        return error.file, error.lineno
    folder = Path(folder).resolve() if folder is not None else None
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        if pseudo is not None and frame.filename == "<template>":
            return pseudo, frame.lineno
        path = Path(frame.filename)
        if (folder is not None and path.suffix in (".html", ".css", ".md", ".svg")
                and path.resolve().is_relative_to(folder)):
            return f"layouts/{path.resolve().relative_to(folder)}", frame.lineno
    lineno = getattr(error, "lineno", None)
    return (pseudo, lineno) if pseudo is not None else (None, lineno)


def limit_problem(error: Exception, layouts: Path, what: str) -> PnpError:
    """A template fault met while building (the check meets them first, with more words); an
    error already in the user's words (a DataError, a limit the operating system enforced)
    stays as it is."""
    if isinstance(error, PnpError):
        return error
    file, line = template_line(error, layouts)
    if isinstance(error, TemplateLimit):
        return DataError([error.problem(file or what, line, "a layout that renders within pnp's limits")])
    return DataError([Problem(file or what, line, "(layout)", "a layout that renders within pnp's limits",
                              f"{type(error).__name__}: {error}")])
