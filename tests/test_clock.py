"""The wall clock holds even when the block swallows the error it raises."""

import time

import pytest

from pnp.clock import wall_clock


class TooLong(Exception):
    pass


def busy(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def test_a_block_past_its_clock_is_stopped():
    with pytest.raises(TooLong):
        with wall_clock(0.05, TooLong):
            busy(5)


def test_a_block_that_swallows_the_error_still_ends_with_it():
    swallowed = []
    with pytest.raises(TooLong):
        with wall_clock(0.05, TooLong):
            try:
                busy(5)
            except Exception as error:       # as a library's `except Exception: pass` does
                swallowed.append(error)
    assert swallowed and isinstance(swallowed[0], TooLong)


def test_what_a_swallowed_error_led_to_is_told_as_the_limit():
    with pytest.raises(TooLong) as raised:
        with wall_clock(0.05, TooLong):
            try:
                busy(5)
            except Exception:
                pass
            raise KeyError("the font the library failed to load")
    assert isinstance(raised.value.__cause__, KeyError)


def test_a_block_within_its_clock_is_left_alone():
    with wall_clock(5, TooLong):
        busy(0.01)
