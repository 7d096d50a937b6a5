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


def test_a_profile_damaged_past_its_header_or_not_a_file_is_refused(tmp_path):
    """Ghostscript would drop every colour it cannot convert with it and say nothing."""
    import os

    half = tmp_path / "half.icc"
    half.write_bytes(press_profile("fogra39").data[:2000])
    with pytest.raises(UsageError, match="a damaged or incomplete profile"):
        press_profile(str(half))
    fifo = tmp_path / "pipe.icc"
    os.mkfifo(fifo)
    with pytest.raises(UsageError, match="--cmyk .*pipe.icc: not a file"):
        press_profile(str(fifo), "--cmyk")


def test_a_source_date_out_of_range_is_told(monkeypatch):
    from pnp.press.pdfx import document_date

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "253402300800")
    with pytest.raises(UsageError, match="SOURCE_DATE_EPOCH=253402300800: expected whole seconds"):
        document_date()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "86400")
    assert document_date().year == 1970 and document_date().day == 2
