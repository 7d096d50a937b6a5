"""The sizes growing operations would make, known before they run.

A limit checked after the work is too late when the work is one call into C: `"%0999999999d" % 1`,
`"{:>999999999}".format(1)` or `s|replace("a", s)` allocate gigabytes before Python runs again.
So the filters and methods that can make a string or a list larger than their operands are
sized here, from their operands, and refused past MAX_TEMPLATE_STRING before they run."""

import re

from jinja2.filters import make_attrgetter

from pnp.limits import MAX_TEMPLATE_STRING
from pnp.render.templates.limit import length, text_size, whole


PRINTF_FIELD = re.compile(r"%(?:\([^)]*\))?[#0 +\-]*(\*|\d*)(?:\.(\*|\d*))?[hlL]?[diouxXeEfFgGcrsa%]")
SPEC_NUMBER = re.compile(r"\d+")


def printf_size(fmt, values) -> int:
    """At most how many characters `fmt % values` makes: the format, each width and precision
    it asks (a `*` takes any of the numbers given) and each text it inserts."""
    text = fmt.decode("latin-1") if isinstance(fmt, bytes) else str(fmt)
    given = list(values.values()) if isinstance(values, dict) else (
        list(values) if isinstance(values, tuple) else [values])
    size = len(text) + sum(text_size(value) for value in given)
    for width, precision in PRINTF_FIELD.findall(text):
        for asked in (width, precision):
            if asked == "*":
                size += sum(whole(value) for value in given if isinstance(value, int))
            elif asked:
                size += whole(asked)
    return size


def spec_size(spec: str) -> int:
    """The characters a `.format` field's spec may ask for (its widths and precisions)."""
    return sum(whole(number) for number in SPEC_NUMBER.findall(str(spec)))


def _replace_size(s, old, new, count=None) -> int:
    text, old, new = str(s), str(old), str(new)
    times = text.count(old) if old else len(text) + 1
    if isinstance(count, int) and count >= 0:
        times = min(times, count)
    return len(text) + times * max(len(new) - len(old), 0)


def _indent_size(s, width=4, first=False, blank=False) -> int:
    step = len(width) if isinstance(width, str) else whole(width)
    return len(str(s)) + (str(s).count("\n") + 2) * step


def _wordwrap_size(s, width=79, break_long_words=True, wrapstring=None, break_on_hyphens=True) -> int:
    text = str(s)
    breaks = len(text.split()) + text.count("\n") + len(text) // max(whole(width), 1)
    return len(text) + breaks * len(str(wrapstring if wrapstring is not None else "\n"))


def _center_size(value, width=80) -> int:
    return max(len(str(value)), whole(width))


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
    step = len(indent) if isinstance(indent, str) else whole(indent)
    items, depth = _json_shape(value)
    return items * (depth * step + 1)


def _format_size(value, *args, **kwargs) -> int:
    return printf_size(str(value), kwargs or args)


def _items_size(items, getter) -> int:
    return sum(text_size(getter(item)) for item in items)


def _join_size(environment, items, d="", attribute=None) -> int:
    getter = make_attrgetter(environment, attribute) if attribute is not None else (lambda item: item)
    return _items_size(items, getter) + len(str(d)) * max(len(items) - 1, 0)


def _sum_size(environment, items, attribute=None, start=0) -> int:
    if not isinstance(start, (list, tuple)):
        return 0
    getter = make_attrgetter(environment, attribute) if attribute is not None else (lambda item: item)
    return len(start) + sum(length(getter(item)) for item in items)


def _as_text_size(value, *args, **kwargs) -> int:
    return text_size(value)


FILTER_SIZES = {"format": _format_size, "replace": _replace_size, "indent": _indent_size,
                "wordwrap": _wordwrap_size, "center": _center_size, "urlize": _urlize_size,
                "tojson": lambda value, indent=None: _tojson_size(value, indent) + text_size(value),
                **{name: _as_text_size for name in ("string", "e", "escape", "forceescape", "pprint", "urlencode")}}
LIST_FILTER_SIZES = {"join": _join_size, "sum": _sum_size}     # these take the environment and a list


def method_size(method, args, kwargs) -> int:
    """What a call of a str, bytes or list method that can grow its object would make."""
    owner, name = getattr(method, "__self__", None), getattr(method, "__name__", "")
    if isinstance(owner, (str, bytes)):
        if name in ("center", "ljust", "rjust", "zfill") and args:
            return max(len(owner), whole(args[0]))
        if name == "expandtabs":
            tab = "\t" if isinstance(owner, str) else b"\t"
            return len(owner) + owner.count(tab) * whole(args[0] if args else kwargs.get("tabsize", 8))
        if name == "replace" and len(args) >= 2 and isinstance(args[0], (str, bytes)):
            old, new = args[0], args[1]
            times = owner.count(old) if old else len(owner) + 1
            return len(owner) + times * max(length(new) - len(old), 0)
        if name == "translate" and args and isinstance(args[0], dict):
            longest = max((length(value) for value in args[0].values()), default=1)
            return len(owner) * max(longest, 1)
        if name == "join" and args:
            return sum(length(item) for item in args[0]) + len(owner) * max(len(args[0]) - 1, 0)
    if isinstance(owner, list) and name == "extend" and args:
        return len(owner) + len(args[0])
    return 0


def materialised(method, args: tuple) -> tuple:
    """A join's or extend's argument as a list, so that it can be sized before the call."""
    owner, name = getattr(method, "__self__", None), getattr(method, "__name__", "")
    growing = (isinstance(owner, (str, bytes)) and name == "join") or (isinstance(owner, list) and name == "extend")
    if growing and args and not isinstance(args[0], (list, tuple, str, bytes)):
        return (list(args[0]), *args[1:])
    return args
