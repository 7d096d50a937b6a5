"""Every font a layout names is declared by an @font-face rule whose file is in the project."""

import difflib
import re

from pnp.data.game import Game
from pnp.errors import DataError, Problem
from pnp.files import read_text
from pnp.project import Project
from pnp.render.css_text import font_faces, style_elements, without_font_faces


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
                    problems.append(Problem(shown, line, "@font-face src", "a font file inside the project",
                                            f"'{url}', {why}", "The bundled fonts are: " + ", ".join(fonts)))
    for path, text in texts.items():
        shown = f"layouts/{path.relative_to(project.layouts)}"
        outside = without_font_faces(text)
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
                                                "Import its family's layouts/fonts/FOLDER.css, or add an @font-face "
                                                "rule for it with a font file in fonts/"))
    return problems


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
