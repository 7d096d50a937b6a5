"""What card layouts call beyond Jinja's own: `icon(name, colour)` and the `rules` filter (text
with inline icons), both in the ink saver's colours when it is on."""

import re

from jinja2 import pass_context
from markupsafe import Markup, escape

from pnp.render.icons import icon_url
from pnp.render.colours import hex_rgb


INLINE_TOKEN = re.compile(r"\{([a-z-]+)\}")
WORD_THEN_TOKENS = re.compile(r"[^\s.!?:;]+ (?:\{[a-z-]+\})+[^\s{]*")     # "gain {star}{star}." kept on one line
KEPT_TOGETHER = "nobreak"       # its white-space: nowrap is in cards-base.css, rulebook-base.css and site.css


def rules_text(text: str, inline_icons: dict[str, str], colour: str) -> Markup:
    """Escaped text in which each {token} becomes its icon, at text height on the baseline, kept on
    one line with the word before it and the punctuation after it: a line never starts with an
    icon alone ("gain" / "★."). A span, not a no-break space: WeasyPrint breaks a line far too early
    before a no-break space then an image in some fonts ("Draw" / "a card. ... gain ★.")."""
    def icon(match: re.Match) -> str:
        name = inline_icons[match.group(1)]
        return (f'<img class="inline-icon" alt="{match.group(1)}" '
                f'src="{icon_url(name, colour)}">')
    bound = WORD_THEN_TOKENS.sub(lambda match: f'<span class="{KEPT_TOGETHER}">{match.group(0)}</span>',
                                 str(escape(text)))
    return Markup(INLINE_TOKEN.sub(icon, bound))


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
def layout_icon(context, name: str, colour: str) -> str:
    """`icon(name, colour)` in a layout: the icon's URL, in the ink saver's colour when it is on."""
    return icon_url(name, ink(context, colour))
