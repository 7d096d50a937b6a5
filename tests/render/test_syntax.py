"""A block left open is reported where it opens, not where Jinja gave up (issue 28, item 6)."""

import pytest
from jinja2 import Environment, TemplateSyntaxError

from pnp.render.templates.syntax import syntax_error_place
from tests.conftest import run_pnp

CASES = {
    "an if open at the end of the file": ("a\n{% if x %}\nb\n\nc\n", 2, "if"),
    "an if open inside a for": ("{% for x in y %}\n{% if x %}\nq\n{% endfor %}\n", 2, "if"),
    "a for open after closed blocks": ("{% if a %}{% endif %}\n{% set b %}x{% endset %}{% set c = 1 %}\n"
                                       "{% for x in y %}\nq\n", 3, "for"),
    "two on one line": ("{% for a in b %}{% if c %}{% endfor %}", 1, "if"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_block_left_open_is_placed_where_it_opens(case):
    source, line, tag = CASES[case]
    with pytest.raises(TemplateSyntaxError) as raised:
        Environment().from_string(source)
    assert syntax_error_place(raised.value) == (line, f"Close the {{% {tag} %}} that opens here with {{% end{tag} %}}")


def test_other_syntax_errors_keep_jinja_s_line():
    with pytest.raises(TemplateSyntaxError) as raised:
        Environment().from_string("a\n{{ x + }}\n")
    assert syntax_error_place(raised.value)[0] == 2


def test_the_check_sends_the_designer_to_the_open_block(tiny):
    card = tiny.layouts / "tiny" / "card.html"
    lines = card.read_text().splitlines(keepends=True)
    lines.insert(6, "    {% if card.value > 5 %}\n")
    card.write_text("".join(lines))
    chapter = tiny.card_data / "tiny" / "rulebook" / "01-how-to-play.md"
    chapter.write_text(chapter.read_text() + "\n{% for line in [1] %}\nmore\n")
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    assert "layouts/tiny/card.html:7: (template syntax)" in result.output
    assert "01-how-to-play.md" not in result.output     # chapters are read once the layouts pass
    card.write_text(card.read_text().replace("    {% if card.value > 5 %}\n", ""))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    line = chapter.read_text().splitlines().index("{% for line in [1] %}") + 1
    assert f"01-how-to-play.md:{line}: (rulebook)" in result.output and "{% endfor %}" in result.output


def test_a_function_written_as_a_filter_is_shown_as_a_call():
    with pytest.raises(TemplateSyntaxError) as raised:
        Environment().from_string("a\n<img src=\"{{ 'skull' | icon }}\">\n")
    line, fix = syntax_error_place(raised.value)
    assert line == 2
    assert fix == "`icon` is a function, not a filter: write {{ icon('skull', '#1d3a4a') }} (an icon's name, its colour)"


def test_a_misspelt_filter_gets_the_closest_one():
    with pytest.raises(TemplateSyntaxError) as raised:
        Environment().from_string("{{ card.text | rule('#000000') }}")
    assert syntax_error_place(raised.value)[1] == "Did you mean 'rules'?"


@pytest.mark.parametrize("source, line, fix", [
    ("a\n{% if x %}\nb\n{% endfi %}\n", 4, "Did you mean {% endif %}? (for the {% if %} that opens at line 2)"),
    ("{% for x in y %}\n{% esle %}\nq\n{% endfor %}\n", 2, "Did you mean {% else %}? (for the {% for %} that opens at line 1)"),
])
def test_a_misspelt_closing_tag_is_placed_at_the_typo_with_the_tag_it_means(source, line, fix):
    with pytest.raises(TemplateSyntaxError) as raised:
        Environment().from_string(source)
    assert syntax_error_place(raised.value) == (line, fix)
