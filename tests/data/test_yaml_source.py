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


def _refusal(tmp_path, text: str) -> str:
    path = tmp_path / "cards.yaml"
    path.write_text(text)
    with pytest.raises(DataError) as caught:
        load_yaml(path, "cards.yaml")
    return str(caught.value)


def test_a_value_past_the_value_limit_is_refused_at_its_line(tmp_path):
    assert _refusal(tmp_path, "- id: a\n- id: " + "x" * 10_001 + "\n").startswith(
        "cards.yaml:2: (value): expected a value of at most 10,000 characters (MAX_VALUE_CHARS), found 10,001")


def test_text_multiplied_by_aliases_is_refused_at_the_alias_that_passes_the_limit(tmp_path):
    strings = ", ".join(["y" * 9_000] * 400)                    # 3.6 million characters
    text = f"- &many [{strings}]\n- *many\n-\n  - *many\n"
    assert _refusal(tmp_path, text).startswith("cards.yaml:4: (size): expected at most 10,000,000 characters, "
                                               "aliases expanded (MAX_DATA_CHARS)")


def test_too_many_aliases_are_refused_at_the_first_one_too_many(tmp_path):
    text = "- &one 1\n" + "".join(f"- *one\n" for _ in range(1_001))
    assert _refusal(tmp_path, text).startswith("cards.yaml:1002: (aliases): expected at most 1,000 uses")
