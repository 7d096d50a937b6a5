import pytest
from jinja2.exceptions import SecurityError, UndefinedError

from pnp.render.templates import environment, rules_text
from tests.conftest import ROOT


def test_rules_text_escapes_and_puts_icons_inline():
    html = rules_text("Spend 4 {gall} <b>now</b>", {"gall": "flame"}, "#2f7fe0")
    assert "&lt;b&gt;now&lt;/b&gt;" in html
    assert '<img class="inline-icon" alt="gall" src="pnp-icon:flame/2f7fe0">' in html


def test_an_inline_icon_keeps_to_the_word_before_it_never_to_a_sentence_before_it():
    """A line once started with an icon alone and its full stop ("gain" / "★.")."""
    html = str(rules_text("Draw, then gain {gall}{gall}. {gall} first", {"gall": "flame"}, "#000000"))
    assert html.startswith('Draw, then <span class="nobreak">gain <img') and html.count("<img") == 3
    assert '">.</span> <span class="nobreak"><img' in html and "\u00a0" not in html


def test_a_paragraph_keeps_its_last_two_words_on_its_last_line():
    """No word alone on a card's last line (a runt: "+3."), each paragraph of the text."""
    html = str(rules_text("Draw two cards, then +3.\nLose one", {}, "#000000"))
    assert html == 'Draw two cards, then\u00a0+3.\nLose one'
    assert "A {mystery}</span>" in str(rules_text("A {mystery} stays as written", {}, "#000000"))
    assert "<span" in str(rules_text("then gain {mystery}.", {}, "#000000"))


def test_the_last_words_kept_together_never_leave_the_first_word_alone():
    """Le Dernier Verset's Red Creek card in French, as laid out on its card: kept together by a
    span, WeasyPrint broke after "Onze" and set the rest of the first line on a second."""
    import weasyprint

    from pnp.typography import keep_last_words

    said = keep_last_words("Onze colons, un matin d’hiver, et un fusil qu’il n’a jamais posé.")   # as card_view gives it
    text = rules_text(said, {}, "#000000")
    font = (ROOT / "fonts" / "eb-garamond" / "eb-garamond-latin-400-italic.woff").as_uri()
    html = (f'<html lang="fr"><style>@font-face {{ font-family: G; src: url({font}); font-style: italic; }}'
            '@page { size: 100mm 50mm; margin: 0 } .nobreak { white-space: nowrap }'
            ' div { position: absolute; left: 7mm; width: 49mm; top: 5mm; font-family: G; font-style: italic;'
            ' font-size: 8pt; text-align: center; line-height: 1.12 }'
            f'</style><div>{text}</div></html>')
    page = weasyprint.HTML(string=html).render().pages[0]._page_box
    lines = []

    def walk(box):
        if type(box).__name__ == "LineBox":
            lines.append("".join(getattr(child, "text", "") for child in box.descendants()))
        else:
            for child in getattr(box, "children", []):
                walk(child)
    walk(page)
    assert len(lines) == 2 and all(len(line.split()) > 1 for line in lines), lines


def test_templates_autoescape_and_run_sandboxed():
    env = environment(ROOT / "layouts", {})
    assert env.from_string("{{ x }}").render(x="<script>") == "&lt;script&gt;"
    with pytest.raises((SecurityError, UndefinedError)):
        env.from_string("{{ x.__class__.__mro__[1].__subclasses__() }}").render(x="")


# --- issue 26: every operation that can grow a value is sized before it runs ------------------

GROWING = {
    "printf": '{{ "%0999999999d" % 1 }}',
    "printf, widths from the values": '{{ ("%*d" * 2) % (999999, 1, 999999, 1) }}',
    "format": '{{ "{:>999999999}".format(1) }}',
    "format, a width field": '{{ ("{0:{1}}" * 1000).format(1, 999999) }}',
    "format_map": '{{ "{a:>999999999}".format_map({"a": 1}) }}',
    "the format filter": '{{ "%(a)999999999s"|format(a=1) }}',
    "*": '{{ ("ab" * 500000) * 500000 }}',
    "+ doubling": '{% set ns = namespace(s="ab") %}{% for i in range(40) %}{% set ns.s = ns.s + ns.s %}{% endfor %}',
    "~ doubling": '{% set ns = namespace(s="ab") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}',
    "list doubling": '{% set ns = namespace(s=[1]) %}{% for i in range(40) %}{% set ns.s = ns.s + ns.s %}{% endfor %}',
    "extend": '{% set ns = namespace(s=[1]) %}{% for i in range(40) %}{% set _ = ns.s.extend(ns.s) %}{% endfor %}',
    "a captured block": '{% set ns = namespace(s="ab") %}{% for i in range(40) %}{% set b %}{{ ns.s }}{{ ns.s }}'
                        '{% endset %}{% set ns.s = b %}{% endfor %}',
    "a macro": '{% macro d(s) %}{{ s }}{{ s }}{% endmacro %}{% set ns = namespace(s="ab") %}'
               '{% for i in range(40) %}{% set ns.s = d(ns.s) %}{% endfor %}',
    "a filter block": '{% set ns = namespace(s="ab") %}{% for i in range(40) %}{% set b %}{% filter upper %}'
                      '{{ ns.s }}{{ ns.s }}{% endfilter %}{% endset %}{% set ns.s = b %}{% endfor %}',
    "indent": '{{ ("\\n" * 999999)|indent(999999) }}',
    "indent by a text": '{{ ("\\n" * 999999)|indent("x" * 999999) }}',
    "wordwrap": '{{ ("a " * 400000)|wordwrap(1, wrapstring="x" * 999999) }}',
    "replace": '{{ ("a" * 999999)|replace("a", "b" * 999999) }}',
    "replace of nothing": '{{ ("a" * 999999)|replace("", "bb") }}',
    "str.replace": '{{ ("a" * 999999).replace("a", "b" * 999999) }}',
    "join": '{{ range(200000)|join("x" * 999999) }}',
    "str.join": '{{ ("x" * 999999).join(range(200000)|map("string")) }}',
    "expandtabs": '{{ ("\\t" * 999999).expandtabs(999999) }}',
    "translate": '{{ ("a" * 999999).translate({97: "b" * 999999}) }}',
    "tojson": '{{ range(200000)|list|tojson(indent=999999) }}',
    "sum of lists": '{{ ([[1] * 999999] * 999999)|sum(start=[])|length }}',
    "urlize": '{{ ("a.com " * 100000)|urlize(target="x" * 999999) }}',
    "a number squared": '{% set ns = namespace(n=999999) %}{% for i in range(40) %}{% set ns.n = ns.n * ns.n %}'
                        '{% endfor %}',
    "the output": '{% for i in range(100000) %}{{ "x" * 999999 }}{% endfor %}',
}


@pytest.mark.parametrize("case", sorted(GROWING))
def test_a_growing_operation_is_refused_before_it_runs(case):
    from pnp.render.templates import TemplateLimit, new_environment, render

    env = new_environment(ROOT / "layouts", {})
    with pytest.raises(TemplateLimit) as refusal:
        render(env.from_string(GROWING[case]))
    assert "(MAX_TEMPLATE_" in str(refusal.value)


def test_what_real_layouts_do_still_renders():
    from pnp.render.templates import new_environment, render

    env = new_environment(ROOT / "layouts", {})
    source = ('{{ "%05.1f|%s" % (3.14159, "x") }} {{ "{:>4}".format(7) }} {{ "a"|center(5) }} {{ [1, 2]|join(", ") }}'
              ' {{ "x y"|replace(" ", "-") }} {{ ("a" ~ "b") * 2 }} {{ [[1], [2]]|sum(start=[]) }} {{ 12 * 12 }}'
              '{% set b %}{{ 1 }}{% endset %}{{ b }} {{ "a\\nb"|indent(2) }}')
    assert render(env.from_string(source)) == '003.1|x    7   a   1, 2 x-y abab [1, 2] 1441 a\n  b'


def test_a_document_limit_names_the_layout_line_an_element_comes_from():
    from pnp.render.templates import TemplateLimit, check_document

    html = ('<div data-pnp-at="layouts/x/face.html:3">ok</div>'
            + '<span data-pnp-at="layouts/x/face.html:9"></span>' * 20_001)
    with pytest.raises(TemplateLimit) as refusal:
        check_document(html, "layouts/deck.html")
    assert (refusal.value.file, refusal.value.lineno) == ("layouts/x/face.html", 9)
    assert "MAX_HTML_ELEMENTS" in str(refusal.value)


def test_text_inside_style_elements_is_not_counted_as_text():
    from pnp.render.templates import check_document

    check_document("<style>" + "p { color: red; }\n" * 40_000 + "</style><p>x</p>")


PATHOLOGICAL = {
    "tags never closed": "<a " * 300_000,
    "quotes never closed": '<a b="' * 300_000,
    "comments never closed": "<!--" * 300_000,
    "style elements never closed": "<style>" * 30_000,
    "svg elements never closed": "<svg " * 300_000,
}


@pytest.mark.parametrize("case", sorted(PATHOLOGICAL))
def test_a_document_is_read_in_one_pass(case):
    """No input makes the tag reading go back over what it read (the old pattern took minutes
    over 100,000 unclosed tags)."""
    import time

    from pnp.render.templates import TemplateLimit, check_document

    start = time.monotonic()
    try:
        check_document(PATHOLOGICAL[case])
    except TemplateLimit:
        pass
    assert time.monotonic() - start < 5


HIDDEN = {
    "in an unquoted value": '<br x=<>' * 20_001,
    "after a comment holding <style>": "<!-- <style> -->" + "<i></i>" * 20_001 + "<!-- </style> -->",
    "after a title holding <style>": "<title><style></title>" + "<i></i>" * 20_001 + "<style></style>",
    "after a quoted >": '<p title="a>b">' + "<i></i>" * 20_001,
}


@pytest.mark.parametrize("case", sorted(HIDDEN))
def test_elements_cannot_hide_from_the_count(case):
    from pnp.render.templates import TemplateLimit, check_document

    with pytest.raises(TemplateLimit) as refusal:
        check_document(HIDDEN[case])
    assert "MAX_HTML_ELEMENTS" in str(refusal.value)


def test_a_slash_does_not_close_an_html_element():
    from pnp.render.templates import TemplateLimit, check_document

    with pytest.raises(TemplateLimit) as refusal:
        check_document("<span/>" * 300)
    assert "MAX_HTML_DEPTH" in str(refusal.value)
    check_document("<svg>" + "<g/>" * 300 + "</svg>" + "<br/>" * 300)


# --- issue 28: what a designer meets -------------------------------------------------------------

def test_an_optional_field_left_out_prints_nothing(tiny):
    """The tutorial's step 5: an optional colour, left out of every card, gives `colour-`."""
    from pnp.data.decks import load_game
    from pnp.games import get_game

    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace(
        "      icon: {type: icon}", "      icon: {type: icon}\n"
        "      colour: {type: choice, choices: [red, blue, gold], required: false}"))
    env = environment(tiny.layouts, {})
    card = load_game(tiny, get_game(tiny, "tiny"))[0].cards[0]
    html = env.from_string('<div class="trim colour-{{ card.colour }}">{{ card.colour or "plain" }}</div>').render(card=card)
    assert html == '<div class="trim colour-">plain</div>'
