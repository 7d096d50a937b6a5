import pytest
from jinja2.exceptions import SecurityError, UndefinedError

from pnp.render.templates import environment, rules_text
from tests.conftest import ROOT


def test_rules_text_escapes_and_puts_icons_inline():
    html = rules_text("Spend 4 {gall} <b>now</b>", {"gall": "flame"}, "#2f7fe0")
    assert "&lt;b&gt;now&lt;/b&gt;" in html
    assert '<img class="inline-icon" alt="gall" src="pnp-icon:flame/2f7fe0">' in html


def test_templates_autoescape_and_run_sandboxed():
    env = environment(ROOT / "layouts", {})
    assert env.from_string("{{ x }}").render(x="<script>") == "&lt;script&gt;"
    with pytest.raises((SecurityError, UndefinedError)):
        env.from_string("{{ x.__class__.__mro__[1].__subclasses__() }}").render(x="")
