"""Every font a layout names is declared by an @font-face rule whose file is in the project."""

import difflib
import os
import re
from pathlib import Path

from jinja2.exceptions import TemplateNotFound
from jinja2.loaders import split_template_path

from pnp.data.game import Game
from pnp.errors import DataError, Problem, possessive
from pnp.files import project_files, read_text
from pnp.project import Project
from pnp.suggest import closest
from pnp.render.css_text import font_faces, style_elements, without_font_faces
from pnp.render.stylesheet_check import linked_sheets, sheet_closure
from pnp.render.templates.environments import DOCUMENT_TEMPLATE


FAMILY = re.compile(r"font-family\s*:\s*([^;}\"]*(?:\"[^\"]*\"[^;}\"]*)*)")
SOURCE = re.compile(r"url\(\s*+[\"']?+([^\"')]{1,4096}+)[\"']?+\s*+\)")
GENERIC_FAMILIES = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "inherit",
                    "initial", "unset", "emoji", "math"}
STYLE_ATTRIBUTE = re.compile(r"""\bstyle\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def _faces_declared(css: str) -> set[str]:
    """The families the @font-face rules of a stylesheet declare."""
    families = set()
    for _, _, body in font_faces(css):
        family = FAMILY.search(body)
        if family:
            families.add(family.group(1).strip().strip("\"'"))
    return families


def declared_families(project: Project) -> set[str]:
    """Every family an @font-face of the project's stylesheets declares (a stylesheet that
    cannot be read, or links out of the project, declares none: `pnp check` reports it)."""
    return set(declaring_sheets(project))


def declaring_sheets(project: Project) -> dict[str, Path]:
    """Each family an @font-face of the project declares, and the stylesheet that does (one of
    layouts/fonts/ first, the one to @import)."""
    declaring: dict[str, Path] = {}
    listed = project_files(project.layouts, project.root, (".css",))     # no link followed, a folder gone is none
    paths = sorted(listed, key=lambda path: (path.parent.name != "fonts", path))
    for path in paths:
        try:
            text = read_text(path, f"layouts/{path.relative_to(project.layouts)}", project.root)
        except DataError:
            continue
        for family in _faces_declared(text):
            declaring.setdefault(family, path)
    return declaring


TEMPLATE_NAME = re.compile(r"""\{%-?\s*(?:extends|include|import|from)\s+["']([^"']+)["']""")


def game_files(project: Project, game: Game) -> tuple[list[Path], list[Path]]:
    """(templates, stylesheets) a game's pages are made of: its own folder of layouts/, the
    decks' layouts and the document around them, what they extend or include, its stylesheet,
    the stylesheets they link and what those @import (found as the typesetter finds them,
    pnp.render.stylesheet_check). A font declared elsewhere in layouts/ never reaches this
    game's pages."""
    layouts, root = project.layouts, project.root.resolve()
    names = {DOCUMENT_TEMPLATE} | {name for deck in game.decks for name in (deck.face, deck.back) if name}
    templates = set(_listed(project, game, ".html")) | {layouts / name for name in names}
    first_sheets = set(_listed(project, game, ".css")) | {layouts / game.stylesheet}
    todo = list(templates)
    while todo:
        text = sheet_text(project, todo.pop())
        for name in TEMPLATE_NAME.findall(text):
            path = _template_path(layouts, name)
            if path is not None and path not in templates:
                templates.add(path)
                todo.append(path)
        first_sheets |= set(linked_sheets(text, root))
    sheets = {path for first in first_sheets if first.is_file() for path in sheet_closure(first.resolve(), root)}
    return sorted(p for p in templates if _is_file(p)), sorted(sheets)


MAX_TEMPLATE_NAME = 1_024        # characters of a path the system can open (PATH_MAX 4,096, a name 255)


def _template_path(layouts: Path, name: str) -> Path | None:
    """The file a template name reaches, as Jinja's loader finds it (under layouts/, a leading
    `/` ignored, `..` refused): None for a name it would not load."""
    if len(name) > MAX_TEMPLATE_NAME:
        return None                    # longer than a file's name may be: no file to read
    try:
        return layouts.joinpath(*split_template_path(name))
    except TemplateNotFound:
        return None


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:                  # a name too long for the system
        return False


def game_families(project: Project, game: Game) -> set[str]:
    """The families the @font-face rules of a game's own stylesheets declare (those its cards,
    rulebook and pieces read): the fonts its credits name."""
    return {family for path in game_files(project, game)[1] for family in _faces_declared(sheet_text(project, path))}


def _listed(project: Project, game: Game, suffix: str) -> list[Path]:
    """The game's own folder's files (a link there is the stylesheet check's to report)."""
    try:
        return project_files(project.layouts / game.key, project.root, (suffix,))
    except DataError:
        return []


def sheet_text(project: Project, path: Path) -> str:
    try:
        return read_text(path, f"layouts/{path.relative_to(project.layouts)}", project.root) if path.is_file() else ""
    except (DataError, ValueError, OSError):          # OSError: a name too long for the system
        return ""


def font_problems(project: Project, game: Game) -> list[Problem]:
    """Every font the game's layouts name is declared by an @font-face of the game's own
    stylesheets (or those it imports), whose file is in the project."""
    declared, problems = set(), []
    templates, css_files = game_files(project, game)
    texts = {}
    for path in css_files + templates:
        shown = f"layouts/{path.relative_to(project.layouts)}"
        try:
            texts[path] = read_text(path, shown, project.root)
        except DataError as error:
            problems += error.problems
    for path in css_files:
        if path not in texts:
            continue
        text = texts[path]
        shown = f"layouts/{path.relative_to(project.layouts)}"
        for start, end, body in font_faces(text):
            line = text.count("\n", 0, start) + 1
            declared |= _faces_declared(text[start:end])
            for url in SOURCE.findall(body):
                target = (path.parent / url).resolve()
                if not target.is_file() or not target.is_relative_to(project.root):
                    fonts = sorted(str(p.relative_to(project.root)) for p in project.fonts.rglob("*.woff*")
                                   if p.resolve().is_relative_to(project.root))
                    why = ("a link to a file outside the project" if not target.is_relative_to(project.root)
                           else "which does not exist")
                    near = closest(os.path.relpath(target, project.root), fonts, 1)
                    problems.append(Problem(shown, line, "@font-face src", "a font file inside the project",
                                            f"'{url}', {why}", "Did you mean " + " or ".join(
                                                f"'{os.path.relpath(project.root / name, path.parent)}'" for name in near)
                                            + "?" if near else "The fonts of fonts/ are: " + ", ".join(fonts)))
    try:
        elsewhere = {family: path for family, path in declaring_sheets(project).items() if family not in declared}
    except DataError:                   # a link under layouts/: the stylesheet check names it
        elsewhere = {}
    for path, text in texts.items():
        shown = f"layouts/{path.relative_to(project.layouts)}"
        outside = without_font_faces(text)
        for offset, css in _css_parts(outside, path.suffix == ".html"):
            for match in FAMILY.finditer(css):
                for family in match.group(1).split(","):
                    name = family.strip().strip("\"'")
                    if name and name not in declared and name.lower() not in GENERIC_FAMILIES and "{" not in name:
                        line = outside.count("\n", 0, offset + match.start()) + 1
                        problems.append(_undeclared(project, shown, line, name, declared, elsewhere.get(name), game))
    return problems


def _undeclared(project: Project, shown: str, line: int, name: str, declared: set, declaring: Path | None,
                game: Game) -> Problem:
    close = difflib.get_close_matches(name, sorted(declared), n=1)
    if declaring is not None:
        stylesheet = project.layouts / game.stylesheet
        relative = Path(os.path.relpath(declaring, stylesheet.parent)).as_posix()
        fix = (f"Another stylesheet of the project declares it, which {possessive(game.title)} pages do not use: add "
               f'@import "{relative}"; to layouts/{game.stylesheet}, or use one of its fonts')
    elif close:
        fix = f"Did you mean '{close[0]}'?"
    else:
        fix = "Import its family's layouts/fonts/FOLDER.css, or add an @font-face rule for it with a font file in fonts/"
    return Problem(shown, line, "font-family", f"a font {possessive(game.title)} stylesheets declare by an @font-face "
                   f"rule ({', '.join(sorted(declared)) or 'none'}) or a generic family", f"'{name}'", fix)


def _css_parts(text: str, html: bool):
    """(offset, CSS) of a stylesheet (all of it) or of an HTML layout (its <style> elements and
    style attributes: a family named in an attribute ends at the attribute's quote)."""
    if not html:
        yield 0, text
        return
    for _, tag_end, css in style_elements(text):
        yield tag_end, css
    for match in STYLE_ATTRIBUTE.finditer(text):
        group = 1 if match.group(1) is not None else 2
        yield match.start(group), match.group(group)
