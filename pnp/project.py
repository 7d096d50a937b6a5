"""The project folder pnp works on: card_data/, layouts/, fonts/ and output/."""

import os
from dataclasses import dataclass
from pathlib import Path

from pnp.errors import UsageError

REQUIRED_FOLDERS = ("card_data", "layouts", "fonts")


@dataclass(frozen=True)
class Project:
    root: Path

    @classmethod
    def at(cls, folder: Path | str) -> "Project":
        root = Path(folder).resolve()
        missing = [name for name in REQUIRED_FOLDERS if not (root / name).is_dir()]
        if missing:
            raise UsageError(f"{root} is not a pnp project: it has no {', '.join(missing)} "
                             "folder. Run pnp in the project folder or pass --project DIR")
        links = [name for name in REQUIRED_FOLDERS if (root / name).is_symlink()]
        if links:
            raise UsageError(f"{root / links[0]} is a link; pnp reads no links inside a project (the "
                             "project folder itself may be one): replace it with the folder itself")
        return cls(root)

    @classmethod
    def find(cls, start: Path | str) -> "Project":
        """The project holding `start`: it or its nearest parent with the project folders."""
        start = Path(start).resolve()
        for folder in (start, *start.parents):
            if all((folder / name).is_dir() for name in REQUIRED_FOLDERS):
                return cls.at(folder)
        return cls.at(start)

    @property
    def card_data(self) -> Path:
        return self.root / "card_data"

    @property
    def layouts(self) -> Path:
        return self.root / "layouts"

    @property
    def fonts(self) -> Path:
        return self.root / "fonts"

    def relative(self, path: Path) -> Path:
        """A path as the user sees it in messages: relative to the project when inside. The
        path itself is named, not where a link in it leads (a loop of links included)."""
        absolute = Path(os.path.normpath(Path(path).absolute()))
        for candidate in (absolute, _resolved(absolute)):
            if candidate.is_relative_to(self.root):
                return candidate.relative_to(self.root)
        return path


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):       # a loop of links
        return path
