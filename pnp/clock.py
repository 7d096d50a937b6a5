"""A wall clock for work that could run away (a template, the typesetter)."""

import signal
import threading
from contextlib import contextmanager


@contextmanager
def wall_clock(seconds: float, error):
    """Raise `error()` if the block runs longer than `seconds`. Signals reach only a process's
    main thread, so elsewhere the block runs unbounded (pnp renders in main threads).

    The error is raised wherever the block happens to be when the clock runs out, which may
    be inside a library's `except Exception: pass` (fontTools and WeasyPrint have some): the
    block then goes on as if nothing happened, so when it ends, it still ends with the error."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    ran_out = []

    def too_long(signum, frame):
        ran_out.append(error())
        raise ran_out[0]
    previous = signal.signal(signal.SIGALRM, too_long)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except BaseException as raised:
        if ran_out and raised is not ran_out[0]:
            raise ran_out[0] from raised     # what a swallowed error led to, told as the limit
        raise
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    if ran_out:
        raise ran_out[0]
