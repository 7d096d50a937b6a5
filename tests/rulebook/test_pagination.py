"""A rulebook reads as a book: the judgement on plain pages (pnp/rulebook/pagination.py), what the
re-flow does about it (pnp/rulebook/reflow.py), and a build refusing what no re-flow mends, at the
chapter's line."""

import re

from pnp.rulebook.pagination import Block, PageFlow, pagination_findings
from pnp.rulebook.reflow import Reflow, layout_score, next_reflow
from tests.conftest import run_pnp

TOP, BOTTOM = 19.0, 279.0          # an A4 page's area inside the base stylesheet's margins


def block(tag="p", top=TOP, bottom=TOP + 20, key=None, classes=(), text="Words.", lines=3, chapter=1, number=1):
    return Block(key if key is not None else hash((tag, top, number)), tag, classes, text, text, top, bottom, lines,
                 f"card_data/g/rulebook/02-x.md:{number}", chapter, number)


def page(number, *blocks, opens=False):
    return PageFlow(number, TOP, BOTTOM, 16.0, 194.0, tuple(blocks), tuple(b for b in blocks if b.tag == "p"), opens)


def kinds(found):
    return [(finding.kind, finding.page) for finding in found]


def test_a_page_under_a_third_inside_a_chapter_is_refused_naming_what_did_not_fit_below_it():
    pages = [page(1, block("h1", number=1), block(top=40, bottom=80, number=2), opens=True),
             page(2, block("table", top=TOP, bottom=250, number=3, text="The odds"))]
    found = pagination_findings(pages)
    assert kinds(found) == [("underfilled page", 0)]
    assert found[0].at == "card_data/g/rulebook/02-x.md:2" and "02-x.md:3" in found[0].what
    assert "page 1 is 23 % full" in found[0].detail


def test_a_chapter_s_last_page_needs_only_a_tenth():
    pages = [page(1, block("h1"), block(top=30, bottom=270, number=2), opens=True),
             page(2, block(top=TOP, bottom=TOP + 27, number=3)),          # 10.4 %: kept
             page(3, block("h1", number=4), block(top=30, bottom=270, number=5), opens=True),
             page(4, block(top=TOP, bottom=TOP + 10, number=6))]          # 3.8 %: refused
    assert kinds(pagination_findings(pages)) == [("underfilled page", 3)]


def test_a_question_heading_or_lead_in_ending_a_page_is_stranded_unless_it_runs_on_overleaf():
    def book(last):
        return [page(1, block("h1"), block(top=30, bottom=240, number=2), last, opens=True),
                page(2, block(top=TOP, bottom=200, number=9))]
    question = block(top=242, bottom=248, classes=("faq-q",), number=3, text="Q1 · Can I?")
    assert kinds(pagination_findings(book(question))) == [("stranded", 0)]
    assert "is a question that ends page 1" in pagination_findings(book(question))[0].what
    lead_in = block(top=242, bottom=248, number=3, text="The deal goes so:")
    assert kinds(pagination_findings(book(lead_in))) == [("stranded", 0)]
    assert kinds(pagination_findings(book(block("h2", top=242, bottom=250, number=3)))) == [("stranded", 0)]
    assert pagination_findings(book(block(top=242, bottom=248, number=3))) == []      # a plain paragraph


def test_a_paragraph_s_last_line_alone_at_a_page_s_top_is_a_widow():
    split = block(top=200, bottom=270, key=7, lines=12, number=2)
    pages = [page(1, block("h1"), split, opens=True),
             page(2, block(top=TOP, bottom=TOP + 5, key=7, lines=1, number=2), block(top=30, bottom=200, number=3))]
    assert kinds(pagination_findings(pages)) == [("widow", 1)]
    two = [pages[0], page(2, block(top=TOP, bottom=TOP + 10, key=7, lines=2, number=2),
                          block(top=30, bottom=200, number=3))]
    assert pagination_findings(two) == []


def test_a_booklet_s_last_sheet_must_hold_a_quarter_of_its_sides_the_back_cover_counting_as_one():
    full = [page(n, block(top=TOP, bottom=BOTTOM, number=n), opens=n == 1) for n in range(1, 9)]
    lines = [page(n, block(top=TOP, bottom=TOP + 5, number=n)) for n in range(9, 13)]   # four near-empty pages
    assert ("booklet sheet", 11) in kinds(pagination_findings(full + lines, booklet=True))
    assert "booklet sheet" not in [kind for kind, _ in kinds(pagination_findings(full + lines, booklet=False))]
    # one page of rules on the last sheet: the back cover goes there too, a sheet worth its paper
    assert pagination_findings(full + [page(9, block(top=TOP, bottom=TOP + 30, number=9))], booklet=True) == []


def test_the_re_flow_tightens_the_chapter_or_loosens_it_and_lets_a_table_run_on():
    last_line = [page(1, block("h1", chapter=2), block(top=30, bottom=278, chapter=2, number=2), opens=True),
                 page(2, block(top=TOP, bottom=TOP + 5, chapter=2, number=3))]
    tighter = next_reflow(last_line, False, Reflow())
    assert tighter.tightness == {2: 2} and 'section[data-chapter="2"] { line-height: 1.27 !important; }' in tighter.css
    assert next_reflow(last_line, False, Reflow({2: 3})).tightness == {2: -1}     # then looser: more overleaf
    assert next_reflow(last_line, False, Reflow({2: -1})) is None      # nothing left to try: the check refuses
    held_over = [page(1, block("h1"), block(top=30, bottom=80, number=2), opens=True),
                 page(2, block("h2", top=TOP, bottom=30, number=3), block("table", top=32, bottom=250, number=4))]
    split = next_reflow(held_over, False, Reflow())
    assert split.split == {4} and '[data-block="4"] { break-inside: auto !important; }' in split.css


def test_a_heading_low_on_a_page_with_under_three_lines_of_its_section_is_stranded_and_sent_overleaf():
    def book(lines):
        heading = block("h1", top=230, bottom=240, chapter=6, number=5)
        lead_in = Block(6, "p", (), "Words.", "Words.", 242, 252, lines, "card_data/g/rulebook/06-faq.md:3", 6, 6)
        first = PageFlow(1, TOP, BOTTOM, 16.0, 194.0, (block(top=TOP, bottom=228, chapter=5, number=4), heading, lead_in),
                         (lead_in,), True)
        return [first, page(2, block(top=TOP, bottom=200, chapter=6, number=7))]
    found = pagination_findings(book(2))
    assert kinds(found) == [("stranded", 0)] and "under 3 lines of its section below it" in found[0].what
    assert pagination_findings(book(3)) == []
    whole = book(2)[:1] + [page(2, block("h1", top=TOP, bottom=TOP + 10, chapter=7, number=7),
                                block(top=TOP + 12, bottom=200, chapter=7, number=8))]
    assert pagination_findings(whole) == []              # its section ended on the page: the next one opens overleaf
    pushed = next_reflow(book(2), False, Reflow())
    assert pushed.pushed == {5} and '[data-block="5"] { break-before: page !important; }' in pushed.css
    near_empty = [page(1, block("h1"), block(top=30, bottom=60, number=2), opens=True),
                  page(2, block("h2", top=TOP, bottom=30, number=5), block(top=32, bottom=250, number=6))]
    kept = next_reflow(near_empty, False, pushed)          # the push left a page near empty: undone, for good
    assert kept.pushed == set() and kept.kept == {5}
    assert next_reflow(book(2), False, kept) is None


def test_a_booklet_whose_pages_fill_its_sheets_is_tightened_to_make_room_for_the_back_cover():
    full = [page(n, block(top=TOP, bottom=BOTTOM - 30, chapter=1 + n // 3, number=n), opens=n % 3 == 0)
            for n in range(1, 9)]
    assert set(next_reflow(full, True, Reflow()).tightness.values()) == {1}
    assert next_reflow(full[:7], True, Reflow()) is None       # seven pages: the back cover is the eighth
    assert next_reflow(full, False, Reflow()) is None


def test_the_layout_kept_has_the_fewest_findings_then_room_for_the_back_cover():
    eight = [page(n, block(top=TOP, bottom=BOTTOM - 30, number=n), opens=n == 1) for n in range(1, 9)]
    seven = eight[:7]
    assert layout_score(seven, [], True) < layout_score(eight, [], True) < layout_score(seven, ["a finding"], True)
    assert layout_score(eight, [], False) == layout_score(seven, [], False)      # a book has no back cover to place


PLANTED_CHAPTERS = {
    # a question at a page's foot, its answer a block taller than a page: sent overleaf, the
    # question still ends a page with its answer on the next
    "02-stranded.md": ('# Stranded\n\n<div style="height: 200mm"></div>\n\n'
                       '<p class="faq-q">Q1 · Planted: can a question end a page?</p>\n\n'
                       '<div style="height: 262mm; break-inside: avoid">An answer that does not split.</div>\n'),
    # a break the chapter forces: its first page near empty, its last one line
    "03-near-empty.md": ("# Near empty\n\nA paragraph before a break the chapter forces.\n\n"
                         '<div style="break-after: page"></div>\n\nOne line alone on the last page.\n\n'
                         '<div style="break-after: page"></div>\n'),          # the next chapter on a page of its own
    # a box as wide as the line after a paragraph's first word: no respacing mends that break
    "04-short-line.md": ('# Short line\n\nLa <span style="display: inline-block; width: 100%">&nbsp;</span> '
                         + "and the paragraph runs on below it at the full width of its measure, " * 3 + "\n"),
}


def test_a_build_refuses_a_stranded_question_a_near_empty_page_and_a_short_line_at_their_lines(tiny, tmp_path):
    chapters = tiny.root / "card_data/tiny/rulebook"
    for name, text in PLANTED_CHAPTERS.items():
        (chapters / name).write_text(text)
    stylesheet = tiny.root / "layouts/tiny/rulebook.css"       # a designer's rule undoing the base's keep-with-next
    stylesheet.write_text(stylesheet.read_text() + "\n.faq-q { break-after: auto !important; }\n")
    result = run_pnp("build", "tiny", "--project", str(tiny.root), "--out", str(tmp_path / "out"))
    shown = " ".join(result.output.split())
    assert result.exit_code == 2 and not (tmp_path / "out").exists(), shown
    assert re.search(r"02-stranded\.md:5: .{0,160}?'Q1 · Planted: can a question…', which is a question that ends "
                     r"page \d+: what it introduces is overleaf", shown), shown
    assert re.search(r"03-near-empty\.md:3: .{0,240}?leaves its page under 33 % full", shown), shown
    assert re.search(r"03-near-empty\.md:7: .{0,240}?ends its chapter on a page under 10 % full", shown), shown
    assert re.search(r"04-short-line\.md:3: .{0,160}?found 'La', which breaks a line far short of its measure", shown), shown


def test_contents_on_one_page_may_leave_it_short_but_not_spill_a_few_lines_onto_another():
    short = [page(1, block("h2", classes=("toc-title",), chapter=0, number=0), block("ul", top=40, bottom=45, chapter=0,
                                                                                    number=0), opens=True),
             page(2, block("h1"), block(top=30, bottom=270, number=2), opens=True)]
    assert pagination_findings(short) == []
    spilled = [page(1, block("h2", classes=("toc-title",), chapter=0, number=0), block("ul", top=40, bottom=279,
                                                                                      chapter=0, number=0), opens=True),
               page(2, block("ul", top=TOP, bottom=TOP + 8, chapter=0, number=0)),
               page(3, block("h1"), block(top=30, bottom=270, number=2), opens=True)]
    assert kinds(pagination_findings(spilled)) == [("underfilled page", 1)]


def test_a_line_broken_short_mid_paragraph_is_refused_and_the_reflow_respaces_its_paragraph():
    import dataclasses

    broken = dataclasses.replace(block(top=40, bottom=80, number=7), short_line="La")
    pages = [page(1, block("h1", number=6), broken, block(top=82, bottom=270, number=8), opens=True)]
    assert ("line broken short", 0) in kinds(pagination_findings(pages))
    first = next_reflow(pages, False, Reflow())
    assert first.respaced == {7: 1} and '[data-block="7"] { word-spacing: -0.02em !important; }' in first.css
    steps = [first]
    while (following := next_reflow(pages, False, steps[-1])) is not None:     # the same fault each time
        steps.append(following)
    assert [step.respaced[7] for step in steps] == [1, 2, 3]                  # then nothing more to try


def _flow(paragraph: str):
    import weasyprint

    from pnp.rulebook.page_flow import read_flow

    return read_flow(weasyprint.HTML(string=f"""<style>@page {{ size: 120mm 100mm; margin: 10mm }}</style>
        <main><section data-chapter="1"><p data-block="1">{paragraph}</p></section></main>""").render())


def test_the_flow_reads_a_line_broken_short_but_not_one_a_break_or_a_sentence_ends():
    words = "and the paragraph runs on below it at the full width of its measure, " * 3
    wide = '<span style="display: inline-block; width: 95mm">&nbsp;</span>'
    assert _flow(f"La {wide} {words}")[0].leaves[0].short_line == "La"
    assert _flow(f"La<br>{words}")[0].leaves[0].short_line == ""
    assert _flow(f"Play. {wide} {words}")[0].leaves[0].short_line == ""
