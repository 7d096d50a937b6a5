"""`pnp new`: a working game to start from, the bundled starter or a copy of a project game.

The starter lives in files/ beside this module: `__KEY__` and `__TITLE__` in its paths and
texts become the new game's key and title.
"""

import json
import os
import re
from pathlib import Path

import yaml

from pnp.atomic import write_atomically
from pnp.credits import EMPTY_CREDITS
from pnp.data.fields import SLUG_PATTERN
from pnp.errors import UsageError
from pnp.files import decode_text, project_files, read_bytes
from pnp.games.declaration import game_keys
from pnp.project import Project

STARTER = Path(__file__).parent / "files"
TEXT_SUFFIXES = (".yaml", ".yml", ".csv", ".md", ".html", ".css")
PLAIN_TITLE = re.compile(r"\w[\w .,!?-]*")    # a title that reads the same in YAML, CSS, HTML and Jinja strings


def _planned(project: Project, key: str, template: str) -> list[tuple[Path, Path]]:
    """(source, target) for every file the new game gets."""
    if template == "starter":
        return [(source, project.root / str(source.relative_to(STARTER)).replace("__KEY__", key))
                for source in sorted(STARTER.rglob("*")) if source.is_file()]
    if template not in game_keys(project):
        raise UsageError(f"--from {template}: no such game; start from 'starter' or one of "
                         f"{', '.join(game_keys(project)) or 'none'}")
    pairs = []
    for folder, target_root in ((project.card_data / template, project.card_data / key),
                                (project.layouts / template, project.layouts / key)):
        for source in project_files(folder, project.root):
            pairs.append((source, target_root / source.relative_to(folder)))
    return pairs


def _source_text(project: Project, source: Path, template: str, words: dict) -> bytes:
    """A file's bytes for the new game: the bundled starter's with its placeholders filled, or
    the project game's, read as pnp reads the project (no link followed, a plain file within
    MAX_FILE_BYTES, text in UTF-8), its own key changed for the new one."""
    if template == "starter":
        data = source.read_bytes()
        if source.suffix not in TEXT_SUFFIXES:
            return data
        text = data.decode("utf-8")
        for placeholder, value in words.items():
            text = text.replace(placeholder, value)
        return _titled(text, source, words).encode("utf-8")
    shown = project.relative(source)
    data = read_bytes(source, shown, project.root)
    if source.suffix not in TEXT_SUFFIXES:
        return data
    key = words["__KEY__"]
    # its own files by path (layouts/verset/...), not the engine's code and tests, which stay the copied game's
    text = re.sub(rf"(?<!rules/)(?<!games/)\b{re.escape(template)}/", f"{key}/", decode_text(data, shown))
    text = re.sub(rf"(\bpnp [a-z]+ ){re.escape(template)}\b", rf"\g<1>{key}", text)      # `pnp rules verset`
    if words.get("__FROM_TITLE__") and PLAIN_TITLE.fullmatch(words["__TITLE__"]):
        text = _retitled(text, words["__FROM_TITLE__"], words["__TITLE__"])
    return _titled(text, source, words).encode("utf-8")


def _retitled(text: str, old: str, new: str) -> str:
    """The copied game's title, wherever a layout, chapter or comment writes it (its words
    split by spaces, a line break or a <br>), as the new game's; and the anchors made of it."""
    from pnp.rulebook.anchors import slug

    words = [re.escape(word) for word in old.split()]
    if not words:
        return text
    pattern = r"(?:\s+|\s*<br\s*/?>\s*)".join(words)
    text = re.sub(rf"(?<!\w){pattern}(?!\w)", lambda _: new, text)
    # an anchor made from a heading that named the game (a glossary's `rule: le-dernier-verset--...`)
    return re.sub(rf"(?<![\w-]){re.escape(slug(old))}(?=--|\s|$)", lambda _: slug(new), text, flags=re.M)


def _titled(text: str, source: Path, words: dict) -> str:
    """game.yaml with the new game's title (`--title`, else its key in capitals), never the
    copied game's, written so YAML reads it back as typed (a colon or a quote in it, say)."""
    if source.name != "game.yaml":
        return text
    title = words["__TITLE__"]
    try:
        plain = yaml.safe_load(f"title: {title}") == {"title": title}
    except yaml.YAMLError:
        plain = False
    shown = title if plain else json.dumps(title, ensure_ascii=False)
    return re.sub(r"(?m)^title: .*$", lambda _: f"title: {shown}", text, count=1)


def copied_title(project: Project, template: str) -> str | None:
    """The title of the game copied, as its game.yaml gives it (None when it cannot be read:
    the copy then refuses on its own terms)."""
    from pnp.games import get_game

    try:
        return get_game(project, template).title
    except Exception:           # any fault of the copied game is the copy's to report, file by file
        return None


def default_title(key: str) -> str:
    """A new game's title when none is given: its key, each word capitalised (my-game: My Game)."""
    return key.replace("-", " ").title()


def new_game(project: Project, key: str, template: str = "starter", title: str | None = None) -> list[Path]:
    """Write a new game's data and layouts; refuses to touch an existing game. Every file is
    read before the first is written: a refused source leaves nothing."""
    if not re.fullmatch(SLUG_PATTERN, key):
        raise UsageError(f"'{key}' cannot name a game: use lowercase letters, digits and hyphens, as 'my-game'")
    for folder in (project.card_data / key, project.layouts / key):
        if not folder.parent.resolve().is_relative_to(project.root.resolve()):
            raise UsageError(f"{project.relative(folder.parent)} is a link out of the project: pnp writes "
                             "only inside the project folder")
        if os.path.lexists(folder):
            raise UsageError(f"{project.relative(folder)} exists already: choose another name for the game")
    words = {"__KEY__": key, "__TITLE__": title or default_title(key)}
    if template != "starter" and template in game_keys(project):
        words["__FROM_TITLE__"] = copied_title(project, template)
    planned = [(target, _source_text(project, source, template, words))
               for source, target in _planned(project, key, template)]
    if not planned:
        raise UsageError(f"--from {template}: nothing to copy")
    planned += [(project.root / name, text.encode("utf-8")) for name, text in EMPTY_CREDITS.items()
                if not os.path.lexists(project.root / name)]       # where the game's fonts and icons are credited
    for target, data in planned:
        write_atomically(target, data)
    return [target for target, _ in planned]
