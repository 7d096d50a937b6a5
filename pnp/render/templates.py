"""Jinja in its sandbox, with autoescaping and the filters card layouts use."""

import re

from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment
from markupsafe import Markup, escape

from pnp.render.icons import icon_url

INLINE_TOKEN = re.compile(r"\{([a-z-]+)\}")


def rules_text(text: str, inline_icons: dict[str, str], colour: str) -> Markup:
    """Escaped text in which each {token} becomes its icon, at text height on the baseline."""
    def icon(match: re.Match) -> str:
        name = inline_icons[match.group(1)]
        return (f'<img class="inline-icon" alt="{match.group(1)}" '
                f'src="{icon_url(name, colour)}">')
    return Markup(INLINE_TOKEN.sub(icon, str(escape(text))))


def environment(layouts, inline_icons: dict[str, str], trim: bool = True) -> SandboxedEnvironment:
    """The sandbox layouts and rulebook sources run in. Markdown keeps its line breaks
    (`trim=False`); HTML layouts drop the blank lines around block tags."""
    env = SandboxedEnvironment(loader=FileSystemLoader(str(layouts)), autoescape=True,
                               undefined=StrictUndefined, trim_blocks=trim, lstrip_blocks=trim)
    env.globals["icon"] = icon_url
    env.filters["rules"] = lambda text, colour="#000000": rules_text(text, inline_icons, colour)
    return env
