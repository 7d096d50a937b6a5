"""Layouts checked without WeasyPrint: every card's HTML rendered in the sandbox with strict
undefined variables, and every font a stylesheet names found in the project.

A missing layout, a template syntax error, a field the cards do not have, an unknown icon or
font becomes a Problem naming the layout file and line (and the card's data line), so
`pnp check` reports it as `FILE:LINE: what is wrong; how to fix it`.
"""

import difflib
import re
from functools import lru_cache

from jinja2 import TemplateNotFound, TemplateSyntaxError, UndefinedError
from jinja2.exceptions import SecurityError

from pnp.data.decks import LoadedDeck, icon_names, icon_problem, unknown_icon_fix
from pnp.errors import DataError, Problem
from pnp.files import read_text
from pnp.games.base import Game
from pnp.project import Project
from pnp.render.boards import board_html
from pnp.render.icons import icon_url, image_problem, svg_problem
from pnp.render.templates import (
    TemplateLimit,
    deck_view,
    new_environment,
    game_view,
    plain_view,
    render,
    template_line,
)

FONT_FACE = re.compile(r"@font-face\s*{([^}]*)}", re.S)
FAMILY = re.compile(r"font-family\s*:\s*([^;}\"]*(?:\"[^\"]*\"[^;}\"]*)*)")
SOURCE = re.compile(r"url\(\s*[\"']?([^\"')]+)[\"']?\s*\)")
GENERIC_FAMILIES = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "inherit",
                    "initial", "unset", "emoji", "math"}
IMAGE_SOURCE = re.compile(r"""<img\b[^>]*?\bsrc=["']([^"']+)["']""")
MISSING_ATTRIBUTE = re.compile(r"has no attribute '([^']+)'")
UNDEFINED_NAME = re.compile(r"'([^']+)' is undefined")


class UnknownIcon(Exception):
    def __init__(self, name: str):
        self.name = name
        super().__init__(name)


def _card_words(loaded: LoadedDeck, index: int | None) -> str:
    if index is None:
        return f"the back of the {loaded.deck.title}"
    where = loaded.located.line_of((index,))
    return f"{loaded.located.field_name((index,))} of {loaded.located.file}:{where}"


def _render_problem(error: Exception, project: Project, loaded: LoadedDeck, index: int | None,
                    template: str) -> Problem:
    card = _card_words(loaded, index)
    if isinstance(error, TemplateNotFound):
        return Problem(f"layouts/{template}", None, "(layout)", f"the layout file {error.name} under layouts/",
                       "no such file", f"Create layouts/{error.name} or fix the name that includes it")
    if isinstance(error, TemplateSyntaxError):
        return Problem(f"layouts/{error.name or template}", error.lineno, "(template syntax)",
                       "a complete Jinja template", error.message or "a syntax error",
                       "Close every {% ... %} block and {{ ... }} expression")
    file, line = template_line(error, project.layouts)
    file = file or f"layouts/{template}"
    if isinstance(error, UnknownIcon):
        return Problem(file, line, "icon", f"an icon that exists (rendering {card})",
                       f"'{error.name}'", unknown_icon_fix(error.name, icon_names(project)))
    if isinstance(error, UndefinedError):
        attribute = MISSING_ATTRIBUTE.search(str(error))
        if attribute:
            fields = sorted(loaded.deck.card.model_fields)
            close = difflib.get_close_matches(attribute.group(1), fields, n=1)
            hint = f"Did you mean '{close[0]}'? " if close else ""
            return Problem(file, line, f"card.{attribute.group(1)}", "a field the cards of the "
                           f"{loaded.deck.title} have ({', '.join(fields)})",
                           f"'{attribute.group(1)}' (rendering {card})",
                           f"{hint}Fix the layout, or declare the field in game.yaml")
        name = UNDEFINED_NAME.search(str(error))
        return Problem(file, line, name.group(1) if name else "(variable)",
                       "a name the layout context has: card, deck, game, fit, icon and the deck's tables "
                       "(docs/layouts.md)", f"{error} (rendering {card})")
    if isinstance(error, SecurityError):
        return Problem(file, line, "(sandbox)", "only what the sandbox allows", str(error))
    if isinstance(error, (TemplateLimit, RecursionError, MemoryError)):
        return Problem(file, line, "(limit)", "a layout that renders within pnp's limits (pnp/limits.py)",
                       f"{error or type(error).__name__} (rendering {card})")
    return Problem(file, line, "(layout)", "a layout that renders", f"{type(error).__name__}: {error} "
                   f"(rendering {card})")


def _checking_environment(project: Project, game: Game):
    """The sandbox with an `icon` that refuses unknown or unsafe icons, kept for the process
    (each layout compiles once); the icons it knows are read afresh for every check."""
    env, known = _kept_checking_environment(project, tuple(sorted(game.inline_icons.items())))
    known.clear()
    known.update(icon_names(project))
    return env


@lru_cache(maxsize=8)
def _kept_checking_environment(project: Project, inline_icons: tuple):
    env = new_environment(project.layouts, dict(inline_icons))
    known: set = set()

    def icon(name, colour="#000000"):
        if name not in known:
            raise UnknownIcon(str(name))
        problem = icon_problem(project, name)
        if problem:
            raise TemplateLimit(f"layouts/icons/{name}.svg: {problem}")
        return icon_url(name, colour)
    env.globals["icon"] = icon
    return env, known


def layout_problems(project: Project, game: Game, loaded: list[LoadedDeck], context=None) -> list[Problem]:
    """Render every face and back of every deck as HTML, strictly; report each fault once.

    `context` is a function giving the engine's tables, called only when a deck prints them.
    """
    env = _checking_environment(project, game)
    problems: dict = {}
    tables = None
    shown_game = game_view(game)
    for deck_loaded in loaded:
        deck = deck_loaded.deck
        extra = {}
        if deck.uses_rules:
            tables = tables if tables is not None else plain_view(context() if context else {})
            extra = tables
        views = [plain_view(card) for card in deck_loaded.cards]
        jobs = [(deck.face, card, i) for i, card in enumerate(views)]
        if deck.backs:
            jobs += ([(deck.back, card, i) for i, card in enumerate(views)] if deck.per_card_back
                     else [(deck.back, None, None)])
        for template_name, card, index in jobs:
            try:
                template = env.get_template(template_name)
                html = render(template, card=card, deck=deck_view(deck), game=shown_game,
                              fit=lambda name, base, floor: f"{base}pt", **extra)
                for problem in image_problems(project, template_name, html):
                    problems.setdefault((problem.file, problem.line, problem.field, problem.expected), problem)
            except Exception as error:     # every template fault is reported as a Problem
                problem = _render_problem(error, project, deck_loaded, index, template_name)
                problems.setdefault((problem.file, problem.line, problem.field, problem.expected), problem)
    for board in game.boards:
        try:
            board_html(project, game, board)
        except DataError as error:     # reported like any card layout's fault
            problems.update({(p.file, p.line, p.field, p.expected): p for p in error.problems})
    problems.update({(p.file, p.line, p.field, p.expected): p for p in font_problems(project, game)})
    return list(problems.values())


def image_problems(project: Project, template_name: str, html: str) -> list[Problem]:
    """Every image a page names is a file inside the project that pnp can draw."""
    found = []
    urls = [url for url in dict.fromkeys(IMAGE_SOURCE.findall(html)) if not url.startswith(("pnp-icon:", "data:"))]
    source = (project.layouts / template_name).read_text(encoding="utf-8", errors="replace") if urls else ""
    for url in urls:
        line = next((n for n, text in enumerate(source.splitlines(), 1) if url in text), None)
        path = (project.root / url).resolve()
        if "://" in url or url.startswith("/") or not path.is_relative_to(project.root.resolve()):
            why = "a file outside the project (or on the network)"
        elif not path.is_file():
            why = "no such file"
        elif path.suffix.lower() == ".svg":
            why = svg_problem(path)
        else:
            why = image_problem(path)
        if why:
            found.append(Problem(f"layouts/{template_name}", line, "image", "an image file inside the project "
                                 "that pnp can draw", f"'{url}': {why}"))
    return found


def _faces_declared(css: str) -> set[str]:
    """The families the @font-face rules of a stylesheet declare."""
    families = set()
    for block in FONT_FACE.finditer(css):
        family = FAMILY.search(block.group(1))
        if family:
            families.add(family.group(1).strip().strip("\"'"))
    return families


def declared_families(project: Project) -> set[str]:
    """Every family an @font-face of the project's stylesheets declares (a stylesheet that
    cannot be read, or links out of the project, declares none: `pnp check` reports it)."""
    declared = set()
    for path in sorted(project.layouts.rglob("*.css")):
        try:
            declared |= _faces_declared(read_text(path, f"layouts/{path.relative_to(project.layouts)}", project.root))
        except DataError:
            continue
    return declared


def font_problems(project: Project, game: Game) -> list[Problem]:
    """Every font a layout names is declared by an @font-face whose file is in the project."""
    declared, problems = set(), []
    css_files = sorted(project.layouts.rglob("*.css"))
    texts = {}
    for path in css_files + sorted(project.layouts.rglob("*.html")):
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
        for block in FONT_FACE.finditer(text):
            line = text.count("\n", 0, block.start()) + 1
            declared |= _faces_declared(block.group(0))
            for url in SOURCE.findall(block.group(1)):
                target = (path.parent / url).resolve()
                if not target.is_file() or not target.is_relative_to(project.root):
                    fonts = sorted(str(p.relative_to(project.root)) for p in project.fonts.rglob("*.woff*")
                                   if p.resolve().is_relative_to(project.root))
                    why = ("a link to a file outside the project" if not target.is_relative_to(project.root)
                           else "which does not exist")
                    problems.append(Problem(shown, line, "@font-face src", "a font file inside the project",
                                            f"'{url}', {why}", "The bundled fonts are: " + ", ".join(fonts)))
    for path, text in texts.items():
        shown = f"layouts/{path.relative_to(project.layouts)}"
        outside = FONT_FACE.sub(lambda m: "\n" * m.group(0).count("\n"), text)
        for offset, css in _css_parts(outside, path.suffix == ".html"):
            for match in FAMILY.finditer(css):
                for family in match.group(1).split(","):
                    name = family.strip().strip("\"'")
                    if name and name not in declared and name.lower() not in GENERIC_FAMILIES and "{" not in name:
                        line = outside.count("\n", 0, offset + match.start()) + 1
                        close = difflib.get_close_matches(name, sorted(declared), n=1)
                        problems.append(Problem(shown, line, "font-family", "a font declared by an @font-face "
                                                f"rule ({', '.join(sorted(declared))}) or a generic family",
                                                f"'{name}'", f"Did you mean '{close[0]}'?" if close else
                                                "Add an @font-face rule for it, with a font file in fonts/"))
    return problems


STYLE_ATTRIBUTE = re.compile(r"""\bstyle\s*=\s*(?:"([^"]*)"|'([^']*)')""")
STYLE_ELEMENT = re.compile(r"<style\b[^>]*>(.*?)</style\s*>", re.S | re.I)


def _css_parts(text: str, html: bool):
    """(offset, CSS) of a stylesheet (all of it) or of an HTML layout (its <style> elements and
    style attributes: a family named in an attribute ends at the attribute's quote)."""
    if not html:
        yield 0, text
        return
    for match in STYLE_ELEMENT.finditer(text):
        yield match.start(1), match.group(1)
    for match in STYLE_ATTRIBUTE.finditer(text):
        group = 1 if match.group(1) is not None else 2
        yield match.start(group), match.group(group)
