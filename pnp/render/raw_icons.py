"""A text field with inline icons printed without the `rules` filter shows `{skull}` on the
card: the check finds the token in the page it renders and names the layout line."""

import re

from pnp.errors import Problem
from pnp.render.templates.filters import INLINE_TOKEN


def _printing_line(source: str, field: str) -> int | None:
    """The first line of the layout that prints `card.FIELD` in `{{ }}` without `rules`."""
    printed = re.compile(r"\{\{[^}]*\bcard\." + re.escape(field) + r"\b[^}]*\}\}")
    for number, line in enumerate(source.splitlines(), 1):
        if any("rules" not in found.group(0) for found in printed.finditer(line)):
            return number
    return None


def raw_icon_problems(source: str, layout: str, html: str, card, text_fields: tuple, inline_icons: dict,
                      where: str) -> list[Problem]:
    """The text fields of `card` whose inline icons reach the page as `{token}` text."""
    problems = []
    for field in text_fields:
        value = getattr(card, field, None)
        tokens = {token for token in INLINE_TOKEN.findall(str(value or "")) if token in inline_icons}
        shown = sorted(token for token in tokens if "{" + token + "}" in html)
        if shown:
            problems.append(Problem(f"layouts/{layout}", _printing_line(source, field), f"card.{field}",
                                    "text with inline icons printed through the `rules` filter, which draws them",
                                    f"{{{shown[0]}}} printed as text (rendering {where})",
                                    f"Print it as {{{{ card.{field} | rules('#000000') }}}} (the icons' colour)"))
    return problems
