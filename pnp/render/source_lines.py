"""Every start tag of an HTML layout marked with the layout line it comes from.

The layout checks (pnp/render/audit.py) report a fault at `FILE:LINE`; WeasyPrint's boxes
know their element, and the element knows its line through `data-pnp-at`. Only tags in the
HTML's own text are marked: never a `<` inside an attribute value, a comment, `<style>` or
`<script>`, or a Jinja expression, statement or `{% trans %}` block (those pass through whole,
and the HTML state carries across them). The attribute adds no line, so Jinja's line numbers are unchanged.
"""

import re

# A `{% trans %}` block passes whole too: its words, tags included, are the catalogue's msgid.
JINJA_PART = re.compile(r"({%-?\s*trans\b.*?{%-?\s*endtrans\s*-?%}|{{.*?}}|{%.*?%}|{#.*?#})", re.S)
TAG_NAME = re.compile(r"[a-zA-Z][a-zA-Z0-9-]*")
RAW_TEXT_ELEMENTS = ("style", "script")


class _Scanner:
    """Where the HTML stands between characters: in text, in a tag, in a quoted value..."""

    def __init__(self, shown: str, first_line: int):
        self.shown, self.line = shown, first_line
        self.state = "text"          # text, tag, quote, comment, raw
        self.quote = ""
        self.raw_end = ""
        self.out: list[str] = []

    def feed(self, text: str) -> None:
        index, length = 0, len(text)
        while index < length:
            char = text[index]
            if self.state == "text":
                if text.startswith("<!--", index):
                    self.state = "comment"
                    self.out.append("<!--")
                    index += 4
                    continue
                name = TAG_NAME.match(text, index + 1) if char == "<" else None
                if name and (name.end() == length or text[name.end()] in " \t\r\n/>"):
                    self.out.append(f'<{name.group(0)} data-pnp-at="{self.shown}:{self.line}"')
                    self.state = "tag"
                    if name.group(0).lower() in RAW_TEXT_ELEMENTS:
                        self.raw_end = f"</{name.group(0).lower()}"
                    index = name.end()
                    continue
            elif self.state == "tag":
                if char in "\"'":
                    self.state, self.quote = "quote", char
                elif char == ">":
                    self.state = "raw" if self.raw_end else "text"
            elif self.state == "quote":
                if char == self.quote:
                    self.state = "tag"
            elif self.state == "comment":
                if text.startswith("-->", index):
                    self.out.append("-->")
                    self.state = "text"
                    index += 3
                    continue
            elif self.state == "raw":
                if text[index:index + len(self.raw_end)].lower() == self.raw_end:
                    self.state, self.raw_end = "text", ""
            if char == "\n":
                self.line += 1
            self.out.append(char)
            index += 1

    def opaque(self, part: str) -> None:
        """A Jinja part: copied whole; its lines counted."""
        self.out.append(part)
        self.line += part.count("\n")


def mark_source_lines(source: str, shown: str, first_line: int = 1, jinja: bool = True) -> str:
    """`source` with ` data-pnp-at="SHOWN:LINE"` after the name of each start tag."""
    scanner = _Scanner(shown, first_line)
    for part in JINJA_PART.split(source) if jinja else (source,):
        if jinja and part.startswith(("{{", "{%", "{#")):
            scanner.opaque(part)
        else:
            scanner.feed(part)
    return "".join(scanner.out)
