"""A run's tasks handed to its pool one by one, the longest first, as its processes free.

Submitted all at once, tasks run in the order they were submitted; a task that must wait for
the check (a deck printing the engine's tables) could then only join the end of the line, and
the run ended on it, one core idle beside it. Held here and fed as the pool takes them (each
process busy and one task waiting), a task joins the line where its length puts it once it
may run, and the short ones fill the end. What the user just saved (`urgent`) runs alone
first, on an idle pool.
"""

import queue
import threading
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

FEED_WAIT_SECONDS = 0.05           # between looks at a pool none of whose tasks has ended


class TaskFeed:
    """Feeds `tasks` (in the order they should run) to `pool` on a thread of its own, calling
    `submit(pool, task)` for each; `finished()` gives (future, task) as each ends. Tasks with
    `after_check` wait for `checked()`."""

    def __init__(self, pool: ProcessPoolExecutor, tasks: list, submit, slots: int):
        self.pool, self.waiting, self.submit, self.slots = pool, list(tasks), submit, slots
        self.running: dict = {}
        self.ended: queue.Queue = queue.Queue()
        self.lock = threading.Lock()
        self.check_done = False
        self.stopped = False
        self.woken = threading.Event()
        self.thread = threading.Thread(target=self._feed, name="pnp-task-feed", daemon=True)

    def start(self) -> "TaskFeed":
        with self.lock:
            self._top_up()
        self.thread.start()
        return self

    def checked(self) -> None:
        with self.lock:
            self.check_done = True
            self._top_up()
        self.woken.set()

    def finished(self):
        """(future, task) of each task as it ends, until every one has; what stopped the
        feeding (the pool broken by a process that died) is raised here."""
        for _ in range(len(self.waiting) + len(self.running) + self.ended.qsize()):
            future, task = self.ended.get()
            if future is None:
                raise task
            yield future, task

    def stop(self) -> None:
        """No more tasks given; those not begun cancelled."""
        with self.lock:
            self.stopped = True
            self.waiting.clear()
            for future in self.running:
                future.cancel()

    def _next(self):
        urgent = [task for task in self.waiting if task.urgent]
        if any(task.urgent for task in self.running.values()):
            return None                        # the saved deck renders alone
        for task in urgent or self.waiting:
            if not task.after_check or self.check_done:
                return task
        return None

    def _top_up(self) -> None:
        while not self.stopped and len(self.running) < self.slots and (task := self._next()) is not None:
            if task.urgent and self.running:
                break
            try:
                future = self.submit(self.pool, task)
            except Exception as error:         # the pool is broken or shut: said to the caller
                self.stopped = True
                self.ended.put((None, error))
                return
            self.waiting.remove(task)
            self.running[future] = task

    def _feed(self) -> None:
        while True:
            with self.lock:
                if self.stopped or not (self.running or self.waiting):
                    return
                running = list(self.running)
            if not running:                    # what is left waits for the check
                self.woken.wait(FEED_WAIT_SECONDS)
                self.woken.clear()
            done, _ = wait(running, timeout=FEED_WAIT_SECONDS, return_when=FIRST_COMPLETED)
            with self.lock:
                for future in done:
                    self.ended.put((future, self.running.pop(future)))
                self._top_up()
