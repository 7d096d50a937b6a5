import pytest

from pnp.data.csv_source import load_csv
from pnp.errors import DataError


def test_count_makes_copies_that_keep_their_row_line(tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text("name,value,count\nGold,3,2\nLead,,1\n")
    located = load_csv(path)
    assert located.data == [{"name": "Gold", "value": "3"}, {"name": "Gold", "value": "3"},
                            {"name": "Lead"}]
    assert located.line_of((1, "value")) == 2 and located.line_of((2,)) == 3


def test_a_bad_count_names_the_row(tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text("name,count\nGold,two\n")
    with pytest.raises(DataError, match=r"deck.csv:2: count"):
        load_csv(path)


def _refusal(tmp_path, text: str) -> str:
    path = tmp_path / "deck.csv"
    path.write_text(text)
    with pytest.raises(DataError) as caught:
        load_csv(path, "deck.csv")
    return str(caught.value)


def test_a_header_naming_a_column_twice_is_refused(tmp_path):
    assert _refusal(tmp_path, "id,name, id\na,A,b\n") == (
        "deck.csv:1: (header) id: expected each column named once, found 'id' again in column 3, as in column 1. "
        "Rename one of the columns, or merge them")


def test_a_row_short_of_cells_names_the_columns_it_lacks(tmp_path):
    assert "deck.csv:3: (row): expected 3 cells as in the header, found 1 cell: none for name, count" in _refusal(
        tmp_path, "id,name,count\na,A,1\nb\n")


def test_a_value_under_no_column_name_is_refused_and_blank_rows_are_skipped(tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text("id,name,\na,A,\n,,\n\nb,B,\n")
    located = load_csv(path)
    assert located.data == [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}]
    assert located.line_of((1, "name")) == 5 and located.columns == ("id", "name")
    assert "deck.csv:2: (row): expected cells only under a named header column, found 'x' in column 2" in _refusal(
        tmp_path, "id,,name\na,x,A\n")


def test_a_row_starting_a_quoted_cell_over_lines_is_placed_at_its_first_line(tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text('id,name\na,"two\nlines"\nb,B\n')
    located = load_csv(path)
    assert located.line_of((0, "name")) == 2 and located.line_of((1, "name")) == 4


@pytest.mark.parametrize("characters", [10_001, 200_000])
def test_a_cell_past_the_value_limit_is_refused(tmp_path, characters):
    text = _refusal(tmp_path, "id,name\na," + "x" * characters + "\n")
    assert text.startswith("deck.csv:2: ") and "at most 10,000 characters (MAX_VALUE_CHARS)" in text
    assert len(text) < 200


def test_too_many_columns_are_refused(tmp_path):
    assert "at most 100 columns (MAX_COLUMNS), found 101 columns" in _refusal(
        tmp_path, ",".join(f"c{n}" for n in range(101)) + "\n")


def test_a_count_of_5000_digits_is_told_by_its_digits(tmp_path):
    assert _refusal(tmp_path, "name,count\nGold," + "9" * 5000 + "\n") == (
        "deck.csv:2: count: expected a whole number of copies from 1 to 1000 (MAX_COPIES), "
        "found a number of 5,000 digits")


# --- issue 28, item 7: a quote left open is reported where it opens ------------------------------

OPEN_QUOTE = "a quote (\") that opens here"


def test_a_quote_left_open_that_swallows_rows_is_reported_where_it_opens(tmp_path):
    text = "id,name,text,count\na,A,x,1\nb,\"B,y,1\nc,C,z,1\nd,D,w,1\n"
    assert str(_refusal(tmp_path, text)).startswith(
        f"deck.csv:3: name: expected a quoted cell that closes on its own line, found {OPEN_QUOTE} and runs on to line 5")


def test_a_quote_left_open_on_the_last_row_is_reported_there(tmp_path):
    refusal = _refusal(tmp_path, "id,name,text,count\na,A,x,1\nb,\"B,y,1\n")
    assert refusal.startswith("deck.csv:3: name:") and "runs on to the end of the file" in refusal


def test_a_quoted_cell_over_several_lines_is_still_a_cell(tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text('id,text,count\na,"First line,\nsecond line",1\nb,plain,1\n')
    assert [card["text"] for card in load_csv(path).data] == ["First line,\nsecond line", "plain"]
