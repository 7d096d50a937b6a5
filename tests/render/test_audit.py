"""The layout checks on a starter game made wrong on purpose: each kind of finding is caught at
its layout line, an overlap the layout declares is not, and `pnp proof` outlines a finding where
it is on the page."""

import io
import re

import numpy as np
import pypdfium2
import pytest

from pnp.render.colours import colour_blind_distances, contrast
from tests.conftest import run_pnp

CARD = "layouts/tiny/card.html"


def _plant(root, css: str = "", card_yaml: tuple[str, str] | None = None):
    (root / "layouts/tiny/cards.css").write_text((root / "layouts/tiny/cards.css").read_text() + css)
    if card_yaml:
        path = root / "card_data/tiny/cards.yaml"
        path.write_text(path.read_text().replace(*card_yaml, 1))


def _build(root, out):
    return run_pnp("build", "tiny", "--project", str(root), "--out", str(out))


# "+3." alone on the paragraph's last line: text printed without the rules filter, which keeps
# the last two words together (line 10 of the starter's card.html)
RUNT = ('<p data-overlap="planted" style="position: absolute; left: 8mm; top: 16mm; width: 15mm; margin: 0; '
        'font-size: 8pt; line-height: 1.3; color: #000; background: #fff">Draw two cards, then +3.</p>')
PLANTED = """
.card .name { left: 3.2mm; }                                   /* the title on its frame */
.card .value { color: #2c4d60; }                               /* pale on its dark ground */
.card .art { top: 55%; height: 20%; }                          /* the icon moved over the text */
.back .title { font-size: 4pt; }                               /* 4 pt text */
"""


@pytest.fixture(scope="module")
def planted(tmp_path_factory):
    from pnp.project import Project
    from tests.conftest import copy_project

    root = copy_project(tmp_path_factory.mktemp("planted") / "project")
    assert run_pnp("new", "tiny", "--project", str(root)).exit_code == 0
    _plant(root, PLANTED, ("name: The Raven", "name: The Raven ✓"))
    card = root / CARD
    card.write_text(card.read_text().replace("  </div>\n</div>", f"  {RUNT}</div>\n</div>"))
    return Project.at(root)


def test_each_planted_defect_is_reported_at_its_layout_line(planted, tmp_path):
    result = _build(planted.root, tmp_path / "out")
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert "nothing was written" in text and not (tmp_path / "out").exists()
    expected = {
        "too close to the frame": f"{CARD}:6",                 # .name
        "has too little contrast": f"{CARD}:7",                # .value
        "overlaps the picture of layouts/tiny/card.html:8": f"{CARD}:9",
        "below 6 pt": "layouts/tiny/back.html:4",
        "fallback font": f"{CARD}:6",
        "'+3.', which is alone on its paragraph's last line": f"{CARD}:10",
    }
    for words, at in expected.items():
        assert re.search(rf"{re.escape(at)}: [^\n]*{re.escape(words)}", text), (words, text)
    assert "'✓' U+2713" in text
    assert re.search(r"at x \d+\.\d-\d+\.\d, y \d+\.\d-\d+\.\d mm", text)


def test_a_clean_starter_builds_and_a_declared_overlap_is_not_reported(tiny, tmp_path):
    card = tiny.root / CARD
    # The art moved over the title, and said so: allowed.
    card.write_text(card.read_text().replace('<img class="art"', '<img class="art" data-overlap="art under the title"'))
    _plant(tiny.root, ".card .art { top: 4mm; height: 30%; }")
    result = _build(tiny.root, tmp_path / "out")
    assert result.exit_code == 0, result.output


def test_an_undeclared_overlap_is_reported(tiny, tmp_path):
    _plant(tiny.root, ".card .art { top: 4mm; height: 30%; }")
    result = _build(tiny.root, tmp_path / "out")
    assert result.exit_code == 2
    assert "overlaps the picture of layouts/tiny/card.html:8" in " ".join(result.output.split())


def test_colours_a_deuteranope_cannot_tell_apart_are_refused_unless_a_second_cue_differs(tiny):
    game = tiny.root / "card_data/tiny/game.yaml"
    olive_green = ('    colours:\n      field: name\n      values:\n        french: "#5b6b2f"\n'
                   '        german: "#3f6b3a"\n')
    text = game.read_text().replace("    fields:\n", olive_green + "    fields:\n", 1)
    game.write_text(text)
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    shown = " ".join(result.output.split())
    assert re.search(r"card_data/tiny/game.yaml:\d+: cards: colours.values.german", shown), shown
    assert "colour-blind: 'french' #5b6b2f and 'german' #3f6b3a" in shown
    cued = text.replace('"#5b6b2f"\n', '{colour: "#5b6b2f", cue: rooster}\n').replace(
        '"#3f6b3a"\n', '{colour: "#3f6b3a", cue: eagle-emblem}\n')
    game.write_text(cued)
    assert run_pnp("check", "tiny", "--project", str(tiny.root)).exit_code == 0
    game.write_text(cued.replace("cue: eagle-emblem", "cue: eagel-emblem"))        # a cue the cards cannot print
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    shown = " ".join(result.output.split())
    assert result.exit_code == 2 and "colours.values.german.cue: expected a cue the cards print" in shown, shown
    assert "found 'eagel-emblem'. Did you mean 'eagle-emblem'?" in shown


def test_colour_arithmetic_matches_known_values():
    assert contrast((0, 0, 0), (1, 1, 1)) == pytest.approx(21.0)
    assert contrast((0.5, 0.5, 0.5), (0.5, 0.5, 0.5)) == pytest.approx(1.0)
    far = colour_blind_distances("#000000", "#ffffff")
    assert min(far.values()) > 90
    near = colour_blind_distances("#5b6b2f", "#3f6b3a")          # olive and green
    assert near["deuteranopia"] < 15 and near["protanopia"] < 15


def test_the_proof_outlines_a_planted_finding_where_it_is(planted, tmp_path):
    out = tmp_path / "proof.pdf"
    result = run_pnp("proof", "tiny", "--project", str(planted.root), "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "finding" in result.output and out.is_file()
    document = pypdfium2.PdfDocument(io.BytesIO(out.read_bytes()))
    # The first piece is the first card's face, placed at 10 mm from the left and below its label;
    # its .name (5-51 mm across, 5-13 mm down the trim) sits too close to the frame.
    scale = 300 / 72
    image = np.asarray(document[0].render(scale=scale).to_pil().convert("RGB")).astype(int)
    red = (image[:, :, 0] > 180) & (image[:, :, 1] < 60) & (image[:, :, 2] < 60)
    width_mm = image.shape[1] / scale / 72 * 25.4
    piece_left, piece_top = 10.0, 10.0 + 6.0                      # MARGIN_MM, MARGIN_MM + LABEL_MM
    bleed = 3.0
    columns = np.where(red[:, : int(image.shape[1] * 120 / width_mm)].any(axis=0))[0]
    rows = np.where(red[:, : int(image.shape[1] * 120 / width_mm)].any(axis=1))[0]
    mm = 25.4 / 300
    left, top = columns.min() * mm - piece_left - bleed, rows.min() * mm - piece_top - bleed
    assert 2.5 < left < 4.0, left               # the name starts 3.2 mm in, outlined 0.4 mm wider
    assert 3.0 < top < 8.0, top


TRICKY = """<div class="bleed card" data-overlap="a mark on the whole card exempts nothing"><div class="trim"><div class="panel"></div>
<div style="position:absolute;left:8mm;top:12mm;width:40mm;font-size:9pt;line-height:0.45">Draw a card and then draw another card and then one more card.</div>
<div style="position:absolute;left:8mm;top:30mm;font-size:7pt;transform:scale(2,0.4);transform-origin:0 0">Squashed rules</div>
<div style="visibility:hidden"><div style="visibility:visible;position:absolute;left:8mm;top:36mm;font-size:5pt">tiny text</div></div>
<div title="<b>bold</b>" style="position:absolute;left:8mm;top:42mm;font-size:9pt">Tag in attr</div>
<img src="{{ icon('raven', '#000000') }}" style="position:absolute;left:8mm;top:50mm;width:51mm;height:8mm;object-fit:contain" alt="">
<div style="position:absolute;left:8mm;top:52mm;font-size:9pt">Left</div>
<div style="position:absolute;left:6mm;top:62mm;width:50mm;height:8mm;background:linear-gradient(#ffffff,#fefefe)"></div>
<div style="position:absolute;left:8mm;top:63mm;font-size:9pt">On a gradient</div>
<div data-overlap=" " style="position:absolute;left:8mm;top:72mm;font-size:9pt">Empty reason</div>
</div></div>
"""


def test_what_a_careless_layout_hides_is_found_and_what_is_fine_is_not(tiny, tmp_path):
    (tiny.root / CARD).write_text(TRICKY)
    out = tmp_path / "proof.pdf"
    result = run_pnp("proof", "tiny", "--project", str(tiny.root), "--out", str(out))
    assert result.exit_code == 0, result.output
    problems = [line.strip() for line in result.output.splitlines() if line.strip().startswith(CARD)]

    def said(line: str, words: str = "") -> bool:
        return any(p.startswith(f"{CARD}:{line}: ") and words in p for p in problems)
    assert said("2", "overlaps the text of layouts/tiny/card.html:2"), problems   # lines set on each other
    assert said("3", "below 6 pt"), problems                                     # squashed to 2.8 pt
    assert said("4", "below 6 pt"), problems                                     # shown inside a hidden box
    assert said("10", "without a reason"), problems
    assert not said("7") and not said("9"), problems    # beside a letterboxed picture; on a plain gradient
    words = pypdfium2.PdfDocument(io.BytesIO(out.read_bytes()))[0].get_textpage().get_text_range()
    assert 'bold">' not in words            # a tag inside an attribute is left as it is


def test_proof_refuses_a_language_the_game_lacks_and_an_out_it_cannot_write(tiny, tmp_path):
    refused = run_pnp("proof", "tiny", "--project", str(tiny.root), "--lang", "xx")
    assert refused.exit_code == 2 and "Tiny prints in en" in refused.output
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    refused = run_pnp("proof", "tiny", "--project", str(tiny.root), "--out", str(blocker / "proof.pdf"))
    assert refused.exit_code == 2 and "Traceback" not in refused.output


def test_a_font_named_in_a_style_attribute_ends_at_its_quote(tiny):
    card = tiny.root / CARD
    card.write_text(card.read_text().replace('<div class="value">', '<div class="value" style="font-family: Rye">'))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 0, result.output


def test_a_fault_met_on_many_cards_names_the_first_few_and_counts_the_rest():
    """Once "Cards 'a' face and 5 more (Cards 'b' face, Cards 'c' face, Cards 'd' face…)" and
    "found 'Draw' has too little contrast"; now the cards by id, and the fault as what was found."""
    from pnp.render.audit import Finding
    from pnp.render.page_checks import PageLabel, findings_as_problems
    labels = [PageLabel(f"Cards '{c}' face", "rect", "the faces of Cards", f"'{c}'") for c in "abcdef"]
    finding = Finding("contrast", "layouts/x/card.html:9", "has too little contrast: #000 on #111, under 4.5:1",
                      "'Draw'", "", (1.0, 2.0, 3.0, 4.0))
    problem, = findings_as_problems([(label, finding) for label in labels])
    assert str(problem).startswith("layouts/x/card.html:9: the faces of Cards 'a', 'b', 'c' and 3 more: expected "
                                   "contrast of 4.5:1 (3:1 from 18 pt, or 14 pt bold), found 'Draw', which has too "
                                   "little contrast: #000 on #111, under 4.5:1 at x 1.0-3.0, y 2.0-4.0 mm; 6 cases.")
    problem, = findings_as_problems([(labels[0], finding), (PageLabel("Rules, page 2"), finding)])
    assert problem.field == "Cards 'a' face and 1 other page"


def test_an_icon_lost_on_its_ground_is_refused_unless_the_layout_says_why(tiny, tmp_path):
    """A gold star on a gold panel passed every check (issue 28's newcomer): icons are held to
    WCAG's 3:1 for graphics, a watermark says why it is faint, the ink saver is light on purpose."""
    card = tiny.layouts / "tiny" / "card.html"
    plain = card.read_text()
    faint = plain.replace("icon(card.icon, '#1d3a4a') }}\" alt=\"\"", "icon(card.icon, '#e8dcc0') }}\" alt=\"\"")
    assert faint != plain
    card.write_text(faint)
    result = run_pnp("check", "tiny", "--measure-fit", "--project", str(tiny.root))
    text = " ".join(result.output.split())
    assert result.exit_code == 2, result.output
    assert (f"{CARD}:8: the faces of Cards 'the-lantern', 'the-raven', 'the-hourglass' and 3 more: expected an icon "
            "with 3:1 contrast against its ground, found the icon 'lantern-flame', which is drawn with too little contrast: "
            "#e8dcc0 on #f4ecd8") in text, text
    assert run_pnp("build", "tiny", "--ink-saver", "--project", str(tiny.root), "--out", str(tmp_path / "light")
                   ).exit_code == 0
    card.write_text(faint.replace('alt="">', 'alt="" data-decorative="a watermark behind the text">', 1))
    result = run_pnp("check", "tiny", "--measure-fit", "--project", str(tiny.root))
    assert result.exit_code == 0, result.output


def test_a_proof_is_written_despite_text_too_long_for_its_box_and_outlines_it(tiny, tmp_path):
    """The build refuses text past its box at the layout's floor; the proof shows it, at the
    card's line in its data file, and writes itself whatever it finds."""
    _plant(tiny.root, card_yaml=("text: Look at the top card of the deck, then put it back.", "text: " + "Too long to fit. " * 40))
    out = tmp_path / "proof.pdf"
    result = run_pnp("proof", "tiny", "--project", str(tiny.root), "--out", str(out))
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert re.search(r"card_data/tiny/cards\.yaml:\d+: card 2 \(the-raven\), text: expected text that fits its "
                     r"'text' box on the face at 7pt or more", said), said
    words = " ".join(pypdfium2.PdfDocument(io.BytesIO(out.read_bytes()))[0].get_textpage().get_text_range().split())
    assert "overflows its box even at 7 pt" in words and "Too long to fit." in words


def _line(words: str, x0: float, width: float, top: float, line: int):
    from pnp.render.page_boxes import Text

    return Text((x0, top, x0 + width, top + 3.0), words, 8.0, False, (0, 0, 0, 1), "layouts/x/card.html:5", line,
                1, frozenset(), False, (), (), line)


def test_a_first_word_alone_is_a_runt_when_the_next_word_had_room_and_not_when_it_had_none():
    """The break WeasyPrint once made after the first word ("Onze" / "colons, un matin ..."): the
    next word would have fitted beside it. A long word the next could not join is the line's own."""
    from pnp.render.audit import runts
    from pnp.render.page_boxes import PageBoxes

    def found(first_width: float, block_width: float):
        boxes = PageBoxes(63.0, 88.0, (0, 0, 0, 0), block_widths={1: block_width})
        boxes.texts += [_line("Onze", 10.0, first_width, 10.0, 1),
                        _line("colons, un matin d’hiver, et un fusil", 7.0, 45.0, 13.5, 2),
                        _line("qu’il n’a jamais posé.", 12.0, 30.0, 17.0, 3)]
        return [(f.at, f.what) for f in runts(boxes)]

    assert found(6.0, 49.0) == [("layouts/x/card.html:5", "is alone on its paragraph's first line")]
    assert found(40.0, 49.0) == []              # "colons," (about 7 mm) would not have fitted beside it
