"""docs/tutorial.md followed as written: the messages it quotes are the ones pnp prints."""

import re

from tests.conftest import ROOT, run_pnp

TUTORIAL = (ROOT / "docs" / "tutorial.md").read_text()


def test_step_2_s_message_is_the_one_pnp_prints(project_copy):
    assert run_pnp("new", "lanterns", "--title", "Lanterns", "--project", str(project_copy)).exit_code == 0
    quoted = re.search(r"It prints `([^`]+)`", TUTORIAL).group(1)
    result = run_pnp("check", "lanterns", "--project", str(project_copy))
    assert result.exit_code == 0 and quoted in result.output, result.output


def test_step_4_s_message_is_the_one_pnp_prints(project_copy):
    assert run_pnp("new", "lanterns", "--title", "Lanterns", "--project", str(project_copy)).exit_code == 0
    card = re.search(r"add one at the end, after a blank line:\n\n```yaml\n(.*?)```", TUTORIAL, re.S).group(1)
    quoted = re.search(r"`pnp check lanterns` now says:\n\n```\n(.*?)\n```", TUTORIAL, re.S).group(1)
    cards = project_copy / "card_data" / "lanterns" / "cards.yaml"
    cards.write_text(cards.read_text().rstrip("\n") + "\n\n" + card)
    result = run_pnp("check", "lanterns", "--project", str(project_copy))
    assert result.exit_code == 2 and quoted in result.output, result.output


def _step_5(project):
    """The game after step 5's field: declared, given to the first two cards, printed as a class."""
    assert run_pnp("new", "lanterns", "--title", "Lanterns", "--project", str(project)).exit_code == 0
    section = TUTORIAL.split("## 5. Add a field")[1].split("## 6.")[0]
    field = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
    declaration = project / "card_data" / "lanterns" / "game.yaml"
    text = declaration.read_text()
    declaration.write_text(text.replace("      icon: {type: icon}\n", "      icon: {type: icon}\n" + field))
    cards = project / "card_data" / "lanterns" / "cards.yaml"
    entries = re.split(r"(?m)^(?=- id:)", cards.read_text())
    assert len(entries) == 7, entries
    for index, colour in ((1, "red"), (2, "blue")):
        head, rest = entries[index].split("\n", 1)
        entries[index] = f"{head}\n  colour: {colour}\n{rest}"
    cards.write_text("".join(entries))
    face = project / "layouts" / "lanterns" / "card.html"
    markup = re.search(r"`(<div class=\"trim colour-[^`]+)`", section).group(1)
    face.write_text(face.read_text().replace('<div class="trim">', markup))
    return section, project / "layouts" / "lanterns" / "cards.css"


def test_step_5_s_colours_print(project_copy):
    """Each look step 5 gives a colour passes the checks only a laid-out page makes (contrast)."""
    section, stylesheet = _step_5(project_copy)
    looks = re.findall(r"`(\.colour-[^`]+)`", section)
    assert len(looks) >= 2, looks
    plain = stylesheet.read_text()
    stylesheet.write_text(plain + ".colour-red .panel { background: #8a2a1f; }\n")
    result = run_pnp("check", "lanterns", "--measure-fit", "--project", str(project_copy))
    assert "too little contrast" in result.output, result.output        # the look step 5 warns of
    for look in looks:
        stylesheet.write_text(plain + look + "\n")
        result = run_pnp("check", "lanterns", "--measure-fit", "--project", str(project_copy))
        assert result.exit_code == 0 and "problem" not in result.output, (look, result.output)



def test_step_6_s_spreadsheet_checks_and_its_mistake_is_named_by_cell(project_copy):
    """The sheet step 6 shows, typed as a designer would (numbers as numbers), saved where it says."""
    import openpyxl

    assert run_pnp("new", "lanterns", "--title", "Lanterns", "--project", str(project_copy)).exit_code == 0
    section = TUTORIAL.split("## 6. Keep the deck in a spreadsheet")[1].split("## 7.")[0]
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in section.splitlines() if line.startswith("|") and not line.startswith("|---")]
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = re.search(r"one sheet named `(\w+)`", section).group(1)
    for row in rows:
        sheet.append([int(cell) if cell.isdigit() else cell for cell in row])
    saved = project_copy / re.search(r"Save it as `([^`]+)`", section).group(1)
    book.save(saved)
    declared = re.search(r"```yaml\n\s*(data: [^\n]+)\n```", section).group(1)
    declaration = project_copy / "card_data" / "lanterns" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("data: cards.yaml", declared))
    result = run_pnp("check", "lanterns", "--project", str(project_copy))
    assert result.exit_code == 0 and "Lanterns: 1 deck and its layouts check out" in result.output, result.output
    cell = re.search(r"\(cell (\w+)\)", section).group(1)
    sheet[cell] = re.search(r"type `(\w+)` for", section).group(1)
    book.save(saved)
    quoted = re.search(r"the check says\n\n```\n(.*?)\n```", section, re.S).group(1)
    result = run_pnp("check", "lanterns", "--project", str(project_copy))
    assert result.exit_code == 2 and quoted in " ".join(result.output.split()), result.output
