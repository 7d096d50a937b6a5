"""Every start tag of an HTML layout marked with the layout line it comes from.

The layout checks (pnp/render/audit.py) report a fault at `FILE:LINE`; WeasyPrint's boxes
know their element, and the element knows its line through `data-pnp-at`. Tags inside Jinja
expressions or statements are left alone; the attribute adds no line, so Jinja's own line
numbers are unchanged.
"""

import re

JINJA_PART = re.compile(r"({{.*?}}|{%.*?%}|{#.*?#})", re.S)
START_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)(?=[\s/>])")
RAW_ELEMENTS = re.compile(r"<(style|script)\b.*?</\1\s*>", re.S | re.I)


def mark_source_lines(source: str, shown: str) -> str:
    """`source` with ` data-pnp-at="SHOWN:LINE"` after the name of each start tag."""
    out, line = [], 1
    for part in JINJA_PART.split(source):
        if part.startswith(("{{", "{%", "{#")):
            out.append(part)
            line += part.count("\n")
            continue
        out.append(_mark_text(part, shown, line))
        line += part.count("\n")
    return "".join(out)


def _mark_text(text: str, shown: str, first_line: int) -> str:
    raw = [(m.start(), m.end()) for m in RAW_ELEMENTS.finditer(text)]

    def mark(match: re.Match) -> str:
        if any(start < match.start() < end for start, end in raw):
            return match.group(0)
        line = first_line + text.count("\n", 0, match.start())
        return f'{match.group(0)} data-pnp-at="{shown}:{line}"'
    return START_TAG.sub(mark, text)
