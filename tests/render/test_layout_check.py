"""Each layout and icon mistake is one line naming its file and line, exit 2, no traceback."""

import pytest

from tests.conftest import ROOT, run_pnp

VERSE = "layouts/verset/verse.html"


def edit(project, relative, old, new):
    path = project / relative
    text = path.read_text()
    assert old in text, (relative, old)
    path.write_text(text.replace(old, new, 1))


def line_of(project, relative, needle):
    return next(n for n, line in enumerate((project / relative).read_text().splitlines(), 1) if needle in line)


def check(project):
    result = run_pnp("check", "verset", "--project", str(project))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return "\n".join(line.strip() for line in result.output.splitlines())     # each problem, unindented


def test_a_layout_naming_a_missing_file(project_copy):
    edit(project_copy, "card_data/verset/game.yaml", "face: verset/verse.html", "face: verset/verses.html")
    line = line_of(project_copy, "card_data/verset/game.yaml", "face: verset/verses.html")
    assert f"card_data/verset/game.yaml:{line}: deck 2 (verses), face" in check(project_copy)


def test_a_layout_including_a_missing_file(project_copy):
    edit(project_copy, VERSE, '<div class="panel"></div>', '{% include "verset/frame.html" %}')
    output = check(project_copy)
    assert "verset/frame.html" in output and "no such file" in output


def test_a_block_left_open(project_copy):
    edit(project_copy, VERSE, '<div class="panel"></div>', '{% for flame in [1, 2] %}<div class="panel"></div>')
    output = check(project_copy)
    assert f"{VERSE}:" in output and "(template syntax)" in output and "endfor" in output


def test_a_field_the_cards_do_not_have(project_copy):
    edit(project_copy, VERSE, "{{ card.problem | rules }}", "{{ card.problme | rules }}")
    line = line_of(project_copy, VERSE, "card.problme")
    output = check(project_copy)
    assert f"{VERSE}:{line}: card.problme" in output and "Did you mean 'problem'?" in output
    assert output.count("card.problme") == 1                  # once, naming the cards it was met on
    assert "(rendering cards 1-" in output and "of card_data/verset/verses.yaml)" in output


def test_an_unknown_icon_in_the_card_data(project_copy):
    edit(project_copy, "card_data/verset/verses.yaml", "icon: horse-head", "icon: horse-heads")
    line = line_of(project_copy, "card_data/verset/verses.yaml", "icon: horse-heads")
    output = check(project_copy)
    assert f"card_data/verset/verses.yaml:{line}:" in output and "'horse-heads'" in output
    assert "Did you mean 'horse-head'" in output and "backpack" not in output    # not every icon


def test_an_unknown_icon_in_a_layout(project_copy):
    edit(project_copy, VERSE, "icon('flame', '#3f8ff0')", "icon('flames', '#3f8ff0')")
    line = line_of(project_copy, VERSE, "icon('flames'")
    output = check(project_copy)
    assert f"{VERSE}:{line}: icon" in output and "Did you mean 'flame'" in output


def test_a_fault_met_on_every_card_is_one_short_line_naming_the_cards(project_copy):
    """Issue 28, item 5: once, not once per card, and a few icons, not every one of them."""
    edit(project_copy, VERSE, "icon('flame', '#3f8ff0')", "icon('zzqx', '#3f8ff0')")
    output = check(project_copy)
    problem = [line for line in output.splitlines() if "'zzqx'" in line]
    assert len(problem) == 1 and len(problem[0]) < 400, problem
    assert "(rendering cards 1-" in problem[0] and "in all)" in problem[0]


def test_an_unknown_icon_on_a_row_of_copies_is_reported_once(project_copy):
    edit(project_copy, "card_data/verset/playing_cards.csv", "crowned-heart,\"It beat once more, for her.\",1",
         "crowned-hart,\"It beat once more, for her.\",3")
    output = check(project_copy)
    assert output.count("'crowned-hart'") == 1 and "Did you mean 'crowned-heart'" in output


def test_an_unknown_font(project_copy):
    edit(project_copy, "layouts/verset/cards.css", 'font-family: "Rye", serif; font-weight: normal;',
         'font-family: "Rie", serif; font-weight: normal;')
    line = line_of(project_copy, "layouts/verset/cards.css", '"Rie"')
    output = check(project_copy)
    assert f"layouts/verset/cards.css:{line}: font-family" in output and "Did you mean 'Rye'?" in output


def test_a_font_file_that_is_missing(project_copy):
    (project_copy / "fonts" / "rye" / "rye-latin-400-normal.woff").unlink()
    output = check(project_copy)
    assert "layouts/fonts/rye.css:3: @font-face src" in output       # the family's one declaration


@pytest.mark.parametrize("shared", ["cards-base.css", "fonts/rye.css"])
def test_a_shared_stylesheet_that_is_missing_is_named_where_it_is_imported(project_copy, shared):
    (project_copy / "layouts" / shared).unlink()
    output = check(project_copy)
    line = next(line for line in output.splitlines() if line.startswith("layouts/verset/cards.css:") and "@import" in line)
    assert f"layouts/{shared}, which is not there" in line


LONG = "Every round, " + "the raven draws again and again and again " * 12 + "until dawn. "


def test_text_that_cannot_fit_names_the_card_line(tiny, tmp_path):
    edit(tiny.root, "card_data/tiny/cards.yaml", "text: Look at the top card", f"text: {LONG}Look at the top card")
    line = line_of(tiny.root, "card_data/tiny/cards.yaml", "text: Every round")
    result = run_pnp("build", "tiny", "--project", str(tiny.root), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2, result.output
    assert f"card_data/tiny/cards.yaml:{line}: card 2 (the-raven), text" in result.output
    assert "7pt" in result.output and not (tmp_path / "out").exists()


@pytest.mark.parametrize("where, old, new", [
    ("card_data/verset/rulebook/en/07-variants.md", '{{ counts["organ-tunes"] }}', '{{ count["organ-tunes"] }}'),
    ("card_data/verset/rulebook/en/07-variants.md", '{{ card("organ-tunes", "gamblers-fugue") }}',
     '{{ card("organ-tunes", "gamblers-fuge") }}'),
])
def test_a_rulebook_chapter_mistake_names_its_line(project_copy, where, old, new):
    edit(project_copy, where, old, new)
    line = line_of(project_copy, where, new)
    assert f"{where}:{line}: " in check(project_copy)


# --- issue 26: stylesheets whose counters print without end ------------------------------------

COUNTERS = {
    "a pad of a billion": "@counter-style a { system: cyclic; symbols: x; pad: 999999999 'y' }",
    "symbolic, no range": "@counter-style a { system: symbolic; symbols: x }",
    "symbolic by default": "@counter-style a { symbols: x }",
    "additive, no range": "@counter-style a { system: additive; additive-symbols: 10 X, 1 I }",
    "additive, a range too far": "@counter-style a { system: additive; additive-symbols: 10 X, 1 I; range: 1 100000 }",
    "extends one that grows": "@counter-style b { system: symbolic; symbols: x; range: 1 10 }"
                              "@counter-style a { system: extends b; range: 1 infinite }",
    "a predefined style stretched": "@counter-style a { system: extends upper-roman; range: 1 1000000 }",
    "extends, with symbols": "@counter-style a { system: extends decimal; symbols: x }",
    "inside @media": "@media print { @counter-style a { system: symbolic; symbols: x } }",
    "a long string": "p::before { content: '" + "x" * 2000 + "' }",
}
BOUNDED = {
    "symbolic with a range": "@counter-style a { system: symbolic; symbols: x y z; range: 1 30 }",
    "roman-like": "@counter-style a { system: additive; range: 1 3999; additive-symbols: 1000 M, 900 CM, 500 D, "
                  "400 CD, 100 C, 90 XC, 50 L, 40 XL, 10 X, 9 IX, 5 V, 4 IV, 1 I }",
    "extends a predefined one": "@counter-style a { system: extends upper-roman; suffix: ') ' }",
    "extends decimal, padded": "@counter-style a { system: extends decimal; pad: 3 '0' }",
    "an extends loop (decimal)": "@counter-style a { system: extends b } @counter-style b { system: extends a }",
    "cyclic": "@counter-style a { system: cyclic; symbols: x y }",
    "nonsense": "@counter-style { system: ; symbols: } "
                "@counter-style a { range: x; pad: 'x' 3; additive-symbols: , , 3 }",
}


@pytest.mark.parametrize("case", sorted(COUNTERS))
def test_a_stylesheet_that_prints_without_end_is_refused(case):
    from pnp.render.stylesheet_check import Sheet, stylesheet_faults

    faults = stylesheet_faults([Sheet("\n" + COUNTERS[case], "layouts/x/cards.css")])
    assert len(faults) == 1 and faults[0].line == 2
    assert "(MAX_COUNTER_TEXT)" in faults[0].message or "(MAX_CSS_STRING)" in faults[0].message or \
        "own symbols" in faults[0].message


@pytest.mark.parametrize("case", sorted(BOUNDED))
def test_a_stylesheet_with_bounded_counters_passes(case):
    from pnp.render.stylesheet_check import Sheet, stylesheet_faults

    assert stylesheet_faults([Sheet(BOUNDED[case], "layouts/x/cards.css")]) == []


def test_every_stylesheet_of_the_project_passes():
    from pnp.project import Project
    from pnp.render.layout_check import stylesheet_problems

    assert stylesheet_problems(Project.at(ROOT)) == []


@pytest.mark.parametrize("css, refused", [
    ("@page { size: 1mm 10000mm }", True), ("@media print { @page { size: 100in 1in } }", True),
    ("@page :first { size: 400mm 280mm; margin: 0 }", False), ("@page { size: a4 landscape }", False),
])
def test_a_page_larger_than_the_largest_paper_is_refused(css, refused):
    from pnp.render.stylesheet_check import Sheet, stylesheet_faults

    faults = stylesheet_faults([Sheet(css, "layouts/x/rulebook.css")])
    assert bool(faults) == refused and all("LARGEST_PAPER_MM" in fault.message for fault in faults)


def test_icon_text_printed_without_the_rules_filter_is_refused_at_its_line(tiny):
    """Issue 28, item 3: `{{ card.text }}` would print `{star}` as text."""
    card = tiny.layouts / "tiny" / "card.html"
    card.write_text(card.read_text().replace("{{ card.text | rules('#8c6d24') }}", "{{ card.text }}"))
    line = line_of(tiny.root, "layouts/tiny/card.html", "{{ card.text }}")
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    assert f"layouts/tiny/card.html:{line}: card.text: expected text with inline icons printed through " \
           "the `rules` filter" in result.output
    assert "{star} printed as text (rendering cards 1, 4, 6 of card_data/tiny/cards.yaml)" in result.output


def test_a_font_only_another_game_declares_is_refused_with_the_import_to_add(tiny):
    """Issue 28, item 1: before, it passed and the PDF carried a system font instead."""
    css = tiny.layouts / "tiny" / "cards.css"
    css.write_text(css.read_text().replace('"EB Garamond", serif', '"Fredoka", serif', 1))
    line = line_of(tiny.root, "layouts/tiny/cards.css", '"Fredoka", serif')
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    assert f"layouts/tiny/cards.css:{line}: font-family: expected a font Tiny's stylesheets declare" in result.output
    assert 'add @import "../fonts/fredoka.css"; to layouts/tiny/cards.css' in result.output
    assert run_pnp("build", "tiny", "--project", str(tiny.root)).exit_code == 2
    css.write_text('@import "../fonts/fredoka.css";\n' + css.read_text())
    assert run_pnp("check", "tiny", "--project", str(tiny.root)).exit_code == 0


def test_check_fit_names_every_card_whose_text_cannot_fit(tiny):
    """Issue 28, item 4: the check alone passes (it renders HTML); `--measure-fit` lays the cards out."""
    edit(tiny.root, "card_data/tiny/cards.yaml", "text: Look at the top card", f"text: {LONG}Look at the top card")
    line = line_of(tiny.root, "card_data/tiny/cards.yaml", "text: Every round")
    assert run_pnp("check", "tiny", "--project", str(tiny.root)).exit_code == 0
    result = run_pnp("check", "tiny", "--measure-fit", "--project", str(tiny.root))
    assert result.exit_code == 2, result.output
    assert f"card_data/tiny/cards.yaml:{line}: card 2 (the-raven), text" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("element", ['<link rel="attachment" href="layouts/tiny/cards.css">',
                                     '<a rel="Attachment" href="layouts/tiny/cards.css">rules</a>'])
def test_a_file_attached_to_the_pdf_is_refused_by_check_and_build(tiny, tmp_path, element):
    """WeasyPrint stamps an attached file with the time of the build: two builds of the same
    inputs differed. Refused at its layout line, by check and by build alike."""
    card = tiny.layouts / "tiny" / "card.html"
    card.write_text(card.read_text().replace('<div class="panel"></div>', f'<div class="panel"></div>{element}', 1))
    line = next(n for n, text in enumerate(card.read_text().splitlines(), 1) if "ttachment" in text)
    for command in (("check", "tiny"), ("build", "tiny", "--out", str(tmp_path / "out"))):
        result = run_pnp(*command, "--project", str(tiny.root))
        assert result.exit_code == 2, result.output
        assert f"layouts/tiny/card.html:{line}: (limit):" in result.output
        assert 'a file attached to the PDF (rel="attachment")' in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("element, named", [
    ('<link rel="stylesheet" href="{root}/layouts/tiny/cards.css">', "stylesheet '{root}/layouts/tiny/cards.css'"),
    ('<link rel="stylesheet" href="layouts/tiny/gone.css">', "stylesheet 'layouts/tiny/gone.css'"),
    ('<object data="{root}/layouts/icons/key.svg"></object>', "picture '{root}/layouts/icons/key.svg'"),
    ('<embed src="https://example.org/x.png">', "picture 'https://example.org/x.png'"),
])
def test_a_stylesheet_or_picture_the_build_would_refuse_is_refused_by_check(tiny, element, named):
    """A stylesheet linked by this computer's own path passed check and failed the build; an
    <object> or <embed> was never looked at."""
    card = tiny.layouts / "tiny" / "card.html"
    element, named = element.format(root=tiny.root), named.format(root=tiny.root)
    card.write_text(card.read_text().replace('<div class="panel"></div>', f'<div class="panel"></div>{element}', 1))
    line = next(n for n, text in enumerate(card.read_text().splitlines(), 1) if element in text)
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2, result.output
    assert f"layouts/tiny/card.html:{line}: {named}: expected a " in result.output, result.output


def test_an_ink_saver_colour_that_is_not_a_colour_is_refused_at_its_layout_line(tiny):
    edit(tiny.root, "layouts/tiny/card.html", "icon(card.icon, '#1d3a4a')", "icon(card.icon, '#1d3a4a', 'red')")
    line = line_of(tiny.root, "layouts/tiny/card.html", "'red'")
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2, result.output
    assert f"layouts/tiny/card.html:{line}: " in result.output and "expected a colour written #rrggbb" in result.output
    assert "Traceback" not in result.output
