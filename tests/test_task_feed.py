"""The pool is handed the longest task left as each process frees; what waits for the check
joins the line in its place; the saved deck runs alone first (pnp/task_feed.py)."""

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from pnp.task_feed import TaskFeed


@dataclass(frozen=True)
class Task:
    label: str
    after_check: bool = False
    urgent: bool = False


def run(tasks, slots=2):
    """The order the tasks started in, on one process (`slots` - 1 waiting), the check ending
    while the first runs."""
    started, gate = [], threading.Semaphore(0)

    def submit(pool, task):
        return pool.submit(lambda: (started.append(task.label), gate.acquire()))

    with ThreadPoolExecutor(max_workers=1) as pool:
        feed = TaskFeed(pool, tasks, submit, slots).start()
        feed.checked()
        for _ in tasks:
            gate.release()
        ended = [task.label for _, task in feed.finished()]
    assert sorted(ended) == sorted(task.label for task in tasks)
    return started


def test_a_task_that_waited_for_the_check_goes_before_the_shorter_ones():
    tasks = [Task("rulebook"), Task("cards"), Task("aids", after_check=True), Task("tokens"), Task("one card")]
    assert run(tasks) == ["rulebook", "cards", "aids", "tokens", "one card"]


def test_the_saved_deck_runs_alone_first():
    tasks = [Task("rulebook"), Task("saved", urgent=True), Task("cards")]
    assert run(tasks, slots=3)[0] == "saved"


def test_stopping_gives_nothing_more_and_cancels_what_has_not_begun():
    gate = threading.Event()
    with ThreadPoolExecutor(max_workers=1) as pool:
        feed = TaskFeed(pool, [Task(str(n)) for n in range(5)], lambda pool, task: pool.submit(gate.wait), 2).start()
        given = list(feed.running)
        feed.stop()
        gate.set()
        assert feed.waiting == [] and [future.cancelled() for future in given] == [False, True]


def test_a_pool_that_breaks_is_said_to_the_caller_not_in_a_thread():
    """A process of the pool died: the next task cannot be given, and the run learns why."""
    import pytest

    class Broken(Exception):
        pass

    def submit(pool, task):
        if task.label == "second":
            raise Broken("a child process terminated abruptly")
        return pool.submit(lambda: None)

    with ThreadPoolExecutor(max_workers=1) as pool:
        feed = TaskFeed(pool, [Task("first"), Task("second")], submit, 1).start()
        with pytest.raises(Broken):
            list(feed.finished())
