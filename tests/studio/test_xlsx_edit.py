"""Edits to a deck on a workbook's sheet: the other sheets, rows, columns and styles are kept."""

import io
import zipfile

import openpyxl
import pytest
from openpyxl.styles import Font, PatternFill

from pnp.errors import UsageError
from pnp.studio import xlsx_edit


def workbook() -> bytes:
    book = openpyxl.Workbook()
    notes = book.active
    notes.title = "notes"
    notes["A1"] = "Playtest notes"
    notes["A1"].font = Font(bold=True, color="FF0000")
    cards = book.create_sheet("cards")
    cards.append(["id", "name", "value"])
    cards.append(["the-lantern", "The Lantern", 1])
    cards.append(["the-raven", "The Raven", 2])
    cards["B2"].fill = PatternFill("solid", fgColor="FFFF00")
    cards.column_dimensions["B"].width = 31
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def opened(data: bytes):
    return openpyxl.load_workbook(io.BytesIO(data))


def test_a_cell_edited_keeps_the_other_sheet_and_the_styles():
    after = opened(xlsx_edit.set_cell(workbook(), "cards", 0, "name", "The Red Lantern"))
    assert after.sheetnames == ["notes", "cards"]
    assert after["notes"]["A1"].value == "Playtest notes" and after["notes"]["A1"].font.bold
    assert after["cards"]["B2"].value == "The Red Lantern"
    assert after["cards"]["B2"].fill.fgColor.rgb == "00FFFF00"
    assert after["cards"].column_dimensions["B"].width == 31
    assert [cell.value for cell in after["cards"][3]] == ["the-raven", "The Raven", 2]


def test_rows_are_copied_with_their_style_removed_and_moved():
    copied = opened(xlsx_edit.copied_row(workbook(), "cards", 0, {"id": "the-lantern-copy"}))["cards"]
    assert [row[0].value for row in copied.iter_rows(min_row=2)] == ["the-lantern", "the-lantern-copy", "the-raven"]
    assert copied["B3"].fill.fgColor.rgb == "00FFFF00"
    removed = opened(xlsx_edit.removed_row(workbook(), "cards", 0))["cards"]
    assert [row[0].value for row in removed.iter_rows(min_row=2)] == ["the-raven"]
    moved = opened(xlsx_edit.moved_row(workbook(), "cards", 0, 1))["cards"]
    assert [row[0].value for row in moved.iter_rows(min_row=2)] == ["the-raven", "the-lantern"]
    added = opened(xlsx_edit.added_row(workbook(), "cards", {"id": "new-card", "text": "x"}))["cards"]
    assert [cell.value for cell in added[1]] == ["id", "name", "value", "text"]
    assert [cell.value for cell in added[4]] == ["new-card", None, None, "x"]


def _with_part(name: str, data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive, zipfile.ZipFile(io.BytesIO(workbook())) as source:
        for item in source.infolist():
            archive.writestr(item, source.read(item))
        archive.writestr(name, data)
    return out.getvalue()


@pytest.mark.parametrize("name, data, lost", [
    ("xl/media/image1.png", b"\x89PNG", "pictures or shapes"),
    ("customXml/item1.xml", b"<a/>", "queries or custom data (Power Query)"),
    ("xl/worksheets/sheet9.xml", b'<worksheet><c r="C2"><f>C1+1</f><v>2</v></c></worksheet>', "formulas"),
    ("xl/worksheets/sheet8.xml", b"<worksheet><extLst><ext/></extLst></worksheet>", "dropdown lists"),
])
def test_a_workbook_holding_what_would_be_lost_is_not_rewritten(name, data, lost):
    with pytest.raises(UsageError, match=lost.replace("(", r"\(").replace(")", r"\)")):
        xlsx_edit.refuse_lossy(_with_part(name, data), "cards.xlsx")
    xlsx_edit.refuse_lossy(workbook(), "cards.xlsx")


def test_text_that_starts_with_an_equals_sign_stays_text():
    after = opened(xlsx_edit.set_cell(workbook(), "cards", 0, "name", "=2 gold, then draw"))
    assert after["cards"]["B2"].value == "=2 gold, then draw" and after["cards"]["B2"].data_type == "s"
    assert xlsx_edit.table(xlsx_edit.set_cell(workbook(), "cards", 0, "name", "=HYPERLINK(1)"), "cards")[1][0][1] \
        == "=HYPERLINK(1)"
