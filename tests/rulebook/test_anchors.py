"""A rulebook's anchors are its headings' words: the same after a rebuild, after a chapter is
moved, and unique (issue 29: a link to a rule survives a rebuild and a reordering)."""

import re

from pnp.rulebook.anchors import heading_anchors
from tests.conftest import run_pnp


def test_sections_sit_under_their_chapter_and_repeated_words_are_numbered_in_order():
    anchors = heading_anchors([(1, "Busting"), (2, "The Ace"), (3, "Why?"), (2, "The Ace"),
                               (1, "Scoring"), (2, "The Ace"), (3, "")])
    assert anchors == ["busting", "busting--the-ace", "busting--the-ace--why", "busting--the-ace-2",
                       "scoring", "scoring--the-ace", "scoring--the-ace--section"]
    assert len(set(anchors)) == len(anchors)


def _anchors(tiny) -> list[str]:
    from pnp.data.decks import load_game
    from pnp.games import get_game
    from pnp.rulebook.render import render_rulebook_html

    game = get_game(tiny, "tiny")
    html = render_rulebook_html(tiny, game, load_game(tiny, game), {}, "a4")
    return re.findall(r'<h[123][^>]*\bid="([^"]+)"', html)


def test_anchors_are_the_same_after_a_rebuild_and_after_a_chapter_is_moved(tiny):
    chapters = tiny.card_data / "tiny" / "rulebook"
    (chapters / "02-a-turn.md").write_text("# A turn\n\n## Playing a card\n\nPlay one.\n\n### Why\n\nBecause.\n")
    before = _anchors(tiny)
    assert before == _anchors(tiny)
    assert {"how-to-play", "how-to-play--a-card", "a-turn--playing-a-card", "a-turn--playing-a-card--why"} <= set(before)
    (chapters / "02-a-turn.md").rename(chapters / "00-a-turn.md")          # now the first chapter
    after = _anchors(tiny)
    assert after != before and sorted(after) == sorted(before)


def test_the_contents_link_every_chapter_and_section_by_its_anchor(tiny, tmp_path):
    result = run_pnp("build", "tiny", "--project", str(tiny.root), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    import pikepdf
    pdf = pikepdf.open(tmp_path / "out" / "rulebook.pdf")
    names = pdf.Root.Names.Dests.Names if "/Names" in pdf.Root and "/Dests" in pdf.Root.Names else []
    named = {str(names[i]) for i in range(0, len(names), 2)}
    assert {"how-to-play", "how-to-play--a-card", "how-to-play--the-end", "credits"} <= named, named
