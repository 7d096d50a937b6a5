"""A deck as the studio's grid shows it: its columns (the declared fields, their types, choices
and ranges), its rows as the file holds them (a YAML entry, or a table's row with its count), and
each problem of the data at its cell, in words, found before anything renders."""

import hashlib
import re
from dataclasses import dataclass, replace

from pnp.data.decks import checked_cards, checked_deck, read_source
from pnp.data.fields import LIST_SEPARATOR
from pnp.data.game import Deck, Game
from pnp.data.located import Located
from pnp.data.rows import COUNT_COLUMN
from pnp.errors import DataError, PnpError, Problem
from pnp.files import read_bytes
from pnp.project import Project

FIELD_PART = re.compile(r"^(?:column ')?([A-Za-z_][\w-]*)")


@dataclass(frozen=True)
class Row:
    values: dict             # field -> the value as the file holds it (a table's: its cell's text)
    place: object            # its line (YAML, CSV) or first cell (spreadsheet)
    cards: range             # the cards it makes (a table's row makes `count` copies)


def deck_file(project: Project, game: Game, deck: Deck):
    return project.card_data / game.key / deck.source


def file_version(project: Project, game: Game, deck: Deck) -> str:
    """A digest of the deck file's bytes: an edit names the version it was made on."""
    path = deck_file(project, game, deck)
    try:
        data = read_bytes(path, project.relative(path), project.root)
    except DataError:
        return ""
    return digest_of(data)


def digest_of(data: bytes) -> str:
    """The version of a deck file's bytes that an edit names."""
    return hashlib.sha256(data).hexdigest()[:16]


def kind_of(deck: Deck) -> str:
    suffix = deck.source.rsplit(".", 1)[-1].lower()
    return {"csv": "csv", "xlsx": "xlsx"}.get(suffix, "yaml")


def columns(deck: Deck, icons: list[str]) -> list[dict]:
    """The grid's columns: each declared field as its editor shows it; a table's count too."""
    shown = []
    for name, spec in deck.fields.items():
        shown.append({"name": name, "type": spec.type, "required": spec.required,
                      "choices": [str(choice) for choice in spec.choices] or (icons if spec.type == "icon" else []),
                      "min": spec.min, "max": spec.max, "icons": spec.icons, "help": spec.help,
                      "editable": spec.type != "effects"})
    if kind_of(deck) != "yaml":
        shown.append({"name": COUNT_COLUMN, "type": "int", "required": False, "choices": [], "min": 1, "max": None,
                      "icons": False, "help": "copies of the row's card", "editable": True})
    return shown


def shown_value(value) -> str:
    """A value as its cell shows it: a list's items parted by a bar, as a table's cell holds them."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list) and all(not isinstance(item, (dict, list)) for item in value):
        return f" {LIST_SEPARATOR} ".join(shown_value(item) for item in value)
    if isinstance(value, (dict, list)):
        import json

        return json.dumps(value, ensure_ascii=False)
    return str(value)


def rows_of(located: Located, table: bool) -> list[Row]:
    """The rows as written: each YAML entry, or each table row (whose copies share its place)."""
    if not isinstance(located.data, list):
        return []
    if not table:
        return [Row(dict(entry) if isinstance(entry, dict) else {}, located.line_of((index,)), range(index, index + 1))
                for index, entry in enumerate(located.data)]
    rows: list[Row] = []
    for index, card in enumerate(located.data):
        place = located.lines.get((index,))
        if rows and rows[-1].place == place:
            rows[-1] = Row(rows[-1].values, place, range(rows[-1].cards.start, index + 1))
        else:
            rows.append(Row(dict(card), place, range(index, index + 1)))
    for number, row in enumerate(rows):
        if len(row.cards) > 1 or COUNT_COLUMN in located.columns:
            rows[number] = Row({**row.values, COUNT_COLUMN: str(len(row.cards))}, row.place, row.cards)
    return rows


def _place_key(place) -> tuple:
    """A line, or a cell's row: what a problem's place is matched to a row by."""
    order = getattr(place, "order", None)
    return (order[0],) if order else (place,)


def cell_of(problem: Problem, rows: list[Row], located: Located, deck: Deck) -> tuple[int | None, str | None]:
    """The row and field a problem of the deck is at (None, None: the deck as a whole)."""
    names = set(deck.fields) | {COUNT_COLUMN}
    part = problem.field.split(", ")[-1]
    match = FIELD_PART.match(part)
    field = match.group(1) if match and match.group(1) in names else None
    order = getattr(problem.line, "order", None)
    if order and located.columns and 0 < order[1] <= len(located.columns) and order[0] > 1:
        field = located.columns[order[1] - 1] if located.columns[order[1] - 1] in names else field
    if problem.line is None or problem.field.startswith("(deck)") or problem.field.startswith("(header)") \
            or problem.field.startswith("column "):
        return None, None
    wanted = _place_key(problem.line)
    if located.columns:
        for number, row in enumerate(rows):
            if _place_key(row.place) == wanted:
                return number, field
        return None, field
    card = re.match(r"card (\d+)", problem.field)
    if card and int(card.group(1)) - 1 < len(rows):
        return int(card.group(1)) - 1, field
    starts = [row.place for row in rows]
    before = [number for number, start in enumerate(starts) if isinstance(start, int) and start <= problem.line]
    return (before[-1], field) if before else (None, field)


def problem_words(problem: Problem) -> dict:
    found = f", found {problem.found}" if problem.found else ""
    return {"at": f"{problem.file}:{problem.line}" if problem.line else str(problem.file),
            "message": f"expected {problem.expected}{found}", "fix": problem.fix, "field": problem.field,
            "text": str(problem)}


def error_words(error: PnpError, at: str = "") -> list[dict]:
    """A refusal as the page shows problems: each of a DataError's, else the error in one line."""
    if isinstance(error, DataError):
        return [problem_words(problem) for problem in error.problems]
    return [{"at": at, "message": str(error), "fix": "", "field": "", "text": str(error)}]


def deck_grid(project: Project, game: Game, deck: Deck, icons: list[str]) -> dict:
    """Everything the grid shows of one deck, its problems at their cells."""
    table = kind_of(deck) != "yaml"
    grid = {"key": deck.key, "title": deck.title, "file": str(project.relative(deck_file(project, game, deck))),
            "kind": kind_of(deck), "sheet": deck.sheet if kind_of(deck) == "xlsx" else None,
            "version": file_version(project, game, deck), "columns": columns(deck, icons), "rows": [],
            "problems": [], "deck_problems": [], "count": deck.count, "count_rule": deck.count_rule,
            "width_mm": deck.width_mm, "height_mm": deck.height_mm, "bleed_mm": deck.bleed_mm,
            "shape": deck.shape, "backs": deck.backs}
    try:
        located = read_source(project, game, deck)
    except PnpError as error:
        grid["deck_problems"] = error_words(error, grid["file"])
        return grid
    rows = rows_of(located, table)
    grid["rows"] = [{"values": {name: shown_value(value) for name, value in row.values.items()},
                     "place": str(row.place)} for row in rows]
    try:
        checked_deck(project, game, deck, located)
        problems: list[Problem] = []
    except DataError as error:
        problems = error.problems
    for problem in problems:
        number, field = cell_of(problem, rows, located, deck)
        words = problem_words(problem)
        if number is None:
            grid["deck_problems"].append(words)
            continue
        for row in [number] + _other_row(problem, rows, located, deck):
            if {**words, "row": row, "column": field} not in grid["problems"]:     # a row's copies: once
                grid["problems"].append({**words, "row": row, "column": field})
    return grid


OTHER_PLACE = re.compile(r"Line (\S+) uses it already")
CELL = re.compile(r"^(?P<sheet>.+)!(?P<column>[A-Z]+)(?P<row>[0-9]+)$")


def _other_row(problem: Problem, rows: list[Row], located: Located, deck: Deck) -> list[int]:
    """The row an id is used at first, for a repeated id (at both rows: either may be the one
    just edited)."""
    from dataclasses import replace as replaced

    found = OTHER_PLACE.search(problem.fix or "")
    if not found:
        return []
    place = found.group(1)
    cell = CELL.match(place)
    if cell:
        from openpyxl.utils import column_index_from_string

        from pnp.data.xlsx_source import Cell

        line = Cell(cell["sheet"].strip("'"), int(cell["row"]), column_index_from_string(cell["column"]))
    elif place.isdigit():
        line = int(place)
    else:
        return []
    other, _ = cell_of(replaced(problem, line=line, field=problem.field.split(", ")[-1]), rows, located, deck)
    return [other] if other is not None else []


def row_card(project: Project, game: Game, deck: Deck, number: int):
    """The card row `number` makes, checked alone (its first copy), and the Located it was read
    from narrowed to it; a DataError names what keeps it from rendering."""
    located = read_source(project, game, deck)
    rows = rows_of(located, kind_of(deck) != "yaml")
    if not 0 <= number < len(rows):
        raise DataError([Problem(located.file, None, "(row)", f"a row from 1 to {len(rows)}", str(number + 1))])
    index = rows[number].cards.start
    lines = {(0,) + path[1:]: line for path, line in located.lines.items() if path[:1] == (index,)}
    keys = {(0,) + path[1:]: line for path, line in located.key_lines.items() if path[:1] == (index,)}
    one = Located([located.data[index]], {(): located.lines.get((), 1), **lines}, located.file, keys, located.columns)
    try:
        return checked_cards(project, game, deck, one, whole_deck=False), rows[number]
    except DataError as error:          # named as the deck names the card, not as a deck of one
        raise DataError([replace(problem, field=re.sub(r"^card 1\b", f"card {index + 1}", problem.field))
                         for problem in error.problems]) from None

