"""Work called with room on the frame stack is called as itself (pnp/stack_room.py)."""

import pytest

from pnp import stack_room
from pnp.stack_room import STACK_ROOM_SLOTS, with_stack_room


def test_the_work_gets_its_arguments_and_gives_its_result():
    assert with_stack_room(lambda a, *, b: (a, b), 1, b=2) == (1, 2)


def test_what_the_work_raises_reaches_the_caller():
    with pytest.raises(KeyError, match="deck"):
        with_stack_room({}.__getitem__, "deck")


def test_the_calling_frame_is_a_frame_stack_chunk_large():
    assert stack_room._roomy_call.__code__.co_nlocals >= STACK_ROOM_SLOTS
