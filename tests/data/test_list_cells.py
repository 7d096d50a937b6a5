"""A spreadsheet designer's lists and conditional fields: a list field written in one cell, its
items parted by `|`, and a field required only on the cards where another has a value."""

import re

import pytest

from pnp.data.decks import load_game
from pnp.errors import DataError
from pnp.games import get_game
from tests.conftest import run_pnp

FIELDS = """      targets: {type: ints, required: false, min: 1, max: 6}
      reward: {type: text, required: false, required_if: targets}
"""
HEADER = "id,name,value,text,icon,targets,reward\n"
ROWS = ["the-lantern,The Lantern,1,Draw a card.,lantern-flame,4 | 5,Gain a card.",
        "the-raven,The Raven,2,Look.,raven,,",
        "the-hourglass,The Hourglass,3,Wait.,hourglass,6,Take a turn.",
        "the-horseshoe,The Horseshoe,5,Luck.,horseshoe,,",
        "the-quill,The Quill,7,Write.,quill-ink,,",
        "the-crown,The Crown,9,Rule.,crowned-heart,,"]


def _table_deck(root, rows, header=HEADER):
    declaration = root / "card_data/tiny/game.yaml"
    text = declaration.read_text().replace("data: cards.yaml", "data: cards.csv")
    declaration.write_text(text.replace("      icon: {type: icon}\n", "      icon: {type: icon}\n" + FIELDS))
    (root / "card_data/tiny/cards.yaml").unlink()
    (root / "card_data/tiny/cards.csv").write_text(header + "\n".join(rows) + "\n")


def _refusal(project) -> str:
    with pytest.raises(DataError) as refused:
        load_game(project, get_game(project, "tiny"))
    return "\n".join(str(problem) for problem in refused.value.problems)


def test_a_list_in_one_cell_is_its_items_parted_by_a_bar(tiny):
    _table_deck(tiny.root, ROWS)
    (deck,) = load_game(tiny, get_game(tiny, "tiny"))
    assert [card.targets for card in deck.cards[:3]] == [[4, 5], [], [6]]
    assert deck.cards[0].reward == "Gain a card." and deck.cards[1].reward is None


def test_an_item_of_a_list_cell_is_checked_at_its_cell(tiny):
    _table_deck(tiny.root, [ROWS[0].replace("4 | 5", "4 | seven")] + ROWS[1:])
    said = _refusal(tiny)
    assert re.search(r"cards\.csv:2: card 1 \(the-lantern\), targets\[1\]: expected a whole number, found 'seven'", said)


@pytest.mark.parametrize("cell, fix", [("4 || 5", "Remove the empty item"), ("4 | 5 |", "Remove the empty item"),
                                       ("4, 5", "Part the items with |, not a comma: 4 | 5")])
def test_a_list_cell_that_reads_wrong_is_one_fault_saying_how_to_mend_it(tiny, cell, fix):
    _table_deck(tiny.root, [ROWS[0].replace("4 | 5", f'"{cell}"')] + ROWS[1:])
    said = _refusal(tiny)
    assert said.startswith(f"card_data/tiny/cards.csv:2: card 1 (the-lantern), targets: expected items parted by a "
                           f"vertical bar (|), one value between each two: 4 | 5 | 6, found {cell!r}. {fix}"), said
    assert "\n" not in said


def test_a_field_required_if_another_has_a_value_is_asked_for_there_only(tiny):
    _table_deck(tiny.root, [ROWS[0].removesuffix("Gain a card.")] + ROWS[1:])
    said = _refusal(tiny)
    assert said.count("\n") == 0, said          # the cards without targets are not asked
    assert ("cards.csv:2: card 1 (the-lantern), reward: expected a value, since targets has one "
            "(`required_if: targets` in game.yaml), found nothing. Fill its cell in the reward column, "
            "or clear its targets") in said


def test_effects_in_a_cell_are_refused_once_a_row_and_not_again_by_the_schema():
    from pnp.data.decks import _cells_as_lists
    from pnp.data.fields import card_model
    from pnp.data.located import Located
    from pnp.games.spec import FieldSpec

    model = card_model("Spell", {"id": FieldSpec(type="slug"), "effect": FieldSpec(type="effects", required=False)})
    rows = [{"id": "a", "effect": "gain"}, {"id": "a", "effect": "gain"}, {"id": "b"}]     # a row of two copies
    located = Located(rows, {(0,): 2, (0, "effect"): 2, (1,): 2, (1, "effect"): 2, (2,): 3}, "spells.csv",
                      columns=("id", "effect"))
    located, problems = _cells_as_lists(located, model)
    assert [str(p) for p in problems] == [
        "spells.csv:2: effect: expected effects as a list of `{op: NAME, ...}` steps, which a cell cannot hold, "
        "found 'gain'. Keep this deck in YAML, or leave the column out"]
    assert located.data == [{"id": "a"}, {"id": "a"}, {"id": "b"}]


@pytest.mark.parametrize("declared, expected", [
    ("required_if: tragets", "fields.reward.required_if: expected another field of the deck: id, name, value, text, "
                             "icon, targets, found 'tragets'. Did you mean 'targets'?"),
    ("required_if: reward", "fields.reward.required_if: expected another field of the deck"),
    ("required: true, required_if: targets", "expected an optional field (it is required only when targets has a "
                                             "value), found required: true. Add `required: false` to the field"),
    ("required_if: targets", "found no `required: false` (a field is required by default)"),
    ("required: false, default: none, required_if: targets", "expected a field without a `default:`")])
def test_required_if_names_another_field_of_an_optional_one_at_its_line(tiny, declared, expected):
    _table_deck(tiny.root, ROWS)
    declaration = tiny.root / "card_data/tiny/game.yaml"
    text = declaration.read_text().replace("required: false, required_if: targets", declared)
    declaration.write_text(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.strip().startswith("reward:"))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and f"card_data/tiny/game.yaml:{line}: cards: fields.reward.required_if" in said, said
    assert expected in said, said
