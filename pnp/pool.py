"""The pool of processes a run renders on: started early, so WeasyPrint loads while the data is
checked, and stopped at once when the run fails, whatever Python 3.11's pool would otherwise
leave waiting or print."""

import multiprocessing
import os
import shutil
import tempfile
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager

from pnp.contained import kept, made
from pnp.workers import ready, start_worker


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def start_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool whose processes start now and load WeasyPrint while the caller checks the data.
    Their temporary files (WeasyPrint's copies of the fonts) go in a folder of the pool's, which
    `end_pool` deletes however they end (a stopped worker runs no clean-up of its own)."""
    folder = tempfile.mkdtemp(prefix="pnp-pool-")
    made(folder)
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork"),
                               initializer=start_worker, initargs=(os.getpid(), folder))
    pool.pnp_folder = folder
    pool.submit(ready)
    return pool


def end_pool(pool: ProcessPoolExecutor, wait: bool = True) -> None:
    """Shut the pool down, what it has not begun cancelled; then delete its temporary folder."""
    try:
        pool.shutdown(wait=wait, cancel_futures=True)
    finally:
        folder = getattr(pool, "pnp_folder", None)
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
            kept(folder)


@contextmanager
def worker_pool(jobs: int | None = None):
    """A pool of `jobs` processes (default: every core) for one run, None for one; a run that
    fails or is interrupted stops its processes at once (stop_workers), and every process has
    ended when the block does."""
    jobs = jobs or default_jobs()
    if jobs <= 1:
        yield None
        return
    pool = start_pool(jobs)
    try:
        yield pool
    except BaseException:
        stop_workers(pool)
        raise
    finally:
        end_pool(pool)


WORKER_STOP_SECONDS = 2          # a stopped worker's time to end before it is killed


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """End the pool's processes now, halfway through what they render: for a run that has
    failed, whose pieces nobody will read (a pool kept between runs is never stopped so)."""
    terminate = getattr(pool, "terminate_workers", None)       # Python 3.14
    if terminate is not None:
        terminate()
        return
    _fail_cancelled_quietly(pool)
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(WORKER_STOP_SECONDS)
        if process.is_alive():
            process.kill()
            process.join()
    _end_half_read_result(pool)


def _fail_cancelled_quietly(pool: ProcessPoolExecutor) -> None:
    """Python 3.11's pool, broken by the stop, sets an exception on every future it still holds,
    and one the run has cancelled raises InvalidStateError in the pool's own thread, whose
    traceback reaches the user (3.12 ignores it): each cancelled one is handed a fresh future to
    fail instead, which nobody reads. `list` copies the table without letting that thread in."""
    for item in list((getattr(pool, "_pending_work_items", None) or {}).values()):
        if item.future.cancelled():
            item.future = Future()


def _end_half_read_result(pool: ProcessPoolExecutor) -> None:
    """A worker stopped halfway through sending its result (a PDF of megabytes) leaves the pool's
    reader thread waiting for the rest, forever: this process holds a write end of that pipe too,
    so no end of file comes, and `shutdown` waits on the thread. With every worker gone, closing
    that last write end lets the read end; the pool counts itself broken and cleans up."""
    results = getattr(pool, "_result_queue", None)
    writer = getattr(results, "_writer", None)
    if writer is not None:
        writer.close()
