from contextlib import contextmanager
from xml.etree import ElementTree

import pytest
import tinyhtml5
from tinyhtml5 import inputstream

from pnp.render.html_parser import _pattern, use_regex_cache

TRICKY = ('<p class="a&amp;b" title=\'x\'>one &lt; two<svg><style><img src=x onerror=y></style></svg>'
          '<!-- note --><table><td>cell</table><textarea>a<b</textarea><math><mi>x</mi></math>'
          '<script>if (a < b) {}</script><plaintext>&amp; <b>')
SETS = [(("&", "<", "\u0000"), False), (frozenset(" \t\n\r\x0c"), True), ("\u0000", False), (("'", "&", "\u0000"), False)]


@contextmanager
def library_own():
    """tinyhtml5's chars_until as the library ships it, with an empty cache."""
    use_regex_cache()
    stream = inputstream.HTMLUnicodeInputStream
    fixed, saved = stream.chars_until, dict(inputstream.characters_until_regex)
    stream.chars_until = fixed.__wrapped__
    inputstream.characters_until_regex.clear()
    try:
        yield
    finally:
        stream.chars_until = fixed
        inputstream.characters_until_regex.clear()
        inputstream.characters_until_regex.update(saved)


def _tree(html: str) -> bytes:
    return ElementTree.tostring(tinyhtml5.parse(html, namespace_html_elements=False))


@pytest.mark.parametrize("characters, opposite", SETS)
def test_each_regex_is_the_one_the_library_builds(characters, opposite):
    with library_own():
        inputstream.HTMLUnicodeInputStream("abc").chars_until(characters, opposite)
        (built,) = inputstream.characters_until_regex.values()
    assert _pattern(characters, opposite).pattern == built.pattern


def test_the_library_alone_never_finds_its_cached_regex():
    with library_own():
        _tree(TRICKY)
        assert all(not isinstance(characters, str | tuple | frozenset)
                   for characters, _ in inputstream.characters_until_regex)


def test_a_parse_reads_its_regexes_from_the_cache_and_builds_the_same_tree():
    with library_own():
        expected = _tree(TRICKY)
    use_regex_cache()
    _tree(TRICKY)
    cached = dict(inputstream.characters_until_regex)
    assert _tree(TRICKY) == expected
    assert inputstream.characters_until_regex == cached          # nothing built again
    assert any(isinstance(characters, tuple) for characters, _ in cached)
