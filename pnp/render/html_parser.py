"""tinyhtml5 (WeasyPrint's HTML parser, and pnp's for the active-content scan) with its regex
cache working.

tinyhtml5 2.1's `chars_until` keeps the regex it builds for a set of characters in a dict, but
stores it under (the regex, opposite) instead of (the characters, opposite): the chained
assignment rebinds `characters` before the key is formed, so every call misses and builds its
regex again. That is most of the parser's time: the rulebook's 230 KB of HTML took 0.17 s to
parse, 0.06 s with the cache filled. `use_regex_cache` puts each set's regex where the
library looks for it, before the library's own code runs; the parse itself is the library's.
"""

import re
from functools import wraps

_installed = False


def _pattern(characters, opposite: bool):
    """The regex tinyhtml5 builds for `characters`, the same expression its own code forms."""
    body = "".join(f"\\x{ord(character):02x}" for character in characters)
    return re.compile(f"[{body if opposite else '^' + body}]+")


def use_regex_cache() -> None:
    """Have every later parse find its regexes in tinyhtml5's cache (once a process)."""
    global _installed
    if _installed:
        return
    from tinyhtml5 import inputstream

    cache = inputstream.characters_until_regex
    stream = inputstream.HTMLUnicodeInputStream
    library_chars_until = stream.chars_until

    @wraps(library_chars_until)
    def chars_until(self, characters, opposite=False):
        key = (characters, opposite)
        if key not in cache:
            cache[key] = _pattern(characters, opposite)
        return library_chars_until(self, characters, opposite)

    stream.chars_until = chars_until
    _installed = True


def parse_html(html: str):
    """The element tree a browser's parser builds of `html` (tinyhtml5, WeasyPrint's own: foreign
    content, stray end tags and all), tags without their namespace."""
    import tinyhtml5

    use_regex_cache()
    return tinyhtml5.parse(html, namespace_html_elements=False)
