"""Temporary folders the work makes: removed at the end, and by the supervising parent if the
work is killed before it ends (pnp.contained)."""

import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

from pnp.contained import kept, made


@contextmanager
def scratch_folder(prefix: str):
    folder = tempfile.mkdtemp(prefix=prefix)
    made(folder)
    try:
        yield Path(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        kept(folder)
