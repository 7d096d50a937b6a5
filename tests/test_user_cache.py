"""The user's signing secret: one per cache folder, the same for every process that reads it."""

import multiprocessing

import pytest

from pnp.user_cache import secret


def _secret_of_a_fresh_process(folder: str, start, out) -> None:
    import os

    os.environ["XDG_CACHE_HOME"] = folder
    start.wait()
    out.put(secret())


@pytest.mark.quick
def test_processes_starting_together_on_a_fresh_cache_share_one_secret(tmp_path):
    """A build's workers, each the first to ask on a fresh machine: one secret made, read by all
    (before, each could make its own, and the pages one signed were no pages to the others)."""
    context = multiprocessing.get_context("fork")
    start, out = context.Event(), context.Queue()
    processes = [context.Process(target=_secret_of_a_fresh_process, args=(str(tmp_path), start, out))
                 for _ in range(4)]
    for process in processes:
        process.start()
    start.set()
    found = {out.get(timeout=30) for _ in processes}
    for process in processes:
        process.join()
    assert len(found) == 1 and None not in found
    assert (tmp_path / "pnp" / "cache-secret").read_bytes().strip() in found
    assert [path.name for path in (tmp_path / "pnp").iterdir()] == ["cache-secret"]     # no temporary left


@pytest.mark.quick
def test_a_process_whose_cache_folder_changes_signs_with_the_new_folders_secret(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "one"))
    first = secret()
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "two"))
    assert secret() != first
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "one"))
    assert secret() == first
