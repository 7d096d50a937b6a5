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

from pnp.render.templates.document import check_document
from pnp.render.templates.environments import environment, new_environment
from pnp.render.templates.filters import INK_SAVER_LIGHTNESS, ink_saver_colour, rules_text
from pnp.render.templates.limit import TemplateLimit
from pnp.render.templates.rendering import limit_problem, render, shown_name, template_line
from pnp.render.templates.views import card_view, deck_view, game_view, plain_view, printed_card

__all__ = ["INK_SAVER_LIGHTNESS", "TemplateLimit", "card_view", "check_document", "deck_view", "environment", "game_view",
           "ink_saver_colour", "limit_problem", "new_environment", "plain_view", "printed_card", "render", "rules_text",
           "shown_name", "template_line"]
