"""The page checks read colours as WeasyPrint computed them, in any CSS colour space and with
currentColor resolved, and no CSS value stops them (pnp/render/computed_colour.py)."""

import pytest
from hypothesis import given, settings, strategies as st
from tinycss2.color5 import parse_color

from pnp.render.computed_colour import NOTHING, rgba

SAME_RED = ["red", "#f00", "rgb(255 0 0)", "hsl(0 100% 50%)", "hwb(0 0% 0%)", "color(srgb 1 0 0)",
            "device-cmyk(0 1 1 0)", "lab(54.29% 80.8 69.89)", "oklch(62.8% 0.2577 29.23)"]


@pytest.mark.parametrize("written", SAME_RED)
def test_red_is_red_however_it_is_written(written):
    assert rgba(parse_color(written)) == pytest.approx((1, 0, 0, 1), abs=0.02)


def test_alpha_and_opacity_and_what_is_not_a_colour():
    assert rgba(parse_color("rgb(0 0 255 / 40%)"), 0.5) == pytest.approx((0, 0, 1, 0.2))
    assert rgba("currentcolor") == rgba(None) == rgba(object()) == NOTHING


# Elements the browser's own stylesheet draws with currentColor (borders, outlines, rules), and
# colour values of every kind, valid and not: read and audited, never a crash.
ELEMENTS = ["<hr>", "<fieldset><legend>x</legend>y</fieldset>", "<table border=1><tr><td>x</td></tr></table>",
            "<details open><summary>x</summary>y</details>", "<button>x</button>", "<input value=x>",
            "<abbr title=x>x</abbr>", "<mark>x</mark>", "<p>x</p>"]
VALUES = ["currentColor", "currentcolor", "transparent", "inherit", "initial", "unset", "revert", "red",
          "#12345678", "rgb(1 2 3 / 0.5)", "hsl(400 150% -20%)", "lab(120% 500 -500)", "lch(50% 300 720deg)",
          "oklab(2 1 1)", "oklch(0.5 0.4 -30)", "color(display-p3 2 -1 0.5)", "color(rec2020 1 1 1 / 0)",
          "color(xyz 0.5 0.5 0.5)", "color(prophoto-rgb 0 1 0)", "device-cmyk(0.1 0.2 0.3 0.4)",
          "color(--custom 1 2 3)", "Canvas", "CanvasText", "AccentColor", "var(--missing, currentColor)",
          "color-mix(in lab, red, blue)", "light-dark(red, blue)", "nonsense", "rgb(nan nan nan)"]
PROPERTIES = ["color", "background-color", "border-color", "outline-color", "border-top-color"]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(ELEMENTS), st.sampled_from(PROPERTIES), st.sampled_from(VALUES)),
                min_size=1, max_size=6))
def test_any_colour_on_any_element_is_read_and_audited(made):
    from weasyprint import HTML

    from pnp.render.audit import audit_page
    from pnp.render.page_boxes import read_page

    html = "<style>@page { size: 60mm 40mm } * { outline: 1px solid; border-width: 1px }</style>" + "".join(
        f'<div style="{prop}: {value}">{element}</div>' for element, prop, value in made)
    for page in HTML(string=html).render().pages:
        audit_page(read_page(page), set())
