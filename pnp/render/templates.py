"""Jinja in its sandbox, with autoescaping, the filters card layouts use, and limits.

Layouts and rulebook chapters come from whoever made the game folder, so they run with:
- files only from inside the project (links followed, then checked);
- plain data only (`plain_view`): no object that leads to an environment, a loader or
  Python internals;
- limits (pnp/limits.py): the items `range()` may produce, the numbers a call or filter may
  take, the size of `*`, the size of the output and the wall clock of one render.
"""

import math
import re
import traceback
from contextlib import contextmanager, nullcontext
from contextvars import ContextVar
from functools import lru_cache, wraps
from pathlib import Path
from types import SimpleNamespace

from jinja2 import FileSystemLoader, StrictUndefined, TemplateNotFound, pass_context
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape
from pydantic import BaseModel

from pnp.clock import wall_clock
from pnp.errors import DataError, Problem
from pnp.files import read_text
from pnp.limits import (
    MAX_HTML_DEPTH,
    MAX_RANGE_ITEMS,
    MAX_TEMPLATE_NUMBER,
    MAX_TEMPLATE_OUTPUT,
    MAX_TEMPLATE_STRING,
    TEMPLATE_SECONDS,
)
from pnp.render.icons import icon_url
from pnp.render.source_lines import mark_source_lines

INLINE_TOKEN = re.compile(r"\{([a-z-]+)\}")
TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*?(/?)>")
VOID_ELEMENTS = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                           "source", "track", "wbr"})
_range_left: ContextVar = ContextVar("range_left", default=None)
_depth: ContextVar = ContextVar("render_depth", default=0)


class TemplateLimit(Exception):
    """A template asked for more than the limits allow (`lineno`: the output's line, if known)."""

    def __init__(self, message: str, lineno: int | None = None):
        super().__init__(message)
        self.lineno = lineno


def check_nesting(html: str) -> None:
    """Elements nested deeper than MAX_HTML_DEPTH would stall the typesetter: refuse them."""
    depth = 0
    for match in TAG.finditer(html):
        closing, name, self_closing = match.groups()
        if name.lower() in VOID_ELEMENTS or self_closing:
            continue
        depth = max(0, depth - 1) if closing else depth + 1
        if depth > MAX_HTML_DEPTH:
            raise TemplateLimit(f"elements nested more than {MAX_HTML_DEPTH} deep (MAX_HTML_DEPTH)",
                                html.count("\n", 0, match.start()) + 1)


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


def _guarded_filter(function):
    @wraps(function)
    def guarded(*args, **kwargs):
        _numbers_allowed(list(args[1:]) + list(kwargs.values()))
        return function(*args, **kwargs)
    return guarded


class ProjectLoader(FileSystemLoader):
    """Layouts from inside the project only, links followed then checked, sizes limited."""

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
    intercepted_binops = frozenset({"*", "**"})

    def call_binop(self, context, operator, left, right):
        if operator == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
            if abs(left) > 1 and right * math.log2(abs(left)) > math.log2(MAX_TEMPLATE_NUMBER) + 1:
                raise TemplateLimit(f"{left} ** {right} is more than {MAX_TEMPLATE_NUMBER:,} "
                                    "(MAX_TEMPLATE_NUMBER)")
        if operator == "*":
            for items, times in ((left, right), (right, left)):
                if isinstance(items, (str, list, tuple)) and isinstance(times, int):
                    if len(items) * times > MAX_TEMPLATE_STRING:
                        raise TemplateLimit(f"a `*` in the template would make {len(items) * times:,} items, "
                                            f"more than {MAX_TEMPLATE_STRING:,} (MAX_TEMPLATE_STRING)")
        return super().call_binop(context, operator, left, right)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (Jinja's own signature)
        _numbers_allowed(list(args) + list(kwargs.values()))
        return super().call(__context, __obj, *args, **kwargs)


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
                         undefined=StrictUndefined, trim_blocks=trim, lstrip_blocks=trim)
    for name in ("lipsum", "cycler", "joiner"):
        env.globals.pop(name, None)
    env.globals["range"] = _limited_range
    env.globals["icon"] = _icon
    env.filters["rules"] = pass_context(lambda context, text, colour="#000000": rules_text(
        text, inline_icons, _ink(context, colour)))
    env.filters = {name: _guarded_filter(function) for name, function in env.filters.items()}
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


def render(template, **context) -> str:
    """A template rendered within the limits; its output may not pass MAX_TEMPLATE_OUTPUT."""
    with render_limits():
        html = template.render(**context)
    if len(html) > MAX_TEMPLATE_OUTPUT:
        raise TemplateLimit(f"the template made {len(html):,} characters, more than {MAX_TEMPLATE_OUTPUT:,} "
                            "(MAX_TEMPLATE_OUTPUT)")
    check_nesting(html)
    return html


def template_line(error: BaseException, folder: Path | None, pseudo: str | None = None) -> tuple[str | None, int | None]:
    """The layout file under `folder` and the line an error came from (Jinja keeps them in the
    traceback); `pseudo` names a template made from a string (a rulebook chapter)."""
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


def limit_problem(error: Exception, layouts: Path, what: str) -> DataError:
    """A template fault met while building (the check meets them first, with more words)."""
    if isinstance(error, DataError):
        return error
    file, line = template_line(error, layouts)
    return DataError([Problem(file or what, line, "(layout)", "a layout that renders within pnp's limits",
                              f"{type(error).__name__}: {error}")])
