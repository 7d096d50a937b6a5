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
