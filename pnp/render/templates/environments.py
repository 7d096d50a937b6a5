"""The sandbox layouts and rulebook sources run in: layouts read from inside the project only,
with no link followed (pnp/files.py), Jinja's filters guarded, `range` and `icon` of pnp's own."""

from functools import lru_cache, wraps
from pathlib import Path

from jinja2 import FileSystemLoader, StrictUndefined, TemplateNotFound, pass_context
from jinja2.sandbox import SandboxedEnvironment
from jinja2.utils import _PassArg

from pnp.files import read_text
from pnp.render.source_lines import mark_source_lines
from pnp.render.templates.compiled import CompiledTemplates
from pnp.render.templates.filters import ink, layout_icon, rules_text
from pnp.typography import line_ends_kept, signed
from pnp.render.templates.limit import (as_text, length, limited_range, numbers_allowed, refuse_size, text_size,
                                        unit_of)
from pnp.render.templates.sandbox import ProjectSandbox
from pnp.render.templates.sizes import FILTER_SIZES, LIST_FILTER_SIZES

DOCUMENT_TEMPLATE = "deck.html"     # the layout every deck's pages are set in, with the game's stylesheet


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


def _words(context):
    """The words of the language the game prints in, from its catalogue (None in its own)."""
    game = context.get("game")
    return getattr(game, "_words", None)


@pass_context
def printed_words(context, message: str) -> str:
    """`_("Words")` and `{% trans %}`: the words in the language printed."""
    words = _words(context)
    return words.gettext(message) if words is not None else message


@pass_context
def printed_plural(context, singular: str, plural: str, number: int) -> str:
    words = _words(context)
    if words is not None:
        return words.ngettext(singular, plural, number)
    return singular if number == 1 else plural


def _kept_together(function):
    """A gettext of the environment whose words, once their values are in, keep their last two
    together and its numbers with their words (pnp.typography.line_ends_kept): `_()` and
    `{% trans %}` alike."""
    @pass_context
    def words(context, *args, **kwargs):
        result = context.call(function, *args, **kwargs)
        return type(result)(line_ends_kept(str(result))) if isinstance(result, str) else result
    return words


def guarded_filter(name: str, function):
    """A filter that refuses numbers past MAX_TEMPLATE_NUMBER, is sized before it runs when it
    can grow its value, and whose result may not pass MAX_TEMPLATE_STRING."""
    passes = _PassArg.from_obj(function) is not None

    @wraps(function)
    def guarded(*args, **kwargs):
        first, (value, *rest) = (args[:1], args[1:]) if passes else ((), args)
        numbers_allowed(rest + list(kwargs.values()))
        if name in LIST_FILTER_SIZES:
            value = value if isinstance(value, (list, tuple)) else list(value)
            environment = getattr(first[0], "environment", first[0])
            size = LIST_FILTER_SIZES[name](environment, value, *rest, **kwargs)
            refuse_size(f"the filter `{name}`", size, "items" if name == "sum" else "characters")
        elif name in FILTER_SIZES:
            refuse_size(f"the filter `{name}`", text_size(value))
            refuse_size(f"the filter `{name}`", FILTER_SIZES[name](value, *rest, **kwargs))
        result = function(*first, value, *rest, **kwargs)
        refuse_size(f"the filter `{name}`", length(result), unit_of(result))
        return result
    return guarded


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
                         undefined=StrictUndefined, trim_blocks=trim, lstrip_blocks=trim, finalize=as_text,
                         extensions=["jinja2.ext.i18n"], bytecode_cache=CompiledTemplates(f"trim={trim}"))
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_callables(printed_words, printed_plural, newstyle=True)
    for name in ("gettext", "ngettext", "_"):
        if name in env.globals:
            env.globals[name] = _kept_together(env.globals[name])
    for name in ("lipsum", "cycler", "joiner"):
        env.globals.pop(name, None)
    env.globals["range"] = limited_range
    env.globals["icon"] = layout_icon
    env.filters["rules"] = pass_context(lambda context, text, colour="#000000": rules_text(
        text, inline_icons, ink(context, colour)))
    env.filters["signed"] = signed
    env.filters = {name: guarded_filter(name, function) for name, function in env.filters.items()}
    return env
