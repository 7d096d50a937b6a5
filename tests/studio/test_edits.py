"""Edits from the grid written to the starter game's deck, and its problems found at their cells."""

import os

import pytest

from pnp.data.decks import icon_names
from pnp.errors import UsageError
from pnp.games import get_game
from pnp.studio.edits import Edit, StaleEdit, apply_edit
from pnp.studio.grid import deck_grid, file_version


def grid_of(tiny) -> dict:
    game = get_game(tiny, "tiny")
    return deck_grid(tiny, game, game.decks[0], icon_names(tiny))


def edited(tiny, **change) -> dict:
    game = get_game(tiny, "tiny")
    version = file_version(tiny, game, game.decks[0])
    apply_edit(tiny, game, Edit(deck="cards", version=version, **change), icon_names(tiny))
    return grid_of(tiny)


def deck_text(tiny) -> str:
    return (tiny.card_data / "tiny" / "cards.yaml").read_text()


def test_the_grid_shows_the_declared_fields_and_the_rows_as_written(tiny):
    grid = grid_of(tiny)
    assert [(c["name"], c["type"], c["min"], c["max"]) for c in grid["columns"]] == [
        ("id", "slug", None, None), ("name", "text", None, None), ("value", "int", 1, 9), ("text", "text", None, None),
        ("icon", "icon", None, None)]
    assert "raven" in grid["columns"][4]["choices"]
    assert grid["rows"][1]["values"] == {"id": "the-raven", "name": "The Raven", "value": "2",
                                         "text": "Look at the top card of the deck, then put it back.", "icon": "raven"}
    assert grid["problems"] == grid["deck_problems"] == []


def test_a_name_edited_changes_that_line_only_and_a_stale_edit_is_refused(tiny):
    before = deck_text(tiny)
    game = get_game(tiny, "tiny")
    old = file_version(tiny, game, game.decks[0])
    grid = edited(tiny, operation="set", row=1, field="name", value="The Grey Raven")
    assert deck_text(tiny) == before.replace("name: The Raven\n", "name: The Grey Raven\n")
    assert grid["rows"][1]["values"]["name"] == "The Grey Raven" and grid["version"] != old
    with pytest.raises(StaleEdit, match="changed on disk since the grid showed it"):
        apply_edit(tiny, game, Edit("cards", old, "set", 1, "name", "Lost"), [])
    assert "Lost" not in deck_text(tiny)


def test_a_value_out_of_range_is_written_and_shown_at_its_cell(tiny):
    grid = edited(tiny, operation="set", row=0, field="value", value="12")
    assert "  value: 12\n" in deck_text(tiny)
    [problem] = grid["problems"]
    assert (problem["row"], problem["column"]) == (0, "value")
    assert problem["message"] == "expected a number at most 9, found 12"


def test_a_card_added_or_copied_gets_a_new_id_and_the_count_is_said_for_the_deck(tiny):
    grid = edited(tiny, operation="copy", row=1)
    assert [row["values"]["id"] for row in grid["rows"]][1:3] == ["the-raven", "the-raven-copy"]
    [count] = grid["deck_problems"]
    assert count["message"] == "expected 6 cards (the six cards of the starter deck), found 7 cards"
    grid = edited(tiny, operation="add")
    assert grid["rows"][-1]["values"] == {"id": "new-card", "name": "New card", "value": "1", "text": "New card",
                                          "icon": "lantern-flame"}
    grid = edited(tiny, operation="delete", row=7)
    grid = edited(tiny, operation="delete", row=2)
    assert grid["deck_problems"] == [] and grid["problems"] == []


def test_a_choice_typo_is_shown_at_its_cell_in_words(tiny):
    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace(
        "      icon: {type: icon}\n", "      icon: {type: icon}\n      suit: {type: choice, choices: [moon, sun], required: false}\n"))
    edited(tiny, operation="set", row=2, field="suit", value="mon")
    grid = grid_of(tiny)
    [problem] = grid["problems"]
    assert (problem["row"], problem["column"]) == (2, "suit")
    assert "Did you mean 'moon'?" in problem["fix"]
    assert grid["columns"][-1]["choices"] == ["moon", "sun"]


def test_edits_the_file_cannot_take_are_refused(tiny):
    with pytest.raises(UsageError, match="has no field 'colour'"):
        edited(tiny, operation="set", row=0, field="colour", value="red")
    with pytest.raises(UsageError, match="moves to the row above or below"):
        edited(tiny, operation="move", row=0, to=3)
    deck = tiny.card_data / "tiny" / "cards.yaml"
    os.chmod(deck, 0o444)
    with pytest.raises(UsageError, match="is read-only"):
        edited(tiny, operation="set", row=0, field="name", value="x")


def test_a_save_made_while_an_edit_is_made_is_not_overwritten(tiny, monkeypatch):
    from pnp.studio import edits

    deck = tiny.card_data / "tiny" / "cards.yaml"
    saved_elsewhere = deck.read_text().replace("The Crown", "The Iron Crown")
    real = edits._yaml

    def slow_edit(*arguments):
        deck.write_text(saved_elsewhere)            # the designer's editor saves meanwhile
        return real(*arguments)

    monkeypatch.setattr(edits, "_yaml", slow_edit)
    with pytest.raises(StaleEdit, match="saved by another program while the edit was made"):
        edited(tiny, operation="set", row=0, field="name", value="The Lamp")
    assert deck.read_text() == saved_elsewhere


def test_a_card_that_is_no_mapping_is_a_problem_at_its_row_not_a_crash(tiny):
    from tests.conftest import run_pnp

    deck = tiny.card_data / "tiny" / "cards.yaml"
    deck.write_text(deck.read_text().replace("- id: the-raven\n", "- The Lantern\n\n- id: the-raven\n"))
    grid = grid_of(tiny)
    assert any(problem["row"] == 1 and "a mapping of keys to values" in problem["message"]
               for problem in grid["problems"]), grid["problems"]
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_a_control_character_or_a_negative_row_is_refused_in_words(tiny):
    with pytest.raises(UsageError, match="found the character U\\+0085"):
        edited(tiny, operation="set", row=0, field="name", value="A\x85B")
    with pytest.raises(UsageError, match="rows are counted from 1: no row 0"):
        edited(tiny, operation="delete", row=-1)


def test_an_id_used_twice_is_said_at_both_rows(tiny):
    edited(tiny, operation="copy", row=1)
    grid = edited(tiny, operation="set", row=2, field="id", value="the-raven")
    rows = sorted(problem["row"] for problem in grid["problems"] if "an id no other card has" in problem["message"])
    assert rows == [1, 2]
