"""A wall clock for work that could run away (a template, the typesetter)."""

import signal
import threading
from contextlib import contextmanager


@contextmanager
def wall_clock(seconds: float, error):
    """Raise `error()` if the block runs longer than `seconds`. Signals reach only a process's
    main thread, so elsewhere the block runs unbounded (pnp renders in main threads)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def too_long(signum, frame):
        raise error()
    previous = signal.signal(signal.SIGALRM, too_long)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
