"""What card layouts call beyond Jinja's own: `icon(name, colour)` and the `rules` filter (text
with inline icons), both in the ink saver's colours when it is on."""

import re

from jinja2 import pass_context
from markupsafe import Markup, escape

from pnp.render.icons import icon_url
from pnp.render.colours import hex_rgb


INLINE_TOKEN = re.compile(r"\{([a-z-]+)\}")
WORD_THEN_TOKENS = re.compile(r"[^\s.!?:;]+ (?:\{[a-z-]+\})+[^\s{]*")     # "gain {star}{star}." kept on one line
LAST_WORDS_KEPT = 2             # a paragraph's last words kept on its last line: no runt
KEPT_TOGETHER = "nobreak"       # its white-space: nowrap is in cards-base.css, rulebook-base.css and site.css


def rules_text(text: str, inline_icons: dict[str, str], colour: str) -> Markup:
    """Escaped text in which each {token} becomes its icon, at text height on the baseline, kept on
    one line with the word before it and the punctuation after it: a line never starts with an
    icon alone ("gain" / "★."). A span, not a no-break space: WeasyPrint breaks a line far too early
    before a no-break space then an image in some fonts ("Draw" / "a card. ... gain ★.")."""
    def icon(match: re.Match) -> str:
        name = inline_icons.get(match.group(1))
        if name is None:                    # braces in a field that prints no icons: as written
            return match.group(0)
        return (f'<img class="inline-icon" alt="{match.group(1)}" '
                f'src="{icon_url(name, colour)}">')
    def together(words: str) -> str:
        return f'<span class="{KEPT_TOGETHER}">{words}</span>'

    def last_together(words: str) -> str:
        """Plain last words joined by no-break spaces: a span after words with elisions and commas
        makes WeasyPrint (Pango) break after the paragraph's first word ("Onze" / "colons, un
        matin d’hiver, ... qu’il" / "n’a jamais posé."); the span stays for an icon's words."""
        return together(words) if INLINE_TOKEN.search(words) else words.replace(" ", "\u00a0")

    paragraphs = []
    for paragraph in str(escape(text)).split("\n"):
        head, tail = _last_words(paragraph)
        paragraphs.append(WORD_THEN_TOKENS.sub(lambda match: together(match.group(0)), head)
                          + (last_together(tail) if tail else ""))
    return Markup(INLINE_TOKEN.sub(icon, "\n".join(paragraphs)))


def _last_words(paragraph: str) -> tuple[str, str]:
    """A paragraph parted before its last LAST_WORDS_KEPT words (kept on one line, so that its
    last line never holds one word alone), when it has more words than those."""
    words = paragraph.rstrip().rsplit(" ", LAST_WORDS_KEPT)
    if len(words) <= LAST_WORDS_KEPT or not all(words[-LAST_WORDS_KEPT:]):
        return paragraph, ""
    tail = " ".join(words[-LAST_WORDS_KEPT:])
    return paragraph.rstrip()[:-len(tail)], tail


COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
INK_SAVER_LIGHTNESS = 0.66      # every icon's lightness on the ink saver's white ground


def ink_saver_colour(colour: str) -> str:
    """An icon's colour on the ink saver's white ground: its hue and saturation kept, its
    lightness set to one middle value, so that dark art prints with about half its ink and a
    light icon drawn for a dark ground (cream on ink) still shows on white. Solid, no
    transparency: print shops' RIPs do not flatten it."""
    import colorsys

    red, green, blue = hex_rgb(colour)
    hue, _, saturation = colorsys.rgb_to_hls(red, green, blue)
    red, green, blue = colorsys.hls_to_rgb(hue, INK_SAVER_LIGHTNESS, saturation)
    return "#" + "".join(f"{round(value * 255):02x}" for value in (red, green, blue))


def ink(context, colour: str) -> str:
    game = context.get("game")
    return ink_saver_colour(colour) if getattr(game, "ink_saver", False) and COLOUR.match(colour) else colour


@pass_context
def layout_icon(context, name: str, colour: str, ink_saver_colour: str | None = None) -> str:
    """`icon(name, colour)` in a layout: the icon's URL, in the ink saver's colour when it is on.
    `ink_saver_colour`: the colour it keeps on the ink saver instead, for a symbol a player reads
    (an Attribute's icon), which the lightened art colour would leave too pale to read."""
    game = context.get("game")
    if ink_saver_colour is not None and getattr(game, "ink_saver", False):
        return icon_url(name, ink_saver_colour)
    return icon_url(name, ink(context, colour))
