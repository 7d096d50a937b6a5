"""Data files from a stranger (issue 26): a cell or a YAML value of millions of characters, aliases
that multiply a long text, numbers of thousands of digits, a header naming a column twice, a row
short of cells. Each ends as `pnp check` run under the supervised program: exit 2, one line
naming the file, the line or cell and the limit, within the harness's time and memory, nothing
written anywhere."""

import zipfile

import pytest

from tests.test_attacks import SECRET, edit, project, refused  # noqa: F401 (project is a fixture)

TOKENS = "card_data/verset/tokens.csv"
WORKBOOK = "card_data/verset/tokens.xlsx"
SHEET = "soul-tokens"
MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
RELATIONS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE = "http://schemas.openxmlformats.org/package/2006"
TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
CONTENT_TYPES = (f'<Types xmlns="{PACKAGE}/content-types">'
                 '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                 '<Default Extension="xml" ContentType="application/xml"/>'
                 f'<Override PartName="/xl/workbook.xml" ContentType="{TYPE}.sheet.main+xml"/>'
                 f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{TYPE}.worksheet+xml"/>'
                 f'<Override PartName="/xl/sharedStrings.xml" ContentType="{TYPE}.sharedStrings+xml"/></Types>')
PACKAGE_RELATIONS = (f'<Relationships xmlns="{PACKAGE}/relationships"><Relationship Id="rId1" '
                     f'Type="{RELATIONS}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
BOOK = (f'<workbook {MAIN} xmlns:r="{RELATIONS}"><sheets>'
        f'<sheet name="{SHEET}" sheetId="1" r:id="rId1"/></sheets></workbook>')
BOOK_RELATIONS = (f'<Relationships xmlns="{PACKAGE}/relationships">'
                  f'<Relationship Id="rId1" Type="{RELATIONS}/worksheet" Target="worksheets/sheet1.xml"/>'
                  f'<Relationship Id="rId2" Type="{RELATIONS}/sharedStrings" Target="sharedStrings.xml"/>'
                  "</Relationships>")


def listing(folder):
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def one_problem(project, tmp_path) -> str:
    """`pnp check verset` refused: the one problem line, checked for what every attack must show."""
    before = listing(tmp_path)
    output = refused(project, "check", "verset")
    assert SECRET not in output
    assert listing(tmp_path) == before
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    problems = [line for line in lines if not line.startswith("error:") and "Le Dernier Verset:" not in line]
    assert len(problems) == 1, output
    return problems[0]


def column(index: int) -> str:
    return "ABCDEFGHIJ"[index]


def write_workbook(path, rows: list[list[str]]) -> None:
    """A workbook as a spreadsheet program saves it, each text once in the shared strings: a
    cell of millions of repeated characters compresses to a few kilobytes."""
    strings = list(dict.fromkeys(text for row in rows for text in row))
    index = {text: number for number, text in enumerate(strings)}
    sheet = "".join(f'<row r="{number}">' + "".join(f'<c r="{column(place)}{number}" t="s"><v>{index[text]}</v></c>'
                                                    for place, text in enumerate(row)) + "</row>"
                    for number, row in enumerate(rows, start=1))
    parts = {"[Content_Types].xml": CONTENT_TYPES, "_rels/.rels": PACKAGE_RELATIONS, "xl/workbook.xml": BOOK,
             "xl/_rels/workbook.xml.rels": BOOK_RELATIONS,
             "xl/worksheets/sheet1.xml": f"<worksheet {MAIN}><sheetData>{sheet}</sheetData></worksheet>",
             "xl/sharedStrings.xml": f"<sst {MAIN}>" + "".join(f"<si><t>{text}</t></si>" for text in strings) + "</sst>"}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, text in parts.items():
            archive.writestr(name, text)


def tokens_in_a_workbook(project, rows) -> None:
    write_workbook(project / WORKBOOK, rows)
    (project / TOKENS).unlink()
    edit(project, "card_data/verset/game.yaml", "data: tokens.csv", "data: tokens.xlsx")


TOKEN_ROWS = [["id", "value", "name", "count"], ["one-soul", "1", "One soul", "10"],
              ["five-souls", "5", "Five souls", "7"]]


# --- a cell of millions of characters -----------------------------------------------------------

def test_35_million_characters_in_a_cell_of_a_small_workbook(project, tmp_path):
    rows = [list(row) for row in TOKEN_ROWS]
    rows[2][2] = "x" * 35_000_000
    tokens_in_a_workbook(project, rows)
    assert (project / WORKBOOK).stat().st_size < 100_000
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{WORKBOOK}: (file):") and "xl/sharedStrings.xml" in line, line
    assert "MAX_XLSX_PART_BYTES" in line


def test_a_workbook_cell_past_the_value_limit_is_named_by_its_cell(project, tmp_path):
    rows = [list(row) for row in TOKEN_ROWS]
    rows[2][2] = "x" * 3_000_000
    tokens_in_a_workbook(project, rows)
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{WORKBOOK}:{SHEET}!C3: name:") and "MAX_VALUE_CHARS" in line, line
    assert "3,000,000 characters" in line and len(line) < 200


def test_a_short_cell_used_a_thousand_times_is_stopped_by_the_sheet_limit(project, tmp_path):
    rows = [["id", "value", "name"]] + [[f"t{number}", "1", "y" * 9_000] for number in range(2_000)]
    tokens_in_a_workbook(project, rows)
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{WORKBOOK}:{SHEET}!A") and "MAX_DATA_CHARS" in line, line


@pytest.mark.parametrize("characters", [20_000, 3_900_000])
def test_a_csv_cell_past_the_value_limit(project, tmp_path, characters):
    (project / TOKENS).write_text(f"id,value,name,count\none-soul,1,One soul,10\nfive-souls,5,{'x' * characters},7\n")
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{TOKENS}:3: ") and "MAX_VALUE_CHARS" in line and len(line) < 200, line


# --- YAML aliases that multiply text -----------------------------------------------------------

def test_a_thousand_aliases_of_a_long_string(project, tmp_path):
    (project / "card_data/verset/glass.yaml").write_text(
        "- id: &text " + "x" * 3_900_000 + "\n- [" + ", ".join(["*text"] * 1_000) + "]\n")
    line = one_problem(project, tmp_path)
    assert line.startswith("card_data/verset/glass.yaml:1: (value):") and "MAX_VALUE_CHARS" in line, line


def test_aliases_of_many_short_strings_are_refused_at_the_alias(project, tmp_path):
    strings = ", ".join(["y" * 9_000] * 430)                   # 3.9 million characters, each value short
    aliases = "".join(f"- *list\n" for _ in range(1_000))
    (project / "card_data/verset/glass.yaml").write_text(f"- &list [{strings}]\n{aliases}")
    line = one_problem(project, tmp_path)
    # the first use of the anchor and two aliases pass 10 million characters: the second alias, line 3
    assert line.startswith("card_data/verset/glass.yaml:3: (size):") and "MAX_DATA_CHARS" in line, line


# --- what a message echoes -----------------------------------------------------------------------

def test_a_5000_digit_count_is_told_by_its_digits(project, tmp_path):
    edit(project, TOKENS, "One soul,10", "One soul," + "9" * 5_000)
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{TOKENS}:2: count:") and "a number of 5,000 digits" in line, line
    assert len(line) < 200


def test_a_300_digit_value_is_refused_as_yaml_would(project, tmp_path):
    edit(project, TOKENS, "one-soul,1,", "one-soul," + "9" * 300 + ",")
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{TOKENS}:2: ") and "MAX_NUMBER_DIGITS" in line and "a number of 300 digits" in line
    assert len(line) < 200


# --- tables that do not match their header -----------------------------------------------------

def test_a_csv_header_naming_a_column_twice(project, tmp_path):
    (project / TOKENS).write_text("id,value,name,id,count\none-soul,1,One soul,x,10\nfive-souls,5,Five souls,y,7\n")
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{TOKENS}:1: (header) id: expected each column named once"), line
    assert "column 4" in line and "column 1" in line


def test_a_workbook_header_naming_a_column_twice(project, tmp_path):
    tokens_in_a_workbook(project, [["id", "value", "name", "value"], ["one-soul", "1", "One soul", "1"]])
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{WORKBOOK}:{SHEET}!D1: (header) value: expected each column named once"), line


def test_a_csv_row_missing_cells_names_the_columns(project, tmp_path):
    (project / TOKENS).write_text("id,value,name,count\none-soul,1,One soul,10\nfive-souls,5\n")
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{TOKENS}:3: (row): expected 4 cells as in the header"), line
    assert "none for name, count" in line


def test_a_blank_required_cell_says_to_fill_the_column(project, tmp_path):
    edit(project, TOKENS, "five-souls,5,Five souls,7", "five-souls,5,,7")
    line = one_problem(project, tmp_path)
    assert line.startswith(f"{TOKENS}:3: card 11 (five-souls), name: expected this field"), line
    assert "Fill its cell in the name column" in line


# --- control characters: refused where they are read, escaped where anything is printed (issue 42) ---

@pytest.mark.parametrize("command", [("check", "verset"), ("list",)])
def test_a_title_with_terminal_escapes_is_refused_at_its_line_and_printed_escaped(project, command):
    """YAML's \\e writes ESC: the title would set the terminal's title and clear it."""
    edit(project, "card_data/verset/game.yaml", "title: Le Dernier Verset",
         'title: "Le Dernier Verset\\e]0;owned\\a\\e[2J"')
    output = refused(project, *command)
    assert "\x1b" not in output and "\x07" not in output
    assert "card_data/verset/game.yaml:4: (text): expected text without control characters, found '\\x1b'" in output
