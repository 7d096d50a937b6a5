"""How a Problem prints what it echoes: one line, whatever the value, never a wall of digits."""

from pnp.errors import Problem, readable, reason
from tests.conftest import run_pnp


def test_a_long_number_is_told_by_its_digits_and_a_long_text_by_its_length():
    assert readable("'" + "9" * 5000 + "'") == "a number of 5,000 digits"
    assert readable("-" + "1" * 30) == "a negative number of 30 digits"
    assert readable("9" * 20) == "9" * 20
    text = readable("x" * 35_000_000)
    assert text == "x" * 240 + "… (35,000,000 characters) …" + "x" * 120
    assert readable("'/" + "folder/" * 100 + "secret.txt', outside the project").endswith("outside the project")


def test_a_problem_is_one_line_whatever_it_echoes():
    line = str(Problem("deck.csv", 3, "name", "text", "first\nsecond\r\nthird", "Fix\nit"))
    assert line == "deck.csv:3: name: expected text, found first second third. Fix it"
    assert len(str(Problem("deck.csv", 3, "x" * 5000, "y" * 50_000, "z" * 5000, "w" * 50_000))) < 5_000


def test_an_exception_without_words_is_named_by_its_kind():
    assert reason(MemoryError()) == "MemoryError"
    assert reason(ValueError("bad value")) == "bad value"
    assert "found  " not in str(Problem("a.yaml", 1, "(value)", "a value", reason(MemoryError())))


def test_a_value_past_its_field_s_bound_says_where_the_bound_is_declared(project_copy):
    assert run_pnp("new", "lanterns", "--project", str(project_copy)).exit_code == 0
    cards = project_copy / "card_data" / "lanterns" / "cards.yaml"
    cards.write_text(cards.read_text().replace("  value: 1\n", "  value: 12\n", 1))
    result = run_pnp("check", "lanterns", "--project", str(project_copy))
    assert result.exit_code == 2
    assert ("value: expected a number at most 9, found 12. Give it a number at most 9, or change the field's "
            "`max: 9` among the deck's fields: in card_data/lanterns/game.yaml") in result.output, result.output


def test_what_the_entries_and_chapters_show_as_written_is_reported_with_a_card_that_does_not_validate(tiny):
    """A newcomer's five mistakes took four runs of pnp check: a card that did not validate hid the
    deck's count, its misspelt inline icons and a chapter's literal {star}."""
    cards = tiny.card_data / "tiny" / "cards.yaml"
    text = cards.read_text().replace("  value: 1\n", "  value: one\n", 1)
    text = text.replace("gain {star}", "gain {sta}", 1)
    cards.write_text(text.rstrip("\n") + "\n\n- id: extra\n  name: Extra\n  value: 2\n  text: More.\n  icon: key\n")
    chapter = tiny.card_data / "tiny" / "rulebook" / "01-how-to-play.md"
    chapter.write_text(chapter.read_text() + "\nThe most {star} wins.\n")
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    output = " ".join(result.output.split())
    assert "value: expected a whole number, found 'one'" in output
    assert "expected 6 cards (the six cards of the starter deck), found 7 cards" in output
    assert "found {sta}. Did you mean {star}?" in output
    assert "01-how-to-play.md:19: (text): expected an inline icon drawn by the rules filter" in output, output


def test_a_slug_written_as_a_title_is_answered_with_the_slug(tiny):
    cards = tiny.card_data / "tiny" / "cards.yaml"
    cards.write_text(cards.read_text().replace("id: the-raven", "id: The Raven!", 1))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    assert ("id: expected lowercase words joined by hyphens, such as the-raven, found 'The Raven!'. Write it as "
            "the-raven") in " ".join(result.output.split()), result.output


def test_a_header_differing_in_case_is_offered_the_field_and_an_icon_column_takes_an(tiny):
    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("data: cards.yaml", "data: cards.csv"))
    (tiny.card_data / "tiny" / "cards.csv").write_text("ID,name,value,text\nthe-lantern,The Lantern,1,Draw.\n")
    said = " ".join(run_pnp("check", "tiny", "--project", str(tiny.root)).output.split())
    assert "column 'ID': expected a column named after one of the deck's fields" in said and "Did you mean 'id'?" in said
    assert "expected an icon column (the field is required)" in said, said
