"""The press profiles: the shipped ones, a user's own, and what a file that is none is told."""

import pytest

from pnp.errors import UsageError
from pnp.press.profiles import press_profile


def test_a_shops_profile_is_named_by_the_condition_it_characterises():
    from pnp.press.profiles import registered_condition

    assert registered_condition("PSO Coated v3") == "FOGRA51"
    assert registered_condition("U.S. Web Coated (SWOP) v2") == "CGATS TR 001"
    assert registered_condition("Our press, 2026 calibration") is None


def test_the_shipped_profiles_and_a_wrong_file_are_told_apart(tmp_path):
    assert press_profile("FOGRA39").condition == "FOGRA39" and press_profile("swop").condition == "CGATS TR 005"
    rgb = tmp_path / "screen.icc"
    rgb.write_bytes(bytes(16) + b"RGB " + bytes(16) + b"acsp" + bytes(88))
    with pytest.raises(UsageError, match="a profile of RGB colour, not CMYK"):
        press_profile(str(rgb))
    with pytest.raises(UsageError, match="expected fogra39 or swop, or the path of an ICC profile"):
        press_profile("gracol")
