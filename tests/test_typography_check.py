"""`pnp check` refuses a typographic fault in what a game prints from its data, at its line, in
the text's own language: a card's field, then a chapter's printed text."""

import re

from tests.conftest import run_pnp


def test_a_straight_quote_and_a_hyphen_range_are_refused_at_their_lines(tiny):
    cards = tiny.root / "card_data/tiny/cards.yaml"
    cards.write_text(cards.read_text().replace("name: The Raven", "name: The Raven's Eye"))
    chapter = tiny.root / "card_data/tiny/rulebook/01-how-to-play.md"
    chapter.write_text(chapter.read_text().replace("When the deck runs out,", "After 3-5 turns, when the deck runs out,"))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    shown = " ".join(result.output.split())
    assert result.exit_code == 2, shown
    line = cards.read_text().splitlines().index("  name: The Raven's Eye") + 1
    assert (f"card_data/tiny/cards.yaml:{line}: card 2 (the-raven), name: expected a typographic apostrophe (’), "
            "found \"The Raven's Eye\". Write ’ for '") in shown, shown
    cards.write_text(cards.read_text().replace("The Raven's Eye", "The Raven’s Eye"))    # the chapters come next
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    shown = " ".join(result.output.split())
    line = next(n for n, text in enumerate(chapter.read_text().splitlines(), 1) if "3-5 turns" in text)
    assert result.exit_code == 2 and re.search(rf"01-how-to-play\.md:{line}: \(printed text\): expected an en dash \(–\) between the ends of a "
                     r"range, found '.*3-5 turns.*'\. Write 3–5", shown), shown
