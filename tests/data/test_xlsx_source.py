"""Spreadsheet decks: read like CSV tables, each value located by its cell; a deck kept in a
workbook builds byte-identical to the same deck in YAML or CSV."""

import csv

import openpyxl
import pytest
import yaml

from pnp.data.xlsx_source import load_xlsx
from pnp.errors import DataError
from tests.conftest import run_pnp


def workbook(path, sheets: dict) -> None:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    book.save(path)


def test_rows_are_cards_cells_are_places_and_numbers_read_as_csv_text(tmp_path):
    path = tmp_path / "deck.xlsx"
    workbook(path, {"other": [["x"], [1]],
                    "gold": [["name", "value", "weight", "count"], ["Gold", 3, 2.5, 2], [None] * 4, ["Lead", None, 1.0]]})
    located = load_xlsx(path, "gold")
    assert located.data == [{"name": "Gold", "value": "3", "weight": "2.5"}] * 2 + [{"name": "Lead", "weight": "1"}]
    assert located.line_of((1, "value")) == "gold!B2"
    assert located.line_of((2, "value")) == "gold!B4"          # a blank cell is still placed
    assert located.line_of((2,)) == "gold!A4"


def test_a_bad_count_and_a_cell_outside_the_header_are_named_by_cell(tmp_path):
    path = tmp_path / "deck.xlsx"
    workbook(path, {"gold": [["name", "count"], ["Gold", "two"], ["Lead", 1, "stray"]]})
    with pytest.raises(DataError) as caught:
        load_xlsx(path, "gold", "deck.xlsx")
    text = str(caught.value)
    assert "deck.xlsx:gold!B2: count: expected a whole number of copies" in text
    assert "deck.xlsx:gold!C3: (row): expected cells only under a named header column, found 'stray'" in text


def test_a_missing_sheet_names_the_sheets_there(tmp_path):
    path = tmp_path / "deck.xlsx"
    workbook(path, {"gold": [["name"], ["Gold"]]})
    with pytest.raises(DataError, match=r"deck.xlsx: \(sheet\): expected a sheet named 'silver'.*found sheets 'gold'"):
        load_xlsx(path, "silver", "deck.xlsx")


def test_a_file_that_is_not_a_workbook_is_refused_by_name(tmp_path):
    path = tmp_path / "deck.xlsx"
    path.write_text("name\nGold\n")
    with pytest.raises(DataError, match=r"deck.xlsx: \(file\): expected an Excel workbook"):
        load_xlsx(path, "gold", "deck.xlsx")


def _starter_to_workbook(project) -> None:
    """The starter deck moved from cards.yaml to the `cards` sheet of cards.xlsx."""
    folder = project.card_data / "tiny"
    cards = yaml.safe_load((folder / "cards.yaml").read_text())
    names = list(cards[0])
    workbook(folder / "cards.xlsx", {"cards": [names] + [[card[n] for n in names] for card in cards]})
    (folder / "cards.yaml").unlink()
    path = folder / "game.yaml"
    path.write_text(path.read_text().replace("data: cards.yaml", "data: cards.xlsx"))


def test_a_yaml_deck_moved_to_a_workbook_builds_byte_identical(tiny, tmp_path):
    assert run_pnp("build", "tiny", "--out", str(tmp_path / "yaml"), "--project", str(tiny.root)).exit_code == 0
    _starter_to_workbook(tiny)
    result = run_pnp("build", "tiny", "--out", str(tmp_path / "xlsx"), "--project", str(tiny.root))
    assert result.exit_code == 0, result.output
    for name in ("cards.pdf", "rulebook.pdf"):
        assert (tmp_path / "xlsx" / name).read_bytes() == (tmp_path / "yaml" / name).read_bytes(), name


def test_a_csv_deck_moved_to_a_workbook_builds_byte_identical(project_copy, tmp_path, built):
    """Verset's tokens (a CSV table with a count column) in a workbook: the run's Verset build
    (`built`) is the reference, and every page of this one comes from the run's page cache."""
    folder = project_copy / "card_data" / "verset"
    with (folder / "tokens.csv").open(newline="") as handle:
        rows = list(csv.reader(handle))
    # Whole numbers as numbers, as a spreadsheet keeps them.
    workbook(folder / "verset.xlsx", {"soul-tokens": [[int(c) if c.isdigit() else (c or None) for c in row]
                                                      for row in rows]})
    path = folder / "game.yaml"
    text = path.read_text()
    assert "data: tokens.csv" in text
    path.write_text(text.replace("data: tokens.csv", "data: verset.xlsx\n    sheet: soul-tokens"))
    (folder / "tokens.csv").unlink()
    result = run_pnp("build", "verset", "--out", str(tmp_path / "xlsx"), "--project", str(project_copy))
    assert result.exit_code == 0, result.output
    reference = built["a4"]
    assert sorted(path.name for path in (tmp_path / "xlsx").glob("*.pdf")) == sorted(
        path.name for path in reference.glob("*.pdf"))
    for pdf in sorted(reference.glob("*.pdf")):
        assert (tmp_path / "xlsx" / pdf.name).read_bytes() == pdf.read_bytes(), pdf.name


def test_a_bad_cell_is_reported_as_file_sheet_cell_with_field_and_expectation(tiny):
    _starter_to_workbook(tiny)
    path = tiny.card_data / "tiny" / "cards.xlsx"
    book = openpyxl.load_workbook(path)
    book["cards"]["C4"] = "three"                       # the third card's value
    book.save(path)
    result = run_pnp("build", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    assert "card_data/tiny/cards.xlsx:cards!C4: card 3 (the-hourglass), value: expected" in result.output
    assert "'three'" in result.output
    assert not (tiny.root / "output").exists()


def _refusal(path, sheet="gold") -> str:
    with pytest.raises(DataError) as caught:
        load_xlsx(path, sheet, "deck.xlsx")
    return str(caught.value)


def test_a_header_naming_a_column_twice_is_refused_at_the_second(tmp_path):
    path = tmp_path / "deck.xlsx"
    workbook(path, {"gold": [["name", "value", "name"], ["Gold", 3, "Lead"]]})
    assert _refusal(path).startswith("deck.xlsx:gold!C1: (header) name: expected each column named once")


def test_a_value_far_right_of_the_header_is_found_and_a_long_cell_refused(tmp_path):
    path = tmp_path / "deck.xlsx"
    book = openpyxl.Workbook()
    book.active.title = "gold"
    book.active.append(["name", "count"])
    book.active.append(["Gold", 1])
    book.active["XFD2"] = "stray"
    book.active.append(["x" * 10_001])
    book.save(path)
    text = _refusal(path)
    assert "deck.xlsx:gold!XFD2: (row): expected cells only under a named header column, found 'stray'" in text
    assert "deck.xlsx:gold!A3: name: expected a cell of at most 10,000 characters (MAX_VALUE_CHARS)" in text


def _with_part(path, name: str, data: bytes) -> None:
    import zipfile

    workbook(path, {"gold": [["name"], ["Gold"]]})
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(name, data)


def test_a_part_past_its_limit_unzipped_is_refused_before_openpyxl_reads_it(tmp_path):
    path = tmp_path / "deck.xlsx"
    _with_part(path, "xl/padding.xml", b" " * 20_000_001)
    assert path.stat().st_size < 100_000
    assert _refusal(path) == ("deck.xlsx: (file): expected a workbook whose parts unzip to at most 20,000,000 "
                              "bytes each (MAX_XLSX_PART_BYTES), found xl/padding.xml of 20,000,001 bytes. "
                              "Split the workbook")


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_a_part_declaring_a_document_type_is_refused(tmp_path, encoding):
    path = tmp_path / "deck.xlsx"
    entities = '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "bb">]><a>&b;</a>'
    _with_part(path, "xl/entities.xml", entities.encode(encoding))
    assert "found a document type declaration in xl/entities.xml" in _refusal(path)


def test_a_damaged_sheet_is_refused_in_words(tmp_path):
    import zipfile

    path = tmp_path / "deck.xlsx"
    workbook(path, {"gold": [["name"], ["Gold"]]})
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    parts["xl/worksheets/sheet1.xml"] = sheet.replace('t="inlineStr"><is><t>Gold</t></is>', 't="s"><v>99</v>').encode()
    assert parts["xl/worksheets/sheet1.xml"].decode() != sheet
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    assert _refusal(path).startswith("deck.xlsx:gold!A1: (file): expected an Excel workbook (.xlsx) saved by a "
                                     "spreadsheet program, found a file openpyxl cannot read (IndexError")


def test_a_cell_crosses_processes_and_a_worker_s_refusal_names_it(tiny):
    """A problem at a cell pickles (a str subclass made from sheet, row and column), so the
    default parallel build names the cell, as `--jobs 1` does, not a crashed worker."""
    import pickle

    from pnp.data.xlsx_source import Cell
    from pnp.workers import travelling

    cell = Cell("cards", 3, 4)
    assert pickle.loads(pickle.dumps(cell)) == "cards!D3" and pickle.loads(pickle.dumps(cell)).order == (3, 4)
    error = DataError([])
    assert travelling(error) is error
    _starter_to_workbook(tiny)
    path = tiny.card_data / "tiny" / "cards.xlsx"
    book = openpyxl.load_workbook(path)
    book["cards"]["D3"] = "Draw a card. " * 60                   # the second card's text, far too long
    book.save(path)
    result = run_pnp("build", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2 and "cards.xlsx:cards!D3" in result.output and "crash" not in result.output


def test_translate_locates_a_workbook_s_strings_by_row_and_names_their_cells(tiny):
    """`pnp translate` on a game whose deck is a workbook: a catalogue location is a whole number,
    so a cell is written as its row (it was a traceback), its cell beside it as a comment, which the
    listing of what is left names."""
    _starter_to_workbook(tiny)
    result = run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert result.exit_code == 1 and "Traceback" not in result.output      # 1: words still to translate
    catalogue = (tiny.card_data / "tiny" / "locale" / "fr" / "messages.po").read_text()
    assert '#. cell: cards!B2\n#: card_data/tiny/cards.xlsx:2\nmsgid "The Lantern"' in catalogue
    assert "card_data/tiny/cards.xlsx:cards!B2: untranslated: 'The Lantern'" in result.output


def test_a_misspelt_header_is_one_fault_at_its_cell_in_a_workbook_and_a_csv_file(tiny):
    """One misspelt column gave a fault for every row (twice: the unknown key, the missing field)."""
    _starter_to_workbook(tiny)
    path = tiny.card_data / "tiny" / "cards.xlsx"
    book = openpyxl.load_workbook(path)
    book["cards"]["D1"] = "txet"
    book.save(path)
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    lines = [line for line in result.output.splitlines() if "cards.xlsx" in line]
    assert result.exit_code == 2 and len(lines) == 1 and "cards.xlsx:cards!D1: column 'txet'" in lines[0]
    assert "Did you mean 'text'?" in lines[0]
    rows = [[cell.value for cell in row] for row in book["cards"].iter_rows()]
    with (tiny.card_data / "tiny" / "cards.csv").open("w", newline="") as handle:
        csv.writer(handle).writerows(rows)
    path.unlink()
    game = tiny.card_data / "tiny" / "game.yaml"
    game.write_text(game.read_text().replace("data: cards.xlsx", "data: cards.csv"))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    lines = [line for line in result.output.splitlines() if "cards.csv" in line]
    assert result.exit_code == 2 and len(lines) == 1 and "cards.csv:1: column 'txet'" in lines[0]
