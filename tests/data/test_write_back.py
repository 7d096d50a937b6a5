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


def test_a_shape_it_cannot_rewrite_is_left_for_a_hand_and_nothing_is_written(tmp_path):
    import pytest

    from pnp.data.write_back import write_card_values
    from pnp.errors import UsageError

    cases = {"anchor": "- id: a\n  targets: &t [5, 4]\n- id: b\n  targets: *t\n",
             "two lines": "- id: a\n  targets: [5,\n    4]\n",
             "comment between items": "- id: a\n  targets:\n  - 5\n  # why\n  - 4\n"}
    for name, text in cases.items():
        path = tmp_path / f"{name}.yaml"
        path.write_text(text)
        with pytest.raises(UsageError, match="set it by hand|set them by hand"):
            write_card_values(path, path.name, tmp_path, load_yaml_text(text, path.name), [CardValue(0, "targets", [3])])
        assert path.read_text() == text, name


def test_line_endings_and_the_file_s_mode_are_kept(tmp_path):
    from pnp.data.write_back import write_card_values

    text = DECK.replace("\n", "\r\n")
    path = tmp_path / "deck.yaml"
    path.write_bytes(text.encode())
    path.chmod(0o640)
    write_card_values(path, "deck.yaml", tmp_path, load_yaml_text(text, "deck.yaml"), [CardValue(0, "targets", [3])])
    assert path.read_bytes() == text.replace("[5, 4]", "[3]").encode()
    assert path.stat().st_mode & 0o777 == 0o640
    path.chmod(0o444)
    import pytest

    from pnp.errors import UsageError

    with pytest.raises(UsageError, match="read-only"):
        write_card_values(path, "deck.yaml", tmp_path, load_yaml_text(text, "deck.yaml"), [CardValue(0, "targets", [4])])
