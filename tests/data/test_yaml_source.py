import pytest

from pnp.data.yaml_source import load_yaml
from pnp.errors import DataError


def test_lines_are_remembered_for_every_value(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("- id: a\n  name: A\n\n- id: b\n  effect:\n    - {op: x, count: 2}\n")
    located = load_yaml(path)
    assert located.line_of((1, "id")) == 4
    assert located.line_of((1, "effect", 0, "count")) == 6
    assert located.line_of((1, "missing")) == 4


def test_a_repeated_key_is_an_error(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("- id: a\n  name: A\n  name: B\n")
    with pytest.raises(DataError, match=r"cards.yaml:3: .*name.*a second time"):
        load_yaml(path)


def test_yaml_syntax_errors_name_the_line(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("- id: a\n  name: [unclosed\n- id: b\n")
    with pytest.raises(DataError, match=r"cards.yaml:\d+: \(syntax\)"):
        load_yaml(path)


def test_only_safe_yaml_is_loaded(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("- !!python/object/apply:os.system ['true']\n")
    with pytest.raises(DataError):
        load_yaml(path)
