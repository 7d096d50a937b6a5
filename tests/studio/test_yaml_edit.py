"""Edits spliced into a YAML deck: the value changes, and nothing else of the file does."""

import difflib

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from pnp.studio import yaml_edit
from pnp.studio.yaml_edit import Unsplicable

DECK = """\
# The cards. A comment the studio keeps.

- id: the-lantern          # the first card
  name: The Lantern
  value: 1
  tags: [light, "fire"]
  text: |
    Draw a card.
    Then another.

- id: the-raven
  name: 'The Raven'
  value: 2
  lines:
    - first
    - second
  # a comment between cards

- {id: the-crown, name: The Crown, value: 9}
"""


def changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def data() -> list:
    return yaml.safe_load(DECK)


def test_a_name_changes_on_its_own_line_and_nowhere_else():
    after = yaml_edit.set_value(DECK, "cards.yaml", data(), 0, "name", "The Red Lantern")
    assert changed_lines(DECK, after) == ["-  name: The Lantern", "+  name: The Red Lantern"]


def test_a_quoted_value_keeps_its_quotes_and_a_value_that_needs_quotes_gets_them():
    after = yaml_edit.set_value(DECK, "cards.yaml", data(), 1, "name", "The Grey Raven")
    assert "  name: 'The Grey Raven'\n" in after
    after = yaml_edit.set_value(DECK, "cards.yaml", data(), 0, "name", "Yes: #1")
    assert yaml.safe_load(after)[0]["name"] == "Yes: #1"
    assert len(changed_lines(DECK, after)) == 2


def test_a_block_text_and_a_block_list_keep_their_form():
    after = yaml_edit.set_value(DECK, "cards.yaml", data(), 0, "text", "One line now.")
    assert "  text: |\n    One line now.\n\n- id: the-raven" in after      # the blank line between cards stays
    assert yaml.safe_load(after)[0]["text"] == "One line now.\n"              # its ending as it was
    after = yaml_edit.set_value(DECK, "cards.yaml", data(), 1, "lines", ["one", "two: x", "three"])
    assert "  lines:\n    - one\n    - \"two: x\"\n    - three\n  # a comment between cards\n" in after
    folded = "- id: a\n  flavour: >-\n    folded text\n    on two lines\n  name: A\n"
    after = yaml_edit.set_value(folded, "x.yaml", yaml.safe_load(folded), 0, "flavour", "New words")
    assert after == "- id: a\n  flavour: >-\n    New words\n  name: A\n"


def test_a_flow_card_takes_a_new_key_and_loses_one():
    after = yaml_edit.set_value(DECK, "cards.yaml", data(), 2, "text", "Crowned.")
    assert after.endswith("- {id: the-crown, name: The Crown, value: 9, text: Crowned.}\n")
    after = yaml_edit.set_value(DECK, "cards.yaml", data(), 2, "value", None)
    assert after.endswith("- {id: the-crown, name: The Crown}\n")


def test_a_new_key_goes_under_the_card_and_an_emptied_one_goes():
    after = yaml_edit.set_value(DECK, "cards.yaml", data(), 1, "text", "Look.")
    assert changed_lines(DECK, after) == ["+  text: Look."]
    after = yaml_edit.set_value(DECK, "cards.yaml", data(), 0, "value", None)
    assert changed_lines(DECK, after) == ["-  value: 1"]


def test_cards_are_copied_removed_moved_and_added_with_their_comments_kept():
    cards = data()
    copied = yaml_edit.copied(DECK, "cards.yaml", cards, 0, {"id": "the-lantern-copy"})
    assert [card["id"] for card in yaml.safe_load(copied)] == ["the-lantern", "the-lantern-copy", "the-raven", "the-crown"]
    assert copied.count("# the first card") == 2 and copied.startswith("# The cards.")
    removed = yaml_edit.removed(DECK, "cards.yaml", cards, 1)
    assert [card["id"] for card in yaml.safe_load(removed)] == ["the-lantern", "the-crown"]
    assert "# a comment between cards" in removed
    moved = yaml_edit.moved(DECK, "cards.yaml", cards, 2, 1)
    assert [card["id"] for card in yaml.safe_load(moved)] == ["the-lantern", "the-crown", "the-raven"]
    added = yaml_edit.added(DECK, "cards.yaml", cards, {"id": "new-card", "name": "New card"})
    assert added.startswith(DECK) and added.endswith("\n- id: new-card\n  name: New card\n")


def test_the_last_card_removed_leaves_an_empty_list_and_line_endings_are_kept():
    one = "# one card\r\n- id: a\r\n  name: A\r\n"
    assert yaml.safe_load(yaml_edit.removed(one, "x.yaml", yaml.safe_load(one), 0)) == []
    after = yaml_edit.set_value(one, "x.yaml", yaml.safe_load(one), 0, "name", "B")
    assert after == "# one card\r\n- id: a\r\n  name: B\r\n"


def test_an_alias_and_a_control_character_are_refused_in_words():
    aliased = "- &base {id: a, name: A}\n- *base\n"
    with pytest.raises(Unsplicable, match="cannot be made in place"):
        yaml_edit.set_value(aliased, "x.yaml", yaml.safe_load(aliased), 0, "name", "B")
    with pytest.raises(Unsplicable, match="holds '\\\\x1b'"):
        yaml_edit.set_value(DECK, "x.yaml", data(), 0, "name", "A\x1b[31m")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2), st.sampled_from(["name", "value", "text", "other"]),
       st.one_of(st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=30)
                 .filter(lambda text: text.strip() == text), st.integers(-99, 99)))
def test_any_value_reads_back_as_itself_with_the_other_cards_untouched(index, field, value):
    cards = data()
    after = yaml_edit.set_value(DECK, "cards.yaml", cards, index, field, value)
    read = yaml.safe_load(after)
    assert read[index][field] in (value, f"{value}\n")          # a block text keeps its final newline
    for other in range(3):
        if other != index:
            assert read[other] == cards[other]
