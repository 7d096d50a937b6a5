"""Work run with room on the interpreter's frame stack, so that deep code does not thrash it.

CPython (3.11 and later) keeps the frames of Python calls in chunks of 16 KB, each mapped from
the system when a call needs room past the last one and unmapped as soon as the call at its
base returns. A loop whose calls cross a chunk's end maps and unmaps a chunk on every call,
and where the chunks' ends fall depends on how deep the work started: WeasyPrint's layout
called from one depth of the command line ran 93,000 more page faults and 0.6 s more system
time in a cold Verset build than from another (bench/run.py, perf: _PyThreadState_
BumpFramePointerSlow). `with_stack_room` calls the work from a frame of STACK_ROOM_SLOTS unused
local variables: the chunk made for that frame is 128 KB, so the work starts at the same place
of a chunk whatever called it, with about 64 KB (some 8,000 slots, hundreds of calls deep) before
the next end."""

import types
from collections.abc import Callable

STACK_ROOM_SLOTS = 8192          # a frame of 64 KB: with the interpreter's margin, a 128 KB chunk


def _call(function, *arguments, **keywords):
    return function(*arguments, **keywords)


def _roomy(function: types.FunctionType, slots: int) -> types.FunctionType:
    """`function` with `slots` more local variables, never used: only its frame grows."""
    code = function.__code__
    names = code.co_varnames + tuple(f"_room{index}" for index in range(slots))
    return types.FunctionType(code.replace(co_varnames=names, co_nlocals=len(names)), function.__globals__,
                              function.__name__)


_roomy_call = _roomy(_call, STACK_ROOM_SLOTS)


def with_stack_room(function: Callable, *arguments, **keywords):
    """function(*arguments, **keywords), called at the start of a frame-stack chunk of its own."""
    return _roomy_call(function, *arguments, **keywords)
