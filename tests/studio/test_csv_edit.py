"""Edits spliced into a CSV deck: one cell's text changes, every other row stays as written."""

import csv
import io

from pnp.studio import csv_edit

TABLE = 'id,name,value,count\r\nthe-lantern,"The Lantern",1,2\r\n\r\nthe-raven,"Raven, the",2,\r\nthe-crown,The Crown,9,1'


def rows(text: str) -> list[list[str]]:
    return [row for row in csv.reader(io.StringIO(text, newline="")) if any(row)]


def test_a_cell_changes_and_its_neighbours_keep_their_quotes():
    after = csv_edit.set_cell(TABLE, 0, "value", "3")
    assert after == TABLE.replace('"The Lantern",1,2', '"The Lantern",3,2')
    after = csv_edit.set_cell(TABLE, 1, "name", 'A "quoted" raven')
    assert rows(after)[2] == ["the-raven", 'A "quoted" raven', "2", ""]
    assert after.splitlines()[1] == 'the-lantern,"The Lantern",1,2'


def test_a_new_column_is_added_at_the_end_with_an_empty_cell_in_each_row():
    after = csv_edit.set_cell(TABLE, 2, "text", "Worth two.")
    assert rows(after) == [["id", "name", "value", "count", "text"], ["the-lantern", "The Lantern", "1", "2", ""],
                           ["the-raven", "Raven, the", "2", "", ""], ["the-crown", "The Crown", "9", "1", "Worth two."]]


def test_rows_are_added_copied_removed_and_moved_as_lines():
    added = csv_edit.added_row(TABLE, {"id": "new-card", "name": "New card", "value": "1"})
    assert added == TABLE + "\r\nnew-card,New card,1,"
    copied = csv_edit.copied_row(TABLE, 1, {"id": "the-raven-copy"})
    assert [row[0] for row in rows(copied)] == ["id", "the-lantern", "the-raven", "the-raven-copy", "the-crown"]
    assert rows(copied)[3][1] == "Raven, the"
    removed = csv_edit.removed_row(TABLE, 2)
    assert removed == 'id,name,value,count\r\nthe-lantern,"The Lantern",1,2\r\n\r\nthe-raven,"Raven, the",2,'
    moved = csv_edit.moved_row(TABLE, 0, 1)
    assert [row[0] for row in rows(moved)] == ["id", "the-raven", "the-lantern", "the-crown"]
    assert '"The Lantern",1,2' in moved


def test_raw_rows_read_as_the_csv_module_reads_them():
    text = 'a,b\n"x\ny","1,2"\n"",z\n'
    parsed = [[text[start:end] for start, end in row.cells] for row in csv_edit.raw_rows(text)]
    assert parsed == [["a", "b"], ['"x\ny"', '"1,2"'], ['""', "z"]]


def test_a_row_of_quoted_blanks_is_no_card_here_as_for_the_loader():
    text = 'id,name\na,A\n"",""\nb,B\n'
    assert csv_edit.table(text) == (["id", "name"], [["a", "A"], ["b", "B"]])
    assert csv_edit.removed_row(text, 1) == 'id,name\na,A\n"",""\n'
    assert csv_edit.set_cell(text, 1, "name", "Bee").endswith("b,Bee\n")


def test_a_file_of_bare_carriage_returns_keeps_them():
    assert csv_edit.added_row("id,name\ra,A\r", {"id": "b", "name": "B"}) == "id,name\ra,A\rb,B\r"
