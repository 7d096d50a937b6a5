import pytest

from pnp.render.papers import PaperError, booklet_page, paper_key, paper_name, paper_size
from tests.conftest import run_pnp


@pytest.mark.parametrize("typed, key", [("A4", "a4"), ("Tabloid", "tabloid"), ("320x450mm", "320x450mm"),
                                         (" 320 X 450.0 MM ", "320x450mm"), ("215.9x355.6mm", "215.9x355.6mm"),
                                         ("320x450", "320x450mm")])          # millimetres, as card sizes
def test_a_paper_is_known_by_one_key(typed, key):
    assert paper_key(typed) == key


@pytest.mark.parametrize("typed", ["b5", "320x450in", "320mmx450mm", "20x30mm", "2000x300mm", "-210x297mm", ""])
def test_anything_else_is_refused_saying_what_is_expected(typed):
    with pytest.raises(PaperError, match="mm"):
        paper_key(typed)


def test_custom_sizes_names_and_booklet_pages():
    assert paper_size("320x450mm") == (320.0, 450.0)
    assert paper_name("320x450mm") == "320 x 450 mm" and paper_name("tabloid") == "Tabloid (11 x 17 in)"
    assert booklet_page("a4") == "a5" and booklet_page("tabloid") == "letter"
    assert paper_size(booklet_page("320x450mm")) == (225.0, 320.0)
    assert paper_size(booklet_page("450x320mm")) == (225.0, 320.0)


def test_the_command_line_refuses_a_paper_too_small_with_exit_2(tmp_path):
    result = run_pnp("build", "verset", "--paper", "150x200mm", "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert "each side must be from 200 to 1500 mm" in result.output
    assert not (tmp_path / "out").exists()
