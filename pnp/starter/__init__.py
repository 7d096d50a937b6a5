"""`pnp new`: a working game to start from, the bundled starter or a copy of a project game.

The starter lives in files/ beside this module: `__KEY__` and `__TITLE__` in its paths and
texts become the new game's key and title.
"""

import re
import shutil
from pathlib import Path

from pnp.atomic import write_atomically
from pnp.data.fields import SLUG_PATTERN
from pnp.errors import UsageError
from pnp.games.declaration import game_keys
from pnp.project import Project

STARTER = Path(__file__).parent / "files"
TEXT_SUFFIXES = (".yaml", ".yml", ".csv", ".md", ".html", ".css")


def _planned(project: Project, key: str, template: str) -> list[tuple[Path, Path]]:
    """(source, target) for every file the new game gets."""
    if template == "starter":
        return [(source, project.root / str(source.relative_to(STARTER)).replace("__KEY__", key))
                for source in sorted(STARTER.rglob("*")) if source.is_file()]
    if template not in game_keys(project):
        raise UsageError(f"--from {template}: no such game; start from 'starter' or one of "
                         f"{', '.join(game_keys(project)) or 'none'}")
    pairs = []
    for folder in (project.card_data / template, project.layouts / template):
        for source in sorted(folder.rglob("*")):
            if source.is_file() and not source.is_symlink():
                target_root = project.card_data / key if folder.parent == project.card_data else project.layouts / key
                pairs.append((source, target_root / source.relative_to(folder)))
    return pairs


def new_game(project: Project, key: str, template: str = "starter", title: str | None = None) -> list[Path]:
    """Write a new game's data and layouts; refuses to touch an existing game."""
    if not re.fullmatch(SLUG_PATTERN, key):
        raise UsageError(f"'{key}' cannot name a game: use lowercase letters, digits and hyphens, as 'my-game'")
    for folder in (project.card_data / key, project.layouts / key):
        if not folder.parent.resolve().is_relative_to(project.root.resolve()):
            raise UsageError(f"{project.relative(folder.parent)} is a link out of the project: pnp writes "
                             "only inside the project folder")
        if folder.exists():
            raise UsageError(f"{project.relative(folder)} exists already: choose another name for the game")
    words = {"__KEY__": key, "__TITLE__": title or key.replace("-", " ").title()}
    written = []
    for source, target in _planned(project, key, template):
        data = source.read_bytes()
        if source.suffix in TEXT_SUFFIXES:
            text = data.decode("utf-8")
            if template == "starter":
                for placeholder, value in words.items():
                    text = text.replace(placeholder, value)
            else:
                text = re.sub(rf"\b{re.escape(template)}/", f"{key}/", text)
                if title and source.name == "game.yaml":
                    text = re.sub(r"(?m)^title: .*$", f"title: {title}", text, count=1)
            data = text.encode("utf-8")
        write_atomically(target, data)
        written.append(target)
    if not written:
        shutil.rmtree(project.card_data / key, ignore_errors=True)
        raise UsageError(f"--from {template}: nothing to copy")
    return written
