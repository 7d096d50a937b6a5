"""How a Problem prints what it echoes: one line, whatever the value, never a wall of digits."""

from pnp.errors import Problem, readable, reason


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
