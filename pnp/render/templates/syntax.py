"""Where a Jinja syntax error is to be fixed. Jinja reports a block left open where it gave up
(the end of the file, or the closing tag of an outer block); the mistake is where the block
opens, so that is the line a designer is sent to."""

import difflib
import re

from jinja2 import Environment, TemplateSyntaxError
from jinja2.filters import FILTERS

from pnp.suggest import did_you_mean, listed

INNERMOST = re.compile(r"The innermost block that needs to be closed is '(\w+)'")
BLOCK_TAGS = {"for", "if", "macro", "call", "filter", "block", "with", "autoescape", "trans", "set"}
_LEXER = Environment()          # tokens only: the delimiters are Jinja's defaults, as in every layout


UNKNOWN_TAG = re.compile(r"Encountered unknown tag '(\w+)'")
MIDDLE_TAGS = {"if": ("elif", "else"), "for": ("else",)}     # tags a block may hold before its end
UNKNOWN_FILTER = re.compile(r"No filter named '([^']+)'")
PNP_FILTERS = ("rules",)
FUNCTIONS = {                   # what layouts and chapters call, not filter: how each is written
    "icon": "{{ icon('skull', '#1d3a4a') }} (an icon's name, its colour)",
    "fit": "{{ fit('text', 9, 7) }} (the box's data-fit name, the largest and smallest size in pt)",
    "card": '{{ card("DECK", "ID") }} (in a rulebook chapter)',
    "range": "{% for n in range(3) %}",
}


def _open_blocks(source: str, last_line: int, stop_tag: str | None) -> list[tuple[str, int]]:
    """The blocks still open, outermost first, as (tag, line): at the end of `last_line`, or at
    the tag `stop_tag` on that line, where Jinja gave up."""
    stack: list[tuple[str, int]] = []
    tokens = [token for token in _LEXER.lex(source) if token[1] != "whitespace"]
    for at, (line, kind, value) in enumerate(tokens):
        if line > last_line:
            break
        if kind != "block_begin" or at + 1 >= len(tokens) or tokens[at + 1][1] != "name":
            continue
        tag = tokens[at + 1][2]
        if line == last_line and tag == stop_tag:
            break
        if tag == "set":                # `{% set x = 1 %}` is a statement, `{% set x %}` a block
            if any(t[1] == "operator" and t[2] == "=" for t in _until_block_end(tokens[at + 2:])):
                continue
        if tag in BLOCK_TAGS:
            stack.append((tag, line))
        elif tag.startswith("end") and tag[3:] in BLOCK_TAGS:
            for index in range(len(stack) - 1, -1, -1):
                if stack[index][0] == tag[3:]:
                    del stack[index:]
                    break
    return stack


def _until_block_end(tokens):
    for token in tokens:
        if token[1] == "block_end":
            return
        yield token


def syntax_error_place(error: TemplateSyntaxError) -> tuple[int | None, str]:
    """(line, fix) for a syntax error: a block left open is sent to the line it opens at."""
    fix = "Close every {% ... %} block and {{ ... }} expression"
    unknown_filter = UNKNOWN_FILTER.search(error.message or "")
    if unknown_filter:
        return error.lineno, _filter_fix(unknown_filter.group(1))
    innermost = INNERMOST.search(error.message or "")
    if not innermost or not error.source or not error.lineno:
        return error.lineno, fix
    tag = innermost.group(1)
    try:
        unknown = UNKNOWN_TAG.search(error.message or "")
        open_blocks = _open_blocks(error.source, error.lineno, unknown.group(1) if unknown else None)
    except TemplateSyntaxError:
        return error.lineno, fix
    opened = [line for name, line in open_blocks if name == tag]
    if not opened:
        return error.lineno, fix
    known = BLOCK_TAGS | {f"end{name}" for name in BLOCK_TAGS} | {m for ms in MIDDLE_TAGS.values() for m in ms}
    misspelt = (unknown and unknown.group(1) not in known       # an outer block's end is no typo
                and difflib.get_close_matches(unknown.group(1), [f"end{tag}", *MIDDLE_TAGS.get(tag, ())], n=1))
    if misspelt:                        # `{% endfi %}`: the typo is the fault, at its own line
        return error.lineno, (f"Did you mean {{% {misspelt[0]} %}}? (for the {{% {tag} %}} that opens at line "
                              f"{opened[-1]})")
    return opened[-1], f"Close the {{% {tag} %}} that opens here with {{% end{tag} %}}"


def _filter_fix(name: str) -> str:
    if name in FUNCTIONS:
        return f"`{name}` is a function, not a filter: write {FUNCTIONS[name]}"
    filters = sorted(set(FILTERS) | set(PNP_FILTERS))
    return did_you_mean(name, filters, f"The filters are {listed(name, filters)}")
