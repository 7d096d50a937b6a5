"""Values written back into a YAML deck: only the field's line changes, comments and layout kept."""

from pnp.data.write_back import CardValue, rewrite
from pnp.data.yaml_source import load_yaml_text

DECK = """# a comment that stays
- id: a
  targets: [5, 4]   # kept
  name: A
- id: b
  targets:
  - 6
  - 3
  name: B
"""


def test_an_inline_value_and_a_block_list_are_rewritten_in_place():
    located = load_yaml_text(DECK, "deck.yaml")
    text = rewrite(DECK, located, [CardValue(0, "targets", [3]), CardValue(1, "targets", [4, 4])], "deck.yaml")
    assert text == DECK.replace("[5, 4]", "[3]").replace("targets:\n  - 6\n  - 3\n", "targets: [4, 4]\n")
    assert load_yaml_text(text, "deck.yaml").data[1] == {"id": "b", "targets": [4, 4], "name": "B"}
